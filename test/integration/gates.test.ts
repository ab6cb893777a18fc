/**
 * Human gates through the real gate actor, bus and store: one question per (run, step), option
 * routing, re-post on a non-option, an agent's reply, assignee mismatch (403), expiry by the
 * minute sweep on an injected clock (with and without timeoutPort), cancel closing the gate,
 * and exactly one question and one expiry across two replicas on JetStream + PostgreSQL.
 * The run actor is stood in for by a test consumer of `run.signal`, so these tests do not
 * depend on the engine; the human step executor is driven with a hand-built StepContext.
 */
import t, { type Test } from 'tap';
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import { GateQuestion } from '../../store/entities/GateQuestion.js';
import { Message } from '../../store/entities/Message.js';
import { validAssignee, type GateOpenReply, type GateOpenRequest } from '../../schemas/gates.js';
import type { HumanStep } from '../../schemas/flows.js';
import type { Static } from 'typebox';
import { humanStep } from '../../actors/run/steps/human.js';
import type { StepContext } from '../../actors/run/steps/types.js';
import type { ResumeSignal } from '../../schemas/runs.js';
import type { RunSignal } from '../../actors/gate/sweep.js';
import { matchOption, isAssignee } from '../../actors/gate/rules.js';
import { gatesOf } from '../../store/gates/index.js';
import { claimReal, startSystem, type TestSystem } from '../helpers/system.js';
import { skipUnless, uniqueName } from '../helpers/services.js';
import { pollFor } from '../helpers/poll.js';

const OPERATOR_TOKEN = 'operator-token-0123456789abcdef';
const ALICE = 'alice-human-token-0123456789';
const BOB = 'bob-human-token-0123456789ab';
const AGENT = 'agent-seat-token-0123456789';
const IDENTITIES = JSON.stringify([
  { token: ALICE, seat: 'alice', kind: 'human' },
  { token: BOB, seat: 'bob', kind: 'human' },
  { token: AGENT, seat: 'treasurer', kind: 'agent' },
]);
const MIN = 60_000;

const OPTIONS = [
  { id: 'approve', label: 'Approve it', port: 'pay' },
  { id: 'reject', label: 'Reject', port: null },
];

function clock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

/** A system without the engine: the test consumes `run.signal` itself. */
async function gateSystem(t: Test, extra: Parameters<typeof startSystem>[1] = {}): Promise<{ sys: TestSystem; signals: RunSignal[] }> {
  const sys = await startSystem(t, {
    actors: ['ops', 'clock', 'gate'],
    ...extra,
    env: { SVC_ORCH_TOKEN: OPERATOR_TOKEN, SVC_IDENTITIES: IDENTITIES, SVC_CLOCK_TICK_MS: '100', ...extra.env },
  });
  const signals: RunSignal[] = [];
  const c = await sys.bus.consume('run', {
    signal: async (_ctx, p: RunSignal) => {
      signals.push(p);
      return {};
    },
  });
  t.teardown(() => c.stop(1000));
  return { sys, signals };
}

function openRequest(over: Partial<GateOpenRequest> = {}): GateOpenRequest {
  return {
    runId: uniqueName('run-'),
    stepId: 'ask',
    purpose: 'human_gate',
    principal: 'treasurer',
    prompt: 'Pay invoice 42 of 1200 USDC?',
    options: OPTIONS,
    ...over,
  };
}

async function post(sys: TestSystem, token: string, body: Record<string, unknown>) {
  const res = await fetch(`${sys.url}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function get(sys: TestSystem, path: string, token = OPERATOR_TOKEN) {
  const res = await fetch(`${sys.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

async function audits(sys: TestSystem, type: string) {
  return sys.store.em().find(AuditEvent, { type }, { orderBy: { id: 'asc' } });
}

type HumanStepDef = Static<typeof HumanStep>;

function humanCtx(
  sys: TestSystem,
  runId: string,
  step: HumanStepDef,
  resume?: ResumeSignal,
  vars: Record<string, string> = {},
): StepContext<HumanStepDef> {
  const render = (s: string) => s.replace(/\{\{\s*([a-z.]+)\s*\}\}/g, (_m, k: string) => vars[k] ?? '');
  return {
    run: {
      id: runId,
      principal: 'treasurer',
      flow: { id: 'f', steps: [step] },
      input: undefined,
      trigger: 'manual',
      stack: ['f'],
      parent: undefined,
    },
    step,
    outputs: {},
    render,
    attemptKey: `${runId}:${step.id}:1`,
    resume,
    traceId: `trace-${runId}`,
    deps: { config: {} as never, bus: sys.bus, store: sys.store, audit: sys.audit, log: sys.log, model: {} as never, now: Date.now },
  };
}

t.test('rules', async (t) => {
  t.equal(matchOption(OPTIONS, '  APPROVE ')?.id, 'approve');
  t.equal(matchOption(OPTIONS, 'approve it')?.id, 'approve', 'by label');
  t.equal(matchOption(OPTIONS, 'yes please'), undefined);
  t.ok(isAssignee('seat:alice', 'x', 'alice'));
  t.ok(isAssignee('alice', 'alice', null));
  t.ok(isAssignee('0xAbC', 'x', '0xabc'));
  t.notOk(isAssignee('alice', 'bob', 'bob'));
  t.ok(isAssignee(null, 'bob', 'bob'));
  t.notOk(validAssignee('alice bob'));
  t.ok(validAssignee('seat:alice'));
});

t.test('gates on one process (embedded bus, SQLite)', async (t) => {
  const c = clock();
  const { sys, signals } = await gateSystem(t, { now: c.now });

  t.test('open is idempotent per (run, step) and posts one question in the principal thread', async (t) => {
    const req = openRequest();
    const first = await sys.bus.call<GateOpenReply>('gate', 'open', req);
    const again = await sys.bus.call<GateOpenReply>('gate', 'open', req);
    t.equal(first.created, true);
    t.equal(again.created, false);
    t.equal(again.questionId, first.questionId, 'a re-open finds the same question');
    t.equal(first.thread, 'agent:treasurer');
    t.equal(await sys.store.em().count(GateQuestion, { runId: req.runId }), 1);
    t.equal(await sys.store.em().count(Message, { questionId: first.questionId, kind: 'question' }), 1, 'posted once');
    const opened = (await audits(sys, 'HumanGateOpened')).filter((e) => e.data.questionId === first.questionId);
    t.equal(opened.length, 1);
    t.notMatch(JSON.stringify(opened[0]!.data), 'invoice 42', 'the event never carries the rendered prompt');
    t.match(opened[0]!.data, { runId: req.runId, questionId: first.questionId });
    const pending = await get(sys, '/flows/gates?status=pending');
    t.equal(pending.status, 200);
    t.ok(pending.body.gates.some((g: any) => g.questionId === first.questionId && g.status === 'open' && g.prompt === req.prompt));
    const thread = await get(sys, '/messages?thread=agent:treasurer');
    t.ok(thread.body.messages.some((m: any) => m.kind === 'question' && m.questionId === first.questionId && m.authorKind === 'system'));
  });

  t.test('a listed option resolves once, and the run is signalled down its port', async (t) => {
    const q = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest());
    const res = await post(sys, ALICE, { replyTo: q.questionId, body: ' approve it ', authorKind: 'agent', author: 'mallory' });
    t.equal(res.status, 200);
    t.match(res.body.gate, { questionId: q.questionId, outcome: 'resolved', status: 'resolved', optionId: 'approve' });
    t.match(
      res.body.message,
      {
        thread: 'agent:treasurer',
        replyTo: q.questionId,
        kind: 'answer',
        authorKind: 'human',
        author: 'alice',
        authorId: 'alice',
        outcome: 'resolved',
      },
      'author fields come from the token, not the body',
    );
    const sig = await pollFor('the signal', () =>
      signals.find((s) => s.signal.kind === 'gate_answered' && s.signal.questionId === q.questionId),
    );
    t.same(sig.signal, { kind: 'gate_answered', questionId: q.questionId, optionId: 'approve', port: 'pay' });
    const late = await post(sys, BOB, { replyTo: q.questionId, body: 'reject' });
    t.equal(late.status, 200);
    t.match(late.body.gate, { outcome: 'not_open', status: 'resolved', optionId: 'approve' }, 'a second answer does not win');
    t.equal((await audits(sys, 'HumanGateResolved')).filter((e) => e.data.questionId === q.questionId).length, 1);
  });

  t.test('a reply naming no option re-posts the question and leaves it open', async (t) => {
    const q = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest());
    const res = await post(sys, ALICE, { replyTo: q.questionId, body: 'maybe later?' });
    t.equal(res.status, 200);
    t.match(res.body.gate, { outcome: 'not_an_option', status: 'open' });
    t.equal(await sys.store.em().count(Message, { questionId: q.questionId, kind: 'question' }), 2, 're-posted');
    t.equal((await sys.store.em().findOneOrFail(GateQuestion, { id: q.questionId })).status, 'open');
  });

  t.test("an agent's reply leaves the gate open with HumanGateUnresolved", async (t) => {
    const q = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest());
    const res = await post(sys, AGENT, { replyTo: q.questionId, body: 'approve', authorKind: 'human' });
    t.equal(res.status, 200);
    t.match(res.body.gate, { outcome: 'agent_reply', status: 'open' });
    t.equal(res.body.message.authorKind, 'agent');
    const un = (await audits(sys, 'HumanGateUnresolved')).filter((e) => e.data.questionId === q.questionId);
    t.match(un, [{ data: { reason: 'agent_reply', runId: String } }]);
    t.equal((await sys.store.em().findOneOrFail(GateQuestion, { id: q.questionId })).status, 'open');
  });

  t.test('a non-assignee answer is recorded assignee_mismatch and answered 403; the assignee resolves', async (t) => {
    const q = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest({ assignee: 'seat:alice' }));
    const before = await sys.store.em().count(Message, { questionId: q.questionId, kind: 'question' });
    const res = await post(sys, BOB, { replyTo: q.questionId, body: 'approve', author: 'alice', authorId: 'alice' });
    t.equal(res.status, 403);
    t.equal(res.body.error, 'gate_assignee_mismatch');
    const stored = await sys.store.em().findOneOrFail(Message, { replyTo: q.questionId, author: 'bob' });
    t.equal(stored.outcome, 'assignee_mismatch', 'recorded');
    t.equal(await sys.store.em().count(Message, { questionId: q.questionId, kind: 'question' }), before, 'not re-posted');
    t.match(
      (await audits(sys, 'HumanGateUnresolved')).filter((e) => e.data.questionId === q.questionId),
      [{ data: { reason: 'assignee_mismatch' } }],
    );
    const ok = await post(sys, ALICE, { replyTo: q.questionId, body: 'reject' });
    t.equal(ok.status, 200);
    t.match(ok.body.gate, { outcome: 'resolved', optionId: 'reject' });
    const sig = await pollFor('the signal', () =>
      signals.find((s) => s.signal.kind === 'gate_answered' && s.signal.questionId === q.questionId),
    );
    t.same(sig.signal, { kind: 'gate_answered', questionId: q.questionId, optionId: 'reject', port: null });
  });

  t.test('cancel closes the gate; a late answer lands on a closed question', async (t) => {
    const req = openRequest();
    const q = await sys.bus.call<GateOpenReply>('gate', 'open', req);
    const closed = await sys.bus.call<{ closed: string[] }>('gate', 'close', { runId: req.runId, reason: 'cancelled' });
    t.same(closed.closed, [q.questionId]);
    const late = await post(sys, ALICE, { replyTo: q.questionId, body: 'approve' });
    t.equal(late.status, 200);
    t.match(late.body.gate, { outcome: 'not_open', status: 'closed' });
    t.equal(late.body.message.outcome, 'not_open');
    t.notOk(
      signals.some((s) => s.signal.kind === 'gate_answered' && s.signal.questionId === q.questionId),
      'the run is not woken',
    );
    const pending = await get(sys, '/flows/gates');
    t.notOk(pending.body.gates.some((g: any) => g.questionId === q.questionId));
  });

  t.test('the human step: parks on the question, routes an answer, fails an invalid assignee', async (t) => {
    const runId = uniqueName('run-');
    const step: HumanStepDef = { id: 'ask', kind: 'human', prompt: 'Pay {{input}}?', options: OPTIONS, assignee: '{{who}}' };
    const parked = await humanStep.execute(humanCtx(sys, runId, step, undefined, { input: '42', who: 'alice' }));
    t.match(parked, { kind: 'park', reason: 'human_gate', token: String });
    const token = (parked as { token: string }).token;
    const reentered = await humanStep.execute(humanCtx(sys, runId, step, undefined, { input: '42', who: 'alice' }));
    t.equal((reentered as { token: string }).token, token, 'a resume finds the existing question');
    t.equal(await sys.store.em().count(GateQuestion, { runId }), 1);
    const q = await sys.store.em().findOneOrFail(GateQuestion, { id: token });
    t.equal(q.prompt, 'Pay 42?');
    t.equal(q.assignee, 'alice');
    const done = await humanStep.execute(
      humanCtx(sys, runId, step, { kind: 'gate_answered', questionId: token, optionId: 'approve', port: 'pay' }),
    );
    t.same(done, { kind: 'done', port: 'pay', output: { text: 'approve', summary: 'answered approve (Approve it)' } });
    // An answer that landed while the run was not parked is honoured on re-entry.
    await post(sys, ALICE, { replyTo: token, body: 'reject' });
    const after = await humanStep.execute(humanCtx(sys, runId, step, undefined, { input: '42', who: 'alice' }));
    t.match(after, { kind: 'done', port: null, output: { text: 'reject' } });
    const bad = await humanStep.execute(humanCtx(sys, uniqueName('run-'), step, undefined, { input: '1', who: 'alice bob' }));
    t.match(bad, { kind: 'fail', code: 'human_gate_invalid_assignee' });
    const emptyRun = uniqueName('run-');
    const empty = await humanStep.execute(humanCtx(sys, emptyRun, step, undefined, { input: '1' }));
    t.match(
      empty,
      { kind: 'fail', code: 'human_gate_invalid_assignee', message: /renders empty/ },
      'an assignee that renders empty does not fall open to any human',
    );
    t.equal(await sys.store.em().count(GateQuestion, { runId: emptyRun }), 0, 'no question was opened');
  });

  t.test('expiry: the sweep times gates out on the injected clock; timeoutPort or fail closed', async (t) => {
    const short = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest({ timeoutMs: 5 * MIN }));
    const long = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest({ timeoutMs: 60 * MIN }));
    const under = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest({ timeoutMs: 1000 }));
    t.ok(Date.parse(under.deadlineAt) - c.now() > 23 * 60 * MIN, 'timeoutMs under 5 minutes falls back to the one-day default');
    c.advance(6 * MIN);
    const sig = await pollFor('gate_timed_out', () =>
      signals.find((s) => s.signal.kind === 'gate_timed_out' && s.signal.questionId === short.questionId),
    );
    t.same(sig.signal, { kind: 'gate_timed_out', questionId: short.questionId });
    t.equal((await sys.store.em().findOneOrFail(GateQuestion, { id: short.questionId })).status, 'timed_out');
    t.equal((await sys.store.em().findOneOrFail(GateQuestion, { id: long.questionId })).status, 'open', 'not yet due');
    const ev = (await audits(sys, 'HumanGateTimedOut')).filter((e) => e.data.questionId === short.questionId);
    t.equal(ev.length, 1);
    t.notMatch(JSON.stringify(ev[0]!.data), 'invoice', 'no prompt in the event');
    const late = await post(sys, ALICE, { replyTo: short.questionId, body: 'approve' });
    t.match(late.body.gate, { outcome: 'not_open', status: 'timed_out' });

    const withPort: HumanStepDef = { id: 'ask', kind: 'human', prompt: 'x', options: OPTIONS, timeoutMs: 5 * MIN, timeoutPort: 'escalate' };
    const signal: ResumeSignal = { kind: 'gate_timed_out', questionId: short.questionId };
    t.match(await humanStep.execute(humanCtx(sys, 'r', withPort, signal)), { kind: 'done', port: 'escalate' });
    const { timeoutPort: _drop, ...noPort } = withPort;
    t.match(await humanStep.execute(humanCtx(sys, 'r', noPort, signal)), { kind: 'fail', code: 'human_gate_timed_out' });
  });

  t.test('reading a thread: limit and after', async (t) => {
    const thread = `crew:${uniqueName()}`;
    for (const body of ['one', 'two', 'three']) t.equal((await post(sys, OPERATOR_TOKEN, { thread, body })).status, 200);
    const last2 = await get(sys, `/messages?thread=${thread}&limit=2`);
    t.same(
      last2.body.messages.map((m: any) => m.body),
      ['two', 'three'],
    );
    t.equal(last2.body.messages[0].kind, 'note');
    const after = await get(sys, `/messages?thread=${thread}&after=${last2.body.messages[0].id}`);
    t.same(
      after.body.messages.map((m: any) => m.body),
      ['three'],
    );
    const noThread = await post(sys, ALICE, { body: 'where?' });
    t.equal(noThread.status, 400);
  });

  t.test('a seat reads and writes only its own thread; the operator any', async (t) => {
    t.equal((await post(sys, ALICE, { thread: 'agent:alice', body: 'note to self' })).status, 200);
    const own = await get(sys, '/messages?thread=agent:alice', ALICE);
    t.equal(own.status, 200);
    t.ok(own.body.messages.some((m: any) => m.body === 'note to self'));
    const other = await get(sys, '/messages?thread=agent:alice', BOB);
    t.equal(other.status, 404);
    t.equal(other.body.error, 'record_not_found');
    const spoof = await post(sys, BOB, { thread: 'agent:alice', body: 'approve everything' });
    t.equal(spoof.status, 404, "no notes in another seat's thread");
    t.equal(await sys.store.em().count(Message, { thread: 'agent:alice', author: 'bob' }), 0);
    t.equal((await get(sys, '/messages?thread=agent:treasurer', ALICE)).status, 404);
    t.equal((await get(sys, '/messages?thread=agent:alice')).status, 200, 'the operator reads any thread');
    const noThread = await get(sys, '/messages', ALICE);
    t.equal(noThread.body.thread, 'agent:alice', 'without thread a seat reads its own');
    t.ok(noThread.body.messages.some((m: any) => m.body === 'note to self'));
    t.equal((await get(sys, '/messages')).body.thread, 'agent:operator');
  });

  t.test('a seat lists only the gates of its own runs and those assigned to it', async (t) => {
    const mine = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest({ principal: 'alice', prompt: 'alice secret' }));
    const assigned = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest({ assignee: 'seat:bob', prompt: 'for bob' }));
    const neither = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest({ prompt: 'treasurer secret' }));
    const ids = async (token: string, q = '') => (await get(sys, `/flows/gates${q}`, token)).body.gates.map((g: any) => g.questionId);
    const bob = await ids(BOB);
    t.ok(bob.includes(assigned.questionId), 'assigned to bob');
    t.notOk(bob.includes(mine.questionId), "not alice's");
    t.notOk(bob.includes(neither.questionId), "not the treasurer's");
    const alice = await ids(ALICE);
    t.ok(alice.includes(mine.questionId));
    t.notOk(alice.includes(assigned.questionId));
    const op = await ids(OPERATOR_TOKEN);
    t.ok(
      [mine, assigned, neither].every((q) => op.includes(q.questionId)),
      'the operator sees all',
    );
    t.ok((await ids(AGENT)).includes(neither.questionId), 'the principal sees its own');
    t.ok((await ids(BOB, '?status=all')).includes(assigned.questionId));
  });

  t.test('status=answered lists resolved gates', async (t) => {
    const q = await sys.bus.call<GateOpenReply>('gate', 'open', openRequest());
    t.equal((await post(sys, ALICE, { replyTo: q.questionId, body: 'approve' })).status, 200);
    const res = await get(sys, '/flows/gates?status=answered');
    t.equal(res.status, 200);
    t.ok(res.body.gates.some((g: any) => g.questionId === q.questionId && g.status === 'resolved'));
    t.notOk(res.body.gates.some((g: any) => g.status !== 'resolved'));
  });
});

t.test('a worker running the clock without the gate actor still expires gates', async (t) => {
  const c = clock();
  const sys = await startSystem(t, { actors: ['clock'], now: c.now, env: { SVC_CLOCK_TICK_MS: '100' } });
  const runId = uniqueName('run-');
  const { question } = await gatesOf(sys.store).insertOrFind({
    id: uniqueName('q-'),
    runId,
    stepId: 'ask',
    purpose: 'human_gate',
    principal: 'treasurer',
    thread: 'agent:treasurer',
    prompt: 'x',
    options: OPTIONS,
    assignee: null,
    deadlineAt: new Date(c.now() + 5 * MIN),
    createdAt: new Date(c.now()),
    traceId: `trace-${runId}`,
  });
  c.advance(6 * MIN);
  const expired = await pollFor('expiry', async () => {
    const q = await sys.store.em().fork().findOneOrFail(GateQuestion, { id: question.id });
    return q.status === 'timed_out' ? q : undefined;
  });
  t.equal(expired.status, 'timed_out', "the sweep is the clock's, not the gate consumer's");
});

t.test('two replicas on JetStream + PostgreSQL', { skip: (await skipUnless('postgres', 'nats')) ?? false }, async (t) => {
  const { prefix, schema } = claimReal(t);
  const c = clock();
  const a = await gateSystem(t, { nats: { prefix }, postgres: { schema }, now: c.now });
  const b = await startSystem(t, {
    actors: ['clock', 'gate'],
    nats: { prefix },
    postgres: { schema },
    now: c.now,
    env: { SVC_CLOCK_TICK_MS: '100' },
  });

  t.test('exactly one question however many opens race on both replicas', async (t) => {
    const req = openRequest({ timeoutMs: 5 * MIN });
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? b : a.sys).bus.call<GateOpenReply>('gate', 'open', req)),
    );
    t.equal(new Set(replies.map((r) => r.questionId)).size, 1, 'one question id');
    t.equal(replies.filter((r) => r.created).length, 1, 'created once');
    t.equal(await a.sys.store.em().count(GateQuestion, { runId: req.runId }), 1);
    t.equal(await a.sys.store.em().count(Message, { questionId: replies[0]!.questionId, kind: 'question' }), 1);
    t.equal((await audits(a.sys, 'HumanGateOpened')).filter((e) => e.data.runId === req.runId).length, 1);

    c.advance(6 * MIN);
    await pollFor('expiry', () =>
      a.signals.find((s) => s.signal.kind === 'gate_timed_out' && s.signal.questionId === replies[0]!.questionId),
    );
    await new Promise((r) => setTimeout(r, 500));
    t.equal(
      (await audits(a.sys, 'HumanGateTimedOut')).filter((e) => e.data.questionId === replies[0]!.questionId).length,
      1,
      'expired once across replicas',
    );
    t.equal(
      a.signals.filter((s) => s.signal.kind === 'gate_timed_out' && s.signal.questionId === replies[0]!.questionId).length,
      1,
      'one signal',
    );
  });
});
