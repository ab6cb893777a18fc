/**
 * Every command is checked against its verb's schema when it is consumed (bus/verbs.ts), on both
 * transports: one that does not match is terminated before its handler runs, with the reason
 * naming the verb and the field. A caller who waits is answered invalid_request at once; a
 * command nobody waits for goes to the dead-letter stream with that reason. An rpc verb checks
 * its request the same way. A command as today's senders write it still passes.
 */
import t from 'tap';
import { AppError } from '../../schemas/errors.js';
import type { DeadLetter } from '../../schemas/dlq.js';
import { mcpVerbs, runVerbs } from '../../schemas/commands/index.js';
import { clientOf, serveVerbs } from '../../bus/verbs.js';
import { harness, jetStreamUnavailable, log, sleep } from '../helpers/bus-transports.js';
import { until } from '../helpers/poll.js';

const noJetStream = await jetStreamUnavailable();

for (const kind of ['embedded', 'jetstream'] as const) {
  t.test(kind, { skip: kind === 'jetstream' ? (noJetStream ?? false) : false }, async (t) => {
    const h = await harness(kind);
    t.teardown(() => h.close());
    const dead: DeadLetter[] = [];
    const bus = await h.client({ onDeadLetter: (dl) => dead.push(dl) });
    const seen: unknown[] = [];
    await serveVerbs(
      bus,
      'run',
      runVerbs,
      {
        recover: async (_ctx, p: unknown) => {
          seen.push(p);
          return { recovered: false };
        },
      },
      { log },
    );
    await serveVerbs(
      bus,
      'mcp',
      mcpVerbs,
      {
        call: async (_ctx, p: unknown) => {
          seen.push(p);
          return { status: 'ask_required', server: 's', tool: 't' };
        },
      },
      { log },
    );
    const run = clientOf(bus, 'run');
    const mcp = clientOf(bus, 'mcp');

    const started = Date.now();
    const err = await run.recover({ runId: 42 } as never, { timeoutMs: 10_000 }).catch((e: unknown) => e);
    t.ok(err instanceof AppError && err.code === 'invalid_request', 'the caller is told invalid_request', { err });
    t.match((err as AppError).message, /^run\.recover: \/runId must be string/, 'naming the verb and the field');
    t.ok(Date.now() - started < 2_000, 'at once, not after retries');
    t.same(dead, [], 'a refusal its caller hears is not dead-lettered');

    await run.recover.send({ force: true } as never, { msgId: 'no-run-id', traceId: 'trace-invalid' });
    await until('the dead letter', () => dead.length === 1);
    t.match(
      dead[0],
      {
        actor: 'run',
        verb: 'recover',
        msgId: 'no-run-id',
        traceId: 'trace-invalid',
        deliveries: 1,
        payload: { force: true },
        error: { error: 'invalid_request', message: /^run\.recover: .*runId/ },
      },
      'dead-lettered with its reason',
    );
    t.match(await bus.deadLetters(), [{ verb: 'recover', error: { message: /runId/ } }], 'the dead-letter stream holds it');

    const rpc = await mcp.call.request({ name: 'mcp__s__t', seat: 'operator' } as never, { timeoutMs: 5_000 }).catch((e: unknown) => e);
    t.ok(
      rpc instanceof AppError && rpc.code === 'invalid_request' && /^mcp\.call: .*askSurface/.test(rpc.message),
      'an rpc request is checked too',
      { rpc },
    );

    await sleep(500);
    t.same(seen, [], 'no handler ran');
    t.equal(await h.stored(), 0, 'terminated: nothing is left to redeliver');

    // Fields the schema does not name are let through: a command stored by an older sender still parses.
    t.same(await run.recover({ runId: 'r-1', force: true, extra: 'old' } as never, { timeoutMs: 10_000 }), { recovered: false });
    t.same(await mcp.call.request({ name: 'mcp__s__t', seat: 'operator', askSurface: false }, { timeoutMs: 5_000 }), {
      status: 'ask_required',
      server: 's',
      tool: 't',
    });
    t.equal(seen.length, 2, 'valid commands reach their handlers');
  });
}
