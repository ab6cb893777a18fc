/**
 * Heartbeats on JetStream + PostgreSQL with real worker processes (the product's composition root,
 * test/helpers/scaled-clock-worker.mjs) and a gateway, driven over HTTP as a user would.
 *
 * One tick per window: three workers share one injected clock running 150x fast (a simulated
 * minute per 400 ms, 100 ms clock windows), so every simulated minute is seen by several windows
 * of several replicas. On top of that the test sends two extra copies of every window's
 * `heartbeat.tick` with msgIds of their own, as a redelivery or a replica outside the stream's
 * duplicate window would. Only the store claim can keep each window to one tick: counted from
 * every process's "heartbeat tick claimed" line, the summaries in the crew thread and the
 * CrewHeartbeat audit rows.
 *
 * A tick killed -9 mid-run: its window stays held until SVC_HEARTBEAT_LOCK_MS (shortened) passes;
 * the redelivered command then takes it over, and the item that had already run is not run again
 * (its model call, the side effect counted by the model server, happens once).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { startSvc } from '../helpers/process.js';
import { skipUnless, TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from '../helpers/services.js';
import { dropSchema, dropStreams, startSystem } from '../helpers/system.js';
import { pgQuery } from '../helpers/store-engines.js';
import { pollFor } from '../helpers/poll.js';
import { req } from '../helpers/http.js';
import { clientOf } from '../../bus/verbs.js';
import { repoPath } from '../helpers/paths.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;
const WORKER = repoPath('test/helpers/scaled-clock-worker.mjs');
const PLAIN = { id: 'plain', steps: [{ id: 'b', kind: 'branch', input: '{{input}}', op: 'truthy', onTrue: null, onFalse: null }] };

function real(t: Test) {
  const prefix = uniqueName('t');
  const schema = uniqueName('t_');
  t.teardown(() => dropStreams(prefix));
  t.teardown(() => dropSchema(schema));
  const q = (sql: string, params: unknown[] = []) => pgQuery<Record<string, any>>(sql.replace(/\$S/g, `"${schema}"`), params);
  return {
    prefix,
    schema,
    q,
    env: { NATS_URL: TEST_NATS_URL, DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SVC_BUS_PREFIX: prefix },
  };
}

t.test('exactly one tick per window across three worker processes', { skip: realSkip }, async (t) => {
  const { prefix, schema, q, env: base } = real(t);
  const t0 = Date.UTC(2030, 0, 1, 8, 55, 30);
  const real0 = Date.now();
  const env = {
    ...base,
    LOG_LEVEL: 'info',
    SVC_CLOCK_TICK_MS: '100',
    TEST_CLOCK_T0: String(t0),
    TEST_CLOCK_REAL0: String(real0),
    TEST_CLOCK_SCALE: '150',
    TEST_WORKER_ACTORS: 'clock,heartbeat,run',
  };
  const first = await startSvc(t, [], env, WORKER);
  const gw = await startSystem(t, { role: 'gateway', nats: { prefix }, postgres: { schema }, env: { LOG_LEVEL: 'warn' } });
  t.equal((await req(gw.url, 'POST', '/flows', { flow: PLAIN })).status, 200);
  const saved = await req(gw.url, 'POST', '/heartbeats', {
    heartbeat: { crewId: 'crew-1', schedule: '*/10 * * * *', timezone: 'America/New_York', items: [{ kind: 'flow', id: 'plain' }] },
  });
  t.equal(saved.status, 200, saved.text);
  const others = await Promise.all([startSvc(t, [], env, WORKER), startSvc(t, [], env, WORKER)]);
  const procs = [first, ...others];
  t.equal(new Set(procs.map((p) => p.workerId)).size, 3, 'three distinct worker processes');

  // Two more copies of every window that ran, each with a msgId of its own.
  const copied = new Set<string>();
  const tick = clientOf(gw.bus, 'heartbeat').tick;
  const windows = await pollFor(
    'four scheduled windows that ran',
    async () => {
      const rows = await q(`select "window" from $S.heartbeat_tick where kind = 'scheduled' and status = 'ran'`);
      for (const r of rows) {
        const minute = Math.floor(new Date(r.window).getTime() / 60_000);
        if (copied.has(String(minute))) continue;
        copied.add(String(minute));
        for (const n of [1, 2]) await tick.send({ crewId: 'crew-1', minute }, { msgId: `copy-${minute}-${n}` });
      }
      return rows.length >= 4 ? rows.map((r) => new Date(r.window).toISOString()) : undefined;
    },
    { timeoutMs: 120_000, everyMs: 200 },
  );
  // Let the last copies arrive, read the ledger over HTTP while workers answer, then stop every
  // worker (each drains what it holds).
  await pollFor(
    'every copy handled',
    async () => {
      const n = await q(`select count(*)::int as n from $S.heartbeat_tick where status = 'coalesced'`);
      return n[0]!.n >= 2 * copied.size ? true : undefined;
    },
    { timeoutMs: 60_000, everyMs: 200 },
  );
  // No further window may start: the schedule is disabled before the ledger is read.
  t.equal((await req(gw.url, 'POST', '/heartbeats/enabled', { crewId: 'crew-1', enabled: false })).status, 200);
  await pollFor(
    'no tick still running',
    async () => ((await q(`select count(*)::int as n from $S.heartbeat_tick where status = 'running'`))[0]!.n === 0 ? true : undefined),
    { timeoutMs: 60_000, everyMs: 200 },
  );
  const ledger = (await req(gw.url, 'GET', '/heartbeats/ticks?crewId=crew-1&limit=500')).body.ticks as { status: string }[];
  await Promise.all(
    procs.map((p) => {
      const closed = new Promise((r) => p.proc.once('close', r));
      p.proc.kill('SIGTERM');
      return closed;
    }),
  );

  const claimed = procs.flatMap((p) =>
    p.lines.flatMap((line) => {
      try {
        const rec = JSON.parse(line) as { msg?: string; window?: string; manual?: boolean };
        return rec.msg === 'heartbeat tick claimed' ? [{ worker: p.workerId, window: rec.window! }] : [];
      } catch {
        return [];
      }
    }),
  );
  const perWindow = new Map<string, number>();
  for (const c of claimed) perWindow.set(c.window, (perWindow.get(c.window) ?? 0) + 1);
  t.same(
    [...perWindow.entries()].filter(([, n]) => n !== 1),
    [],
    'no window was claimed twice by any replica',
  );
  t.ok(
    windows.every((w) => perWindow.get(w) === 1),
    `each of ${windows.length} windows claimed once`,
  );
  t.ok(
    [...perWindow.keys()].every((w) => new Date(w).getUTCMinutes() % 10 === 0),
    'only minutes the schedule names fired',
  );
  t.comment(
    `claims per replica: ${JSON.stringify(Object.fromEntries(procs.map((p) => [p.workerId, claimed.filter((c) => c.worker === p.workerId).length])))}`,
  );
  const msgs = await q(`select body from $S.message where thread = 'crew:crew-1' order by id`);
  t.equal(msgs.length, perWindow.size, 'one summary per window in crew:crew-1');
  t.ok(
    msgs.every((m) => /^HEARTBEAT_OK crew crew-1/.test(m.body)),
    'each an OK note',
  );
  const beats = await q(`select data from $S.audit_event where type = 'CrewHeartbeat'`);
  t.equal(beats.length, perWindow.size, 'one CrewHeartbeat per window');
  const runs = await q(`select id, trigger, status from $S.flow_run`);
  t.equal(runs.length, perWindow.size, 'one run per window');
  t.ok(
    runs.every((r) => r.trigger === 'heartbeat' && r.status === 'completed'),
    'each tagged heartbeat and completed',
  );
  t.equal(ledger.filter((x) => x.status === 'ran').length, perWindow.size, 'the ledger over HTTP: one ran row per window');
  t.equal(ledger.filter((x) => x.status === 'coalesced').length, 2 * copied.size, 'and a coalesced receipt per copy');
});

t.test(
  'a tick killed -9 mid-run holds its window until the lock expires, then is taken over',
  { skip: realSkip, timeout: 240_000 },
  async (t) => {
    const { prefix, schema, q, env: base } = real(t);
    // The model server counts calls by prompt; the first `slow` call hangs until the worker dies.
    const calls = new Map<string, number>();
    let hang: (() => void) | undefined;
    const hung = new Promise<void>((r) => (hang = r));
    let slowSeen: () => void = () => undefined;
    const slowArrived = new Promise<void>((r) => (slowSeen = r));
    const model = http.createServer((rq, rs) => {
      let body = '';
      rq.on('data', (c: Buffer) => (body += c.toString()));
      rq.on('end', async () => {
        const prompt = (JSON.parse(body) as { messages: { content: string }[] }).messages.at(-1)!.content;
        calls.set(prompt, (calls.get(prompt) ?? 0) + 1);
        if (prompt === 'slow' && calls.get('slow') === 1) {
          slowSeen();
          await hung;
          rs.destroy();
          return;
        }
        rs.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ choices: [{ message: { content: `did ${prompt}` } }], usage: { prompt_tokens: 1, completion_tokens: 1 } }),
        );
      });
    });
    await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
    t.teardown(() => {
      hang?.();
      return new Promise((r) => model.close(r));
    });
    // Both workers run before the tick, so the lock needs only to outlast the ack wait after the
    // kill (the redelivery that finds the window held), with room for a loaded machine.
    const LOCK_MS = 15_000;
    const env = {
      ...base,
      LOG_LEVEL: 'info',
      OPENAI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
      SVC_HEARTBEAT_LOCK_MS: String(LOCK_MS),
      SVC_ACK_WAIT_MS: '1500',
      SVC_RETRY_CAP_MS: '500',
      SVC_RUN_LEASE_MS: '2000',
    };
    const workers = await Promise.all([
      startSvc(t, ['worker', '--actors', 'heartbeat,run'], env),
      startSvc(t, ['worker', '--actors', 'heartbeat,run'], env),
    ]);
    const gw = await startSystem(t, { role: 'gateway', nats: { prefix }, postgres: { schema }, env: { LOG_LEVEL: 'warn' } });
    for (const [id, prompt] of [
      ['first', 'first'],
      ['second', 'slow'],
    ])
      t.equal((await req(gw.url, 'POST', '/flows', { flow: { id, steps: [{ id: 'm', kind: 'model', prompt }] } })).status, 200);
    const saved = await req(gw.url, 'POST', '/heartbeats', {
      heartbeat: {
        crewId: 'k',
        schedule: '0 9 * * *',
        timezone: 'UTC',
        items: [
          { kind: 'flow', id: 'first' },
          { kind: 'flow', id: 'second' },
        ],
      },
    });
    t.equal(saved.status, 200, saved.text);
    const minute = Math.floor(Date.now() / 60_000);
    await clientOf(gw.bus, 'heartbeat').tick.send({ crewId: 'k', minute });
    await slowArrived;
    // Whichever worker took the tick is inside it: it dies, and the other gets only redeliveries.
    const [holder] = await q(`select holder from $S.claim where key = $1`, [`heartbeat:k:${minute}`]);
    const a = workers.find((w) => w.workerId === holder?.holder);
    if (!a) throw new Error(`the window's holder ${String(holder?.holder)} is neither worker`);
    const b = workers.find((w) => w !== a)!;
    a.proc.kill('SIGKILL');
    await a.exited();
    hang?.();
    const held = await q(`select holder, expires_at from $S.claim where key = $1`, [`heartbeat:k:${minute}`]);
    t.equal(held[0]?.holder, a.workerId, 'the dead worker holds the window');
    const expiresAt = new Date(held[0]!.expires_at).getTime();
    const waited = await b.waitFor((r) => r.msg === 'heartbeat window held; waiting for its lock', LOCK_MS);
    t.ok(new Date(waited.time).getTime() < expiresAt, 'the redelivered tick found the window held before the lock expired');
    const taken = await b.waitFor((r) => r.msg === 'heartbeat tick claimed', 2 * LOCK_MS);
    t.ok(taken.time >= expiresAt, `taken over ${taken.time - expiresAt} ms after the lock expired, not before`);
    const row = await pollFor(
      'the tick finished',
      async () => {
        const r = await q(`select status, worker, items from $S.heartbeat_tick where crew_id = 'k' and status <> 'running'`);
        return r.find((x) => x.status !== 'coalesced');
      },
      { timeoutMs: 60_000, everyMs: 200 },
    );
    t.equal(row.status, 'ran');
    t.equal(row.worker, b.workerId, 'finished by the worker that took it over');
    t.same(
      (row.items as { outcome: string }[]).map((i) => i.outcome),
      ['ok', 'ok'],
    );
    t.equal(calls.get('first'), 1, 'the item that had run before the kill was not run again');
    t.ok((calls.get('slow') ?? 0) >= 2, 'the interrupted item ran to its end');
    const msgs = await q(`select body from $S.message where thread = 'crew:k'`);
    t.equal(msgs.length, 1, 'one summary');
  },
);
