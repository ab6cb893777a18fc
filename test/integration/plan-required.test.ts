/**
 * Plan-required mode on the real engine, gate actor and store: a spend step is refused with
 * `plan_required` (no attempt opened) until its principal posts a `plan` message in its own
 * thread; a plan posted by someone else does not count; a plan stops counting once the window
 * has passed (injected clock); a step that is not a spend is never asked for one; and an
 * unreadable rule set fails open, saying so in the boot log and in /health.
 */
import t from 'tap';
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import { startSystem, type TestSystem } from '../helpers/system.js';

const OPERATOR = 'operator-token-0123456789abcdef';
const AGENT = 'agent-seat-token-0123456789';
const IDENTITIES = JSON.stringify([{ token: AGENT, seat: 'treasurer', kind: 'agent' }]);

let offset = 0;
const now = () => Date.now() + offset;

async function call(sys: TestSystem, method: string, path: string, body?: unknown, token = OPERATOR) {
  const res = await fetch(sys.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const SPEND = {
  id: 'pay',
  steps: [
    { id: 'think', kind: 'model', prompt: 'Should we pay {{input}}?' },
    { id: 'spend', kind: 'gate', value: '{{input}}', onAllow: null, onEscalate: null, onDeny: null },
  ],
};

const sys = await startSystem(t, {
  now,
  env: { SVC_ORCH_TOKEN: OPERATOR, SVC_IDENTITIES: IDENTITIES, SVC_PLAN_REQUIRED: 'spends_only', SVC_PLAN_REQUIRED_WINDOW_MIN: '5' },
});
const runAsAgent = () => call(sys, 'POST', '/flows/run', { flow: SPEND, input: '1000' }, AGENT);

t.test('a spend without a plan is refused before it is attempted', async (t) => {
  const health = await call(sys, 'GET', '/health');
  t.same(health.json.planRequired, { mode: 'spends_only', windowMinutes: 5 });
  t.ok(
    sys.logs.some((l) => l.includes('plan-required mode is on')),
    'the boot log says the mode is on',
  );

  const r = await runAsAgent();
  t.equal(r.json.status, 'error');
  t.equal(r.json.error.code, 'plan_required');
  t.match(r.json.error.message, /treasurer has posted no plan/);
  t.same(
    r.json.steps.map((s: any) => `${s.stepId}:${s.status}`),
    ['think:done', 'spend:failed'],
    'the model step is no spend and ran; the spend did not',
  );
  const state = await call(sys, 'GET', `/flows/runs/state?runId=${r.json.id}`);
  t.same(state.json.attempts, [], 'no attempt was opened: nothing to reconcile');
  const refused = await sys.store.em().find(AuditEvent, { type: 'PlanRequiredRefused' });
  t.equal(refused.length, 1);
  t.match(refused[0]!.data, { runId: r.json.id, stepId: 'spend', principal: 'treasurer', kind: 'gate', mode: 'spends_only' });
});

t.test('a plan posted by the operator in the agent thread does not count', async (t) => {
  const posted = await call(sys, 'POST', '/messages', { thread: 'agent:treasurer', kind: 'plan', body: 'pay 1000 to acme' });
  t.equal(posted.status, 200);
  const r = await runAsAgent();
  t.equal(r.json.error?.code, 'plan_required');
});

t.test("the agent's own plan lets the spend reach its policy; past the window it is refused again", async (t) => {
  const posted = await call(
    sys,
    'POST',
    '/messages',
    { thread: 'agent:treasurer', kind: 'plan', body: 'pay invoice 42 (1000) to acme' },
    AGENT,
  );
  t.equal(posted.status, 200);
  t.equal(posted.json.message.thread, 'agent:treasurer');
  t.equal(posted.json.message.kind, 'plan');

  const ok = await runAsAgent();
  t.equal(ok.json.status, 'completed');
  t.equal(ok.json.steps[1].verdict, 'ESCALATE', 'the plan approved nothing: the policy verdict still decides');

  offset += 4 * 60_000;
  t.equal((await runAsAgent()).json.status, 'completed', 'four minutes on, the plan is current');
  offset += 2 * 60_000;
  const late = await runAsAgent();
  t.equal(late.json.status, 'error');
  t.equal(late.json.error.code, 'plan_required', 'six minutes on, a five-minute window has passed');
});

t.test('an unreadable rule set fails open and says so at boot and in /health', async (t) => {
  const open = await startSystem(t, {
    env: { SVC_ORCH_TOKEN: OPERATOR, SVC_IDENTITIES: IDENTITIES, SVC_PLAN_REQUIRED: 'spends-only' },
  });
  const health = await call(open, 'GET', '/health');
  t.equal(health.json.planRequired.mode, 'off');
  t.match(health.json.planRequired.configError, /SVC_PLAN_REQUIRED must be spends_only or side_effects.*fails open/);
  t.ok(
    open.logs.some((l) => l.includes('"level":40') && l.includes('plan-required mode is off (fails open)')),
    'a warning at boot',
  );
  const r = await call(open, 'POST', '/flows/run', { flow: SPEND, input: '1000' }, AGENT);
  t.equal(r.json.status, 'completed', 'no plan, yet the spend is not refused');

  const badWindow = await startSystem(t, { env: { SVC_PLAN_REQUIRED: 'side_effects', SVC_PLAN_REQUIRED_WINDOW_MIN: 'soon' } });
  const h2 = await call(badWindow, 'GET', '/health');
  t.equal(h2.json.planRequired.mode, 'off');
  t.match(h2.json.planRequired.configError, /SVC_PLAN_REQUIRED_WINDOW_MIN/);
});

t.test('side_effects mode asks a plan of a connector call too, not of a read', async (t) => {
  const fx = await startSystem(t, {
    env: {
      SVC_ORCH_TOKEN: OPERATOR,
      SVC_IDENTITIES: IDENTITIES,
      SVC_PLAN_REQUIRED: 'side_effects',
      SVC_CONNECTORS: JSON.stringify([{ id: 'crm', baseUrl: 'http://127.0.0.1:9', routes: { note: { method: 'POST', path: '/n' } } }]),
    },
  });
  const read = await call(
    fx,
    'POST',
    '/flows/run',
    { flow: { id: 'r', steps: [{ id: 'tree', kind: 'tool', tool: 'svc_org_tree' }] } },
    AGENT,
  );
  t.equal(read.json.status, 'completed', 'a read is no side effect');
  const write = { id: 'w', steps: [{ id: 'note', kind: 'tool', tool: 'crm.note', args: { text: 'hi' } }] };
  const r = await call(fx, 'POST', '/flows/run', { flow: write }, AGENT);
  t.equal(r.json.error?.code, 'plan_required');
  await call(fx, 'POST', '/messages', { thread: 'agent:treasurer', kind: 'plan', body: 'leave a note in the crm' }, AGENT);
  const after = await call(fx, 'POST', '/flows/run', { flow: write }, AGENT);
  t.not(after.json.error?.code, 'plan_required', 'with a plan the call is attempted (the far side may still fail)');
  const state = await call(fx, 'GET', `/flows/runs/state?runId=${after.json.id}`);
  t.equal(state.json.attempts.length, 1, 'the connector call was attempted');
});
