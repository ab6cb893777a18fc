/**
 * One tick of one heartbeat (docs/heartbeats.md "A tick"). A scheduled window is claimed in the store
 * (`heartbeat:<crewId>:<minute>`) before any work, with a TTL of SVC_HEARTBEAT_LOCK_MS: a copy of
 * the command, a redelivery, another replica or a tick still running finds the claim and only
 * leaves a `coalesced` receipt; a holder that died is presumed dead once the TTL passes and the
 * window may be taken over. A finished tick makes its claim permanent, so its window never runs
 * again. `POST /heartbeats/run` claims a key of its own, never the scheduled one.
 *
 * Items run in order as the heartbeat's seat through `run.start`, the path a manual run takes
 * (policy, pause, approvals and gates apply there), tagged `trigger: heartbeat`. Run ids are
 * derived from the window and the item's place, so a takeover asks for the same runs and the run
 * actor answers a run that exists from its record instead of starting it again.
 */
import { randomUUID } from 'node:crypto';
import { AppError, isAppError } from '../../schemas/errors.js';
import type { HeartbeatItem, TickCommand, TickItem, TickStatus, TickUsage, TickView } from '../../schemas/heartbeats.js';
import type { RunView, StartRunCommand } from '../../schemas/runs.js';
import { crewThread } from '../../identity/heartbeats.js';
import { claimWindow, keepClaim } from '../../store/claims.js';
import { heartbeatsOf, type HeartbeatRow, type TickRow } from '../../store/heartbeats/index.js';
import type { HeartbeatDeps } from './deps.js';
import { isQuiet } from './schedule.js';
import { allClear, summaryText } from './summary.js';
import { tickView } from './views.js';

/** How long to wait for the model-call rows of a tick's runs (they are written in the background). */
const USAGE_SETTLE_MS = 3000;

export const scheduledKey = (crewId: string, minute: number): string => `heartbeat:${crewId}:${minute}`;
export const tickIdOf = (crewId: string, window: Date): string => `${crewId}/${window.toISOString()}`;

export async function runTick(deps: HeartbeatDeps, cmd: TickCommand, traceId: string, deliveryCount = 1): Promise<TickView | null> {
  const repo = heartbeatsOf(deps.store);
  const hb = await repo.get(cmd.crewId);
  if (!hb) return null;
  const manual = cmd.manual;
  const window = manual ? new Date(manual.at) : new Date((cmd.minute ?? 0) * 60_000);
  const key = manual ? `heartbeat:${hb.crewId}:${manual.key}` : scheduledKey(hb.crewId, cmd.minute ?? 0);
  const id = manual ? `${hb.crewId}/${manual.key}` : tickIdOf(hb.crewId, window);
  const now = () => new Date(deps.now());
  const receipt = async (status: TickStatus, note: string, rowId = id): Promise<TickView> => {
    const row: TickRow = {
      id: rowId,
      crewId: hb.crewId,
      kind: manual ? 'manual' : 'scheduled',
      window,
      status,
      items: [],
      runs: [],
      usage: null,
      note,
      worker: deps.workerId,
      startedAt: now(),
      finishedAt: now(),
    };
    await repo.receipt(row);
    return tickView(row);
  };

  if (!manual && (!hb.enabled || isQuiet(hb, window))) {
    // Skipped, not deferred: the window is taken for good so no copy runs it later.
    if (!(await claimWindow(deps.store, key, deps.workerId))) return null;
    return hb.enabled
      ? receipt('skipped_quiet', `inside the quiet window ${hb.quietStart}-${hb.quietEnd} ${hb.timezone}`)
      : receipt('skipped_disabled', 'the heartbeat was disabled when its window came');
  }
  if (!(await claimWindow(deps.store, key, deps.workerId, deps.config.heartbeats.lockMs))) {
    // A redelivery means the worker that took this command is gone or stalled: while the window's
    // tick is unfinished it waits (retried) until that tick ends or its lock expires and it can take over.
    if (deliveryCount > 1 && (await repo.tick(id))?.status === 'running') {
      deps.log.info({ crewId: hb.crewId, window: window.toISOString() }, 'heartbeat window held; waiting for its lock');
      throw new AppError('heartbeat_window_held', {
        message: `the window ${window.toISOString()} of crew ${hb.crewId} is held by a tick still running (or presumed dead once its lock expires)`,
      });
    }
    deps.log.info({ crewId: hb.crewId, window: window.toISOString() }, 'heartbeat window already claimed');
    return receipt(
      'coalesced',
      'the window was already claimed (another replica, a redelivery, or a tick still running)',
      `${id}#${randomUUID()}`,
    );
  }
  deps.log.info({ crewId: hb.crewId, window: window.toISOString(), manual: manual !== undefined }, 'heartbeat tick claimed');
  await repo.openTick({ id, crewId: hb.crewId, kind: manual ? 'manual' : 'scheduled', window, worker: deps.workerId, startedAt: now() });

  const runPrefix = manual ? `run-hb-${hb.crewId}-${manual.key}` : `run-hb-${hb.crewId}-${cmd.minute}`;
  const items: TickItem[] = [];
  const views: RunView[] = [];
  let stopped = false;
  for (const [i, item] of hb.items.entries()) {
    if (stopped) {
      items.push({
        kind: item.kind,
        id: item.id,
        seat: hb.seat,
        outcome: 'not_run',
        report: 'an earlier item failed and stopOnError is on',
      });
      continue;
    }
    const done = await runItem(deps, hb, item, `${runPrefix}-${i}`, traceId);
    items.push(done.item);
    if (done.view) views.push(done.view);
    if (done.item.outcome === 'failed' && hb.stopOnError) stopped = true;
    await repo.updateTick(id, { items, runs: items.flatMap((x) => (x.runId ? [x.runId] : [])) });
  }

  const runs = items.flatMap((x) => (x.runId ? [x.runId] : []));
  const usage = await settledUsage(deps, views);
  const status: TickStatus = stopped ? 'stopped' : items.some((x) => x.outcome === 'failed') ? 'failed' : 'ran';
  const clear = allClear(items);
  if (!clear || hb.notifyOnOk) {
    const msg = summaryText({ crewId: hb.crewId, window, manual: manual !== undefined, status, items, usage });
    await repo.postMessage({ thread: crewThread(hb.crewId), author: `heartbeat:${hb.crewId}`, kind: msg.kind, body: msg.body, at: now() });
  }
  const finishedAt = now();
  await repo.updateTick(id, { status, items, runs, usage: usage ?? null, finishedAt });
  if (!(await keepClaim(deps.store, key, deps.workerId)))
    deps.log.warn({ crewId: hb.crewId, window: window.toISOString() }, 'heartbeat tick outlived its lock; its window was taken over');
  const needsPerson = items.filter((x) => x.outcome === 'needs_person').length;
  await deps.audit.record(
    'CrewHeartbeat',
    {
      crewId: hb.crewId,
      tickId: id,
      window: window.toISOString(),
      kind: manual ? 'manual' : 'scheduled',
      status,
      itemsRun: items.filter((x) => x.runId !== undefined).length,
      needsPerson,
      runs,
    },
    traceId,
  );
  if (!manual) await breaker(deps, hb, status === 'failed' || status === 'stopped', traceId);
  const row = await repo.tick(id);
  return row ? tickView(row) : null;
}

/** A skill is a declared instruction: one `model` step, no tools, as the seat, with the heartbeat's model. */
function skillFlow(deps: HeartbeatDeps, hb: HeartbeatRow, skillId: string): Record<string, unknown> | undefined {
  const skill = Object.hasOwn(deps.config.heartbeats.skills, skillId) ? deps.config.heartbeats.skills[skillId] : undefined;
  if (!skill) return undefined;
  return {
    id: `skill.${skillId}`,
    title: skill.title,
    steps: [{ id: 'skill', kind: 'model', prompt: skill.prompt, ...(hb.model === null ? {} : { model: hb.model }) }],
  };
}

async function runItem(
  deps: HeartbeatDeps,
  hb: HeartbeatRow,
  item: HeartbeatItem,
  runId: string,
  traceId: string,
): Promise<{ item: TickItem; view?: RunView }> {
  const base = { kind: item.kind, id: item.id, seat: hb.seat };
  const repo = heartbeatsOf(deps.store);
  if (await repo.paused(hb.seat)) return { item: { ...base, outcome: 'skipped_paused', report: `seat ${hb.seat} is paused` } };
  if (item.when !== undefined) {
    const pending = await repo.pendingFor(hb.seat);
    if ((item.when === 'openGates' ? pending.openGates : pending.parkedRuns) === 0)
      return {
        item: { ...base, outcome: 'idle', report: `no ${item.when === 'openGates' ? 'open gates' : 'parked runs'}; no model call` },
      };
  }
  const flow = item.kind === 'skill' ? skillFlow(deps, hb, item.id) : undefined;
  if (item.kind === 'skill' && !flow)
    return { item: { ...base, outcome: 'failed', report: `skill ${item.id} is no longer declared in SVC_SKILLS` } };
  const cmd: StartRunCommand = {
    runId,
    principal: hb.seat,
    ...(hb.seat === 'operator' ? { operator: true } : {}),
    trigger: 'heartbeat',
    traceId,
    ...(flow ? { flow } : { flowId: item.id }),
  };
  let view: RunView;
  try {
    const out = await deps.clients.run.start(cmd, { traceId, timeoutMs: deps.config.heartbeats.lockMs });
    if ('duplicate' in out) return { item: { ...base, outcome: 'ok', runId, report: 'already started' } };
    view = out;
  } catch (err) {
    if (isAppError(err) && err.code === 'principal_paused')
      return { item: { ...base, outcome: 'skipped_paused', report: `seat ${hb.seat} is paused` } };
    const message = isAppError(err) ? `${err.wireCode}: ${err.message}` : 'the run could not be started';
    if (!isAppError(err)) deps.log.error({ err, crewId: hb.crewId, runId }, 'heartbeat item failed to start');
    return { item: { ...base, outcome: 'failed', report: message } };
  }
  const last = view.steps[view.steps.length - 1];
  const report = view.error ? `${view.error.code}: ${view.error.message}` : (last?.summary ?? view.status);
  const outcome: TickItem['outcome'] =
    view.status === 'completed' ? 'ok' : view.status === 'waiting' || view.status === 'running' ? 'needs_person' : 'failed';
  return {
    item: {
      ...base,
      outcome,
      runId: view.id,
      report: view.status === 'waiting' ? `parked (${view.waiting?.reason ?? 'waiting'}): ${report}` : report,
    },
    view,
  };
}

/** The usage of the tick's runs once their model-call rows are in (absent: no model call). */
async function settledUsage(deps: HeartbeatDeps, views: readonly RunView[]): Promise<TickUsage | undefined> {
  const expected = views.reduce((n, v) => n + v.steps.filter((s) => s.kind === 'model' && s.status === 'done').length, 0);
  const ids = views.map((v) => v.id);
  const repo = heartbeatsOf(deps.store);
  const until = Date.now() + USAGE_SETTLE_MS;
  let u = await repo.usageOf(ids);
  while (u.recorded < expected && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    u = await repo.usageOf(ids);
  }
  if (u.calls === 0) return undefined;
  const { recorded: _recorded, ...usage } = u;
  return usage;
}

/** After SVC_HEARTBEAT_MAX_FAILURES failed ticks in a row the heartbeat disables itself and says why. */
async function breaker(deps: HeartbeatDeps, hb: HeartbeatRow, failed: boolean, traceId: string): Promise<void> {
  const repo = heartbeatsOf(deps.store);
  const failures = await repo.countOutcome(hb.crewId, failed);
  const max = deps.config.heartbeats.maxFailures;
  if (!failed || failures < max || !hb.enabled) return;
  const off = await repo.setEnabled(hb.crewId, false, 'circuit-breaker', new Date(deps.now()));
  if (!off) return;
  const reason = `${failures} failed ticks in a row (SVC_HEARTBEAT_MAX_FAILURES=${max})`;
  await repo.postMessage({
    thread: crewThread(hb.crewId),
    author: `heartbeat:${hb.crewId}`,
    kind: 'heartbeat_disabled',
    body: `Heartbeat crew ${hb.crewId} disabled itself after ${reason}. Enable it again with POST /heartbeats/enabled once the cause is fixed.`,
    at: new Date(deps.now()),
  });
  await deps.audit.record('CrewHeartbeatChanged', { crewId: hb.crewId, change: 'disabled', by: 'circuit-breaker', reason }, traceId);
}
