/**
 * Cron flows with three real worker processes (the product's composition root, each its own OS
 * process, test/helpers/scaled-clock-worker.mjs) on JetStream + PostgreSQL over simulated
 * minutes: all three share one injected clock running 150x fast, with 100 ms windows, so a
 * simulated minute is seen by several windows from several replicas. Each matching minute the
 * clock delivered must fire exactly once and become exactly one completed run, and no other
 * minute ever fires.
 *
 * The run ids are deterministic (`run-cron-<flow>-<minute>`), so the stream's duplicate window
 * and the run table's primary key would both hide a second send. The test therefore counts the
 * sends themselves, from every process's "cron trigger fired" log line: only the store claim can
 * keep those to one per minute.
 */
import t from 'tap';
import { repoPath } from '../../helpers/paths.js';
import { startSvc } from '../../helpers/process.js';
import { skipUnless, TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from '../../helpers/services.js';
import { dropSchema, dropStreams } from '../../helpers/system.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { pollFor } from '../../helpers/poll.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;
const WORKER = repoPath('test/helpers/scaled-clock-worker.mjs');

t.test('each matching minute fires exactly once across three worker processes', { skip: realSkip }, async (t) => {
  const prefix = uniqueName('t');
  const schema = uniqueName('t_');
  t.teardown(() => dropStreams(prefix));
  t.teardown(() => dropSchema(schema));
  const t0 = Date.UTC(2030, 0, 1, 0, 0, 30);
  const real0 = Date.now();
  const now = () => t0 + (Date.now() - real0) * 150; // one simulated minute per 400 ms
  const env = {
    NATS_URL: TEST_NATS_URL,
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    SVC_BUS_PREFIX: prefix,
    LOG_LEVEL: 'info',
    SVC_CLOCK_TICK_MS: '100',
    TEST_CLOCK_T0: String(t0),
    TEST_CLOCK_REAL0: String(real0),
    TEST_CLOCK_SCALE: '150',
    TEST_WORKER_ACTORS: 'clock,trigger,run',
  };
  // The first process migrates the schema and creates the streams before the others race in.
  const first = await startSvc(t, [], env, WORKER);
  const q = (sql: string) => pgQuery<Record<string, string>>(sql.replace(/\$S/g, `"${schema}"`));
  const at = new Date().toISOString();
  const flow = (id: string, schedule: string) =>
    q(`insert into $S.flow_definition (id, title, trigger, scope_level, scope_ref, definition, saved_by, created_at, updated_at)
    values ('${id}', '${id}', 'cron', 'org', null, '{"id":"${id}","trigger":"cron","schedule":"${schedule}","steps":[{"id":"check","kind":"branch","input":"{{input}}","op":"truthy","onTrue":null,"onFalse":null}]}', 'operator', '${at}', '${at}')`);
  await flow('even', '*/2 * * * *');
  await flow('never', '0 0 29 2 1');
  const others = await Promise.all([startSvc(t, [], env, WORKER), startSvc(t, [], env, WORKER)]);
  const procs = [first, ...others];
  t.equal(new Set(procs.map((p) => p.workerId)).size, 3, 'three distinct worker processes');

  // A minute counts as delivered once a clock window inside it was claimed (the clock actor then
  // runs the sweeps). The clock sends only live windows, so a minute in which every process was
  // starved of CPU may go unseen, which the spec allows; what must never happen is a delivered
  // matching minute that does not fire exactly once. Watch until enough of them were delivered.
  const from = Math.floor(now() / 60_000);
  const delivered = async (): Promise<number[]> => {
    const keys = await q(`select key from $S.claim where key like 'clock.minute:%'`);
    const minutes = new Set(keys.map((k) => Math.floor((Number(k.key!.slice('clock.minute:'.length)) * 100) / 60_000)));
    return [...minutes].filter((m) => m > from && m % 2 === 0).sort((a, b) => a - b);
  };
  const to = await pollFor(
    'six delivered matching minutes that are over',
    async () => {
      const over = Math.floor(now() / 60_000) - 1;
      return (await delivered()).filter((m) => m <= over).length >= 6 ? over : undefined;
    },
    { timeoutMs: 90_000, everyMs: 200 },
  );
  // Every delivered matching minute up to `to` must become a completed run; a window of one of them
  // still queued shows up in a later look, so the set is re-read until it is all completed.
  const expected = await pollFor(
    'a completed run for every delivered matching minute',
    async () => {
      const minutes = (await delivered()).filter((m) => m <= to);
      const done = await q(`select id from $S.flow_run where trigger = 'cron' and status = 'completed'`);
      const completedIds = new Set(done.map((r) => r.id));
      return minutes.every((m) => completedIds.has(`run-cron-even-${m}`)) ? minutes : undefined;
    },
    { timeoutMs: 90_000, everyMs: 200 },
  );
  // Stop every worker (each drains what it holds) so the log lines and rows below are final.
  await Promise.all(
    procs.map((p) => {
      const closed = new Promise((r) => p.proc.once('close', r));
      p.proc.kill('SIGTERM');
      return closed;
    }),
  );

  const fired = procs.flatMap((p) =>
    p.lines.flatMap((line) => {
      try {
        const rec = JSON.parse(line) as { msg?: string; runId?: string };
        return rec.msg === 'cron trigger fired' && rec.runId ? [{ worker: p.workerId, runId: rec.runId }] : [];
      } catch {
        return [];
      }
    }),
  );
  const sends = new Map<string, number>();
  for (const f of fired) sends.set(f.runId, (sends.get(f.runId) ?? 0) + 1);
  t.same(
    [...sends.entries()].filter(([, n]) => n !== 1),
    [],
    'no minute was sent twice by any replica',
  );
  t.ok(new Set(fired.map((f) => f.worker)).size >= 1, `sends came from ${new Set(fired.map((f) => f.worker)).size} replica(s)`);

  const rows = await q(`select id, status from $S.flow_run where trigger = 'cron'`);
  t.notOk(
    rows.some((r) => !/^run-cron-even-\d+$/.test(r.id!)),
    'only the matching flow ran',
  );
  const completed = new Set(rows.filter((r) => r.status === 'completed').map((r) => Number(/(\d+)$/.exec(r.id!)![1])));
  t.notOk(
    [...completed].some((m) => m % 2 !== 0),
    'only even minutes',
  );
  t.ok(expected.length >= 6, `${expected.length} delivered matching minutes`);
  for (const m of expected) {
    t.ok(completed.has(m), `minute ${new Date(m * 60_000).toISOString()}: one completed run`);
    t.equal(sends.get(`run-cron-even-${m}`), 1, `minute ${new Date(m * 60_000).toISOString()}: sent once`);
  }
  t.same(
    rows.filter((r) => sends.get(r.id!) !== 1).map((r) => r.id),
    [],
    'every run was sent once',
  );
});
