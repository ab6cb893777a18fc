/**
 * The doubles' rules (docs/evals.md "The doubles"), each through a real run of the flow
 * engine on the eval harness: what the connector double records and answers, the model mocks'
 * order and `always`, the policy verdicts and their fallbacks, the rule-4 refusal, the parked
 * human step, and an MCP tool that is not mocked.
 */
import t from 'tap';
import type { Flow } from '../../schemas/flows.js';
import type { Scenario } from '../../schemas/evals.js';
import { runScenario } from '../../evals/harness.js';
import { evalEngine } from '../../main/eval-engine.js';
import { UNSCRIPTED_REPLY } from '../../evals/doubles/model.js';
import { connectorsDouble } from '../../evals/doubles/connectors.js';
import { newRecord } from '../../evals/doubles/record.js';
import { decide } from '../../evals/doubles/policy.js';
import { createConnectors } from '../../connectors/index.js';
import { loadConfig } from '../../runtime/config.js';
import { EVAL_EPOCH } from '../../evals/suite.js';
import type { Blueprint } from '../../schemas/evals.js';
import { failuresById, runScenarios } from '../helpers/evals.js';

const now = () => EVAL_EPOCH;
const scenario = (over: Partial<Scenario>): Scenario => ({ id: 's', describe: 'd', flow: 'f', expect: {}, ...over });
const blueprint: Blueprint = {
  id: 'bp',
  crew: { name: 'Night crew', lead: { seat: 'alice' } },
  targets: {
    payroll: { address: '0xAbC0000000000000000000000000000000000001', whitelisted: true },
    vendor: { address: '0x0000000000000000000000000000000000000002', whitelisted: false },
  },
};

t.test('rule 1: every connector call is recorded, and an unmocked route answers the offline shape', async (t) => {
  const offline = await createConnectors(loadConfig({})).call('crm.lookup', { who: 'x' });
  const double = await connectorsDouble({}, newRecord()).call('crm.lookup', { who: 'x' });
  t.strictSame(double, offline, 'the same answer an offline run without SVC_CONNECTORS gets');
  t.equal(offline.status, 404);

  const flow: Flow = {
    id: 'f',
    steps: [
      { id: 'a', kind: 'tool', tool: 'crm.note', args: { who: '{{target.payroll.address}}', crew: '{{crew.lead.seat}}' } },
      { id: 'b', kind: 'tool', tool: 'crm.lookup', args: { q: '{{steps.a.json.id}}' } },
    ],
  };
  const obs = await runScenario(
    scenario({ mocks: { tools: { 'crm.note': { result: { ok: true, body: { id: 'n1' } } } } } }),
    flow,
    blueprint,
    {
      engine: evalEngine,
      now,
    },
  );
  t.strictSame(obs.record.calls, [
    { name: 'crm.note', args: { who: '0xAbC0000000000000000000000000000000000001', crew: 'alice' }, mocked: true },
    { name: 'crm.lookup', args: { q: 'n1' }, mocked: false },
  ]);
  t.equal(obs.run?.status, 'error', 'the unmocked route fails its step as it would offline');
  t.equal(obs.run?.error?.message, `step b: crm.lookup answered 404: ${JSON.stringify(offline.body)}`);
});

t.test('rule 2: model mocks match the interpolated system plus prompt, in order, once unless always', async (t) => {
  const flow: Flow = {
    id: 'f',
    steps: [
      { id: 'm1', kind: 'model', prompt: 'ask {{input}}' },
      { id: 'm2', kind: 'model', prompt: 'ask {{input}}' },
      { id: 'm3', kind: 'model', prompt: 'ask {{input}}' },
      { id: 'm4', kind: 'model', prompt: 'ask {{input}}' },
      { id: 'm5', kind: 'model', system: 'You serve {{crew.name}}.', prompt: 'status' },
      { id: 'm6', kind: 'model', prompt: 'something else' },
    ],
  };
  const mocks = {
    model: [
      { when: 'ask rent', reply: 'first' },
      { when: 'ask rent', reply: 'second' },
      { when: 'ask rent', reply: 'always', always: true },
      { when: 'You serve Night crew.\nstatus', reply: 'system seen' },
    ],
  };
  const obs = await runScenario(scenario({ input: 'rent', mocks }), flow, blueprint, { engine: evalEngine, now });
  t.equal(obs.run?.status, 'completed');
  t.strictSame(
    obs.run?.steps.map((s) => s.summary),
    ['eval: first', 'eval: second', 'eval: always', 'eval: always', 'eval: system seen', `eval: ${UNSCRIPTED_REPLY}`],
  );
  t.equal(obs.record.modelCalls, 6);
});

t.test('rules 3 and 4: the policy double reads mocks, then the whitelist, then ESCALATE', async (t) => {
  const r = newRecord();
  t.strictSame(decide({}, blueprint, 'payroll', r), { verdict: 'ALLOW', source: 'blueprint target payroll whitelisted: true' });
  t.equal(
    decide({}, blueprint, '0xabc0000000000000000000000000000000000001', r).verdict,
    'ALLOW',
    'an address in any case names the target',
  );
  t.equal(decide({}, blueprint, 'vendor', r).verdict, 'ESCALATE', 'not whitelisted');
  t.strictSame(decide({}, blueprint, 'stranger', r), { verdict: 'ESCALATE', source: 'nothing answers for it' });
  t.equal(decide({}, undefined, 'payroll', r).verdict, 'ESCALATE', 'no blueprint: nothing answers');
  t.equal(
    decide({ targets: { payroll: 'DENY' } }, blueprint, '0xABC0000000000000000000000000000000000001', r).verdict,
    'DENY',
    'a mock by name answers for the address',
  );
  t.equal(decide({ targets: { vendor: 'ESCALATE' } }, blueprint, 'vendor', r).verdict, 'ESCALATE');
  t.strictSame(r.problems, [], 'none of these breaks rule 4');

  t.equal(decide({ targets: { vendor: 'ALLOW' } }, blueprint, 'vendor', r).verdict, 'ALLOW');
  t.equal(decide({ targets: { stranger: 'ALLOW' } }, blueprint, 'stranger', r).verdict, 'ALLOW');
  t.equal(decide({ targets: { vendor: 'ALLOW' }, admitsUnadmitted: ['vendor'] }, blueprint, 'vendor', r).verdict, 'ALLOW');
  t.strictSame(r.problems, [
    'policy: expected mocks.policy.targets.vendor ALLOW only for a target the blueprint admits, got vendor (blueprint bp has it whitelisted: false); list it in admitsUnadmitted if meant',
    'policy: expected mocks.policy.targets.stranger ALLOW only for a target the blueprint admits, got stranger (blueprint bp has no such target); list it in admitsUnadmitted if meant',
  ]);
});

const spend: Flow = {
  id: 'spend',
  steps: [
    { id: 'pay', kind: 'gate', value: '5', target: '{{input}}', onAllow: 'ok', onEscalate: 'ask', onDeny: null },
    {
      id: 'ask',
      kind: 'human',
      prompt: 'Pay {{input}}?',
      options: [
        { id: 'yes', label: 'Yes', port: 'ok' },
        { id: 'no', label: 'No', port: null },
      ],
    },
    { id: 'ok', kind: 'tool', tool: 'svc_echo', args: { text: 'paid' }, next: null },
  ],
};

t.test('rule 4 fails a scenario whose mocked ALLOW the blueprint does not admit, unless admitsUnadmitted lists it', async (t) => {
  const base = {
    describe: 'd',
    flow: 'spend',
    blueprint: 'demo-crew',
    input: 'vendor',
    expect: { verdict: { pay: 'ALLOW' }, status: 'completed' },
  };
  const report = await runScenarios(
    t,
    {
      scenarios: [
        { ...base, id: 'unadmitted', mocks: { policy: { targets: { vendor: 'ALLOW' } } } },
        { ...base, id: 'admitted', mocks: { policy: { targets: { vendor: 'ALLOW' }, admitsUnadmitted: ['vendor'] } } },
        { ...base, id: 'whitelisted', input: 'payroll', mocks: { policy: { targets: { payroll: 'ALLOW' } } } },
        { ...base, id: 'fallback', input: 'nobody-knows', expect: { verdict: { pay: 'ESCALATE' } } },
      ],
    },
    { spend },
  );
  t.strictSame(failuresById(report), {
    unadmitted: [
      'policy: expected mocks.policy.targets.vendor ALLOW only for a target the blueprint admits, got vendor (blueprint demo-crew has it whitelisted: false); list it in admitsUnadmitted if meant',
    ],
    admitted: [],
    whitelisted: [],
    fallback: [],
  });
});

t.test('rule 5: an unscripted human step parks the run; a scripted one answers; no canned yes', async (t) => {
  const parked = await runScenario(scenario({ input: 'vendor' }), spend, blueprint, { engine: evalEngine, now });
  t.equal(parked.run?.status, 'waiting');
  t.strictSame(parked.run?.waiting, { reason: 'human_gate', stepId: 'ask', token: 'q-eval-s-ask' });
  t.strictSame([...parked.record.questions], [['ask', { questionId: 'q-eval-s-ask', open: true }]]);

  const answered = await runScenario(
    scenario({ input: 'vendor', mocks: { gates: { ask: { outcome: 'answered', optionId: 'no' } } } }),
    spend,
    blueprint,
    {
      engine: evalEngine,
      now,
    },
  );
  t.equal(answered.run?.status, 'completed');
  t.strictSame(
    answered.run?.steps.map((s) => [s.stepId, s.port]),
    [
      ['pay', 'ask'],
      ['ask', null],
    ],
    'the option the mock names routes the run',
  );
  t.equal(answered.record.questions.get('ask')?.open, false);

  const wrong = await runScenario(
    scenario({ input: 'vendor', mocks: { gates: { ask: { outcome: 'answered', optionId: 'maybe' } } } }),
    spend,
    blueprint,
    {
      engine: evalEngine,
      now,
    },
  );
  t.equal(wrong.run?.status, 'waiting', 'an answer the step does not offer leaves it open');
  t.strictSame(wrong.record.problems, ['gates: expected mocks.gates.ask.optionId to be one of yes, no, got maybe']);
});

t.test('an MCP tool is never reached: unmocked it fails the scenario naming it; mocked it answers', async (t) => {
  const flow: Flow = { id: 'mcpflow', steps: [{ id: 'issue', kind: 'tool', tool: 'mcp__github__create_issue', args: { title: 'x' } }] };
  const report = await runScenarios(
    t,
    {
      scenarios: [
        { id: 'unmocked', describe: 'd', flow: 'mcpflow', expect: {} },
        {
          id: 'mocked',
          describe: 'd',
          flow: 'mcpflow',
          mocks: { tools: { mcp__github__create_issue: { result: { ok: true, body: 'issue 12' } } } },
          expect: { status: 'completed', called: { mcp__github__create_issue: 1 } },
        },
      ],
    },
    { mcpflow: flow },
  );
  t.strictSame(failuresById(report), {
    unmocked: ['network: expected no MCP server reached, got a call to mcp__github__create_issue (mock it in mocks.tools)'],
    mocked: [],
  });
});
