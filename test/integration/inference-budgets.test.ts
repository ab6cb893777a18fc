/**
 * Inference budgets against a counting fake model server on 127.0.0.1. Every call is priced
 * 1000 input + 200 output tokens at $1 / $5 per million tokens: 2000 micro-dollars a call.
 * A hard budget refuses a call before the provider is reached; a soft one warns once (audit
 * event) and lets calls go on; an unpriced model is charged the floor; the routes set, read,
 * reset and remove, operator only. On PostgreSQL the counters survive a restart, and two worker
 * processes spending against one hard budget overshoot it by at most one call.
 */
import t, { type Test } from 'tap';
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import { claimReal, startSystem, type TestSystem } from '../helpers/system.js';
import { skipUnless, uniqueName } from '../helpers/services.js';
import { fakeModelServer } from '../helpers/fake-model.js';
import { startSvc } from '../helpers/process.js';
import { UNPRICED_CALL_FLOOR_MICRO_DOLLARS } from '../../model/budget-guard.js';

const OPERATOR = 'operator-token-0123456789abcdef';
const AGENT = 'agent-seat-token-0123456789';
const PER_CALL = 2000;

function env(modelUrl: string): Record<string, string> {
  return {
    SVC_ORCH_TOKEN: OPERATOR,
    SVC_IDENTITIES: JSON.stringify([{ token: AGENT, seat: 'treasurer', kind: 'agent' }]),
    SVC_ORG: JSON.stringify({ treasurer: { crews: ['payments', 'finance'] } }),
    OPENAI_BASE_URL: modelUrl,
    SVC_MODEL_PRICES: JSON.stringify({ 'gpt-4o': { inputPerMTok: 1, outputPerMTok: 5 } }),
  };
}

async function call(url: string, method: string, path: string, body?: unknown, token = OPERATOR) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const complete = (url: string, model = 'gpt-4o') => call(url, 'POST', '/model/complete', { prompt: 'hi', model }, AGENT);
const audits = (sys: TestSystem, type: string) => sys.store.em().find(AuditEvent, { type }, { orderBy: { id: 'asc' } });

t.test('embedded: hard refuses before the provider, soft warns once, unpriced is never free', async (t) => {
  const model = await fakeModelServer(t);
  const sys = await startSystem(t, { env: env(model.url) });
  const health = await call(sys.url, 'GET', '/health');
  t.same(health.json.budgets, { inference: { counters: 'process', floorMicroDollars: UNPRICED_CALL_FLOOR_MICRO_DOLLARS } });

  const seat = await call(sys.url, 'PUT', '/budgets/inference/payments', { limitMicroDollars: 5000, enforcement: 'hard' }, AGENT);
  t.equal(seat.status, 403, 'a seat cannot set its own limit');
  t.equal(seat.json.error, 'operator_only');
  const bad = await call(sys.url, 'PUT', '/budgets/inference/payments', { limitMicroDollars: -1, enforcement: 'hard' });
  t.equal(bad.status, 400);
  t.equal(bad.json.error, 'invalid_request');

  const set = await call(sys.url, 'PUT', '/budgets/inference/payments', { limitMicroDollars: 5000, enforcement: 'hard' });
  t.equal(set.status, 200);
  t.match(set.json, { crew: 'payments', enforcement: 'hard', limitMicroDollars: 5000, spentMicroDollars: 0, counters: 'process' });

  t.equal((await complete(sys.url)).status, 200);
  t.equal((await complete(sys.url)).status, 200);
  t.equal(model.calls(), 2);
  const refused = await complete(sys.url);
  t.equal(refused.status, 402);
  t.equal(refused.json.error, 'inference_budget_exceeded');
  t.match(refused.json.message, /payments.*the model provider was not asked/);
  t.equal(model.calls(), 2, 'the provider was not reached');
  const after = await call(sys.url, 'GET', '/budgets/inference/payments');
  t.match(after.json, { spentMicroDollars: 2 * PER_CALL, calls: 2, refusedCalls: 1, heldMicroDollars: 0, remainingMicroDollars: 1000 });
  const [ev] = await audits(sys, 'InferenceBudgetRefused');
  t.match(ev?.data, { crew: 'payments', seat: 'treasurer', model: 'gpt-4o', limitMicroDollars: 5000, spentMicroDollars: 4000 });

  // A run's model step is bounded the same way, and fails with the same code.
  const run = await call(
    sys.url,
    'POST',
    '/flows/run',
    { flow: { id: 'ask', steps: [{ id: 'a', kind: 'model', prompt: 'x', model: 'gpt-4o' }] } },
    AGENT,
  );
  t.equal(run.json.error?.code, 'inference_budget_exceeded');
  t.equal(model.calls(), 2);

  const reset = await call(sys.url, 'POST', '/budgets/inference/payments/reset');
  t.match(reset.json, { spentMicroDollars: 0, calls: 0, refusedCalls: 0 });
  t.equal((await complete(sys.url)).status, 200, 'after a reset calls are admitted again');
  t.equal(model.calls(), 3);
  t.equal((await call(sys.url, 'DELETE', '/budgets/inference/payments')).json.removed, true);

  // Soft: a budget on the seat itself, over the limit on the second call, warned once.
  await call(sys.url, 'PUT', '/budgets/inference/treasurer', { limitMicroDollars: 3000, enforcement: 'soft' });
  for (let i = 0; i < 3; i++) t.equal((await complete(sys.url)).status, 200, `soft call ${i + 1} goes on`);
  t.equal(model.calls(), 6);
  const soft = await call(sys.url, 'GET', '/budgets/inference/treasurer');
  t.match(soft.json, { spentMicroDollars: 3 * PER_CALL, exceeded: true, calls: 3 });
  const warned = await audits(sys, 'InferenceBudgetExceeded');
  t.equal(warned.length, 1, 'one warning per crossing');
  t.match(warned[0]!.data, { crew: 'treasurer', enforcement: 'soft', limitMicroDollars: 3000, spentMicroDollars: 4000 });
  t.ok(sys.logs.some((l) => l.includes('soft inference budget exceeded')));

  // An unpriced model is charged the floor, never zero.
  await call(sys.url, 'POST', '/budgets/inference/treasurer/reset');
  t.equal((await complete(sys.url, 'mystery-model')).json.microDollars, null);
  const floor = await call(sys.url, 'GET', '/budgets/inference/treasurer');
  t.match(floor.json, { spentMicroDollars: UNPRICED_CALL_FLOOR_MICRO_DOLLARS, unpricedCalls: 1, calls: 1 });

  const list = await call(sys.url, 'GET', '/budgets/inference');
  t.same(
    list.json.budgets.map((b: any) => b.crew),
    ['treasurer'],
  );
  t.equal((await call(sys.url, 'GET', '/budgets/inference/nobody')).status, 404);
  const changes = await audits(sys, 'InferenceBudgetChanged');
  t.same(
    changes.map((c) => `${(c.data as any).crew}:${(c.data as any).change}`),
    ['payments:set', 'payments:reset', 'payments:removed', 'treasurer:set', 'treasurer:reset'],
  );
});

const pgSkip = await skipUnless('postgres');
const realSkip = await skipUnless('postgres', 'nats');

t.test('postgres: counters survive a restart', { skip: pgSkip }, async (t) => {
  const model = await fakeModelServer(t);
  const schema = uniqueName('t_');
  const { dropSchema } = await import('../helpers/system.js');
  t.teardown(() => dropSchema(schema));
  const first = await startSystem(t, { postgres: { schema }, env: env(model.url) });
  await call(first.url, 'PUT', '/budgets/inference/finance', { limitMicroDollars: 4000, enforcement: 'hard' });
  t.equal((await complete(first.url)).status, 200);
  t.equal((await complete(first.url)).status, 200);
  await first.close();

  const second = await startSystem(t, { postgres: { schema }, env: env(model.url) });
  t.equal((await call(second.url, 'GET', '/health')).json.budgets.inference.counters, 'postgres');
  const kept = await call(second.url, 'GET', '/budgets/inference/finance');
  t.match(kept.json, { spentMicroDollars: 2 * PER_CALL, calls: 2, counters: 'postgres' });
  t.equal((await complete(second.url)).status, 402, 'the restarted process still finds the budget spent');
  t.equal(model.calls(), 2);
});

t.test('postgres + NATS: two worker processes overshoot one hard budget by at most one call', { skip: realSkip }, async (t: Test) => {
  // Slow answers keep calls of both workers in flight at once.
  const model = await fakeModelServer(t, { delayMs: 40 });
  const real = claimReal(t);
  const base = { ...env(model.url), ...real.env, LOG_LEVEL: 'debug' };
  const workers = await Promise.all([1, 2].map(() => startSvc(t, ['worker', '--actors', 'ops'], base)));
  const gateway = await startSystem(t, {
    role: 'gateway',
    nats: { prefix: real.prefix },
    postgres: { schema: real.schema },
    env: env(model.url),
  });
  const LIMIT = 7 * PER_CALL;
  await call(gateway.url, 'PUT', '/budgets/inference/payments', { limitMicroDollars: LIMIT, enforcement: 'hard' });
  // Warm the estimate with one call, then race: waves of concurrent calls until all are refused.
  t.equal((await complete(gateway.url)).status, 200);
  let refusedWave = false;
  for (let wave = 0; wave < 10 && !refusedWave; wave++) {
    const answers = await Promise.all(Array.from({ length: 6 }, () => complete(gateway.url)));
    for (const a of answers) t.ok(a.status === 200 || a.json.error === 'inference_budget_exceeded', `answer ${a.status}`);
    refusedWave = answers.every((a) => a.status === 402);
  }
  t.ok(refusedWave, 'the budget ran out');
  const b = await call(gateway.url, 'GET', '/budgets/inference/payments');
  t.ok(b.json.spentMicroDollars <= LIMIT + PER_CALL, `spent ${b.json.spentMicroDollars} of ${LIMIT}: at most one call over`);
  t.ok(b.json.spentMicroDollars >= LIMIT - PER_CALL, 'the limit was used, not refused early');
  t.equal(model.calls(), b.json.calls, 'every provider call was counted');
  t.ok(model.calls() <= LIMIT / PER_CALL + 1, `${model.calls()} provider calls`);
  t.equal(b.json.heldMicroDollars, 0, 'nothing is left held');
  const served = workers.map((w) => w.lines.filter((l) => l.includes('"msg":"model call"')).length);
  t.ok(
    served.every((n) => n > 0),
    `both workers called the model (${served.join(' and ')})`,
  );
});
