/**
 * A command (or rpc request) whose payload holds a NUL is refused by the bus itself, on both
 * transports: terminated as invalid_request before its handler runs, never redelivered, so a
 * caller hears at once instead of waiting out retries that fail in the store every time. The
 * text `\u0000` (an escaped backslash, no NUL) is an ordinary payload.
 */
import t from 'tap';
import { AppError } from '../../schemas/errors.js';
import type { HandlerContext } from '../../bus/types.js';
import { harness, jetStreamUnavailable, sleep } from '../helpers/bus-transports.js';

const noJetStream = await jetStreamUnavailable();

for (const kind of ['embedded', 'jetstream'] as const) {
  t.test(kind, { skip: kind === 'jetstream' ? (noJetStream ?? false) : false }, async (t) => {
    const h = await harness(kind);
    t.teardown(() => h.close());
    const bus = await h.client();
    const seen: unknown[] = [];
    await bus.consume('run', {
      agentPause: async (_ctx: HandlerContext, p: unknown) => {
        seen.push(p);
        return { ok: true };
      },
    });
    await bus.serve('nul.echo', async (p: unknown) => {
      seen.push(p);
      return { ok: true };
    });

    const started = Date.now();
    const err = await bus
      .call('run', 'agentPause', { agent: 'x\u0000y', nested: [{ k: 1 }] }, { timeoutMs: 10_000 })
      .catch((e: unknown) => e);
    t.ok(err instanceof AppError && err.code === 'invalid_request' && /NUL/.test(err.message), 'the caller is told invalid_request', {
      err,
    });
    t.ok(Date.now() - started < 2_000, 'at once, not after retries');
    const key = await bus.call('run', 'agentPause', { ['k\u0000']: 1 }, { timeoutMs: 10_000 }).catch((e: unknown) => e);
    t.equal((key as AppError).code, 'invalid_request', 'a NUL in an object key too');
    const rpc = await bus.request('nul.echo', { id: 'x\u0000y' }, { timeoutMs: 5_000 }).catch((e: unknown) => e);
    t.equal((rpc as AppError).code, 'invalid_request', 'an rpc request likewise');

    await sleep(1_500);
    t.same(seen, [], 'no handler ran');
    t.equal(await h.stored(), 0, 'terminated: nothing is left to redeliver');

    const literal = { agent: 'x\\u0000y', path: 'C:\\\\u0000' };
    t.same(await bus.call('run', 'agentPause', literal, { timeoutMs: 10_000 }), { ok: true });
    t.same(await bus.request('nul.echo', literal, { timeoutMs: 5_000 }), { ok: true });
    t.same(seen, [literal, literal], 'the escaped text reaches its handlers unchanged');
  });
}
