/**
 * The flow language's own rules, as the SDK checks them with no server: a definition of every
 * kind passes, and each refusal is an `InvalidFlowError` (code `invalid_flow`) naming the step.
 */
import t, { type Test } from 'tap';
import { InvalidFlowError, validateFlow } from '@svc/sdk/flows';

function refusal(t: Test, flow: unknown, stepOrFlow: string, what: RegExp): void {
  try {
    validateFlow(flow);
    t.fail(`accepted: ${JSON.stringify(flow)}`);
  } catch (err) {
    t.ok(err instanceof InvalidFlowError, 'an InvalidFlowError');
    const e = err as InvalidFlowError;
    t.equal(e.code, 'invalid_flow');
    t.match(e.message, new RegExp(`^${stepOrFlow}[: ]`), `the message names ${stepOrFlow}: ${e.message}`);
    t.match(e.message, what);
  }
}

const echo = (id: string, extra: Record<string, unknown> = {}) => ({ id, kind: 'tool', tool: 'svc_echo', ...extra });

t.test('a valid flow of every kind passes', async (t) => {
  const flow = {
    id: 'all',
    title: 'every kind',
    trigger: 'manual',
    scope: { level: 'org' },
    steps: [
      { id: 'm', kind: 'model', prompt: 'hi {{input}}' },
      echo('t', { args: { text: '{{steps.m.text}}' }, idempotent: true }),
      { id: 'g', kind: 'gate', value: '100', onAllow: 'b', onEscalate: 'b', onDeny: null },
      { id: 'b', kind: 'branch', input: '{{steps.t.text}}', op: 'contains', value: 'x', onTrue: 's', onFalse: 's' },
      { id: 's', kind: 'switch', input: '{{input}}', cases: [{ equals: 'a', port: 'o' }], onDefault: 'o' },
      { id: 'o', kind: 'org', action: 'hire', node: 'n1' },
      { id: 'bu', kind: 'budget', action: 'run-epoch' },
      { id: 'gov', kind: 'governance', action: 'propose', proposal: 'p' },
      { id: 'a', kind: 'agent', agent: 'bob', prompt: 'do it' },
      {
        id: 'h',
        kind: 'human',
        prompt: 'ok?',
        options: [
          { id: 'y', label: 'Yes', port: 'w' },
          { id: 'n', label: 'No', port: null },
        ],
        timeoutMs: 300000,
        assignee: 'seat:alice',
      },
      { id: 'w', kind: 'wait', for: 'human', next: null },
    ],
  };
  t.equal(validateFlow(flow).id, 'all');
});

t.test('refusals name the step', async (t) => {
  refusal(t, { id: 'f', steps: [{ id: 'x', kind: 'teleport' }] }, 'step x', /unknown step kind "teleport"/);
  refusal(t, { id: 'f', steps: [echo('x', { onMaybe: 'y' }), echo('y')] }, 'step x', /unknown property "onMaybe"/);
  refusal(t, { id: 'f', steps: [echo('x'), echo('x')] }, 'step x', /duplicate step id/);
  refusal(t, { id: 'f', steps: [echo('x', { next: 'ghost' })] }, 'step x', /next points to a missing step "ghost"/);
  refusal(
    t,
    { id: 'f', steps: [{ id: 'b', kind: 'branch', input: 'a', op: 'eq', value: 'a', onTrue: 'ghost' }] },
    'step b',
    /onTrue points to a missing step/,
  );
  refusal(t, { id: 'f', steps: [echo('a', { next: 'b' }), echo('b', { next: 'a' })] }, 'step b', /cycle \(a → b → a\)/);
  refusal(
    t,
    { id: 'f', steps: [echo('a'), { id: 'b', kind: 'branch', input: 'x', op: 'truthy', onTrue: 'a', onFalse: null }] },
    'step b',
    /cycle/,
  );
  refusal(
    t,
    {
      id: 'f',
      steps: [echo('a'), echo('b'), { id: 'c', kind: 'switch', input: 'x', cases: [{ equals: 'q', port: null }], onDefault: 'a' }],
    },
    'step c',
    /cycle/,
  );
  refusal(t, { id: 'f', steps: [echo('a', { next: 'a' })] }, 'step a', /cycle \(a → a\)/);
  refusal(
    t,
    { id: 'f', steps: [{ id: 'h', kind: 'human', prompt: 'p', options: [{ id: 'y', label: 'Y', port: null }], assignee: 'alice smith' }] },
    'step h',
    /assignee must be one token/,
  );
  for (const assignee of ['{{input}} x', 'seat: {{input.who}}', '{{input.a}} {{input.b}}']) {
    refusal(
      t,
      { id: 'f', steps: [{ id: 'h', kind: 'human', prompt: 'p', options: [{ id: 'y', label: 'Y', port: null }], assignee }] },
      'step h',
      /assignee must be one token/,
    );
  }
  refusal(
    t,
    { id: 'f', steps: [{ id: 'h', kind: 'human', prompt: 'p', options: [{ id: 'y', label: 'Y', port: null }], timeoutMs: 299999 }] },
    'step h',
    /timeoutMs must be at least 300000/,
  );
  refusal(t, { id: 'f', steps: [{ id: 'ag', kind: 'agent', agent: 'bob' }] }, 'step ag', /prompt or a flowId/);
  refusal(t, { id: 'f', steps: [{ id: 'tl', kind: 'tool', tool: 'svc_nope' }] }, 'step tl', /unknown first-party tool/);
  refusal(t, { id: 'f', steps: [{ id: 'tl', kind: 'tool', tool: 'not a tool' }] }, 'step tl', /tool must be/);
  refusal(t, { id: 'f', steps: [{ id: 'm', kind: 'model' }] }, 'step m', /prompt/);
  refusal(t, { id: 'f', trigger: 'cron', schedule: '61 * * * *', steps: [echo('a')] }, 'flow', /not a valid cron expression/);
  refusal(t, { id: 'f', trigger: 'cron', schedule: '* * * * * *', steps: [echo('a')] }, 'flow', /exactly 5 fields/);
  refusal(t, { id: 'f', trigger: 'cron', steps: [echo('a')] }, 'flow', /needs a schedule/);
});

t.test('what is allowed', async (t) => {
  for (const step of [
    { id: 's', kind: 'gate', value: '1', idempotent: true },
    { id: 's', kind: 'org', action: 'hire', idempotent: true },
    { id: 's', kind: 'budget', action: 'run-epoch', idempotent: true },
    { id: 's', kind: 'governance', action: 'propose', idempotent: false },
  ])
    t.ok(validateFlow({ id: 'f', steps: [step] }), `idempotent on a ${step.kind} step`);
  t.ok(
    validateFlow({
      id: 'f',
      steps: [{ id: 'h', kind: 'human', prompt: 'p', options: [{ id: 'y', label: 'Y', port: null }], assignee: '{{input.who}} ' }],
    }),
    'an interpolated assignee is checked when the gate opens',
  );
  t.ok(validateFlow({ id: 'f', trigger: 'cron', schedule: '*/5 * * * *', steps: [echo('a')] }));
  t.ok(
    validateFlow({ id: 'f', steps: [echo('a', { next: 'c' }), echo('b', { next: null }), echo('c', { next: 'b' })] }),
    'forward and backward edges without a loop',
  );
  t.ok(
    validateFlow({ id: 'f', steps: [{ id: 'h', kind: 'human', prompt: 'p', options: [{ id: 'y', label: 'Y', port: 'a' }] }, echo('a')] }),
  );
});

t.test('a value that is not a flow object is refused as such', async (t) => {
  for (const raw of [null, 'flow', [], 42]) refusal(t, raw, 'a flow', /must be a JSON object/);
  refusal(t, { id: 'f', steps: [] }, 'flow', /steps/);
});
