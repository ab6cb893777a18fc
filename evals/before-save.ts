/**
 * Eval before save (`POST /flows?eval=1`, `svc flows save --eval`; docs/evals.md "Eval before save"): the
 * scenarios that name the flow run against the new definition first, and the save is refused with
 * 422 `flow_eval_failed` when one fails, so a regression never reaches the store. A flow no
 * scenario names is refused too: the caller asked for evidence and there is none (the suite's own
 * rule, matched 0 is never a pass).
 */
import { AppError } from '../schemas/errors.js';
import type { Evals } from './service.js';

/** Failed scenarios named in the refusal; the rest are counted. */
const NAMED = 3;

export async function evalBeforeSave(evals: Pick<Evals, 'run'>, flow: Record<string, unknown>, traceId?: string): Promise<void> {
  const id = typeof flow.id === 'string' ? flow.id : '(no id)';
  const report = await evals.run({ flow }, traceId);
  if (report.matched === 0)
    throw new AppError('flow_eval_failed', { message: `no eval scenario names flow ${id}, so nothing vouches for it; it was not saved` });
  if (report.ok) return;
  const failed = report.results.filter((r) => !r.ok);
  const named = failed.slice(0, NAMED).map((r) => `${r.id}: ${r.failures[0] ?? 'failed'}`);
  const more = failed.length > NAMED ? `; and ${failed.length - NAMED} more` : '';
  throw new AppError('flow_eval_failed', {
    message: `flow ${id} fails ${report.failed} of ${report.matched} eval scenarios; it was not saved: ${named.join('; ')}${more}`,
  });
}
