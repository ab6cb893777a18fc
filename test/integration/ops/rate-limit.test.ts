/**
 * Rate limits on real PostgreSQL and NATS: two gateways on one schema share each token's count
 * (store/rate-windows.ts), so requests spread over both are refused 429 `rate_limited` with
 * Retry-After once their sum passes the limit; a webhook trigger has its own count; probes are
 * never limited. The two gateways run in this test process, each with its own in-memory counts,
 * so what they share can only come through the database.
 */
import t from 'tap';
import { claimReal, startSystem } from '../../helpers/system.js';
import { skipUnless } from '../../helpers/services.js';
import { until } from '../../helpers/poll.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { mint, post, saveFlow, svcHeaders } from '../../helpers/triggers.js';

const skip = (await skipUnless('postgres', 'nats')) ?? false;
const OP = 'op-rate-limit-token-0123456789';

t.test('the API limit per token is shared by two gateways; hooks per trigger; 429 with Retry-After', { skip }, async (t) => {
  const real = claimReal(t);
  const env = {
    ...real.env,
    SVC_ORCH_TOKEN: OP,
    SVC_SESSION_KEY: 'b5'.repeat(32),
    SVC_RATE_LIMIT_API: '8',
    SVC_RATE_LIMIT_HOOKS: '3',
  };
  const a = await startSystem(t, { role: 'gateway', env });
  const b = await startSystem(t, { role: 'gateway', env });
  const get = async (url: string, path = '/flows') => {
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${OP}` } });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
  };
  const counted = async () =>
    Number(
      (await pgQuery<{ n: string }>(`select coalesce(sum("count"), 0) as n from "${real.schema}".rate_window where "key" <> ''`))[0]?.n ??
        0,
    );

  for (let i = 0; i < 5; i++) t.equal((await get(a.url)).status, 200, `gateway A: request ${i + 1} of 8`);
  await until('gateway A wrote its count', async () => (await counted()) >= 5, { timeoutMs: 5_000, everyMs: 50 });
  for (let i = 5; i < 8; i++) t.equal((await get(b.url)).status, 200, `gateway B: request ${i + 1} of 8`);
  const refused = await get(b.url);
  t.equal(refused.status, 429, 'the ninth, on the other gateway, is over the shared limit');
  t.same(JSON.parse(refused.text).error, 'rate_limited');
  t.match(JSON.parse(refused.text).message, /more than 8 requests a minute for this token; retry in/);
  const retryAfter = Number(refused.retryAfter);
  t.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After is the seconds to the window's end (${refused.retryAfter})`);
  // A learns B's count at its next write: within a sync interval, it refuses too.
  await until('gateway A refuses too', async () => (await get(a.url)).status === 429, { timeoutMs: 5_000, everyMs: 100 });
  t.pass('gateway A refuses once it has read the shared count');

  for (const [who, url] of [
    ['A', a.url],
    ['B', b.url],
  ] as const) {
    t.equal((await get(url, '/health')).status, 200, `${who}: /health is never limited`);
    t.equal((await get(url, '/readyz')).status, 200, `${who}: nor /readyz`);
  }

  // A webhook trigger: its own count, whatever the token's.
  const other = { ...env, SVC_RATE_LIMIT_API: '1000' };
  // A whole process (gateway and actors) on the same schema: the trigger is minted by its actor.
  const c = await startSystem(t, { role: 'serve', env: other, nats: { prefix: real.prefix }, postgres: { schema: real.schema } });
  await saveFlow(c.store, 'rl', 'webhook');
  const minted = await mint(c.url, { flowId: 'rl' }, OP);
  const hook = `${c.url}/hooks/${minted.trigger.id}`;
  const raw = JSON.stringify({ n: 1 });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await post(hook, raw, svcHeaders(minted.secret, raw))).status);
  t.same(
    statuses.slice(0, 3).map((s) => s < 400),
    [true, true, true],
    `three deliveries answered (${statuses.join(', ')})`,
  );
  t.equal(statuses[3], 429, 'the fourth delivery to the trigger is over its limit');
  const elsewhere = await post(`${c.url}/hooks/trg-none`, raw, svcHeaders(minted.secret, raw));
  t.equal(elsewhere.status, 404, 'another trigger id has its own count');
});
