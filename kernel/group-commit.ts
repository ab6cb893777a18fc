/**
 * Group commit for the delivery hot path: the first caller starts a batch at once; callers that
 * arrive while it is in flight wait and go together in the next one. N concurrent deliveries
 * cost about two round trips instead of N, with no timer and no added delay when alone. A batch
 * is always started after every one of its callers arrived, so what it reads is never older than
 * the request (a rotation answered before a delivery arrives is seen by that delivery).
 */
export function groupCommit<I, O>(run: (items: I[]) => Promise<O[]>, max = 500): (item: I) => Promise<O> {
  let queue: { item: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  let busy = false;

  const drain = async (): Promise<void> => {
    busy = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, max);
      queue = queue.slice(batch.length);
      try {
        const out = await run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(out[i]!));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    busy = false;
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!busy) void drain();
    });
}
