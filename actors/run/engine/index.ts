/**
 * The engine's entry points: start a run, drive a held run, and the delegation port the agent
 * step uses (children are created once per (run, step) and driven inline by the worker that
 * started them; a child parked elsewhere wakes its parent through `run.signal`).
 */
import { randomUUID } from 'node:crypto';
import type { ActorDeps } from '../../actor.js';
import type { ChainPort } from '../../../chain/port.js';
import type { Flow } from '../../../schemas/flows.js';
import type { RunView, StartRunCommand, TraceEntry } from '../../../schemas/runs.js';
import { AppError } from '../../../schemas/errors.js';
import { validateFlow } from '../definitions/validate.js';
import { loadFlow } from '../definitions/store.js';
import { buildRegistry } from '../steps/registry.js';
import type { ChildState, Delegation } from '../steps/agent.js';
import { drive, type DriverDeps, type Registry } from './driver.js';
import { findChild, insertRun, loadRun, takeLease, type Lease, type RunRow } from './records.js';
import { toView } from './view.js';
import { runStarted } from './events.js';
import { isPaused } from '../../../store/paused.js';

export interface Engine {
  readonly deps: ActorDeps;
  readonly lease: Lease;
  start(cmd: StartRunCommand, traceId: string): Promise<RunView>;
  drive(runId: string, traceId: string): Promise<RunView>;
  /** Takes over a running run whose lease expired (or any, with force) and drives it. */
  takeOverAndDrive(runId: string, traceId: string, force?: boolean): Promise<RunView | undefined>;
}

export function newRunId(): string {
  return `run-${randomUUID()}`;
}

function childState(r: RunRow): ChildState {
  const trace = (r.trace ?? []) as TraceEntry[];
  const last = trace[trace.length - 1];
  const outputs = (r.outputs ?? {}) as Record<string, { text?: string }>;
  return {
    id: r.id,
    status: r.status,
    lastSummary: last?.summary ?? '',
    lastText: last ? outputs[last.stepId]?.text : undefined,
    error: r.errorCode ? { code: r.errorCode, message: r.errorMessage ?? '' } : undefined,
  };
}

export function createEngine(deps: ActorDeps, chain: ChainPort): Engine {
  const lease: Lease = { holder: deps.workerId, ms: deps.config.runLeaseMs, now: deps.now };
  let registry: Registry | undefined;
  const driverDeps: DriverDeps = { deps, lease, registry: () => (registry ??= buildRegistry({ chain, connectors: deps.connectors, delegation })) };

  const delegation: Delegation = {
    loadFlow: (flowId, principal) => loadFlow(deps.store, flowId, { operator: false, seat: principal }, deps.config.org),
    async existing(parent, stepId) {
      const row = await findChild(deps.store, parent.id, stepId);
      if (!row) return undefined;
      // A child left running by a dead worker is taken over here rather than waiting for the sweep.
      if (row.status === 'running' && (await takeLease(deps.store, row.id, lease))) {
        return childState(await driveRow(row.id, row.traceId ?? row.id));
      }
      return childState(row);
    },
    async child(parent, stepId, spec) {
      await refusePaused(spec.principal, `step ${stepId}: `);
      const id = newRunId();
      const parentRow = await loadRun(deps.store, parent.id);
      const traceId = parentRow?.traceId ?? parent.id;
      const created = await insertRun(deps.store, {
        id, flowId: spec.flow.id, flow: spec.flow as unknown as Record<string, unknown>, principal: spec.principal, input: spec.input,
        trigger: parent.trigger, cursor: spec.flow.steps[0]?.id ?? null, stack: [...parent.stack, spec.flow.id], parent: { runId: parent.id, stepId }, traceId,
      }, lease);
      if (!created) {
        const existing = await this.existing(parent, stepId);
        if (existing) return existing;
        throw new AppError('flow_step_failed', { message: `step ${stepId}: could not create the delegate run` });
      }
      await runStarted(deps, { runId: id, flowId: spec.flow.id, principal: spec.principal, trigger: parent.trigger, parent: { runId: parent.id, stepId } }, traceId);
      return childState(await driveRow(id, traceId));
    },
  };

  /** A paused principal starts nothing new (spec: a run starts only when its principal is not paused). */
  const refusePaused = async (principal: string, where: string): Promise<void> => {
    if (await isPaused(deps.store, principal)) throw new AppError('principal_paused', { message: `${where}${principal} is paused (POST /agents/pause); no run was started` });
  };

  const startFlow = async (cmd: StartRunCommand): Promise<Flow> => {
    if (cmd.flow !== undefined) return validateFlow(cmd.flow);
    if (cmd.flowId !== undefined) {
      const saved = await loadFlow(deps.store, cmd.flowId, { operator: cmd.operator === true, seat: cmd.principal }, deps.config.org);
      if (!saved) throw new AppError('record_not_found', { message: `no saved flow ${cmd.flowId} is visible to ${cmd.principal}` });
      return saved;
    }
    throw new AppError('invalid_request', { message: 'a run needs a flow id or an inline flow' });
  };

  /** A start for a run that exists: continue it only if its holder is gone. */
  const redelivered = async (existing: RunRow, traceId: string): Promise<RunView> => {
    if (existing.status === 'running' && (await takeLease(deps.store, existing.id, lease))) return drive(driverDeps, existing.id, traceId);
    return toView(existing);
  };

  const driveRow = async (runId: string, traceId: string): Promise<RunRow> => {
    await drive(driverDeps, runId, traceId);
    return (await loadRun(deps.store, runId))!;
  };

  return {
    deps,
    lease,
    async start(cmd, traceId) {
      // The run is not looked up first: the insert finds out whether it exists (a redelivered
      // start), which saves a read on every new run.
      let flow: Flow;
      try {
        await refusePaused(cmd.principal, '');
        flow = await startFlow(cmd);
      } catch (err) {
        // A redelivered start is answered from its run, even if its principal was paused since.
        const existing = await loadRun(deps.store, cmd.runId);
        if (existing) return redelivered(existing, traceId);
        throw err;
      }
      const created = await insertRun(deps.store, {
        id: cmd.runId, flowId: flow.id, flow: flow as unknown as Record<string, unknown>, principal: cmd.principal, input: cmd.input,
        trigger: cmd.trigger ?? 'manual', cursor: flow.steps[0]?.id ?? null, stack: [flow.id], traceId,
      }, lease);
      if (!created) return redelivered((await loadRun(deps.store, cmd.runId))!, traceId);
      await runStarted(deps, { runId: cmd.runId, flowId: flow.id, principal: cmd.principal, trigger: cmd.trigger ?? 'manual' }, traceId);
      return drive(driverDeps, cmd.runId, traceId, created);
    },
    drive: (runId, traceId) => drive(driverDeps, runId, traceId),
    async takeOverAndDrive(runId, traceId, force = false) {
      if (!(await takeLease(deps.store, runId, lease, force))) return undefined;
      return drive(driverDeps, runId, traceId);
    },
  };
}
