/**
 * Publishes issued anywhere in one turn of the event loop leave in one socket write. The NATS
 * client flushes its buffer in a microtask after the first publish, so publishes made by
 * different I/O callbacks of one turn (each HTTP request a gateway reads, each database reply a
 * worker gets) were one write each, and on a VM a write that wakes the server costs 0.1-0.2 ms.
 * Deferred to the turn's check phase (setImmediate, right after the poll phase that produced
 * them), they share the client's buffer and its one flush. They are issued in the order they
 * were asked for, so the connection's order is kept among them.
 */
export interface Turn {
  /** Runs `fn` in this turn's batch; a throw is handed to `onError`, never to the loop. */
  later(fn: () => void, onError: (err: unknown) => void): void;
  /** `fn` in this turn's batch, settling as `fn` does. */
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export function createTurn(): Turn {
  let queue: { fn: () => void; onError: (err: unknown) => void }[] | undefined;
  const flush = (): void => {
    const q = queue!;
    queue = undefined;
    for (const { fn, onError } of q) {
      try {
        fn();
      } catch (err) {
        onError(err);
      }
    }
  };
  const later = (fn: () => void, onError: (err: unknown) => void): void => {
    if (queue) return void queue.push({ fn, onError });
    queue = [{ fn, onError }];
    setImmediate(flush);
  };
  return {
    later,
    run: <T>(fn: () => Promise<T>) => new Promise<T>((resolve, reject) => later(() => fn().then(resolve, reject), reject)),
  };
}
