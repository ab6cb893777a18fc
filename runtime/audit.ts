/**
 * Records an audit event twice: a row in the store (what /usage counts) and an event on
 * `<prefix>.evt.<Type>` (what operators tail). The row is written first so nothing tailed is
 * missing from the trail.
 */
import type { Logger } from 'pino';
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import { insertAudit } from '../store/audit.js';
import type { AuditEventType } from '../schemas/events.js';

export interface Audit {
  record(type: AuditEventType, data: Record<string, unknown>, traceId?: string): Promise<void>;
}

export function createAudit(deps: { store: Store; bus: Bus; log: Logger }): Audit {
  return {
    async record(type, data, traceId) {
      await insertAudit(deps.store, { type, data, traceId });
      try {
        await deps.bus.emit(type, data, traceId === undefined ? {} : { traceId });
      } catch (err) {
        // The row is the record of truth; a live feed outage must not fail the action.
        deps.log.warn({ err, type }, 'audit event not published');
      }
    },
  };
}
