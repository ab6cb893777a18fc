/**
 * Group commit for the delivery hot path: callers that arrive while a batch is in flight wait and
 * go together in the next one. N concurrent deliveries cost about two round trips instead of N.
 * A batch is always started after every one of its callers arrived, so what it reads is never
 * older than the request (a rotation answered before a delivery arrives is seen by that delivery).
 *
 * When nothing is in flight, the first caller's batch starts at once, or, with `coalesce`, once
 * the event loop has finished the I/O it is handling (`setImmediate`): every request the same
 * poll phase read then shares one statement. Under load that is the difference between a
 * statement per delivery or two and one per several (each statement costs the caller's process
 * far more CPU than a key in it); alone, it adds one loop turn.
 */
export interface GroupCommitOptions {
  /** The largest batch; callers past it wait for the next one. */
  readonly max?: number;
  /** Start an idle batch after the current I/O phase instead of at once. */
  readonly coalesce?: boolean;
}

export function groupCommit<I, O>(run: (items: I[]) => Promise<O[]>, opts: number | GroupCommitOptions = {}): (item: I) => Promise<O> {
  const { max = 500, coalesce = false } = typeof opts === 'number' ? { max: opts } : opts;
  let queue: { item: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  let busy = false;

  const drain = async (): Promise<void> => {
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
      if (busy) return;
      busy = true;
      if (coalesce) setImmediate(() => void drain());
      else void drain();
    });
}
