/**
 * Records an audit event twice: a row in the store (what /usage counts) and an event on
 * `<prefix>.evt.<Type>` (what operators tail). The row is written first with an outbox row of its
 * own, which is deleted once the event stream has the event; `outboxSweep` re-sends the event
 * until then. Every publish of a row carries `Nats-Msg-Id: <row id>`, so a re-send of an event
 * that was in fact stored (the outbox delete was what failed) is dropped by the stream, not
 * duplicated.
 */
import type { Logger } from 'pino';
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import { auditOf, type StoredAudit } from '../store/audit/index.js';
import { flagPublished } from '../store/outbox-flags.js';
import type { AuditEventType } from '../schemas/events.js';
import type { Sweep } from './sweep.js';

export interface Audit {
  record(type: AuditEventType, data: Record<string, unknown>, traceId?: string): Promise<void>;
  /** Publishes a row a caller wrote itself in its own statement (e.g. with the run it audits). */
  publish(row: StoredAudit): Promise<void>;
}

/** A row younger than this may still be on its first publish; the sweep leaves it alone. */
const SETTLE_MS = 10_000;
/** Rows re-sent per sweep, so a long outage drains over a few minutes, not in one burst. */
const BATCH = 500;

function publish(bus: Bus, row: StoredAudit): Promise<void> {
  return bus.emit(row.type, row.data, {
    msgId: row.id,
    at: row.at.toISOString(),
    ...(row.traceId === null ? {} : { traceId: row.traceId }),
  });
}

export function createAudit(deps: { store: Store; bus: Bus; log: Logger }): Audit {
  const audit: Audit = {
    async record(type, data, traceId) {
      await audit.publish(await auditOf(deps.store).append({ type, data, traceId }));
    },
    async publish(row) {
      try {
        await publish(deps.bus, row);
        // Rides along the next run statement, or shares one with the flags of its turn.
        await flagPublished(deps.store, row.id);
      } catch (err) {
        // The row is the record of truth and the outbox: the action stands, the sweep re-sends.
        deps.log.warn({ err, type: row.type, auditId: row.id }, 'audit event not published yet; the outbox sweep will re-send it');
      }
    },
  };
  return audit;
}

/** Runs once per clock window across all replicas (the clock's claim), re-sending what the
 * feed is missing, oldest first; stops at the first failure (the bus is likely still away). */
export function outboxSweep(deps: { store: Store; bus: Bus; log: Logger; settleMs?: number }): Sweep {
  return {
    name: 'audit-outbox',
    async run() {
      // Rows carry wall-clock times, so this compares with the wall clock, not the injected one.
      const rows = await auditOf(deps.store).unpublished(new Date(Date.now() - (deps.settleMs ?? SETTLE_MS)), BATCH);
      const done: string[] = [];
      try {
        for (const row of rows) {
          await publish(deps.bus, row);
          done.push(row.id);
        }
      } finally {
        await auditOf(deps.store).published(done);
        if (done.length) deps.log.info({ published: done.length, pending: rows.length - done.length }, 'audit outbox re-sent events');
      }
    },
  };
}
