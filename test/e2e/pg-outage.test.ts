/**
 * The promise "an accepted delivery is never lost" through a PostgreSQL outage longer than any
 * retry budget. Webhook deliveries are accepted (202: stored in JetStream, nothing written to
 * the store), then the test's own PostgreSQL is stopped as a crash would stop it. With the retry
 * pace shortened (SVC_RETRY_CAP_MS=200), the outage lasts for some 60 deliveries of every
 * command; the old bound of 10 deliveries dropped them after about 2 s. Once PostgreSQL is back,
 * every accepted delivery has exactly one run and one delivery row, and nothing was dead-lettered.
 */
import t from 'tap';
import { startSvc } from '../helpers/process.js';
import { skipUnless, uniqueName } from '../helpers/services.js';
import { dropStreams } from '../helpers/system.js';
import { mint, post, svcHeaders, json } from '../helpers/triggers.js';
import { until } from '../helpers/poll.js';
import { ownPostgres, ownPostgresUnavailable } from '../helpers/own-postgres.js';
import { TEST_NATS_URL } from '../helpers/services.js';

const skip = (await skipUnless('nats')) ?? ownPostgresUnavailable() ?? false;
// A longer measurement, by hand: SVC_TEST_OUTAGE_MS=150000 SVC_TEST_DELIVERIES=600 SVC_TEST_RETRY_CAP_MS=30000.
const OUTAGE_MS = Number(process.env.SVC_TEST_OUTAGE_MS ?? 12_000);
const N = Number(process.env.SVC_TEST_DELIVERIES ?? 150);
const RETRY_CAP_MS = process.env.SVC_TEST_RETRY_CAP_MS ?? '200';
const RETRY_CAP_MS_NUM = Number(RETRY_CAP_MS);

t.test(
  'PostgreSQL down far longer than the old retry budget: every 202 ends with exactly one run',
  { skip, timeout: 240_000 + OUTAGE_MS },
  async (t) => {
    const db = await ownPostgres(t, 15_000 + Math.floor(Math.random() * 5_000));
    const prefix = uniqueName('t');
    t.teardown(() => dropStreams(prefix));
    const env = {
      NATS_URL: TEST_NATS_URL,
      SVC_BUS_PREFIX: prefix,
      DATABASE_URL: db.url,
      DATABASE_SCHEMA: 'svc',
      LOG_LEVEL: 'info',
      SVC_SESSION_KEY: 'b'.repeat(64),
      SVC_RETRY_CAP_MS: RETRY_CAP_MS,
      SVC_ACK_WAIT_MS: '3000',
      SVC_RUN_LEASE_MS: '2000',
    };
    const worker = await startSvc(t, ['worker'], env);
    const gateway = await startSvc(t, ['gateway'], env);
    const flow = { id: 'wf', trigger: 'webhook', steps: [{ id: 'echo', kind: 'tool', tool: 'svc_echo', args: { text: '{{input}}' } }] };
    t.equal((await json(`${gateway.url}/flows`, 'POST', { flow })).status, 200, 'flow saved');
    const m = await mint(gateway.url!, { flowId: 'wf' });

    const accepted = new Set<string>();
    let next = 0;
    const lane = async () => {
      while (next < N) {
        const i = next++;
        const raw = JSON.stringify({ i });
        const r = await post(`${gateway.url}/hooks/${m.trigger.id}`, raw, svcHeaders(m.secret, raw, { key: `d-${i}` }));
        if (r.status === 202) accepted.add(r.body.runId as string);
      }
    };
    await Promise.all(Array.from({ length: 16 }, lane));
    t.equal(accepted.size, N, 'every delivery accepted');
    await db.stop();
    const before = Number((await json(`${gateway.url}/dlq`, 'GET').catch(() => ({ body: undefined }))).body?.deadLetters?.length ?? 0);
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    t.equal(worker.proc.exitCode, null, 'the worker lived through the outage');
    await db.start();

    const count = async (sql: string) => Number((await db.query<{ n: string }>(sql))[0]!.n);
    await until(
      `${N} completed runs`,
      async () => (await count(`select count(*) as n from svc.flow_run where status = 'completed'`)) >= N,
      { timeoutMs: 120_000 + RETRY_CAP_MS_NUM, everyMs: 500 },
    );
    await new Promise((r) => setTimeout(r, 1_000));
    t.equal(await count('select count(*) as n from svc.flow_run'), N, 'exactly one run per accepted delivery');
    t.equal(await count(`select count(*) as n from svc.webhook_delivery where status = 'accepted'`), N, 'one accepted delivery row each');
    const ids = (await db.query<{ id: string }>('select id from svc.flow_run')).map((r) => r.id);
    t.same(
      ids.filter((id) => !accepted.has(id)),
      [],
      'every run is one the gateway answered 202 for',
    );
    const dlq = await json(`${gateway.url}/dlq`, 'GET');
    t.equal(dlq.body.deadLetters.length, before, 'nothing was dead-lettered');
  },
);
