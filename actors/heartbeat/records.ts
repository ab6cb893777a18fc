/**
 * Heartbeat records: save (every check of docs/heartbeats.md "The record" at save time, one 400 each),
 * enable, delete, list and the tick ledger. Who may see or change which heartbeat is
 * identity/heartbeats.ts; every change is a `CrewHeartbeatChanged` audit event.
 */
import { AppError } from '../../schemas/errors.js';
import type { HeartbeatInput, HeartbeatItem, HeartbeatList, HeartbeatView, TickList } from '../../schemas/heartbeats.js';
import { commandCaller, isOperator, OPERATOR, type Caller } from '../../identity/caller.js';
import { maySeeFlow } from '../../identity/flows.js';
import { heartbeatSeat, maySeeHeartbeat } from '../../identity/heartbeats.js';
import { heartbeatsOf, type HeartbeatRow } from '../../store/heartbeats/index.js';
import type { HeartbeatDeps } from './deps.js';
import { checkSchedule, CLOCK_TIME, FLOOR_MINUTES, PRESETS } from './schedule.js';
import { heartbeatView, tickView } from './views.js';
import { orgOf } from '../../runtime/org.js';

/** The caller a heartbeat's seat is judged as: the operator when it runs as the operator. */
export function seatCaller(seat: string): Pick<Caller, 'kind' | 'seat'> {
  return seat === OPERATOR.seat ? OPERATOR : commandCaller(seat, false);
}

async function checkItem(deps: HeartbeatDeps, seat: string, item: HeartbeatItem): Promise<void> {
  const who = seatCaller(seat);
  if (item.kind === 'flow') {
    const scope = await heartbeatsOf(deps.store).flowScope(item.id);
    if (!scope) throw new AppError('heartbeat_unknown_item', { message: `unknown flow ${item.id}: no saved flow has that id` });
    if (!maySeeFlow({ level: scope.scopeLevel, ref: scope.scopeRef ?? undefined }, who, orgOf(deps)))
      throw new AppError('heartbeat_flow_not_visible', { message: `flow ${item.id} is not visible to seat ${seat}` });
    return;
  }
  if (!Object.hasOwn(deps.config.heartbeats.skills, item.id))
    throw new AppError('heartbeat_unknown_item', { message: `unknown skill ${item.id}: SVC_SKILLS declares no such skill` });
  // The operator has no directive to narrow it; a seat runs only the skills its directive carries.
  if (!isOperator(who) && !(orgOf(deps)[seat]?.skills ?? []).includes(item.id))
    throw new AppError('heartbeat_skill_not_carried', {
      message: `seat ${seat} does not carry skill ${item.id} (its SVC_ORG entry lists the skills it carries)`,
    });
}

function checkQuiet(input: HeartbeatInput): void {
  for (const [name, v] of [
    ['quietStart', input.quietStart],
    ['quietEnd', input.quietEnd],
  ] as const) {
    if (v !== undefined && !CLOCK_TIME.test(v))
      throw new AppError('heartbeat_invalid_time', { message: `${name} "${v}" is not HH:MM (00:00-23:59)` });
  }
  if ((input.quietStart === undefined) !== (input.quietEnd === undefined))
    throw new AppError('heartbeat_invalid_time', { message: 'a quiet window needs both quietStart and quietEnd' });
}

/** A heartbeat the caller may see, or the 404 that does not tell an invisible one from a missing one. */
async function visible(deps: HeartbeatDeps, caller: Caller, crewId: string): Promise<HeartbeatRow> {
  const hb = await heartbeatsOf(deps.store).get(crewId);
  if (!hb || !maySeeHeartbeat(hb, caller, orgOf(deps)))
    throw new AppError('record_not_found', { message: `no heartbeat for crew ${crewId} is visible to ${caller.seat}` });
  return hb;
}

export async function saveHeartbeat(deps: HeartbeatDeps, caller: Caller, input: HeartbeatInput, traceId: string): Promise<HeartbeatView> {
  const seat = heartbeatSeat(caller, input.seat);
  if (seat === undefined)
    throw new AppError('heartbeat_forbidden', {
      message: `seat ${caller.seat} may save a heartbeat only to run as itself, not as ${input.seat}`,
    });
  const repo = heartbeatsOf(deps.store);
  const existing = await repo.get(input.crewId);
  if (existing && !maySeeHeartbeat(existing, caller, orgOf(deps)))
    throw new AppError('heartbeat_forbidden', { message: `the heartbeat of crew ${input.crewId} is not ${caller.seat}'s to change` });
  const now = new Date(deps.now());
  checkSchedule(input.schedule, input.timezone, now);
  checkQuiet(input);
  for (const item of input.items) await checkItem(deps, seat, item);
  const saved = await repo.put({
    crewId: input.crewId,
    schedule: input.schedule.trim().split(/\s+/).join(' '),
    timezone: input.timezone,
    quietStart: input.quietStart ?? null,
    quietEnd: input.quietEnd ?? null,
    items: input.items.map((i) => ({ kind: i.kind, id: i.id, ...(i.when ? { when: i.when } : {}) })),
    seat,
    model: input.model ?? null,
    notifyOnOk: input.notifyOnOk ?? true,
    stopOnError: input.stopOnError ?? false,
    enabled: input.enabled ?? true,
    updatedBy: caller.seat,
    updatedAt: now,
  });
  await deps.audit.record(
    'CrewHeartbeatChanged',
    {
      crewId: saved.crewId,
      change: existing ? 'edited' : 'created',
      by: caller.seat,
      schedule: saved.schedule,
      timezone: saved.timezone,
      items: saved.items.length,
      enabled: saved.enabled,
    },
    traceId,
  );
  return heartbeatView(saved);
}

export async function setHeartbeatEnabled(
  deps: HeartbeatDeps,
  caller: Caller,
  crewId: string,
  enabled: boolean,
  traceId: string,
): Promise<HeartbeatView> {
  await visible(deps, caller, crewId);
  const hb = await heartbeatsOf(deps.store).setEnabled(crewId, enabled, caller.seat, new Date(deps.now()));
  if (!hb) throw new AppError('record_not_found', { message: `no heartbeat for crew ${crewId}` });
  await deps.audit.record('CrewHeartbeatChanged', { crewId, change: enabled ? 'enabled' : 'disabled', by: caller.seat }, traceId);
  return heartbeatView(hb);
}

export async function deleteHeartbeat(deps: HeartbeatDeps, caller: Caller, crewId: string, traceId: string): Promise<boolean> {
  const hb = await heartbeatsOf(deps.store).get(crewId);
  if (!hb || !maySeeHeartbeat(hb, caller, orgOf(deps))) return false;
  const removed = await heartbeatsOf(deps.store).remove(crewId);
  if (removed) await deps.audit.record('CrewHeartbeatChanged', { crewId, change: 'removed', by: caller.seat }, traceId);
  return removed;
}

export async function listHeartbeats(deps: HeartbeatDeps, caller: Caller): Promise<HeartbeatList> {
  const repo = heartbeatsOf(deps.store);
  const all = (await repo.list()).filter((h) => maySeeHeartbeat(h, caller, orgOf(deps)));
  const last = await repo.lastTicks(all.map((h) => h.crewId));
  return {
    heartbeats: all.map((h) => heartbeatView(h, last.get(h.crewId))),
    presets: PRESETS.map((p) => ({ ...p })),
    floor: { minutes: FLOOR_MINUTES },
  };
}

export async function listTicks(deps: HeartbeatDeps, caller: Caller, crewId: string | undefined, limit: number): Promise<TickList> {
  const repo = heartbeatsOf(deps.store);
  let crews: string[] | undefined;
  if (crewId !== undefined) {
    // A removed heartbeat's ledger stays readable by the operator only.
    if (!isOperator(caller)) await visible(deps, caller, crewId);
    crews = [crewId];
  } else if (!isOperator(caller)) {
    crews = (await repo.list()).filter((h) => maySeeHeartbeat(h, caller, orgOf(deps))).map((h) => h.crewId);
  }
  return { ticks: (await repo.ticks(crews, limit)).map(tickView) };
}

export { visible as visibleHeartbeat };
