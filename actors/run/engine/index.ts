/**
 * The engine's entry points: start a run, drive a held run, and the delegation port the agent
 * step uses (children are created once per (run, step) and driven inline by the worker that
 * started them; a child parked elsewhere wakes its parent through `run.signal`).
 */
import { randomUUID } from 'node:crypto';
import type { RunDeps } from '../deps.js';
import type { Flow } from '../../../schemas/flows.js';
import type { RunView, StartRunCommand, TraceEntry } from '../../../schemas/runs.js';
import { AppError } from '../../../schemas/errors.js';
import { validateFlowRepeated } from '../../../flows/validate.js';
import { loadFlow } from '../../../flows/store.js';
import { commandCaller } from '../../../identity/caller.js';
import { buildRegistry } from '../steps/registry.js';
import type { ChildState, Delegation } from '../steps/agent.js';
import { drive, driveAlone, serialized, startsReplayable, type DriverDeps, type Registry } from './driver.js';
import { StartRefused, type Unstored } from './writer.js';
import { findChild, insertRun, loadRun, newRunRow, type Lease, type NewRun, type RunRow } from './records.js';
import { takeOver } from './takeover.js';
import { toView } from '../../../queries/run-view.js';
import { runStarted, startedAudit } from './events.js';
import { cancelIfPaused } from './control.js';
import type { Engine } from './engine.js';
import { orgOf } from '../../../runtime/org.js';

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

export function createEngine(deps: RunDeps): Engine {
  const lease: Lease = { holder: deps.workerId, ms: deps.config.runLeaseMs, now: deps.now };
  let registry: Registry | undefined;
  const driverDeps: DriverDeps = {
    deps,
    lease,
    active: new Map(),
    registry: () => (registry ??= buildRegistry({ chain: deps.chain, connectors: deps.connectors, delegation, clients: deps.clients })),
  };

  const delegation: Delegation = {
    loadFlow: (flowId, principal) => loadFlow(deps.store, flowId, commandCaller(principal, false), orgOf(deps)),
    async existing(parent, stepId) {
      const row = await findChild(deps.store, parent.id, stepId);
      if (!row) return undefined;
      // A child left running by a dead worker is taken over here rather than waiting for the sweep.
      if (row.status === 'running' && (await takeOver(engine, row.id, row.traceId ?? row.id, { kind: 'lease' }))) {
        return childState((await loadRun(deps.store, row.id))!);
      }
      return childState(row);
    },
    async child(parent, stepId, spec) {
      const id = deps.childRunId?.({ runId: parent.id, stepId }) ?? newRunId();
      const parentRow = await loadRun(deps.store, parent.id);
      const traceId = parentRow?.traceId ?? parent.id;
      const r = {
        runId: id,
        flowId: spec.flow.id,
        principal: spec.principal,
        trigger: parent.trigger,
        parent: { runId: parent.id, stepId },
      };
      const created = await insertRun(
        deps.store,
        {
          id,
          flowId: spec.flow.id,
          flow: spec.flow,
          principal: spec.principal,
          input: spec.input,
          trigger: parent.trigger,
          cursor: spec.flow.steps[0]?.id ?? null,
          stack: [...parent.stack, spec.flow.id],
          parent: { runId: parent.id, stepId },
          traceId,
        },
        lease,
        { audit: startedAudit(r, traceId), refusePaused: true },
      );
      if (created.paused) throw pausedError(spec.principal, `step ${stepId}: `);
      if (!created.audit) {
        const existing = await this.existing(parent, stepId);
        if (existing) return existing;
        throw new AppError('flow_step_failed', { message: `step ${stepId}: could not create the delegate run` });
      }
      await runStarted(deps, created.audit);
      return childState(await driveRow(id, traceId));
    },
  };

  /** A paused principal starts nothing new: a run starts only when its principal is not paused. */
  const pausedError = (principal: string, where: string): AppError =>
    new AppError('principal_paused', { message: `${where}${principal} is paused (POST /agents/pause); no run was started` });

  const startFlow = async (cmd: StartRunCommand): Promise<Flow> => {
    if (cmd.flow !== undefined) return validateFlowRepeated(cmd.flow);
    if (cmd.flowId !== undefined) {
      const saved = await loadFlow(deps.store, cmd.flowId, commandCaller(cmd.principal, cmd.operator), orgOf(deps));
      if (!saved) throw new AppError('record_not_found', { message: `no saved flow ${cmd.flowId} is visible to ${cmd.principal}` });
      return saved;
    }
    throw new AppError('invalid_request', { message: 'a run needs a flow id or an inline flow' });
  };

  /** Every drive ends here: a run that parked after its agent was paused is cancelled: a paused
   * principal's runs never go on. */
  const driveHeld = async (runId: string, traceId: string, inserted?: RunRow, unstored?: Unstored): Promise<RunView> =>
    cancelIfPaused(engine, await drive(driverDeps, runId, traceId, inserted, unstored), traceId);

  /** A start that inserted nothing: the run exists (a redelivered start), or its principal is paused. */
  const notInserted = async (cmd: StartRunCommand, paused: boolean, traceId: string): Promise<RunView> => {
    const existing = await loadRun(deps.store, cmd.runId);
    if (existing) return redelivered(existing, traceId);
    throw paused
      ? pausedError(cmd.principal, '')
      : new AppError('record_not_found', { message: `run ${cmd.runId} was neither created nor found` });
  };

  /** A start for a run that exists: continue it only if its holder is gone. */
  const redelivered = async (existing: RunRow, traceId: string): Promise<RunView> => {
    if (existing.status !== 'running') return toView(existing);
    return (
      (await takeOver(engine, existing.id, traceId, { kind: 'lease' })) ?? toView((await loadRun(deps.store, existing.id)) ?? existing)
    );
  };

  const driveRow = async (runId: string, traceId: string): Promise<RunRow> => {
    await driveHeld(runId, traceId);
    return (await loadRun(deps.store, runId))!;
  };

  const engine: Engine = {
    deps,
    lease,
    async start(cmd, traceId) {
      // The run is not looked up first: the insert finds out whether it exists (a redelivered
      // start) or its principal is paused, which saves two reads on every new run.
      let flow: Flow;
      try {
        flow = await startFlow(cmd);
      } catch (err) {
        // A redelivered start is answered from its run, whatever changed since the first delivery.
        const existing = await loadRun(deps.store, cmd.runId);
        if (existing) return redelivered(existing, traceId);
        throw err;
      }
      const r = { runId: cmd.runId, flowId: flow.id, principal: cmd.principal, trigger: cmd.trigger ?? 'manual' };
      const run: NewRun = {
        id: cmd.runId,
        flowId: flow.id,
        flow,
        principal: cmd.principal,
        input: cmd.input,
        trigger: r.trigger,
        cursor: flow.steps[0]?.id ?? null,
        stack: [flow.id],
        traceId,
      };
      const audit = startedAudit(r, traceId);
      if (startsReplayable(driverDeps, flow)) {
        // Its first steps run before the run is stored: the first boundary inserts it together with
        // their checkpoints (and, for a run that ends there, its end), one statement for the run
        // instead of two. A crash before then leaves the start unacknowledged, so it is redelivered.
        let started: Promise<void> | undefined;
        const unstored: Unstored = {
          insert: async (state) => {
            const created = await insertRun(deps.store, run, lease, { audit, refusePaused: true, state });
            if (!created.row || !created.audit) throw new StartRefused(created.paused);
            started = runStarted(deps, created.audit);
            return created;
          },
        };
        try {
          return await driveHeld(cmd.runId, traceId, newRunRow(run, lease), unstored);
        } catch (err) {
          if (err instanceof StartRefused) return notInserted(cmd, err.paused, traceId);
          throw err;
        } finally {
          await started;
        }
      }
      const created = await insertRun(deps.store, run, lease, { audit, refusePaused: true });
      if (!created.row || !created.audit) return notInserted(cmd, created.paused, traceId);
      // The start's row is already stored with the run (the outbox), so its event need not be
      // on the stream before the first step: it goes out while the run proceeds, ahead of the
      // run's progress on the same connection, and the reply waits for it.
      const started = runStarted(deps, created.audit);
      try {
        return await driveHeld(cmd.runId, traceId, created.row);
      } finally {
        await started;
      }
    },
    drive: (runId, traceId) => driveHeld(runId, traceId),
    exclusive: (runId, fn) =>
      serialized(driverDeps, runId, () =>
        fn((id, traceId) => driveAlone(driverDeps, id, traceId).then((v) => cancelIfPaused(engine, v, traceId))),
      ),
  };
  return engine;
}
