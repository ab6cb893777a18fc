/**
 * The gate actor's double (an unscripted human step parks the run: no canned yes), served on the eval's own bus under the gate
 * actor's verbs, so the `human` step runs unchanged: it opens its question and reads the reply.
 * `mocks.gates.<step>` answers the question at once (`resolved` with the option's port), as a
 * person who had already replied would; a step nothing scripts stays open and the run parks on
 * it. There is no canned yes. An answer naming an option the step does not offer is a problem.
 */
import { AppError } from '../../schemas/errors.js';
import type { Handlers } from '../../bus/verbs.js';
import type { gateVerbs } from '../../schemas/commands/gate.js';
import type { Audit } from '../../runtime/audit.js';
import type { ScenarioMocks } from '../../schemas/evals.js';
import type { EvalRecord } from './record.js';

type GateMocks = NonNullable<ScenarioMocks['gates']>;

export function gateDouble(
  mocks: GateMocks,
  record: EvalRecord,
  deps: { readonly audit: Audit; readonly now: () => number; readonly ttlMs: number },
): Handlers<typeof gateVerbs> {
  return {
    async open(ctx, req) {
      const thread = `agent:${req.principal}`;
      const deadlineAt = new Date(deps.now() + (req.timeoutMs ?? deps.ttlMs)).toISOString();
      const seen = record.questions.get(req.stepId);
      const questionId = seen?.questionId ?? `q-${req.runId}-${req.stepId}`;
      const mock = Object.hasOwn(mocks, req.stepId) ? mocks[req.stepId] : undefined;
      const option = mock ? req.options.find((o) => o.id === mock.optionId) : undefined;
      if (!seen) {
        if (mock && !option)
          record.problems.push(
            `gates: expected mocks.gates.${req.stepId}.optionId to be one of ${req.options.map((o) => o.id).join(', ')}, got ${mock.optionId}`,
          );
        record.questions.set(req.stepId, { questionId, open: option === undefined });
        // What the real gate actor audits, so `auditIncludes` reads the same trail.
        await deps.audit.record(
          'HumanGateOpened',
          {
            runId: req.runId,
            stepId: req.stepId,
            questionId,
            purpose: req.purpose,
            principal: req.principal,
            thread,
            assignee: req.assignee ?? null,
            deadlineAt,
          },
          ctx.traceId,
        );
        if (option)
          await deps.audit.record(
            'HumanGateResolved',
            { runId: req.runId, stepId: req.stepId, questionId, optionId: option.id, answeredBy: 'eval' },
            ctx.traceId,
          );
      }
      const base = { questionId, created: !seen, thread, deadlineAt };
      return option
        ? { ...base, status: 'resolved' as const, optionId: option.id, port: option.port }
        : { ...base, status: 'open' as const, optionId: null, port: null };
    },
    async message() {
      throw new AppError('invalid_request', { message: 'an eval has no message threads: script a gate answer in mocks.gates' });
    },
    async close(_ctx, req) {
      const closed: string[] = [];
      for (const q of record.questions.values()) {
        if (q.open && q.questionId.startsWith(`q-${req.runId}-`)) {
          q.open = false;
          closed.push(q.questionId);
        }
      }
      return { closed };
    },
  };
}
