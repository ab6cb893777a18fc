/**
 * One sender's transactions in this process, one at a time: each send reads the account's next
 * nonce, so two concurrent sends from one key would sign the same nonce and one would be lost.
 */
export type Serial = <T>(sender: string, fn: () => Promise<T>) => Promise<T>;

export function serialBySender(): Serial {
  const tails = new Map<string, Promise<unknown>>();
  return (sender, fn) => {
    const key = sender.toLowerCase();
    const prev = tails.get(key) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/** The one queue per sender of this process: every chain write (gate, constitution, resolve) signs through it. */
export const processSerial: Serial = serialBySender();
