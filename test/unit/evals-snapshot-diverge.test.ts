/**
 * The first divergence between a recorded trace snapshot and a new one, for the differences the
 * suite test does not build a flow for: a run that ends early or goes further, a parked step, a
 * changed status, a changed call count, and a snapshot of another scenario.
 */
import t from 'tap';
import { firstDivergence, type TraceSnapshot } from '../../evals/snapshot.js';

const base: TraceSnapshot = {
  version: 1,
  scenario: 's',
  status: 'completed',
  steps: [
    { step: 'propose', status: 'done', port: 'ask', verdict: 'ESCALATE' },
    { step: 'ask', status: 'done', port: 'done' },
    { step: 'done', status: 'done', port: null },
  ],
  calls: { model: 1, 'crm.lookup': 2 },
};

t.equal(firstDivergence(base, structuredClone(base)), undefined, 'the same trace matches');

t.equal(
  firstDivergence(base, { ...base, status: 'waiting', steps: [base.steps[0]!, { step: 'ask', status: 'parked' }] }),
  'snapshot: step 2 expected ask→done, got ask (parked)',
  'the step comes before the status it explains',
);
t.equal(
  firstDivergence(base, { ...base, steps: base.steps.slice(0, 2) }),
  'snapshot: step 3 expected done→null, got the run ended after 2 steps',
);
t.equal(
  firstDivergence({ ...base, steps: base.steps.slice(0, 2) }, base),
  'snapshot: step 3 expected the run to end after 2 steps, got done→null',
);
t.equal(
  firstDivergence(base, { ...base, steps: [{ ...base.steps[0]!, verdict: 'ALLOW' }, ...base.steps.slice(1)] }),
  'snapshot: step 1 expected propose→ask [ESCALATE], got propose→ask [ALLOW]',
);
t.equal(firstDivergence(base, { ...base, status: 'error' }), 'snapshot: status expected completed, got error');
t.equal(
  firstDivergence(base, { ...base, calls: { model: 1, 'crm.lookup': 1 } }),
  'snapshot: calls expected crm.lookup 2 calls, got 1 call',
);
t.equal(
  firstDivergence(base, { ...base, calls: { ...base.calls, mcp__x__y: 1 } }),
  'snapshot: calls expected mcp__x__y 0 calls, got 1 call',
  'a call the snapshot never saw is a divergence',
);
t.equal(firstDivergence(base, { ...base, scenario: 't' }), 'snapshot: expected the snapshot of t, got one of s');
