/**
 * The epoch (spec 001: "The epoch trigger fires after allowances stream, both from the queue
 * schedule and from `POST /epoch`, in mock mode too"). Allowances stream through the chain port
 * (`budget: run-epoch`, the orchestrator being the epoch streamer); in no-chain mode nothing is
 * streamed and the reply says so. Then every `trigger: epoch` flow gets one run, tagged `epoch`,
 * with a run id derived from the epoch id so a redelivered epoch command starts nothing twice.
 * The queue schedule is SVC_EPOCH_CRON (default `0 0 * * *`, daily at 00:00 UTC), claimed per
 * minute like cron flows. Unlike a cron flow, a scheduled epoch is not skipped when its minute
 * fails or passes with no worker alive: each window looks back EPOCH_CATCH_UP_MINUTES for a
 * matching minute whose claim is free (a failed epoch releases its claim) and runs it late,
 * because allowances that never stream are worse than allowances that stream a few minutes late.
 * The chain port is the one the composition root chose (chain/select.ts).
 */
import { randomUUID } from 'node:crypto';
import { definitionsOf } from '../../store/definitions/index.js';
import { claimWindow, releaseClaim } from '../../store/claims.js';
import type { Sweep } from '../actor.js';
import type { TriggerDeps } from './deps.js';
import type { EpochReply } from '../../schemas/triggers.js';
import type { InputOf } from '../../schemas/commands/verb.js';
import type { triggerVerbs } from '../../schemas/commands/trigger.js';
import type { StartRunCommand } from '../../schemas/runs.js';
import { cronMatches, minuteOf } from './cron.js';

export type EpochCommand = InputOf<typeof triggerVerbs.epoch>;

export async function runEpoch(deps: TriggerDeps, cmd: EpochCommand, traceId?: string): Promise<EpochReply> {
  const epochId = cmd.epochId ?? randomUUID();
  const { chain } = deps;
  let streaming = 'no chain is configured: no allowances streamed';
  let streamed = 0;
  if (chain.configured) {
    const out = await chain.budget({
      principal: cmd.by ?? 'operator',
      action: 'run-epoch',
      params: {},
      runId: `epoch-${epochId}`,
      stepId: 'epoch',
    });
    streaming = out.summary;
    const n = (out.json as { streamed?: unknown } | undefined)?.streamed;
    streamed = typeof n === 'number' ? n : 0;
  }
  const flows = await definitionsOf(deps.store).byTrigger('epoch');
  const runs: EpochReply['runs'] = [];
  for (const flow of flows) {
    const runId = `run-epoch-${flow.id}-${epochId}`;
    const start: StartRunCommand = { runId, flowId: flow.id, principal: flow.savedBy, trigger: 'epoch', ...(traceId ? { traceId } : {}) };
    await deps.clients.run.start.send(start, { msgId: runId, ...(traceId ? { traceId } : {}) });
    runs.push({ flowId: flow.id, runId });
  }
  deps.log.info({ epochId, chain: chain.configured, streamed, runs: runs.length }, 'epoch ran');
  return { chain: chain.configured, streaming, streamed, runs };
}

/** How far back a window looks for a scheduled epoch that has not run (failed or missed). */
export const EPOCH_CATCH_UP_MINUTES = 10;

export function epochSweep(deps: TriggerDeps): Sweep {
  return {
    name: 'trigger.epoch',
    async run(_window, at) {
      const now = minuteOf(at);
      for (let minute = now - EPOCH_CATCH_UP_MINUTES; minute <= now; minute++) {
        if (!cronMatches(deps.config.triggers.epochCron, new Date(minute * 60_000))) continue;
        const claim = `epoch:${minute}`;
        if (!(await claimWindow(deps.store, claim, deps.workerId, 24 * 3600_000))) continue;
        try {
          await runEpoch(deps, { epochId: `m${minute}`, by: 'schedule' });
        } catch (err) {
          // Give the minute back: the next window retries it (run ids derive from the minute,
          // so flows that did start are not started twice).
          await releaseClaim(deps.store, claim, deps.workerId).catch(() => undefined);
          deps.log.error({ err, minute: new Date(minute * 60_000).toISOString() }, 'scheduled epoch failed; the next window retries it');
          throw err;
        }
      }
    },
  };
}
