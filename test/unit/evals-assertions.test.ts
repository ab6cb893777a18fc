/**
 * The eleven assertions of an eval scenario (docs/evals.md "Assertions"): each one passes on a run that
 * did what it says, and fails, with its one line `expected X, got Y`, on a scenario built to
 * contradict it. The runs are real: the flow engine on the embedded system with the doubles.
 */
import t from 'tap';
import type { Flow } from '../../schemas/flows.js';
import { failuresById, runScenarios } from '../helpers/evals.js';

const probe: Flow = {
  id: 'probe',
  steps: [
    { id: 'think', kind: 'model', prompt: 'Plan {{input.task}} for {{crew.name}}' },
    { id: 'fetch', kind: 'tool', tool: 'crm.lookup', args: { who: '{{target.payroll.address}}' } },
    { id: 'pay', kind: 'gate', value: '10', target: '{{input.target}}', onAllow: 'note', onEscalate: 'ask', onDeny: null },
    {
      id: 'ask',
      kind: 'human',
      prompt: 'Pay?',
      options: [
        { id: 'yes', label: 'Yes', port: 'note' },
        { id: 'no', label: 'No', port: null },
      ],
    },
    { id: 'note', kind: 'tool', tool: 'svc_echo', args: { text: 'paid' }, next: null },
  ],
};
const quiet: Flow = { id: 'quiet', steps: [{ id: 'say', kind: 'model', prompt: 'hello' }] };

const allowRun = {
  flow: 'probe',
  blueprint: 'demo-crew',
  input: { task: 'rent', target: 'payroll' },
  mocks: { tools: { 'crm.lookup': { result: { ok: true, body: { id: 7 } } } } },
};
const parkRun = { ...allowRun, input: { task: 'rent', target: 'vendor' } };

t.test('every assertion passes on a run that did what it says', async (t) => {
  const report = await runScenarios(
    t,
    {
      scenarios: [
        {
          id: 'allow',
          describe: 'allowed spend',
          ...allowRun,
          expect: {
            status: 'completed',
            ran: ['think', 'pay', 'note'],
            notRan: ['ask'],
            port: { pay: 'note', note: null },
            verdict: { pay: 'ALLOW' },
            called: { 'crm.lookup': 1, model: 1, svc_echo: 1 },
            notCalled: ['crm.delete'],
            noConnectorCalls: false,
            questionOpen: false,
            auditIncludes: ['FlowRun', '"runId":"eval-allow"'],
          },
        },
        {
          id: 'park',
          describe: 'escalated spend parks on the question',
          ...parkRun,
          expect: {
            status: 'waiting',
            waiting: { reason: 'human_gate', stepId: 'ask' },
            port: { pay: 'ask', ask: null },
            verdict: { pay: 'ESCALATE' },
            questionOpen: true,
            auditIncludes: 'HumanGateOpened',
          },
        },
        {
          id: 'quiet',
          describe: 'no connector',
          flow: 'quiet',
          expect: { noConnectorCalls: true, called: { model: 1 }, notCalled: ['crm.lookup'] },
        },
      ],
    },
    { probe, quiet },
  );
  t.strictSame(failuresById(report), { allow: [], park: [], quiet: [] });
  t.match(report, { ok: true, passed: 3, failed: 0, matched: 3 });
});

t.test('each assertion fails with one line naming what was expected and what happened', async (t) => {
  const report = await runScenarios(
    t,
    {
      scenarios: [
        {
          id: 'allow-wrong',
          describe: 'every expectation contradicts the allowed run',
          ...allowRun,
          expect: {
            status: 'error',
            waiting: { reason: 'human_gate', stepId: 'ask' },
            ran: ['note', 'think'],
            notRan: ['fetch'],
            port: { pay: 'ask', note: 'think', ask: null },
            verdict: { pay: 'DENY', ask: 'ALLOW' },
            called: { 'crm.lookup': 2, model: 0 },
            notCalled: ['crm.lookup'],
            noConnectorCalls: true,
            questionOpen: true,
            auditIncludes: 'NoSuchEvent',
          },
        },
        {
          id: 'park-wrong',
          describe: 'expectations a parked run contradicts',
          ...parkRun,
          expect: { waiting: { reason: 'human_gate', stepId: 'pay' }, port: { ask: 'note', pay: null }, questionOpen: false },
        },
        { id: 'quiet-wrong', describe: 'a run with no connector call', flow: 'quiet', expect: { noConnectorCalls: false } },
      ],
    },
    { probe, quiet },
  );
  t.strictSame(failuresById(report), {
    'allow-wrong': [
      'status: expected error, got completed',
      'waiting: expected human_gate at ask, got not waiting (completed)',
      'ran: expected note, think in this order, got think, fetch, pay, note',
      'notRan: expected fetch never to run, got it ran (think, fetch, pay, note)',
      'port: expected pay → ask, got note',
      'port: expected note → think, got null',
      'port: expected ask → null, got ask never ran',
      'verdict: expected pay DENY, got ALLOW',
      'verdict: expected ask ALLOW, got ask never ran',
      'called: expected crm.lookup 2 calls, got 1 call',
      'called: expected model 0 calls, got 1 call',
      'notCalled: expected crm.lookup never called, got 1 call',
      'noConnectorCalls: expected no connector call, got crm.lookup',
      'questionOpen: expected a human gate left open, got none open',
      // FlowRun twice (start, end) and nothing else: the allowed run opened no gate.
      'auditIncludes: expected "NoSuchEvent" on the audit trail, got it in none of 2 rows',
    ],
    'park-wrong': [
      'waiting: expected human_gate at pay, got human_gate at ask',
      'port: expected ask → note, got it parked there',
      'port: expected pay → null (stopped there), got ask',
      'questionOpen: expected no human gate left open, got ask open',
    ],
    'quiet-wrong': ['noConnectorCalls: expected at least one connector call, got none'],
  });
  t.match(report, { ok: false, passed: 0, failed: 3, matched: 3 });
});
