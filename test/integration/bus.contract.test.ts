/**
 * The bus contract, run unchanged against both transports: the embedded broker and a real
 * NATS JetStream server. Several clients on one transport play several worker processes, so
 * "exactly once", redelivery after a crash and once-per-window clocks are checked across
 * processes, not inside one. JetStream cases skip (and say why) when no server is reachable.
 */
import { spawn } from 'node:child_process';
import t, { type Test } from 'tap';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { AppError } from '../../schemas/errors.js';
import { startMinuteClock } from '../../bus/clock.js';
import type { HandlerContext } from '../../bus/types.js';
import type { DeadLetter } from '../../schemas/dlq.js';
import { harness, jetStreamUnavailable, log, NATS_URL, sleep, type Harness, type Kind } from '../helpers/bus-transports.js';
import { until } from '../helpers/poll.js';
import { START_TIMEOUT_MS } from '../helpers/process.js';
import { ROOT, tsModuleArgs } from '../helpers/paths.js';
import { emitRaw } from '../helpers/raw-events.js';

const noJetStream = await jetStreamUnavailable();

async function setup(t: Test, kind: Kind): Promise<Harness> {
  const h = await harness(kind);
  t.teardown(() => h.close());
  return h;
}

for (const kind of ['embedded', 'jetstream'] as const) {
  t.test(kind, { skip: kind === 'jetstream' ? (noJetStream ?? false) : false }, async (t) => {
    t.test('start() is idempotent when three processes start at once', async (t) => {
      const h = await setup(t, kind);
      const buses = await Promise.all([h.client(), h.client(), h.client()]);
      await Promise.all(buses.map((b) => b.start()));
      await Promise.all(buses.map((b) => b.consume('run', {})));
      for (const b of buses) t.same(await b.health(), { ok: true, provider: kind });
      const defs = await h.definitions();
      if (defs !== undefined) {
        const nanos = (ms: number) => ms * 1_000_000;
        const p = h.names.prefix;
        t.match(defs, {
          cmd: { retention: 'workqueue', storage: 'file', subjects: [`${p}.cmd.>`], duplicate_window: nanos(120_000) },
          evt: { retention: 'limits', storage: 'file', subjects: [`${p}.evt.>`], max_age: nanos(7 * 24 * 3600_000) },
          run: {
            durable_name: h.names.consumer('run'),
            filter_subject: h.names.commandFilter('run'),
            ack_policy: 'explicit',
            ack_wait: nanos(5_000),
            max_deliver: -1,
          },
          dlq: { retention: 'limits', storage: 'file', subjects: [`${p}.dlq.>`] },
        });
      }
    });

    t.test('(a) 30 commands over 3 consumers: each handled exactly once, work is shared', async (t) => {
      const h = await setup(t, kind);
      const buses = await Promise.all([h.client(), h.client(), h.client()]);
      const handled = new Map<number, number[]>();
      await Promise.all(
        buses.map((b, i) =>
          b.consume(
            'run',
            {
              work: async (_ctx: HandlerContext, p: { n: number }) => {
                handled.set(p.n, [...(handled.get(p.n) ?? []), i]);
                await sleep(15);
                return null;
              },
            },
            { concurrency: 3 },
          ),
        ),
      );
      for (let n = 0; n < 30; n++) {
        const res = await buses[n % 3]!.send('run', 'work', { n });
        t.equal(res.duplicate, false);
      }
      await until('30 commands handled', () => handled.size === 30);
      await sleep(300);
      const counts = [...handled.values()].map((by) => by.length);
      t.same(counts, Array(30).fill(1), 'no command handled twice');
      t.ok(new Set([...handled.values()].flat()).size > 1, 'more than one consumer got work');
      await until('queue drained (all acked)', async () => (await h.stored()) === 0, { timeoutMs: 5_000 });
    });

    t.test('(b) a crash mid-handler: the command is redelivered to another consumer after ack wait', async (t) => {
      const h = await setup(t, kind);
      const ackWaitMs = 1_000;
      const sender = await h.client({ ackWaitMs });
      const workers = await Promise.all([h.client({ ackWaitMs }), h.client({ ackWaitMs }), h.client({ ackWaitMs })]);
      const seen: Array<{ by: number; deliveryCount: number; at: number }> = [];
      let release: () => void = () => undefined;
      const stuck = new Promise<void>((r) => (release = r));
      t.teardown(() => release());
      let done = 0;
      await Promise.all(
        workers.map((b, i) =>
          b.consume('run', {
            work: async (ctx: HandlerContext) => {
              seen.push({ by: i, deliveryCount: ctx.deliveryCount, at: Date.now() });
              if (ctx.deliveryCount === 1) await stuck;
              done++;
              return null;
            },
          }),
        ),
      );
      await sender.send('run', 'work', { job: 1 });
      await until('first delivery', () => seen.length === 1);
      const first = seen[0]!;
      await workers[first.by]!.destroy();
      await until('redelivery', () => seen.length === 2, { timeoutMs: 10_000 });
      const second = seen[1]!;
      t.not(second.by, first.by, 'another consumer got it');
      t.equal(second.deliveryCount, 2);
      // The server's clock starts when it delivers, before the handler runs here; under load that
      // gap can be a good part of the wait, so only "not at once" is asserted.
      t.ok(second.at - first.at >= ackWaitMs / 2, `not redelivered at once, but after the ack wait (${second.at - first.at} ms)`);
      await until('handled', () => done === 1);
      release();
      await sleep(300);
      t.equal(seen.length, 2, 'no third delivery');
      await until('queue drained', async () => (await h.stored()) === 0, { timeoutMs: 5_000 });
    });

    t.test('(b2) long work keeps its ack: the automatic working() prevents a redelivery', async (t) => {
      const h = await setup(t, kind);
      const ackWaitMs = 1_000;
      const buses = await Promise.all([h.client({ ackWaitMs }), h.client({ ackWaitMs })]);
      const seen: number[] = [];
      for (const b of buses) {
        await b.consume('ops', {
          long: async (ctx: HandlerContext) => {
            seen.push(ctx.deliveryCount);
            await sleep(ackWaitMs * 2.5);
            return null;
          },
        });
      }
      await buses[0]!.send('ops', 'long', {});
      await until('first delivery', () => seen.length === 1);
      await until('acked', async () => (await h.stored()) === 0);
      await sleep(300);
      t.same(seen, [1], 'delivered once although it ran 2.5 ack waits');
    });

    t.test('(b3) stop(grace) hands unfinished work back at once, not after the ack wait', async (t) => {
      const h = await setup(t, kind);
      const [a, b] = await Promise.all([h.client({ ackWaitMs: 20_000 }), h.client({ ackWaitMs: 20_000 })]);
      const seen: Array<{ by: string; deliveryCount: number }> = [];
      let release: () => void = () => undefined;
      const stuck = new Promise<void>((r) => (release = r));
      t.teardown(() => release());
      const handleA = await a.consume('gate', {
        ask: async (ctx: HandlerContext) => {
          seen.push({ by: 'a', deliveryCount: ctx.deliveryCount });
          await stuck;
          return null;
        },
      });
      await a.send('gate', 'ask', {});
      await until('a has it', () => seen.length === 1);
      await b.consume('gate', {
        ask: async (ctx: HandlerContext) => {
          seen.push({ by: 'b', deliveryCount: ctx.deliveryCount });
          return null;
        },
      });
      const stoppedAt = Date.now();
      await handleA.stop(200);
      await until('b has it', () => seen.length === 2, { timeoutMs: 15_000 });
      t.ok(Date.now() - stoppedAt < 10_000, 'well before the 20 s ack wait');
      t.same(seen, [
        { by: 'a', deliveryCount: 1 },
        { by: 'b', deliveryCount: 2 },
      ]);
      release();
      await until('queue drained', async () => (await h.stored()) === 0);
      await sleep(200);
      t.equal(seen.length, 2, 'the late finish in a neither acks nor replays');
    });

    t.test('(c) plain error is retried; a terminal AppError reaches the caller and is not retried', async (t) => {
      const h = await setup(t, kind);
      const bus = await h.client();
      const attempts = { flaky: 0, refused: 0 };
      await bus.consume('mcp', {
        flaky: async (ctx: HandlerContext) => {
          attempts.flaky++;
          if (ctx.deliveryCount === 1) throw new Error('transient');
          return { ok: true, deliveryCount: ctx.deliveryCount };
        },
        refused: async () => {
          attempts.refused++;
          throw new AppError('tool_not_allowlisted', { detail: 'srv.echo' });
        },
      });
      t.same(await bus.call('mcp', 'flaky', {}, { timeoutMs: 10_000 }), { ok: true, deliveryCount: 2 });
      t.equal(attempts.flaky, 2);
      const err = await bus.call('mcp', 'refused', {}, { timeoutMs: 10_000 }).catch((e: unknown) => e);
      t.ok(err instanceof AppError, 'rethrown as AppError');
      const app = err as AppError;
      t.same(
        { code: app.code, status: app.status, wire: app.wireCode },
        { code: 'tool_not_allowlisted', status: 403, wire: 'tool_not_allowlisted:srv.echo' },
      );
      await sleep(1_500);
      t.equal(attempts.refused, 1, 'a terminal error is never retried');
      const unknown = await bus.call('mcp', 'nope', {}, { timeoutMs: 10_000 }).catch((e: unknown) => e);
      t.equal((unknown as AppError).code, 'invalid_request', 'an unknown verb is terminated with an error reply');
    });

    t.test(
      '(c2) an outage is retried past any delivery count; a command ended is dead-lettered with its reason, listed and replayable',
      async (t) => {
        const h = await setup(t, kind);
        const dead: DeadLetter[] = [];
        const bus = await h.client({ backoffMs: () => 20, onDeadLetter: (dl) => dead.push(dl) });
        let outage = 25; // more deliveries than MAX_DELIVER: the old bound dropped the command here
        let refused = true;
        const ran = { refused: 0, bug: 0 };
        await bus.consume('trigger', {
          storeDown: async (ctx: HandlerContext) => {
            if (outage-- > 0) throw new AppError('store_unavailable');
            return { deliveries: ctx.deliveryCount };
          },
          pgDown: async (ctx: HandlerContext) => {
            if (ctx.deliveryCount <= 15) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5439'), { code: 'ECONNREFUSED' });
            return { deliveries: ctx.deliveryCount };
          },
          refused: async () => {
            if (refused) throw new AppError('record_not_found', { message: 'no trigger t-1' });
            ran.refused++;
            return null;
          },
          bug: async () => {
            if (refused) throw new TypeError('cannot read properties of undefined');
            ran.bug++;
            return null;
          },
        });
        t.same(
          await bus.call('trigger', 'storeDown', {}, { timeoutMs: 30_000 }),
          { deliveries: 26 },
          'an AppError outage is retried until it passes',
        );
        t.same(await bus.call('trigger', 'pgDown', {}, { timeoutMs: 30_000 }), { deliveries: 16 }, 'so is a refused connection');
        const answered = await bus.call('trigger', 'refused', {}, { timeoutMs: 10_000 }).catch((e: unknown) => e);
        t.equal((answered as AppError).code, 'record_not_found', 'a refusal a caller waits for is its answer ...');
        await bus.send('trigger', 'refused', { triggerId: 't-1' }, { msgId: 'cmd-refused', traceId: 'trace-refused' });
        await bus.send('trigger', 'bug', { n: 2 }, { msgId: 'cmd-bug' });
        await until('two dead letters', () => dead.length === 2, { timeoutMs: 30_000 });
        const listed = await bus.deadLetters();
        t.equal(listed.length, 2, '... and is not dead-lettered; a command nobody waits for is');
        const byVerb = Object.fromEntries(listed.map((d) => [d.verb, d]));
        t.match(byVerb.refused, {
          actor: 'trigger',
          subject: h.names.command('trigger', 'refused'),
          msgId: 'cmd-refused',
          traceId: 'trace-refused',
          deliveries: 1,
          error: { error: 'record_not_found', message: 'no trigger t-1' },
          payload: { triggerId: 't-1' },
        });
        t.match(byVerb.bug, {
          deliveries: 10,
          error: { error: 'internal_error', message: /TypeError on every one of 10 deliveries.*cmd-bug/ },
          payload: { n: 2 },
        });
        t.same(dead.map((d) => d.id).sort(), listed.map((d) => d.id).sort(), 'the listener saw each one as stored');
        await bus.send('trigger', 'refused', { triggerId: 't-2' }, { msgId: 'cmd-drop' });
        await until('the third dead letter', () => dead.length === 3, { timeoutMs: 30_000 });
        const third = dead.find((d) => d.msgId === 'cmd-drop')!;
        t.match(
          await bus.dropDeadLetter(third.id),
          { dropped: { msgId: 'cmd-drop', payload: { triggerId: 't-2' } } },
          'a drop hands the letter back',
        );
        t.same((await bus.deadLetters()).map((d) => d.msgId).sort(), ['cmd-bug', 'cmd-refused'], 'and removes it');
        t.equal(((await bus.dropDeadLetter(third.id).catch((e: unknown) => e)) as AppError).code, 'record_not_found');
        refused = false;
        for (const d of listed) await bus.replayDeadLetter(d.id);
        await until('the replays to run', () => ran.refused === 1 && ran.bug === 1, { timeoutMs: 10_000 });
        t.same(await bus.deadLetters(), [], 'a replayed dead letter is removed');
        const missing = await bus.replayDeadLetter(listed[0]!.id).catch((e: unknown) => e);
        t.equal((missing as AppError).code, 'record_not_found');
      },
    );

    t.test('(d) call() returns the handler reply, with the trace id carried through', async (t) => {
      const h = await setup(t, kind);
      const [caller, worker] = await Promise.all([h.client(), h.client()]);
      await worker.consume('ops', {
        'ping.deep': async (ctx: HandlerContext, p: { n: number }) => ({
          n: p.n * 2,
          verb: ctx.verb,
          traceId: ctx.traceId,
          msgId: ctx.msgId,
        }),
      });
      const reply = await caller.call('ops', 'ping.deep', { n: 21 }, { traceId: 'trace-1', msgId: 'm-1', timeoutMs: 10_000 });
      t.same(reply, { n: 42, verb: 'ping.deep', traceId: 'trace-1', msgId: 'm-1' });
      const timedOut = await caller.call('gate', 'nobody', {}, { timeoutMs: 300 }).catch((e: unknown) => e);
      t.equal((timedOut as AppError).code, 'command_timeout', 'no consumer: the caller times out');
    });

    t.test('(e) minute clock: 3 processes, 5 windows, each window handled exactly once', async (t) => {
      const h = await setup(t, kind);
      const buses = await Promise.all([h.client(), h.client(), h.client()]);
      const tickMs = 60_000;
      const w0 = 29_000_000;
      let fake = w0 * tickMs + 1_000;
      const windows: number[] = [];
      await buses[0]!.consume('clock', {
        minute: async (_ctx: HandlerContext, p: { window: number; at: string }) => {
          t.equal(p.at, new Date(p.window * tickMs).toISOString());
          windows.push(p.window);
          return null;
        },
      });
      const stops = buses.map((bus) => startMinuteClock({ bus, tickMs, now: () => fake, pollMs: 10, log }));
      t.teardown(() => stops.forEach((s) => s()));
      for (let i = 0; i < 5; i++) {
        fake = (w0 + i) * tickMs + 500 + i * 7;
        await until(`window ${i}`, () => windows.includes(w0 + i));
        await sleep(60);
      }
      await sleep(300);
      t.same(windows, [w0, w0 + 1, w0 + 2, w0 + 3, w0 + 4], 'each window once, none missing, in order');
    });

    t.test('(f) request/serve: one replica answers; errors cross as AppErrors', async (t) => {
      const h = await setup(t, kind);
      const [a, b, caller] = await Promise.all([h.client(), h.client(), h.client()]);
      let answered = 0;
      for (const [i, bus] of [a, b].entries()) {
        await bus.serve('echo', async (p: { n: number }, traceId: string) => {
          answered++;
          return { n: p.n, by: i, traceId };
        });
        await bus.serve('fail', async (p: { plain?: boolean }) => {
          if (p.plain) throw new Error('secret internals');
          throw new AppError('record_not_found', { detail: 'flow.x' });
        });
      }
      const r = await caller.request<{ n: number; traceId: string }>('echo', { n: 7 }, { traceId: 'tr-9', timeoutMs: 5_000 });
      t.match(r, { n: 7, traceId: 'tr-9' });
      for (let i = 0; i < 9; i++) await caller.request('echo', { n: i }, { timeoutMs: 5_000 });
      t.equal(answered, 10, 'exactly one replica answered each request');
      const e1 = (await caller.request('fail', {}, { timeoutMs: 5_000 }).catch((e: unknown) => e)) as AppError;
      t.same(
        { code: e1.code, status: e1.status, wire: e1.wireCode },
        { code: 'record_not_found', status: 404, wire: 'record_not_found:flow.x' },
      );
      const e2 = (await caller.request('fail', { plain: true }, { timeoutMs: 5_000 }).catch((e: unknown) => e)) as AppError;
      t.same({ code: e2.code, status: e2.status, message: e2.message }, { code: 'internal_error', status: 500, message: 'internal error' });
      const e3 = (await caller.request('nobody', {}, { timeoutMs: 1_000 }).catch((e: unknown) => e)) as AppError;
      t.equal(e3.code, 'bus_unavailable', 'no responder is a 503, not a hang');
    });

    t.test('(f2) close() lets an rpc answer already being worked out go out first', async (t) => {
      const h = await setup(t, kind);
      const [server, caller] = await Promise.all([h.client(), h.client()]);
      let began!: () => void;
      const taken = new Promise<void>((r) => (began = r));
      await server.serve('slow', async () => {
        began();
        await sleep(300);
        return { done: true };
      });
      const answer = caller.request('slow', {}, { timeoutMs: 5_000 });
      await taken;
      await server.close();
      t.same(await answer, { done: true }, 'the caller got its answer, not a timeout');
    });

    t.test('(g) emit/tail: a filtered tail sees matching events only', async (t) => {
      const h = await setup(t, kind);
      const [emitter, watcher] = await Promise.all([h.client(), h.client()]);
      const runs: unknown[] = [];
      const all: string[] = [];
      const sub = await watcher.tail('FlowRun', (e) => runs.push(e));
      await watcher.tail('>', (e) => all.push(e.type));
      await emitRaw(emitter, 'FlowRun', { id: 1 }, { traceId: 'tr-1' });
      await emitRaw(emitter, 'GateAsked', { id: 2 });
      await emitRaw(emitter, 'FlowRun', { id: 3 }, { traceId: 'tr-3' });
      await until('3 events on the wide tail', () => all.length === 3);
      await sleep(100);
      t.same(all.sort(), ['FlowRun', 'FlowRun', 'GateAsked']);
      t.match(runs, [
        { type: 'FlowRun', subject: h.names.event('FlowRun'), traceId: 'tr-1', data: { id: 1 }, at: String },
        { type: 'FlowRun', subject: h.names.event('FlowRun'), traceId: 'tr-3', data: { id: 3 }, at: String },
      ]);
      t.equal(runs.length, 2, 'the GateAsked event did not reach the FlowRun tail');
      await sub.unsubscribe();
      await emitRaw(emitter, 'FlowRun', { id: 4 });
      await until('4th event on the wide tail', () => all.length === 4);
      t.equal(runs.length, 2, 'nothing after unsubscribe');
      await t.rejects(
        watcher.tail('Flow*', () => undefined),
        { code: 'invalid_request' },
        'a partial wildcard is refused',
      );
    });

    t.test('(g2) tail after an id: what came after it first, in order and once, then live ones', async (t) => {
      const h = await setup(t, kind);
      const [emitter, watcher] = await Promise.all([h.client(), h.client()]);
      const seen: { n: number; id: string | undefined }[] = [];
      const sub = await watcher.tail('FlowRun', (e, id) => seen.push({ n: e.data.n as number, id }));
      for (const n of [1, 2, 3]) await emitRaw(emitter, 'FlowRun', { n });
      await emitRaw(emitter, 'GateAsked', {});
      await until('3 events', () => seen.length === 3);
      await sub.unsubscribe();
      t.ok(
        seen.every((s) => /^[0-9a-f]+-[0-9]+$/.test(s.id ?? '')),
        'every event has an id',
      );
      t.equal(new Set(seen.map((s) => s.id)).size, 3, 'distinct ids');
      for (const n of [4, 5]) await emitRaw(emitter, 'FlowRun', { n });

      const tailFrom = async (after: string | undefined): Promise<number[]> => {
        const got: number[] = [];
        await watcher.tail('FlowRun', (e) => got.push(e.data.n as number), { after });
        return got;
      };
      const resumed = await tailFrom(seen[0]!.id);
      const live = await tailFrom(undefined);
      const foreign = await tailFrom('0123456789ab-2');
      await emitRaw(emitter, 'FlowRun', { n: 6 });
      await until('the resumed tail reaches 6', () => resumed.includes(6));
      await until('the other tails reach 6', () => live.includes(6) && foreign.includes(6));
      await sleep(100);
      t.same(resumed, [2, 3, 4, 5, 6], 'after the first id: the rest, the two missed, then the live one');
      t.same(live, [6], 'no id: live events only');
      t.same(foreign, [1, 2, 3, 4, 5, 6], 'an id of another history: all this one holds, not a skip past its seq');
    });

    t.test('(h) dedupe: the same msgId twice is stored and handled once', async (t) => {
      const h = await setup(t, kind);
      const [a, b] = await Promise.all([h.client(), h.client()]);
      const handled: string[] = [];
      await b.consume('trigger', {
        deliver: async (ctx: HandlerContext, p: { k: string }) => {
          handled.push(`${ctx.msgId}/${p.k}`);
          return null;
        },
      });
      const first = await a.send('trigger', 'deliver', { k: 'one' }, { msgId: 'delivery-1' });
      const second = await b.send('trigger', 'deliver', { k: 'two' }, { msgId: 'delivery-1' });
      const other = await a.send('trigger', 'deliver', { k: 'three' }, { msgId: 'delivery-2' });
      t.same(first, { duplicate: false, seq: first.seq });
      t.same(second, { duplicate: true, seq: first.seq }, 'the duplicate names the original');
      t.equal(other.duplicate, false);
      await until('two handled', () => handled.length >= 2);
      await sleep(300);
      t.same(handled.sort(), ['delivery-1/one', 'delivery-2/three']);
      const dupCall = await a.call('trigger', 'deliver', { k: 'x' }, { msgId: 'delivery-1', timeoutMs: 2_000 }).catch((e: unknown) => e);
      t.equal((dupCall as AppError).code, 'conflict', 'a duplicate call fails fast instead of waiting');
    });
  });
}

t.test(
  'jetstream: a consumer process killed with SIGKILL mid-handler; the command is redelivered',
  { skip: noJetStream ?? false },
  async (t) => {
    const h = await setup(t, 'jetstream');
    const ackWaitMs = 1_000;
    const child = spawn(process.execPath, tsModuleArgs('test/fixtures/bus-consumer.ts'), {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NATS_URL, BUS_PREFIX: h.names.prefix, ACK_WAIT_MS: String(ackWaitMs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    t.teardown(() => {
      child.kill('SIGKILL');
    });
    const lines: any[] = [];
    let buf = '';
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const parts = buf.split('\n');
      buf = parts.pop() ?? '';
      for (const p of parts) if (p.startsWith('{')) lines.push(JSON.parse(p));
    });
    await until('the child consumes', () => lines.some((l) => l.ready), { timeoutMs: START_TIMEOUT_MS });
    const sender = await h.client({ ackWaitMs });
    await sender.send('run', 'work', { job: 1 }, { msgId: 'crash-1' });
    await until('the child got it', () => lines.some((l) => l.got === 'crash-1'), { timeoutMs: 10_000 });
    t.equal(lines.find((l) => l.got)?.deliveryCount, 1);
    const exited = new Promise((r) => child.once('exit', (code, signal) => r(signal)));
    child.kill('SIGKILL');
    t.equal(await exited, 'SIGKILL', 'the process died without settling anything');
    const killedAt = Date.now();

    const seen: Array<{ msgId: string; deliveryCount: number; at: number }> = [];
    const survivor = await h.client({ ackWaitMs });
    await survivor.consume('run', {
      work: async (ctx: HandlerContext) => {
        seen.push({ msgId: ctx.msgId, deliveryCount: ctx.deliveryCount, at: Date.now() });
        return null;
      },
    });
    await until('redelivery to the surviving process', () => seen.length === 1, { timeoutMs: 15_000 });
    t.match(seen[0], { msgId: 'crash-1', deliveryCount: 2 });
    t.ok(seen[0]!.at - killedAt < ackWaitMs + 5_000, 'redelivered after about the ack wait');
    await sleep(ackWaitMs + 500);
    t.equal(seen.length, 1, 'handled once by the survivor');
    await until('queue drained', async () => (await h.stored()) === 0, { timeoutMs: 5_000 });
  },
);

t.test(
  'jetstream: each publish gets its own ack, and a subject no stream stores fails at once',
  { skip: noJetStream ?? false },
  async (t) => {
    const h = await setup(t, 'jetstream');
    const bus = await h.client();
    // Acks come back on one subscription per connection: concurrent publishes must each get theirs.
    const acks = await Promise.all(Array.from({ length: 40 }, (_, n) => bus.send('run', 'work', { n }, { msgId: `ack-${n % 20}` })));
    const originals = acks.slice(0, 20);
    t.same(
      originals.map((a) => a.duplicate),
      Array(20).fill(false),
      'the first copy of each id is stored',
    );
    t.equal(new Set(originals.map((a) => a.seq)).size, 20, 'each stored publish has its own sequence');
    t.same(
      acks.slice(20).map((a) => a.seq),
      originals.map((a) => a.seq),
      'each copy names its own original',
    );
    t.same(
      acks.slice(20).map((a) => a.duplicate),
      Array(20).fill(true),
    );
    await emitRaw(bus, 'FlowRun', { id: 1 });

    // With the stream gone the server says no one stores the subject: the send fails with
    // bus_unavailable saying so, not after the publish timeout.
    const nc = await connect({ servers: NATS_URL });
    t.teardown(() => nc.close());
    await (await jetstreamManager(nc)).streams.delete(h.names.commandStream);
    const err = await bus.send('run', 'work', { n: 99 }).catch((e: unknown) => e);
    t.match(err, { code: 'bus_unavailable', message: /no stream stores/ });
    t.match(await emitRaw(bus, 'FlowRun', { id: 2 }).then(() => 'stored'), 'stored', 'the event stream still takes events');
  },
);
