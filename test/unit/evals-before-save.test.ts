/**
 * evals/before-save.ts: a save with ?eval=1 goes ahead only when every scenario naming the flow
 * passed against it; otherwise one 422 `flow_eval_failed` line names the failures.
 */
import t from 'tap';
import { evalBeforeSave } from '../../evals/before-save.js';
import { AppError } from '../../schemas/errors.js';
import type { EvalReport, EvalRequest, ScenarioResult } from '../../schemas/eval-report.js';

function evalsAnswering(results: ScenarioResult[]) {
  const asked: EvalRequest[] = [];
  const failed = results.filter((r) => !r.ok).length;
  const report: EvalReport = {
    ok: results.length > 0 && failed === 0,
    passed: results.length - failed,
    failed,
    matched: results.length,
    results,
    coverage: { uncovered: [] },
  };
  return { asked, evals: { run: async (request: EvalRequest) => (asked.push(request), report) } };
}

const flow = { id: 'triage', steps: [] };
const pass = (id: string): ScenarioResult => ({ id, ok: true, failures: [], durationMs: 1 });
const fail = (id: string, why: string): ScenarioResult => ({ id, ok: false, failures: [why, 'second reason'], durationMs: 1 });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

t.test('every scenario passed: the save goes ahead, and the suite ran the new definition inline', async (t) => {
  const { asked, evals } = evalsAnswering([pass('a'), pass('b')]);
  await evalBeforeSave(evals, flow, 'trace');
  t.same(asked, [{ flow }]);
});

t.test('one failed: 422 flow_eval_failed naming it with its first reason', async (t) => {
  const { evals } = evalsAnswering([pass('a'), fail('b', 'status: expected completed, got error')]);
  const err = await refusal(evalBeforeSave(evals, flow));
  t.equal(err.status, 422);
  t.same(err.toResponseObject(), {
    error: 'flow_eval_failed',
    message: 'flow triage fails 1 of 2 eval scenarios; it was not saved: b: status: expected completed, got error',
  });
});

t.test('many failed: three are named, the rest counted', async (t) => {
  const { evals } = evalsAnswering(['a', 'b', 'c', 'd', 'e'].map((id) => fail(id, 'x')));
  const err = await refusal(evalBeforeSave(evals, flow));
  t.equal(err.message, 'flow triage fails 5 of 5 eval scenarios; it was not saved: a: x; b: x; c: x; and 2 more');
});

t.test('no scenario names the flow: refused, nothing vouches for it', async (t) => {
  const { evals } = evalsAnswering([]);
  const err = await refusal(evalBeforeSave(evals, flow));
  t.same(err.toResponseObject(), {
    error: 'flow_eval_failed',
    message: 'no eval scenario names flow triage, so nothing vouches for it; it was not saved',
  });
});
