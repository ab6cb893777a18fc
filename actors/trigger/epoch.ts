/**
 * The epoch: the epoch trigger fires after allowances stream, both from the queue schedule
 * and from `POST /epoch`, in mock mode too. Allowances stream through the chain port
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
import { AppError, isAppError } from '../../schemas/errors.js';

export type EpochCommand = InputOf<typeof triggerVerbs.epoch>;

export async function runEpoch(deps: TriggerDeps, cmd: EpochCommand, traceId?: string): Promise<EpochReply> {
  const epochId = cmd.epochId ?? randomUUID();
  const { chain } = deps;
  const streamedBy = await stream(deps, cmd, epochId);
  const flows = await definitionsOf(deps.store).byTrigger('epoch');
  const flowRuns: EpochReply['flowRuns'] = [];
  for (const flow of flows) {
    const runId = `run-epoch-${flow.id}-${epochId}`;
    const start: StartRunCommand = { runId, flowId: flow.id, principal: flow.savedBy, trigger: 'epoch', ...(traceId ? { traceId } : {}) };
    await deps.clients.run.start.send(start, { msgId: runId, ...(traceId ? { traceId } : {}) });
    flowRuns.push({ flowId: flow.id, runId });
  }
  const { epochError } = streamedBy;
  deps.log.info({ epochId, chain: chain.configured, epoch: streamedBy.epoch, epochError, runs: flowRuns.length }, 'epoch ran');
  // 400 only when streaming failed and no flow ran; otherwise the failure travels in the reply.
  if (epochError !== undefined && flowRuns.length === 0)
    throw new AppError('epoch_failed', { message: `the epoch did not stream and no epoch flow ran: ${epochError}` });
  return { chain: chain.configured, ...streamedBy, flowRuns };
}

/** Streams the grants through the chain port; a failure is reported, not thrown, so the epoch flows still fire. */
async function stream(deps: TriggerDeps, cmd: EpochCommand, epochId: string): Promise<Omit<EpochReply, 'chain' | 'flowRuns'>> {
  if (!deps.chain.configured) return { streaming: 'no chain is configured: no allowances streamed', streamed: 0 };
  try {
    const out = await deps.chain.budget({
      // No caller: the epoch schedule sent it.
      principal: cmd.caller?.seat ?? 'schedule',
      action: 'run-epoch',
      params: cmd.asset === undefined ? {} : { asset: cmd.asset },
      runId: `epoch-${epochId}`,
      stepId: 'epoch',
    });
    const json = (out.json ?? {}) as { epoch?: unknown; txHash?: unknown; streamed?: unknown };
    return {
      streaming: out.summary,
      streamed: typeof json.streamed === 'number' ? json.streamed : 0,
      ...(typeof json.epoch === 'string' ? { epoch: json.epoch } : {}),
      ...(typeof json.txHash === 'string' ? { txHash: json.txHash } : {}),
    };
  } catch (err) {
    // An outage of our own bus or store is still the command's to retry; a chain answer is not.
    // An unknown asset is the caller's mistake, answered 400 before any flow fires.
    if (isAppError(err) && (err.code === 'bus_unavailable' || err.code === 'unknown_asset')) throw err;
    const epochError = isAppError(err)
      ? `${err.wireCode}: ${err.message}`
      : `chain_unavailable: ${(err as Error)?.message?.split('\n')[0] ?? String(err)}`;
    return { streaming: `allowances not streamed: ${epochError}`, streamed: 0, epochError };
  }
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
          await runEpoch(deps, { epochId: `m${minute}` });
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
