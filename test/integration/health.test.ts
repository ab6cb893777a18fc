import { readFileSync } from 'node:fs';
import t, { type Test } from 'tap';
import { claimReal, startSystem } from '../helpers/system.js';
import { skipUnless, TEST_DATABASE_URL, TEST_NATS_URL } from '../helpers/services.js';
import { startProxy } from '../helpers/tcp-proxy.js';
import { startSvc } from '../helpers/process.js';
import { repoPath } from '../helpers/paths.js';
import { saved } from '../helpers/raw-events.js';

/** The real servers these tests claim; absent, the tests skip and say why (CI fails instead). */
const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

const VERSION = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')).version;

async function health(url: string) {
  const started = Date.now();
  const res = await fetch(`${url}/health`);
  if (res.headers.get('content-type') !== 'application/json; charset=utf-8')
    throw new Error(`GET /health answered content-type ${res.headers.get('content-type')}`);
  return { status: res.status, body: (await res.json()) as any, ms: Date.now() - started };
}

/** A schema and bus prefix of the test's own, reached through proxies the test can cut. */
async function behindProxies(t: Test) {
  const pgUrl = new URL(TEST_DATABASE_URL);
  const natsUrl = new URL(TEST_NATS_URL.replace(/^nats:/, 'http:'));
  const pgProxy = await startProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
  const natsProxy = await startProxy(natsUrl.hostname, Number(natsUrl.port || 4222));
  t.teardown(() => Promise.all([pgProxy.close(), natsProxy.close()]));
  pgUrl.port = String(pgProxy.port);
  const real = claimReal(t);
  return { pgProxy, natsProxy, env: { ...real.env, DATABASE_URL: pgUrl.toString(), NATS_URL: `nats://127.0.0.1:${natsProxy.port}` } };
}

t.test('GET /health in embedded mode', async (t) => {
  const sys = await startSystem(t, { env: { SVC_AUTO_EXECUTE: '1', SVC_ROOT_AUTH: 'passkey' } });
  const { status, body } = await health(sys.url);
  t.equal(status, 200);
  t.match(body, {
    status: 'ok',
    version: VERSION,
    role: 'serve',
    mode: 'mock',
    down: [],
    db: { ready: true, engine: 'sqlite' },
    queue: { ready: true, provider: 'embedded' },
    auth: { required: false },
    rootAuth: { required: true, kind: 'passkey' },
    flows: { store: 'memory' },
    model: { provider: 'local', configured: true },
    budgets: { inference: { counters: 'process' } },
    // Asked for, but with no chain nothing can be executed: /health says what the process does.
    governance: { autoExecute: false, reason: 'no chain is configured' },
  });
  t.match(body.rootAuth.configError, /SVC_ROOT_PASSKEY_ID/, 'a root that cannot verify says why');
});

t.test('GET /health on JetStream and PostgreSQL', { skip: realSkip }, async (t) => {
  const sys = await startSystem(t, { nats: true, postgres: true });
  const { status, body } = await health(sys.url);
  t.equal(status, 200);
  t.match(body, {
    status: 'ok',
    down: [],
    db: { ready: true, engine: 'postgres' },
    queue: { ready: true, provider: 'jetstream' },
    flows: { store: 'postgres' },
    budgets: { inference: { counters: 'postgres' } },
    rootAuth: { required: false },
    governance: { autoExecute: false },
  });
  t.notOk('configError' in body.rootAuth);
});

t.test('GET /health answers and names what is down when NATS and PostgreSQL go away', { skip: realSkip }, async (t) => {
  const { pgProxy, natsProxy, env } = await behindProxies(t);
  const sys = await startSystem(t, { env });
  t.equal((await health(sys.url)).status, 200);

  natsProxy.cut();
  pgProxy.cut();
  // Probe results are shared for 500 ms, so the first answer after the cut may still be fresh.
  let down = await health(sys.url);
  for (let i = 0; i < 20 && down.body.down.length < 2; i++) {
    await new Promise((r) => setTimeout(r, 250));
    down = await health(sys.url);
  }
  t.equal(down.status, 503, 'a degraded process answers 503 so a load balancer takes it out');
  t.equal(down.body.status, 'degraded');
  t.same(down.body.down.sort(), ['database', 'nats']);
  t.equal(down.body.db.ready, false);
  t.equal(down.body.queue.ready, false);
  t.ok(down.ms < 5000, `answered in ${down.ms} ms`);
});

t.test('GET /usage counts audit rows by type since a date', async (t) => {
  const sys = await startSystem(t);
  await sys.audit.record('FlowSaved', saved('a'));
  await sys.audit.record('FlowSaved', saved('b'));
  await sys.audit.record('WebhookDelivery', { triggerId: 't', deliveryKey: 'k', bytes: 2 });
  const res = await fetch(`${sys.url}/usage`);
  const body = (await res.json()) as any;
  t.equal(res.status, 200);
  t.same(body.counts, { FlowSaved: 2, WebhookDelivery: 1 });
  t.equal(body.complete, true);
  const now = new Date();
  t.equal(
    body.since,
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    'default: start of the current UTC month',
  );

  const future = await fetch(`${sys.url}/usage?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
  t.same(((await future.json()) as any).counts, {});
  const bad = await fetch(`${sys.url}/usage?since=yesterday`);
  t.equal(bad.status, 400);
  t.equal(((await bad.json()) as any).error, 'invalid_request');
});

t.test(
  'svc worker answers GET /health on SVC_WORKER_HEALTH_PORT; /usage is 503 while PostgreSQL is down',
  { skip: realSkip },
  async (t) => {
    const { pgProxy, natsProxy, env } = await behindProxies(t);
    const worker = await startSvc(t, ['worker', '--actors', 'ops'], { ...env, SVC_WORKER_HEALTH_PORT: '0' });
    const gateway = await startSvc(t, ['gateway'], env);
    const healthUrl = (await worker.waitFor((r) => r.msg === 'svc started')).healthUrl as string;
    t.match(healthUrl, /^http:\/\/127\.0\.0\.1:\d+$/, 'the worker says where it answers');

    const up = await health(healthUrl);
    t.equal(up.status, 200);
    t.match(up.body, {
      status: 'ok',
      role: 'worker',
      down: [],
      db: { ready: true, engine: 'postgres' },
      queue: { ready: true, provider: 'jetstream' },
    });
    const other = await fetch(`${healthUrl}/usage`);
    t.equal(other.status, 404);
    t.match(await other.json(), { error: 'not_found', message: String });
    t.equal((await fetch(`${gateway.url}/usage`)).status, 200);

    pgProxy.cut();
    natsProxy.cut();
    let down = await health(healthUrl);
    for (let i = 0; i < 20 && down.body.down.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 250));
      down = await health(healthUrl);
    }
    t.equal(down.status, 503, 'a degraded worker fails its readiness probe');
    t.same(down.body.down.sort(), ['database', 'nats']);

    const usage = await fetch(`${gateway.url}/usage`);
    t.equal(usage.status, 503, 'an outage, not an internal error');
    t.same(await usage.json(), { error: 'store_unavailable', message: 'the store is unavailable' });
    await new Promise((r) => setTimeout(r, 300));
    for (const p of [worker, gateway]) {
      t.same(
        p.lines.filter((l) => {
          try {
            JSON.parse(l);
            return false;
          } catch {
            return true;
          }
        }),
        [],
        'stdout holds JSON log lines only',
      );
      p.proc.kill('SIGTERM');
    }
    await Promise.all([worker.exited(), gateway.exited()]);
  },
);
