/**
 * The wake-up sweep: once per clock window (across replicas), every parent still parked on a
 * child that ended more than a window ago is sent its `child_finished` signal again. The first
 * send goes right after the child's end (engine/events.ts); this one covers a send the bus did
 * not take (NATS away at that moment) or a process that died between the commit and the send.
 */
import type { Sweep } from '../actor.js';
import type { RunDeps } from './deps.js';
import { owedWakeups } from '../../store/owed-wakeups.js';
import { sendWakeup } from './engine/events.js';

const BATCH = 500;

export function wakeupSweep(deps: RunDeps): Sweep {
  return {
    name: 'run.wakeups',
    async run() {
      // A window's grace: a first send that is merely slow is not raced by its own re-send.
      const owed = await owedWakeups(deps.store, new Date(deps.now() - deps.config.clockTickMs), BATCH);
      const window = Math.floor(deps.now() / deps.config.clockTickMs);
      let sent = 0;
      try {
        for (const w of owed) {
          await sendWakeup(deps.bus, w, window);
          sent++;
        }
      } finally {
        if (owed.length) deps.log.info({ sent, owed: owed.length }, 'parent wake-ups re-sent');
      }
    },
  };
}
