/**
 * /livez and /readyz on the gateway and on a worker's health port, on real NATS and PostgreSQL
 * reached through a proxy the test cuts: readiness goes 503 (naming the store) while PostgreSQL
 * is unreachable and 200 once it is back; liveness stays 200 throughout (a restart brings no
 * database back). A configured chain holds readiness until it has answered once.
 */
import t from 'tap';
import { claimReal, startSystem } from '../../helpers/system.js';
import { skipUnless, TEST_DATABASE_URL } from '../../helpers/services.js';
import { startProxy } from '../../helpers/tcp-proxy.js';
import { pollFor, until } from '../../helpers/poll.js';
import { healthSource } from '../../../queries/health.js';
import { loadConfig } from '../../../runtime/config.js';
import { createBus, names } from '../../../bus/index.js';
import { openStore } from '../../../store/index.js';
import { createLogger } from '../../../runtime/log.js';
import type { ChainState } from '../../../chain/status.js';

const skip = (await skipUnless('postgres', 'nats')) ?? false;

async function get(url: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}

t.test('PostgreSQL unreachable: /readyz 503 on the gateway and the worker, 200 after; /livez 200 all along', { skip }, async (t) => {
  const pgUrl = new URL(TEST_DATABASE_URL);
  const proxy = await startProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
  t.teardown(() => proxy.close());
  pgUrl.port = String(proxy.port);
  const real = claimReal(t);
  const env = { ...real.env, DATABASE_URL: pgUrl.toString(), SVC_WORKER_HEALTH_PORT: '0' };
  const gw = await startSystem(t, { role: 'gateway', env });
  const worker = await startSystem(t, { role: 'worker', env, actors: ['ops'] });
  const urls = { gateway: gw.url, worker: worker.healthUrl! };

  for (const [who, url] of Object.entries(urls)) {
    const ready = await get(`${url}/readyz`);
    t.equal(ready.status, 200, `${who}: ready`);
    t.same(ready.body, {
      ready: true,
      checks: { store: { ready: true }, bus: { ready: true }, chain: { ready: true, configured: false }, migrations: { ready: true } },
    });
    t.same(await get(`${url}/livez`), { status: 200, body: { live: true } }, `${who}: live`);
  }

  proxy.cut();
  for (const [who, url] of Object.entries(urls)) {
    const down = await pollFor(
      `${who} /readyz 503`,
      async () => {
        const r = await get(`${url}/readyz`);
        return r.status === 503 ? r : undefined;
      },
      { timeoutMs: 15_000, everyMs: 100 },
    );
    t.equal(down.body.ready, false, `${who}: not ready while PostgreSQL is unreachable`);
    t.equal(down.body.checks.store.ready, false, `${who}: the store is what holds it`);
    t.equal(down.body.checks.bus.ready, true);
    t.same(await get(`${url}/livez`), { status: 200, body: { live: true } }, `${who}: still live`);
    t.equal((await get(`${url}/health`)).body.status, 'degraded', `${who}: /health never says ok meanwhile`);
  }

  proxy.restore();
  for (const [who, url] of Object.entries(urls)) {
    await until(`${who} /readyz 200`, async () => (await get(`${url}/readyz`)).status === 200, { timeoutMs: 15_000, everyMs: 100 });
    t.pass(`${who}: ready again once PostgreSQL answers`);
  }
});

t.test('a configured chain holds readiness until it has answered once (a dev chain still deploying)', async (t) => {
  const config = loadConfig({});
  const log = createLogger('silent');
  const store = await openStore({});
  t.teardown(() => store.close());
  const bus = createBus({ names: names('ready'), log });
  await bus.start();
  t.teardown(() => bus.close());
  let state: ChainState = { mode: 'unavailable', reason: 'rpc_unreachable: the dev chain is still deploying' };
  let now = 0;
  const realNow = Date.now;
  Date.now = () => realNow() + now;
  t.teardown(() => {
    Date.now = realNow;
  });
  const health = healthSource({
    config,
    bus,
    store,
    role: 'serve',
    chain: { current: async () => state },
    autoExecute: { on: false, reason: 'no chain' },
  });
  const tick = () => (now += 1_000);

  const deploying = await health.readiness();
  t.equal(deploying.ready, false, 'not ready while the chain deploys');
  t.same(deploying.checks.chain, { ready: false, configured: true, error: 'rpc_unreachable: the dev chain is still deploying' });
  t.equal((await health()).status, 'ok', '/health keeps its own rule: store and bus');

  state = { mode: 'chain', chainId: 31337, rpc: 'http://127.0.0.1:8545' };
  tick();
  t.equal((await health.readiness()).ready, true, 'ready once it answers');

  state = { mode: 'unavailable', reason: 'rpc_unreachable: gone' };
  tick();
  const later = await health.readiness();
  t.equal(later.ready, true, 'a later chain outage is /health mode, not a reason to leave rotation');
  t.equal((await health()).mode, 'unavailable');
});
