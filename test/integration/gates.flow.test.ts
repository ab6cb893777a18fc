/**
 * Human gates end to end with the engine: a flow with a `human` step run by POST /flows/run
 * parks on one question, is answered by POST /messages and completes down the option's port;
 * a resume re-enters without a second question; a timeout (injected clock, minute sweep) takes
 * timeoutPort or fails the run closed; cancel closes the gate.
 */
import t from 'tap';
import { GateQuestion } from '../../store/entities/GateQuestion.js';
import { startSystem, type TestSystem } from '../helpers/system.js';

const OPERATOR_TOKEN = 'operator-token-0123456789abcdef';
const ALICE = 'alice-human-token-0123456789';
const MIN = 60_000;

let offset = 0;
const now = () => Date.now() + offset;

async function http(sys: TestSystem, method: string, path: string, body?: unknown, token = OPERATOR_TOKEN) {
  const res = await fetch(`${sys.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function runUntil(sys: TestSystem, runId: string, done: (run: any) => boolean, ms = 8000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const { body } = await http(sys, 'GET', `/flows/runs/state?runId=${runId}`);
    const run = body.run ?? body;
    if (done(run)) return run;
    if (Date.now() > end) throw new Error(`run ${runId} stuck: ${JSON.stringify(run).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function flow(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    steps: [
      {
        id: 'ask',
        kind: 'human',
        prompt: 'Pay invoice {{input}}?',
        assignee: 'seat:alice',
        options: [
          { id: 'approve', label: 'Approve', port: 'pay' },
          { id: 'reject', label: 'Reject', port: null },
        ],
        ...extra,
      },
      { id: 'pay', kind: 'model', prompt: 'paid {{input}}', next: null },
      { id: 'late', kind: 'model', prompt: 'escalated {{input}}', next: null },
    ],
  };
}

t.test('a human step through the engine', async (t) => {
  const sys = await startSystem(t, {
    now,
    env: {
      SVC_ORCH_TOKEN: OPERATOR_TOKEN,
      SVC_CLOCK_TICK_MS: '100',
      SVC_IDENTITIES: JSON.stringify([{ token: ALICE, seat: 'alice', kind: 'human' }]),
    },
  });

  const start = async (f: unknown) => {
    const res = await http(sys, 'POST', '/flows/run', { flow: f, input: '42', as: 'treasurer' });
    t.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    return res.body;
  };

  t.test('parks on one question, a resume finds it, the answer completes the run down its port', async (t) => {
    const run = await start(flow('gate-e2e'));
    t.equal(run.status, 'waiting');
    t.match(run.waiting, { reason: 'human_gate', stepId: 'ask', token: String });
    const qid = run.waiting.token as string;
    const q = await sys.store.em().findOneOrFail(GateQuestion, { id: qid });
    t.equal(q.prompt, 'Pay invoice 42?');
    t.equal(q.thread, 'agent:treasurer');

    const resumed = await http(sys, 'POST', '/flows/runs/resume', { runId: run.id });
    t.ok([200, 202].includes(resumed.status), `resume answered ${resumed.status}: ${JSON.stringify(resumed.body).slice(0, 200)}`);
    const parkedAgain = await runUntil(sys, run.id, (r) => r.status === 'waiting');
    t.equal(parkedAgain.waiting.token, qid, 'the same question after a resume');
    t.equal(await sys.store.em().count(GateQuestion, { runId: run.id }), 1, 'exactly one question');

    const answer = await http(sys, 'POST', '/messages', { replyTo: qid, body: 'Approve' }, ALICE);
    t.equal(answer.status, 200);
    t.match(answer.body.gate, { outcome: 'resolved', optionId: 'approve' });
    const done = await runUntil(sys, run.id, (r) => r.status === 'completed' || r.status === 'error');
    t.equal(done.status, 'completed');
    t.ok(
      done.steps.some((s: any) => s.stepId === 'pay' && s.status === 'done'),
      'took the approve port',
    );
    t.notOk(done.steps.some((s: any) => s.stepId === 'late'));
  });

  t.test('cancel closes the gate; a late answer changes nothing', async (t) => {
    const run = await start(flow('gate-cancel'));
    const qid = run.waiting.token as string;
    const cancelled = await http(sys, 'POST', '/flows/runs/cancel', { runId: run.id });
    t.equal(cancelled.status, 200);
    const q = await (async () => {
      for (let i = 0; i < 100; i++) {
        const row = await sys.store.em().findOneOrFail(GateQuestion, { id: qid });
        if (row.status !== 'open') return row;
        await new Promise((r) => setTimeout(r, 50));
      }
      return sys.store.em().findOneOrFail(GateQuestion, { id: qid });
    })();
    t.equal(q.status, 'closed');
    const late = await http(sys, 'POST', '/messages', { replyTo: qid, body: 'approve' }, ALICE);
    t.match(late.body.gate, { outcome: 'not_open', status: 'closed' });
    const after = await runUntil(sys, run.id, () => true);
    t.equal(after.status, 'cancelled');
  });

  t.test('delegation: a child parked on a gate parks its parent; answered, rejected, cancelled', async (t) => {
    t.equal((await http(sys, 'POST', '/flows', { flow: flow('child-gate') })).status, 200);
    const parentFlow = (id: string) => ({
      id,
      steps: [
        { id: 'deleg', kind: 'agent', agent: 'carol', flowId: 'child-gate' },
        { id: 'after', kind: 'model', prompt: 'parent got {{steps.deleg.text}}', next: null },
      ],
    });
    const parked = async (id: string) => {
      const parent = await start(parentFlow(id));
      t.equal(parent.status, 'waiting');
      t.match(parent.waiting, { reason: 'awaiting_child', stepId: 'deleg', token: /^run-/ });
      const child = await runUntil(sys, parent.waiting.token, (r) => r.status === 'waiting');
      t.equal(child.principal, 'carol', 'the child runs as the delegate');
      t.match(child.waiting, { reason: 'human_gate', stepId: 'ask' });
      const q = await sys.store.em().findOneOrFail(GateQuestion, { id: child.waiting.token });
      t.equal(q.thread, 'agent:carol', "asked in the delegate's thread");
      return { parent, childId: parent.waiting.token as string, qid: child.waiting.token as string };
    };

    const a = await parked('parent-approve');
    t.equal((await http(sys, 'POST', '/messages', { replyTo: a.qid, body: 'approve' }, ALICE)).status, 200);
    const child = await runUntil(sys, a.childId, (r) => r.status !== 'waiting');
    t.equal(child.status, 'completed');
    const done = await runUntil(sys, a.parent.id, (r) => r.status !== 'waiting' && r.status !== 'running');
    t.equal(done.status, 'completed', 'the finished child woke its parent');
    t.same(
      done.steps.map((x: any) => `${x.stepId}:${x.status}`),
      ['deleg:parked', 'deleg:done', 'after:done'],
    );

    const r = await parked('parent-reject');
    t.equal((await http(sys, 'POST', '/messages', { replyTo: r.qid, body: 'reject' }, ALICE)).status, 200);
    const rejectedChild = await runUntil(sys, r.childId, (x) => x.status !== 'waiting');
    t.equal(rejectedChild.status, 'completed', 'the child takes the reject port and finishes');
    const afterReject = await runUntil(sys, r.parent.id, (x) => x.status !== 'waiting' && x.status !== 'running');
    t.equal(afterReject.status, 'completed', 'a rejected gate inside the child is not a failure');

    const c = await parked('parent-cancel');
    t.equal((await http(sys, 'POST', '/flows/runs/cancel', { runId: c.parent.id })).status, 200);
    const closed = await (async () => {
      for (let i = 0; i < 100; i++) {
        const row = await sys.store.em().fork().findOneOrFail(GateQuestion, { id: c.qid });
        if (row.status !== 'open') return row;
        await new Promise((res) => setTimeout(res, 50));
      }
      return sys.store.em().fork().findOneOrFail(GateQuestion, { id: c.qid });
    })();
    t.equal(closed.status, 'closed', "cancelling the parent closes the delegate's gate");
    t.equal((await runUntil(sys, c.childId, () => true)).status, 'cancelled');
    const late = await http(sys, 'POST', '/messages', { replyTo: c.qid, body: 'approve' }, ALICE);
    t.match(late.body.gate, { outcome: 'not_open', status: 'closed' }, 'a late answer lands on a closed question');
    t.equal((await runUntil(sys, c.parent.id, () => true)).status, 'cancelled');
  });

  t.test('deadline: timeoutPort routes on, no timeoutPort fails closed', async (t) => {
    const withPort = await start(flow('gate-timeout-port', { timeoutMs: 5 * MIN, timeoutPort: 'late' }));
    const noPort = await start(flow('gate-timeout-fail', { timeoutMs: 5 * MIN }));
    t.equal(withPort.status, 'waiting');
    t.equal(noPort.status, 'waiting');
    offset += 6 * MIN;
    const a = await runUntil(sys, withPort.id, (r) => r.status !== 'waiting');
    t.equal(a.status, 'completed');
    t.ok(
      a.steps.some((s: any) => s.stepId === 'late' && s.status === 'done'),
      'took timeoutPort',
    );
    const b = await runUntil(sys, noPort.id, (r) => r.status !== 'waiting');
    t.equal(b.status, 'error');
    t.equal(b.error?.code, 'human_gate_timed_out');
  });
});
