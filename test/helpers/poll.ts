/** Polls `fn` until it returns a value (not undefined) and returns it; fails loudly instead of letting a case hang. */
export async function pollFor<T>(
  what: string,
  fn: () => Promise<T | undefined> | T | undefined,
  opts: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const end = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 25));
  }
}

/** pollFor for a condition that has no value to hand back. */
export async function until(
  what: string,
  cond: () => Promise<boolean> | boolean,
  opts: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  await pollFor(what, async () => ((await cond()) ? true : undefined), opts);
}
