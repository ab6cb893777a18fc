/** Stored rows as the API shows them. */
import type { HeartbeatView, TickView } from '../../schemas/heartbeats.js';
import type { HeartbeatRow, TickRow } from '../../store/heartbeats/index.js';

export function tickView(t: TickRow): TickView {
  return {
    id: t.id,
    crewId: t.crewId,
    kind: t.kind,
    window: t.window.toISOString(),
    status: t.status,
    items: [...t.items],
    runs: [...t.runs],
    ...(t.usage ? { usage: t.usage } : {}),
    ...(t.note === null ? {} : { note: t.note }),
    worker: t.worker,
    startedAt: t.startedAt.toISOString(),
    ...(t.finishedAt ? { finishedAt: t.finishedAt.toISOString() } : {}),
  };
}

export function heartbeatView(h: HeartbeatRow, lastTick?: TickRow): HeartbeatView {
  return {
    crewId: h.crewId,
    schedule: h.schedule,
    timezone: h.timezone,
    ...(h.quietStart === null ? {} : { quietStart: h.quietStart }),
    ...(h.quietEnd === null ? {} : { quietEnd: h.quietEnd }),
    items: [...h.items],
    seat: h.seat,
    ...(h.model === null ? {} : { model: h.model }),
    notifyOnOk: h.notifyOnOk,
    stopOnError: h.stopOnError,
    enabled: h.enabled,
    failures: h.failures,
    updatedBy: h.updatedBy,
    updatedAt: h.updatedAt.toISOString(),
    ...(lastTick ? { lastTick: tickView(lastTick) } : {}),
  };
}
