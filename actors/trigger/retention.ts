/**
 * The delivery log's retention (store/deliveries/ RETENTION): rejected, duplicate and skipped
 * rows are capped per trigger and aged out, accepted rows (which carry producer keys and answer
 * redeliveries) age out later, and rows of deleted triggers go. It runs as a clock sweep, which
 * the clock actor fans out once per window across all replicas.
 */
import { deliveriesOf } from '../../store/deliveries/index.js';
import type { Sweep } from '../actor.js';
import type { TriggerDeps } from './deps.js';

export function retentionSweep(deps: TriggerDeps): Sweep {
  return {
    name: 'trigger.retention',
    async run(_window, at) {
      const removed = await deliveriesOf(deps.store).prune(at);
      if (removed > 0) deps.log.info({ removed }, 'webhook delivery log pruned');
    },
  };
}
