/**
 * Exactly once across replicas, on JetStream + PostgreSQL with real processes (`svc gateway`,
 * `svc worker`): the same delivery posted 200 times at once across two gateways gives one accepted
 * delivery and one completed run; 1,000 distinct deliveries give 1,000 completed runs, exactly
 * the 202s' run ids, with none lost or stuck when a worker is killed -9 in the middle (its unacked
 * commands are redelivered to the other, and runs it held are recovered when their lease lapses).
 */
import t, { type Test } from 'tap';
import { startSvc } from '../helpers/process.js';
import { skipUnless } from '../helpers/services.js';
import { claimReal } from '../helpers/system.js';
import { pgQuery } from '../helpers/store-engines.js';
import { mint, post, svcHeaders } from '../helpers/triggers.js';
import { until } from '../helpers/poll.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;
const SESSION_KEY = 'a'.repeat(64);

async function cluster(t: Test) {
  const real = claimReal(t);
  const schema = real.schema;
  const env = {
    ...real.env,
    LOG_LEVEL: 'warn',
    SVC_SESSION_KEY: SESSION_KEY,
    SVC_ACK_WAIT_MS: '3000',
    SVC_RUN_LEASE_MS: '3000',
  };
  // The first process migrates the schema and creates the streams before the others race in.
  const w1 = await startSvc(t, ['worker'], { ...env, LOG_LEVEL: 'info' });
  const [w2, g1, g2] = await Promise.all([
    startSvc(t, ['worker'], { ...env, LOG_LEVEL: 'info' }),
    startSvc(t, ['gateway'], { ...env, LOG_LEVEL: 'info' }),
    startSvc(t, ['gateway'], { ...env, LOG_LEVEL: 'info' }),
  ]);
  const q = (sql: string) => pgQuery<{ n: string }>(sql.replace(/\$S/g, `"${schema}"`));
  const now = new Date().toISOString();
  await q(
    `insert into $S.flow_definition (id, title, trigger, scope_level, scope_ref, definition, saved_by, created_at, updated_at) values ('wf', 'wf', 'webhook', 'org', null, '{"id":"wf","trigger":"webhook","steps":[{"id":"check","kind":"branch","input":"{{input}}","op":"truthy","onTrue":null,"onFalse":null}]}', 'operator', '${now}', '${now}')`,
  );
  const m = await mint(g1.url!, { flowId: 'wf' });
  const count = async (sql: string) => Number((await q(sql))[0]!.n);
  return { w1, w2, gateways: [g1.url!, g2.url!], m, count, q, procs: [w1, w2, g1, g2] };
}

t.test('the same delivery 200 times at once across two gateways: one accepted, one run', { skip: realSkip }, async (t) => {
  const c = await cluster(t);
  const raw = JSON.stringify({ hello: 'world' });
  const headers = svcHeaders(c.m.secret, raw, { key: 'same-delivery' });
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) => post(`${c.gateways[i % 2]}/hooks/${c.m.trigger.id}`, raw, headers)),
  );
  const accepted = results.filter((r) => r.status === 202);
  const dups = results.filter((r) => r.status === 200 && r.body.duplicate === true);
  t.equal(accepted.length, 1, 'exactly one 202');
  t.equal(dups.length, 199, 'every other copy is a duplicate');
  await until(
    'the run',
    async () => (await c.count(`select count(*) as n from $S.flow_run where id like 'run-wh-%' and status = 'completed'`)) >= 1,
    { timeoutMs: 60_000, everyMs: 200 },
  );
  await new Promise((r) => setTimeout(r, 1500));
  t.equal(await c.count(`select count(*) as n from $S.flow_run where id like 'run-wh-%'`), 1, 'one run row');
  t.equal(await c.count(`select count(*) as n from $S.webhook_delivery where status = 'accepted'`), 1, 'one accepted delivery row');
  t.equal(await c.count(`select count(*) as n from $S.flow_run where id = '${accepted[0]!.body.runId}'`), 1, 'the run is the accepted one');
});

t.test('1,000 distinct deliveries, a worker killed -9 in the middle: 1,000 runs', { skip: realSkip }, async (t) => {
  const c = await cluster(t);
  const total = 1000;
  let done = 0;
  let killed = false;
  const statuses: number[] = [];
  const runIds = new Set<string>();
  let next = 0;
  const lane = async () => {
    while (next < total) {
      const i = next++;
      const raw = JSON.stringify({ i });
      const r = await post(`${c.gateways[i % 2]}/hooks/${c.m.trigger.id}`, raw, svcHeaders(c.m.secret, raw, { key: `d-${i}` }));
      statuses.push(r.status);
      if (r.status === 202) runIds.add(r.body.runId);
      if (++done === 300 && !killed) {
        killed = true;
        c.w1.proc.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 32 }, lane));
  t.ok(killed, 'a worker was killed mid-way');
  t.equal(statuses.filter((s) => s === 202).length, total, 'every delivery accepted');
  t.equal(runIds.size, total);
  const completed = () => c.count(`select count(*) as n from $S.flow_run where id like 'run-wh-%' and status = 'completed'`);
  await until('1,000 completed runs', async () => (await completed()) >= total, { timeoutMs: 90_000, everyMs: 200 });
  await new Promise((r) => setTimeout(r, 2000));
  t.equal(await completed(), total, 'exactly 1,000 completed runs, none lost, none stuck');
  t.equal(await c.count(`select count(*) as n from $S.flow_run where id like 'run-wh-%'`), total, 'none twice');
  const runsOf202 = (await c.q(`select id as n from $S.flow_run where id like 'run-wh-%' and status = 'completed'`)).map((r) => r.n);
  t.same(new Set(runsOf202), runIds, "the completed runs are exactly the 202s' run ids");
  t.equal(await c.count(`select count(*) as n from $S.webhook_delivery where status = 'accepted'`), total);
});
