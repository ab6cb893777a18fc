/**
 * The model double (docs/evals.md "The doubles"), behind the same port every `model` step calls: a
 * mock answers when its `when` is a substring of the interpolated system plus prompt; mocks are
 * tried in declaration order and each answers once unless `always`; anything unscripted gets
 * one constant reply, so a flow cannot depend on what an unscripted model would have said.
 */
import type { MeteredModelProvider } from '../../model/index.js';
import { emptyTotals } from '../../model/meter.js';
import type { ScenarioMocks } from '../../schemas/evals.js';
import type { EvalRecord } from './record.js';

export const UNSCRIPTED_REPLY = '[eval] unscripted completion';
export const EVAL_MODEL = 'eval';

type ModelMocks = NonNullable<ScenarioMocks['model']>;

/** The text a mock's `when` is matched against: what the model would have been sent. */
export function promptText(req: { prompt: string; system?: string | undefined }): string {
  return req.system === undefined ? req.prompt : `${req.system}\n${req.prompt}`;
}

export function modelDouble(mocks: ModelMocks, record: EvalRecord): MeteredModelProvider {
  const used = new Set<number>();
  const totals = emptyTotals();
  return {
    name: EVAL_MODEL,
    usage: () => ({ ...totals }),
    async complete(req) {
      record.modelCalls += 1;
      totals.calls += 1;
      const text = promptText(req);
      const i = mocks.findIndex((m, j) => (m.always === true || !used.has(j)) && text.includes(m.when));
      if (i >= 0 && mocks[i]!.always !== true) used.add(i);
      const reply = i >= 0 ? mocks[i]!.reply : UNSCRIPTED_REPLY;
      // Free and metered as zero: an eval spends nothing, and says so rather than leave it unmeasured.
      return { text: reply, model: EVAL_MODEL, provider: EVAL_MODEL, usage: { inputTokens: 0, outputTokens: 0 }, microDollars: 0 };
    },
  };
}
