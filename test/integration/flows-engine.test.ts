/**
 * The flow engine end to end through HTTP on the embedded stack: routing of every control
 * kind, the no-chain verdicts, parking and resuming, pause/cancel, delegation and scope.
 */
import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSystem, type TestSystem } from '../helpers/system.js';
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import { FlowRun } from '../../store/entities/FlowRun.js';
import { FlowAttempt } from '../../store/entities/FlowAttempt.js';

const SEAT_TOKEN = 'seat-token-alice-0123456789';
const BOB_TOKEN = 'seat-token-bob-0123456789ab';
let gate: (() => void) | undefined;
let blocked = 0;
/** Forgets blocked calls already released (a release answers each call once). */
function resetGate(): void {
  gate = undefined;
}
const side = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    if (req.url?.startsWith('/block')) {
      blocked++;
      const release = () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ released: true }));
      };
      const prev = gate;
      gate = () => {
        prev?.();
        release();
      };
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ got: body ? JSON.parse(body) : null, n: 7 }));
  });
});
await new Promise<void>((r) => side.listen(0, '127.0.0.1', r));
t.teardown(() => new Promise<void>((r) => side.close(() => r())));
const port = (side.address() as AddressInfo).port;

const sys: TestSystem = await startSystem(t, {
  env: {
    SVC_ORCH_TOKEN: 'operator-token-0123456789',
    SVC_IDENTITIES: JSON.stringify([
      { token: SEAT_TOKEN, seat: 'alice', kind: 'human' },
      { token: BOB_TOKEN, seat: 'bob', kind: 'human' },
    ]),
    SVC_CONNECTORS: JSON.stringify([
      {
        id: 'side',
        baseUrl: `http://127.0.0.1:${port}`,
        routes: { echo: { method: 'POST', path: '/echo' }, block: { method: 'POST', path: '/block' } },
      },
    ]),
    LOG_LEVEL: 'warn',
  },
});

async function call(
  method: string,
  path: string,
  body?: unknown,
  token = 'operator-token-0123456789',
): Promise<{ status: number; json: any }> {
  const res = await fetch(sys.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}
const run = (flow: unknown, input?: string, token?: string) =>
  call('POST', '/flows/run', { flow, ...(input === undefined ? {} : { input }) }, token);
const ports = (r: any) => r.steps.map((s: any) => `${s.stepId}:${s.status}${s.port === undefined ? '' : `>${s.port}`}`);

t.test('branch, switch and fall-through', async (t) => {
  const flow = {
    id: 'routing',
    steps: [
      { id: 'fetch', kind: 'tool', tool: 'side.echo', args: { q: '{{input.q}}' } },
      { id: 'big', kind: 'branch', input: '{{steps.fetch.json.n}}', op: 'gt', value: 5, onTrue: 'pick', onFalse: 'small' },
      { id: 'small', kind: 'tool', tool: 'svc_echo', args: { text: 'small' }, next: null },
      {
        id: 'pick',
        kind: 'switch',
        input: '{{steps.fetch.json.got.q}}',
        cases: [
          { equals: 'a', port: 'isA' },
          { equals: 'b', port: 'isB' },
        ],
        onDefault: null,
      },
      { id: 'isA', kind: 'tool', tool: 'svc_echo', args: { text: 'A' }, next: null },
      { id: 'isB', kind: 'tool', tool: 'svc_echo', args: { text: 'B {{steps.fetch.json.got.q}}' } },
      { id: 'after', kind: 'tool', tool: 'svc_echo', args: { text: 'fell through' } },
    ],
  };
  const b = await run(flow, '{"q":"b"}');
  t.equal(b.status, 200);
  t.equal(b.json.status, 'completed');
  t.same(ports(b.json), ['fetch:done>big', 'big:done>pick', 'pick:done>isB', 'isB:done>after', 'after:done>null']);
  const a = await run(flow, '{"q":"a"}');
  t.same(ports(a.json), ['fetch:done>big', 'big:done>pick', 'pick:done>isA', 'isA:done>null']);
  const z = await run(flow, '{"q":"z"}');
  t.same(ports(z.json), ['fetch:done>big', 'big:done>pick', 'pick:done>null'], 'onDefault null stops');
  const state = await call('GET', `/flows/runs/state?runId=${b.json.id}`);
  t.equal(state.json.checkpoints.length, 5, 'one checkpoint per step');
  t.same(
    state.json.checkpoints.map((c: any) => c.cursor),
    ['big', 'pick', 'isB', 'after', null],
  );
  t.equal(state.json.attempts.length, 1, 'an attempt around the connector call only');
  t.equal(state.json.attempts[0].stepId, 'fetch');
  t.equal(state.json.attempts[0].outcome, 'done');
  t.equal(state.json.checkpoints[0].principal, 'operator');
});

t.test('gate, org, budget escalate in no-chain mode; governance goes to next', async (t) => {
  const flow = {
    id: 'chainy',
    steps: [
      { id: 'spend', kind: 'gate', value: '{{input}}', onAllow: 'allowed', onEscalate: 'org', onDeny: 'denied' },
      { id: 'allowed', kind: 'tool', tool: 'svc_echo', next: null },
      { id: 'denied', kind: 'tool', tool: 'svc_echo', next: null },
      { id: 'org', kind: 'org', action: 'hire', node: 'n1', onAllow: null, onEscalate: 'budget', onDeny: null },
      { id: 'budget', kind: 'budget', action: 'run-epoch', onAllow: null, onDeny: null },
      { id: 'gov', kind: 'governance', action: 'propose', proposal: 'p', next: 'end' },
      { id: 'skipped', kind: 'tool', tool: 'svc_echo' },
      {
        id: 'end',
        kind: 'tool',
        tool: 'svc_echo',
        args: { text: '{{steps.spend.verdict}}/{{steps.org.verdict}}/{{steps.budget.verdict}}' },
        next: null,
      },
    ],
  };
  const r = await run(flow, '1000');
  t.equal(r.json.status, 'completed');
  t.same(
    ports(r.json),
    ['spend:done>org', 'org:done>budget', 'budget:done>gov', 'gov:done>end', 'end:done>null'],
    'onEscalate routes; a missing onEscalate falls through',
  );
  t.same(
    r.json.steps.slice(0, 3).map((s: any) => s.verdict),
    ['ESCALATE', 'ESCALATE', 'ESCALATE'],
  );
  for (const s of r.json.steps.slice(0, 4)) t.match(s.summary, /no chain is configured/);
  t.equal(r.json.steps[4].summary, 'echo: ESCALATE/ESCALATE/ESCALATE');
  const state = await call('GET', `/flows/runs/state?runId=${r.json.id}`);
  t.same(
    state.json.attempts.map((a: any) => a.stepId),
    ['spend', 'org', 'budget', 'gov'],
    'an attempt around every chain step',
  );
});

t.test('wait parks; resume continues from the checkpoint; a cancelled run answers 409', async (t) => {
  const flow = {
    id: 'waiter',
    steps: [
      { id: 'a', kind: 'tool', tool: 'svc_echo', args: { text: 'one' } },
      { id: 'w', kind: 'wait', for: 'webhook' },
      { id: 'b', kind: 'tool', tool: 'svc_echo', args: { text: '{{steps.a.text}} two' } },
    ],
  };
  const r = await run(flow);
  t.equal(r.json.status, 'waiting');
  t.same(r.json.waiting, { reason: 'awaiting_webhook', stepId: 'w' });
  const open = await call('GET', '/flows/runs/open');
  t.ok(
    open.json.runs.some((x: any) => x.id === r.json.id),
    'listed as open',
  );
  const resumed = await call('POST', '/flows/runs/resume', { runId: r.json.id });
  t.equal(resumed.json.status, 'completed');
  t.equal(resumed.json.steps.at(-1).summary, 'echo: one two');
  t.same(
    resumed.json.steps.map((s: any) => s.status),
    ['done', 'parked', 'done', 'done'],
  );

  const r2 = await run({ ...flow, id: 'waiter2' });
  const c = await call('POST', '/flows/runs/cancel', { runId: r2.json.id, reason: 'no longer needed' });
  t.equal(c.json.status, 'cancelled');
  t.same(c.json.error, { code: 'run_cancelled', message: 'cancelled: no longer needed' });
  const again = await call('POST', '/flows/runs/resume', { runId: r2.json.id });
  t.equal(again.status, 409);
  t.same(again.json, { error: 'run_cancelled', message: 'the run is cancelled and cannot resume' });
});

t.test('cheap steps in a row share a boundary: every step still gets its checkpoint and its RunProgress, in order', async (t) => {
  const seen: any[] = [];
  await sys.bus.tail('RunProgress', (e) => seen.push(e.data));
  const flow = {
    id: 'held',
    steps: [
      { id: 'a', kind: 'tool', tool: 'svc_echo', args: { text: '{{input}}' } },
      { id: 'b', kind: 'branch', input: '{{steps.a.text}}', op: 'contains', value: 'x', onTrue: 'w', onFalse: null },
      { id: 'w', kind: 'tool', tool: 'side.echo', args: { q: '{{steps.b.text}}' } },
      { id: 'c', kind: 'tool', tool: 'svc_echo', args: { text: 'end' } },
    ],
  };
  const r = (await run(flow, 'xyz')).json;
  t.equal(r.status, 'completed');
  const state = (await call('GET', `/flows/runs/state?runId=${r.id}`)).json;
  t.same(
    state.checkpoints.map((c: any) => [c.seq, c.stepId, c.cursor]),
    [
      [1, 'a', 'b'],
      [2, 'b', 'w'],
      [3, 'w', 'c'],
      [4, 'c', null],
    ],
  );
  t.same(Object.keys(state.checkpoints[1].outputs), ['a', 'b'], 'a held checkpoint keeps the outputs as they were after its step');
  const em = sys.store.em().fork();
  t.equal(await em.count(FlowAttempt, { runId: r.id }), 1, 'one attempt, for the connector call');
  await waitFor(() => seen.filter((p) => p.runId === r.id).length === 4);
  t.same(
    seen.filter((p) => p.runId === r.id).map((p) => [p.seq, p.stepId]),
    [
      [1, 'a'],
      [2, 'b'],
      [3, 'w'],
      [4, 'c'],
    ],
  );
});

t.test('pause is honoured at the next boundary; resume finishes the run', async (t) => {
  const flow = {
    id: 'pausable',
    steps: [
      { id: 'slow', kind: 'tool', tool: 'side.block' },
      { id: 'next', kind: 'tool', tool: 'svc_echo', args: { text: 'after pause' } },
    ],
  };
  const started = run(flow);
  await waitFor(() => blocked >= 1);
  const open = await call('GET', '/flows/runs/open');
  const id = open.json.runs.find((x: any) => x.flowId === 'pausable').id;
  const p = await call('POST', '/flows/runs/pause', { runId: id, reason: 'look first' });
  t.equal(p.json.status, 'running', 'the write in the air is not interrupted');
  gate?.();
  const parked = (await started).json;
  t.equal(parked.status, 'waiting');
  t.same(parked.waiting, { reason: 'operator', stepId: 'next' });
  t.same(
    parked.steps.map((s: any) => s.stepId),
    ['slow'],
    'the step in the air finished; the next did not start',
  );
  const done = await call('POST', '/flows/runs/resume', { runId: id });
  t.equal(done.json.status, 'completed');
  t.equal(done.json.steps.at(-1).summary, 'echo: after pause');
  const em = sys.store.em();
  const life = await em.find(AuditEvent, { type: 'FlowRunLifecycle' });
  const mine = life.filter((e) => e.data.runId === id).map((e) => e.data.action);
  t.same(mine, ['pause', 'resume']);
});

t.test('delegation: prompt child, flowId child that parks, depth and cycle', async (t) => {
  const prompt = await run(
    {
      id: 'delegating',
      steps: [
        { id: 'ask', kind: 'agent', agent: 'bob', prompt: 'summarize {{input}}' },
        { id: 'use', kind: 'tool', tool: 'svc_echo', args: { text: 'bob said: {{steps.ask.text}}' } },
      ],
    },
    'the news',
  );
  t.equal(prompt.json.status, 'completed');
  const st = await call('GET', `/flows/runs/state?runId=${prompt.json.id}`);
  t.equal(st.json.children.length, 1);
  const child = await call('GET', `/flows/runs/state?runId=${st.json.children[0].id}`);
  t.equal(child.json.run.principal, 'bob', 'the child runs as the delegate');
  t.same(child.json.run.parent, { runId: prompt.json.id, stepId: 'ask' });
  t.same(child.json.run.stack, ['delegating', 'prompt:bob']);
  t.equal(prompt.json.steps[0].summary.startsWith('delegate bob'), true);
  t.equal(prompt.json.steps[1].summary, `echo: bob said: ${child.json.run.steps.at(-1).summary}`, "step text = the child's last summary");

  // child parks (wait) → parent awaiting_child → child resumed → parent completes
  t.equal(
    (
      await call('POST', '/flows', {
        flow: {
          id: 'child-waits',
          steps: [
            { id: 'w', kind: 'wait', for: 'human' },
            { id: 'fin', kind: 'tool', tool: 'svc_echo', args: { text: 'child done' } },
          ],
        },
      })
    ).status,
    200,
  );
  const parent = await run({
    id: 'parent',
    steps: [
      { id: 'deleg', kind: 'agent', agent: 'carol', flowId: 'child-waits' },
      { id: 'after', kind: 'tool', tool: 'svc_echo', args: { text: 'parent got {{steps.deleg.text}}' } },
    ],
  });
  t.equal(parent.json.status, 'waiting');
  t.equal(parent.json.waiting.reason, 'awaiting_child');
  const childId = parent.json.waiting.token;
  t.match(childId, /^run-/);
  const childRun = await call('GET', `/flows/runs/state?runId=${childId}`);
  t.same(childRun.json.run.waiting, { reason: 'awaiting_human', stepId: 'w' });
  const resumed = await call('POST', '/flows/runs/resume', { runId: childId });
  t.equal(resumed.json.status, 'completed');
  await waitFor(async () => (await call('GET', `/flows/runs/state?runId=${parent.json.id}`)).json.run.status === 'completed');
  const final = (await call('GET', `/flows/runs/state?runId=${parent.json.id}`)).json;
  t.equal(final.run.steps.at(-1).summary, 'echo: parent got echo: child done');
  t.equal(final.children.length, 1, 'the parent found the existing child');

  // depth: d0 → d1 → d2 → d3 → d4 → d5 (level 5) is refused
  for (let i = 5; i >= 1; i--) {
    const steps =
      i === 5 ? [{ id: 's', kind: 'tool', tool: 'svc_echo' }] : [{ id: 's', kind: 'agent', agent: `a${i + 1}`, flowId: `d${i + 1}` }];
    await call('POST', '/flows', { flow: { id: `d${i}`, steps } });
  }
  const deep = await run({ id: 'd0', steps: [{ id: 's', kind: 'agent', agent: 'a1', flowId: 'd1' }] });
  t.equal(deep.json.status, 'error');
  t.equal(deep.json.error.code, 'flow_delegate_failed');
  const chain = await deepest(deep.json.id);
  t.equal(chain.run.flowId, 'd4');
  t.equal(chain.run.error.code, 'flow_delegation_too_deep');
  t.match(chain.run.error.message, /step s: delegating to flow d5 would be level 5/);

  await call('POST', '/flows', { flow: { id: 'cyc-a', steps: [{ id: 'x', kind: 'agent', agent: 'b', flowId: 'cyc-b' }] } });
  await call('POST', '/flows', { flow: { id: 'cyc-b', steps: [{ id: 'y', kind: 'agent', agent: 'a', flowId: 'cyc-a' }] } });
  const cyc = await call('POST', '/flows/run', { id: 'cyc-a' });
  t.equal(cyc.json.error.code, 'flow_delegate_failed');
  const inner = await deepest(cyc.json.id);
  t.equal(inner.run.error.code, 'flow_delegation_cycle');
  t.match(inner.run.error.message, /cyc-a → cyc-b → cyc-a/);
});

t.test('cancel is recursive; POST /agents/pause cancels parked runs of the agent', async (t) => {
  const parent = await run({ id: 'p2', steps: [{ id: 'd', kind: 'agent', agent: 'dave', flowId: 'child-waits' }] });
  t.equal(parent.json.waiting.reason, 'awaiting_child');
  const c = await call('POST', '/flows/runs/cancel', { runId: parent.json.id });
  t.equal(c.json.status, 'cancelled');
  const child = await call('GET', `/flows/runs/state?runId=${parent.json.waiting.token}`);
  t.equal(child.json.run.status, 'cancelled');
  t.match(child.json.run.error.message, /parent run .* cancelled/);

  const w = await call('POST', '/flows/run', { flow: { id: 'eve-waits', steps: [{ id: 'w', kind: 'wait', for: 'human' }] }, as: 'eve' });
  t.equal(w.json.principal, 'eve', 'the operator runs as a seat with `as`');
  const paused = await call('POST', '/agents/pause', { agent: 'eve', reason: 'budget review' });
  t.same(paused.json, { agent: 'eve', paused: true, cancelled: [w.json.id] });
  const after = await call('GET', `/flows/runs/state?runId=${w.json.id}`);
  t.equal(after.json.run.status, 'cancelled');
  t.match(after.json.run.error.message, /agent eve paused: budget review/);
  t.same(
    (await call('POST', '/agents/pause', { agent: 'eve' })).json,
    { agent: 'eve', paused: false, cancelled: [] },
    'pausing twice changes nothing',
  );

  // The pause stands: no new run as eve, not even as a delegate.
  const refused = await call('POST', '/flows/run', {
    flow: { id: 'eve-again', steps: [{ id: 'a', kind: 'tool', tool: 'svc_echo' }] },
    as: 'eve',
  });
  t.equal(refused.status, 403);
  t.equal(refused.json.error, 'principal_paused');
  t.match(refused.json.message, /eve is paused/);
  const viaDelegate = await run({ id: 'to-eve', steps: [{ id: 'd', kind: 'agent', agent: 'eve', prompt: 'hi' }] });
  t.equal(viaDelegate.json.status, 'error');
  t.equal(viaDelegate.json.error.code, 'principal_paused');
  t.match(viaDelegate.json.error.message, /step d: eve is paused/);
  t.same((await call('GET', `/flows/runs/state?runId=${viaDelegate.json.id}`)).json.children, [], 'no child was started');

  // Only the operator lifts it; then eve runs again.
  const bySeat = await call('POST', '/agents/unpause', { agent: 'eve' }, SEAT_TOKEN);
  t.equal(bySeat.status, 403);
  t.equal(bySeat.json.error, 'flow_forbidden');
  t.same((await call('POST', '/agents/unpause', { agent: 'eve' })).json, { agent: 'eve', unpaused: true });
  const again = await call('POST', '/flows/run', {
    flow: { id: 'eve-again', steps: [{ id: 'a', kind: 'tool', tool: 'svc_echo' }] },
    as: 'eve',
  });
  t.equal(again.json.status, 'completed');
});

t.test('an agent step whose agent renders empty fails instead of running as ""', async (t) => {
  const r = await run({ id: 'to-nobody', steps: [{ id: 'd', kind: 'agent', agent: '{{input.who}}', prompt: 'hi' }] }, '{"other":"x"}');
  t.equal(r.json.status, 'error');
  t.equal(r.json.error.code, 'flow_delegate_failed');
  t.match(r.json.error.message, /step d: agent "\{\{input.who\}\}" renders empty/);
  t.same((await call('GET', `/flows/runs/state?runId=${r.json.id}`)).json.children, []);
});

t.test('definitions: save, list by scope, delete, FlowSaved', async (t) => {
  const bad = await call('POST', '/flows', { flow: { id: 'x', steps: [{ id: 'a', kind: 'tool', tool: 'svc_echo', next: 'zz' }] } });
  t.equal(bad.status, 400);
  t.same(bad.json, { error: 'invalid_flow', message: 'step a: next points to a missing step "zz"' });
  await call('POST', '/flows', {
    flow: { id: 'for-alice', scope: { level: 'agent', ref: 'alice' }, steps: [{ id: 'a', kind: 'tool', tool: 'svc_echo' }] },
  });
  await call('POST', '/flows', {
    flow: { id: 'for-bob', scope: { level: 'team', ref: 'bob' }, steps: [{ id: 'a', kind: 'tool', tool: 'svc_echo' }] },
  });
  const asAlice = (await call('GET', '/flows', undefined, SEAT_TOKEN)).json.flows.map((f: any) => f.id);
  t.ok(asAlice.includes('for-alice'));
  t.notOk(asAlice.includes('for-bob'), 'a team flow is invisible outside the team (mock org: the seat alone)');
  t.ok(asAlice.includes('child-waits'), 'org scope is visible to every seat');
  const asOp = (await call('GET', '/flows')).json.flows.map((f: any) => f.id);
  t.ok(asOp.includes('for-bob'));
  const hidden = await call('POST', '/flows/run', { id: 'for-bob' }, SEAT_TOKEN);
  t.equal(hidden.status, 404);
  const mine = await call('POST', '/flows/run', { id: 'for-alice' }, SEAT_TOKEN);
  t.equal(mine.json.principal, 'alice', 'a seat runs as itself');
  const asOther = await call('POST', '/flows/run', { id: 'for-alice', as: 'bob' }, SEAT_TOKEN);
  t.equal(asOther.status, 400, 'only the operator may name `as`');
  t.same((await call('POST', '/flows/delete', { id: 'for-bob' })).json, { id: 'for-bob', deleted: true });
  const saved = await sys.store.em().find(AuditEvent, { type: 'FlowSaved' });
  t.ok(saved.some((e) => e.data.flowId === 'for-alice'));
  const tpl = await call('GET', '/flows/templates');
  t.ok(tpl.json.templates.some((x: any) => x.id === 'treasury-pulse' && x.flow.trigger === 'epoch'));
  const runs = await call('GET', '/flows/runs?limit=3');
  t.equal(runs.json.runs.length, 3);
  t.ok(runs.json.runs[0].createdAt >= runs.json.runs[1].createdAt, 'newest first');
});

t.test('a seat steers only its own runs and changes only its own flows', async (t) => {
  const waiting = {
    id: 'alice-waits',
    steps: [
      { id: 'w', kind: 'wait', for: 'human' },
      { id: 'e', kind: 'tool', tool: 'svc_echo' },
    ],
  };
  const mine = await run(waiting, undefined, SEAT_TOKEN);
  t.equal(mine.json.principal, 'alice');
  for (const verb of ['pause', 'resume', 'cancel']) {
    const r = await call('POST', `/flows/runs/${verb}`, { runId: mine.json.id }, BOB_TOKEN);
    t.equal(r.status, 404, `bob may not ${verb} alice's run`);
    t.equal(r.json.error, 'record_not_found');
  }
  t.equal((await call('GET', `/flows/runs/state?runId=${mine.json.id}`)).json.run.status, 'waiting', 'untouched');
  const own = await call('POST', '/flows/runs/resume', { runId: mine.json.id }, SEAT_TOKEN);
  t.equal(own.json.status, 'completed', 'the principal steers its own run');
  const other = await run(waiting, undefined, SEAT_TOKEN);
  t.equal((await call('POST', '/flows/runs/cancel', { runId: other.json.id })).json.status, 'cancelled', 'the operator steers any run');

  const paused = await call('POST', '/agents/pause', { agent: 'alice' }, BOB_TOKEN);
  t.equal(paused.status, 403);
  t.equal(paused.json.error, 'flow_forbidden');
  t.equal((await run(waiting, undefined, SEAT_TOKEN)).json.status, 'waiting', 'alice is not paused');

  const hidden = { id: 'ops-only', scope: { level: 'agent', ref: 'carol' }, steps: [{ id: 'a', kind: 'tool', tool: 'svc_echo' }] };
  t.equal((await call('POST', '/flows', { flow: hidden })).status, 200);
  t.same(
    (await call('POST', '/flows/delete', { id: 'ops-only' }, BOB_TOKEN)).json,
    { id: 'ops-only', deleted: false },
    'an invisible flow deletes like a missing one',
  );
  t.ok(
    (await call('GET', '/flows')).json.flows.some((f: any) => f.id === 'ops-only'),
    'and is still there',
  );
  const overwriteHidden = await call('POST', '/flows', { flow: { ...hidden, scope: { level: 'org' } } }, BOB_TOKEN);
  t.equal(overwriteHidden.status, 403);
  t.equal(overwriteHidden.json.error, 'flow_forbidden');

  const shared = { id: 'alice-shared', steps: [{ id: 'a', kind: 'tool', tool: 'svc_echo', args: { text: 'alice' } }] };
  t.equal((await call('POST', '/flows', { flow: shared }, SEAT_TOKEN)).json.savedBy, 'alice');
  const hijack = await call(
    'POST',
    '/flows',
    { flow: { ...shared, steps: [{ id: 'a', kind: 'tool', tool: 'svc_echo', args: { text: 'bob' } }] } },
    BOB_TOKEN,
  );
  t.equal(hijack.status, 403, 'bob cannot overwrite a flow alice saved');
  t.equal(hijack.json.error, 'flow_forbidden');
  const del = await call('POST', '/flows/delete', { id: 'alice-shared' }, BOB_TOKEN);
  t.equal(del.status, 403);
  const stored = (await call('GET', '/flows', undefined, BOB_TOKEN)).json.flows.find((f: any) => f.id === 'alice-shared');
  t.equal(stored.flow.steps[0].args.text, 'alice', 'unchanged');
  const foreignScope = await call(
    'POST',
    '/flows',
    { flow: { id: 'for-alice-by-bob', scope: { level: 'agent', ref: 'alice' }, steps: shared.steps } },
    BOB_TOKEN,
  );
  t.equal(foreignScope.status, 403, 'a seat saves only in a scope it can see');
  t.equal((await call('POST', '/flows', { flow: { ...shared, title: 'v2' } }, SEAT_TOKEN)).status, 200, 'alice overwrites her own');
  t.same((await call('POST', '/flows/delete', { id: 'alice-shared' }, SEAT_TOKEN)).json, { id: 'alice-shared', deleted: true });
});

t.test('a run in flight when its agent is paused is cancelled when it parks', async (t) => {
  const flow = {
    id: 'frank-parks-later',
    steps: [
      { id: 'slow', kind: 'tool', tool: 'side.block' },
      { id: 'w', kind: 'wait', for: 'human' },
    ],
  };
  resetGate();
  const before = blocked;
  const started = call('POST', '/flows/run', { flow, as: 'frank' });
  await waitFor(() => blocked > before);
  const id = (await call('GET', '/flows/runs/open')).json.runs.find((x: any) => x.flowId === 'frank-parks-later').id;
  const paused = await call('POST', '/agents/pause', { agent: 'frank', reason: 'audit' });
  t.same(paused.json, { agent: 'frank', paused: true, cancelled: [] }, 'in flight, not parked: nothing to cancel yet');
  gate?.();
  const ended = (await started).json;
  t.equal(ended.status, 'cancelled', 'it parked after the pause, so it is cancelled');
  t.match(ended.error, { code: 'run_cancelled', message: /agent frank paused: audit/ });
  t.same(
    ended.steps.map((s: any) => `${s.stepId}:${s.status}`),
    ['slow:done', 'w:parked'],
    'the write in the air finished first',
  );
  t.equal((await call('POST', '/flows/runs/resume', { runId: id })).status, 409, 'never resumable');
});

t.test('a start delivered again while its run is in the air on this worker runs no step twice', async (t) => {
  const flow = {
    id: 'delivered-twice',
    steps: [
      { id: 'slow', kind: 'tool', tool: 'side.block' },
      { id: 'after', kind: 'tool', tool: 'svc_echo', args: { text: 'once' } },
    ],
  };
  resetGate();
  const before = blocked;
  const cmd = { runId: `run-twice-${Date.now()}`, flow, principal: 'operator', operator: true };
  const first = sys.bus.call<any>('run', 'start', cmd, { msgId: `a-${cmd.runId}` });
  await waitFor(() => blocked > before);
  // As JetStream redelivers a start whose ack wait ran out: the same run, the same lease holder.
  const again = sys.bus.call<any>('run', 'start', cmd, { msgId: `b-${cmd.runId}` });
  await new Promise((r) => setTimeout(r, 300)); // let the second delivery reach the run
  gate?.();
  const [a, b] = await Promise.all([first, again]);
  t.equal(blocked - before, 1, 'the side effect was called once');
  t.equal(a.status, 'completed');
  t.same(
    b.steps.map((s: any) => s.stepId),
    ['slow', 'after'],
    'the second delivery answers with the run as the first left it',
  );
  const st = (await call('GET', `/flows/runs/state?runId=${cmd.runId}`)).json;
  t.equal(st.attempts.length, 1, 'one attempt record');
  t.same(
    st.checkpoints.map((c: any) => c.seq),
    [1, 2],
  );
});

t.test('FlowRun at start; a cancel closes the attempt of the write in the air', async (t) => {
  const flow = {
    id: 'cancel-in-air',
    steps: [
      { id: 'slow', kind: 'tool', tool: 'side.block' },
      { id: 'next', kind: 'tool', tool: 'svc_echo' },
    ],
  };
  resetGate();
  const before = blocked;
  const started = run(flow);
  await waitFor(() => blocked > before);
  const id = (await call('GET', '/flows/runs/open')).json.runs.find((x: any) => x.flowId === 'cancel-in-air').id;
  const events = (await sys.store.em().fork().find(AuditEvent, { type: 'FlowRun' })).filter((e) => e.data.runId === id);
  t.match(
    events.map((e) => e.data),
    [{ runId: id, flowId: 'cancel-in-air', principal: 'operator', trigger: 'manual', status: 'running' }],
    'a run that happens is recorded when it starts',
  );
  t.equal((await call('POST', '/flows/runs/cancel', { runId: id })).json.status, 'cancelled');
  const attempts = (await call('GET', `/flows/runs/state?runId=${id}`)).json.attempts;
  t.match(attempts, [{ stepId: 'slow', outcome: 'cancelled', closedAt: String }], 'not left open forever');
  gate?.();
  t.equal((await started).json.status, 'cancelled');
  t.same((await call('GET', `/flows/runs/state?runId=${id}`)).json.run.steps, [], 'the step in the air wrote nothing after the cancel');
});

t.test('recovery retries an open attempt only where the step claims idempotent (any side-effecting kind)', async (t) => {
  const takeOver = async (id: string, idempotent: boolean) => {
    const flow = {
      id,
      steps: [
        { id: 'w', kind: 'wait', for: 'human' },
        { id: 'g', kind: 'gate', value: '1', ...(idempotent ? { idempotent } : {}), onEscalate: null },
      ],
    };
    const parked = await run(flow);
    t.equal(parked.json.status, 'waiting');
    // As a worker that died inside the gate call would have left it.
    const em = sys.store.em().fork();
    await em.nativeUpdate(
      FlowRun,
      { id: parked.json.id },
      {
        status: 'running',
        cursor: 'g',
        waitingReason: null,
        waitingStepId: null,
        waitingToken: null,
        leaseHolder: 'dead:1',
        leaseExpiresAt: new Date(0),
      },
    );
    await em.insert(FlowAttempt, {
      key: `${parked.json.id}/g/9`,
      runId: parked.json.id,
      stepId: 'g',
      worker: 'dead:1',
      openedAt: new Date(),
    });
    const r = await sys.bus.call<{ recovered: boolean; status?: string }>('run', 'recover', { runId: parked.json.id });
    t.equal(r.recovered, true);
    return (await call('GET', `/flows/runs/state?runId=${parked.json.id}`)).json;
  };
  const retried = await takeOver('rec-gate-idem', true);
  t.equal(retried.run.status, 'completed', 'an idempotent gate step is retried');
  t.match(
    retried.attempts.find((a: any) => a.key.endsWith('/g/9')),
    { outcome: 'abandoned' },
  );
  const failed = await takeOver('rec-gate', false);
  t.equal(failed.run.status, 'error');
  t.equal(failed.run.error.code, 'flow_step_interrupted');
  t.match(failed.run.error.message, /step g .*attempt .*\/g\/9/);
});

async function deepest(runId: string): Promise<any> {
  let st = (await call('GET', `/flows/runs/state?runId=${runId}`)).json;
  while (st.children.length) st = (await call('GET', `/flows/runs/state?runId=${st.children[0].id}`)).json;
  return st;
}

async function waitFor(cond: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

t.test(
  'a run whose first steps are replayable is stored by its first boundary, with their checkpoints, before anything else runs',
  async (t) => {
    const flow = {
      id: 'late-insert',
      steps: [
        { id: 'a', kind: 'tool', tool: 'svc_echo', args: { text: '{{input}}' } },
        { id: 'b', kind: 'branch', input: '{{steps.a.text}}', op: 'truthy' },
        { id: 'w', kind: 'tool', tool: 'side.block' },
        { id: 'c', kind: 'tool', tool: 'svc_echo', args: { text: 'end' } },
      ],
    };
    resetGate();
    const before = blocked;
    const started = run(flow, 'go');
    await waitFor(() => blocked > before);
    const open = (await call('GET', '/flows/runs/open')).json.runs.find((x: any) => x.flowId === 'late-insert');
    t.equal(open.status, 'running', 'stored and running while the connector call is in the air');
    const mid = (await call('GET', `/flows/runs/state?runId=${open.id}`)).json;
    t.same(
      mid.checkpoints.map((c: any) => [c.seq, c.stepId, c.cursor]),
      [
        [1, 'a', 'b'],
        [2, 'b', 'w'],
      ],
    );
    t.same(
      mid.attempts.map((a: any) => [a.key, a.closedAt ?? null]),
      [[`${open.id}/w/2`, null]],
      'the write opened its attempt after the insert',
    );
    gate?.();
    const done = (await started).json;
    t.equal(done.status, 'completed');
    const em = sys.store.em().fork();
    const audits = (await em.find(AuditEvent, { type: 'FlowRun' }, { orderBy: { id: 'asc' } })).filter((e) => e.data.runId === open.id);
    t.same(
      audits.map((e) => e.data.status),
      ['running', 'completed'],
      'FlowRun at the start, then at the end',
    );
  },
);

t.test('a run of replayable steps only: one insert; a start delivered twice at once still makes one run', async (t) => {
  const flow = {
    id: 'pure',
    steps: [
      { id: 'a', kind: 'tool', tool: 'svc_echo', args: { text: 'x' } },
      { id: 'b', kind: 'switch', input: '{{steps.a.text}}', cases: [{ equals: 'x', port: 'c' }], onDefault: null },
      { id: 'c', kind: 'tool', tool: 'svc_echo', args: { text: 'y' } },
    ],
  };
  const cmd = { runId: `run-pure-${Date.now()}`, flow, principal: 'operator', operator: true };
  const [a, b] = await Promise.all([
    sys.bus.call<any>('run', 'start', cmd, { msgId: `a-${cmd.runId}` }),
    sys.bus.call<any>('run', 'start', cmd, { msgId: `b-${cmd.runId}` }),
  ]);
  t.equal(a.status, 'completed');
  t.equal(b.status, 'completed');
  const st = (await call('GET', `/flows/runs/state?runId=${cmd.runId}`)).json;
  t.same(
    st.checkpoints.map((c: any) => [c.seq, c.stepId]),
    [
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ],
  );
  t.equal(st.run.endedAt !== undefined, true);
  const em = sys.store.em().fork();
  const audits = (await em.find(AuditEvent, { type: 'FlowRun' }, { orderBy: { id: 'asc' } })).filter((e) => e.data.runId === cmd.runId);
  t.same(
    audits.map((e) => e.data.status),
    ['running', 'completed'],
    'one start and one end, whichever delivery inserted it',
  );
});
