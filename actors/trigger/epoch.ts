/**
 * The epoch (spec 001: "The epoch trigger fires after allowances stream, both from the queue
 * schedule and from `POST /epoch`, in mock mode too"). Allowances stream through the chain port
 * (`budget: run-epoch`, the orchestrator being the epoch streamer); in no-chain mode nothing is
 * streamed and the reply says so. Then every `trigger: epoch` flow gets one run, tagged `epoch`,
 * with a run id derived from the epoch id so a redelivered epoch command starts nothing twice.
 * The queue schedule is SVC_EPOCH_CRON (default `0 0 * * *`, daily at 00:00 UTC), claimed per
 * minute like cron flows.
 */
import { randomUUID } from 'node:crypto';
import { FlowDefinition } from '../../store/entities/FlowDefinition.js';
import { claimWindow } from '../../store/claims.js';
import { noChain, type ChainPort } from '../../chain/index.js';
import type { ActorDeps, Sweep } from '../actor.js';
import type { EpochReply } from '../../schemas/triggers.js';
import type { StartRunCommand } from '../../schemas/runs.js';
import { cronMatches, minuteOf } from './cron.js';

export interface EpochCommand {
  /** Names this epoch; run ids derive from it. */
  epochId?: string;
  by?: string;
}

function chainOf(deps: ActorDeps): ChainPort {
  return (deps as ActorDeps & { chain?: ChainPort }).chain ?? noChain();
}

export async function runEpoch(deps: ActorDeps, cmd: EpochCommand, traceId?: string): Promise<EpochReply> {
  const epochId = cmd.epochId ?? randomUUID();
  const chain = chainOf(deps);
  let streaming = 'no chain is configured: no allowances streamed';
  let streamed = 0;
  if (chain.configured) {
    const out = await chain.budget({ principal: cmd.by ?? 'operator', action: 'run-epoch', params: {}, runId: `epoch-${epochId}`, stepId: 'epoch' });
    streaming = out.summary;
    const n = (out.json as { streamed?: unknown } | undefined)?.streamed;
    streamed = typeof n === 'number' ? n : 0;
  }
  const flows = await deps.store.em().find(FlowDefinition, { trigger: 'epoch' }, { orderBy: { id: 'asc' } });
  const runs: EpochReply['runs'] = [];
  for (const flow of flows) {
    const runId = `run-epoch-${flow.id}-${epochId}`;
    const start: StartRunCommand = { runId, flowId: flow.id, principal: flow.savedBy, trigger: 'epoch', ...(traceId ? { traceId } : {}) };
    await deps.bus.send('run', 'start', start, { msgId: runId, ...(traceId ? { traceId } : {}) });
    runs.push({ flowId: flow.id, runId });
  }
  deps.log.info({ epochId, chain: chain.configured, streamed, runs: runs.length }, 'epoch ran');
  return { chain: chain.configured, streaming, streamed, runs };
}

export function epochSweep(deps: ActorDeps): Sweep {
  return {
    name: 'trigger.epoch',
    async run(_window, at) {
      const minute = minuteOf(at);
      if (!cronMatches(deps.config.triggers.epochCron, new Date(minute * 60_000))) return;
      if (!(await claimWindow(deps.store, `epoch:${minute}`, deps.workerId, 24 * 3600_000))) return;
      await runEpoch(deps, { epochId: `m${minute}`, by: 'schedule' });
    },
  };
}
