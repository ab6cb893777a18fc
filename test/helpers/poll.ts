/** Polls `fn` until it returns a value (not undefined) and returns it; fails loudly instead of letting a case hang. */
export async function pollFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, opts: { timeoutMs?: number; everyMs?: number } = {}): Promise<T> {
  const end = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 25));
  }
}
