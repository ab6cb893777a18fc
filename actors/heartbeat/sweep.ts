/**
 * The heartbeat due-check, a clock sweep (once per window across replicas): every enabled
 * heartbeat whose schedule fires in this minute, in its own zone, gets one `heartbeat.tick`
 * (msgId per crew and minute, so copies collapse on the stream; the tick's store claim is what
 * holds beyond the duplicate window). The minute comes from the window's timestamp, never a wall
 * clock, so tests that shorten windows walk through simulated minutes.
 *
 * Receipts for windows no worker handled: the sweep remembers the last minute it looked at per
 * heartbeat (`dueAt`); fire times between that and now were never dispatched (no worker was
 * alive, or every clock was starved), and each is recorded as `missed`. Nothing is caught up: a
 * checklist run late would report on a "now" that has passed.
 */
import type { Sweep } from '../actor.js';
import { heartbeatsOf } from '../../store/heartbeats/index.js';
import type { HeartbeatDeps } from './deps.js';
import { firesAt, firesBetween } from './schedule.js';
import { tickIdOf } from './tick.js';

/** At most this many missed windows are recorded per heartbeat at once (the newest are kept). */
const MISSED_CAP = 50;
const MISSED_LOOKBACK_MS = 7 * 86_400_000;

export function dueSweep(deps: HeartbeatDeps): Sweep {
  return {
    name: 'heartbeat.due',
    async run(_window, at) {
      const minute = Math.floor(at.getTime() / 60_000);
      const start = new Date(minute * 60_000);
      const repo = heartbeatsOf(deps.store);
      for (const hb of await repo.list()) {
        if (!hb.enabled) continue;
        try {
          if (hb.dueAt !== null && hb.dueAt.getTime() < start.getTime() - 60_000) {
            const from = new Date(Math.max(hb.dueAt.getTime(), start.getTime() - MISSED_LOOKBACK_MS));
            const missed = firesBetween(hb.schedule, hb.timezone, from, start, 10_000).slice(-MISSED_CAP);
            for (const w of missed)
              await repo.receipt({
                id: tickIdOf(hb.crewId, w),
                crewId: hb.crewId,
                kind: 'scheduled',
                window: w,
                status: 'missed',
                items: [],
                runs: [],
                usage: null,
                note: 'no worker handled this window; it is not run late',
                worker: deps.workerId,
                startedAt: new Date(deps.now()),
                finishedAt: new Date(deps.now()),
              });
          }
          if (firesAt(hb.schedule, hb.timezone, start))
            await deps.clients.heartbeat.tick.send({ crewId: hb.crewId, minute }, { msgId: `heartbeat-${hb.crewId}-${minute}` });
          if (hb.dueAt === null || hb.dueAt.getTime() < start.getTime()) await repo.markDue(hb.crewId, start);
        } catch (err) {
          // One heartbeat's failure must not starve the others of their minute.
          deps.log.error({ err, crewId: hb.crewId, minute: start.toISOString() }, 'heartbeat due-check failed');
        }
      }
    },
  };
}
