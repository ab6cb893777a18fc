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
import { auditOf, type AuditInput, type StoredAudit } from '../store/audit/index.js';
import { flagPublished } from '../store/outbox-flags.js';
import { isEventType, type AuditEventType, type EventData } from '../schemas/events.js';
import type { Sweep } from './sweep.js';
import { countEvent } from './event-metrics.js';

export interface Audit {
  /** The data is typed by the event's schema (schemas/events.ts). */
  record<T extends AuditEventType>(type: T, data: EventData<T>, traceId?: string): Promise<void>;
  /** Publishes a row a caller wrote itself in its own statement (e.g. with the run it audits). */
  publish(row: StoredAudit): Promise<void>;
}

/** A row younger than this may still be on its first publish; the sweep leaves it alone. */
const SETTLE_MS = 10_000;
/** An audit row to store with another write (a run's start or end, an indexed chain log), its
 * data typed by the event's schema. */
export function auditEvent<T extends AuditEventType>(type: T, data: EventData<T>, traceId?: string | undefined, at?: Date): AuditInput {
  return { type, data, ...(traceId === undefined ? {} : { traceId }), ...(at === undefined ? {} : { at }) };
}

/** Rows re-sent per sweep, so a long outage drains over a few minutes, not in one burst. */
const BATCH = 500;

/** A stored row goes out as it was written: it was typed by its schema when `record` (or the
 * statement that wrote it) took it, so only a type this build no longer knows is refused. */
function publish(bus: Bus, row: StoredAudit): Promise<void> {
  if (!isEventType(row.type)) return Promise.reject(new Error(`audit row ${row.id} has an unknown event type ${row.type}`));
  return bus.emit(row.type, row.data as EventData<typeof row.type>, {
    msgId: row.id,
    at: row.at.toISOString(),
    ...(row.traceId === null ? {} : { traceId: row.traceId }),
  });
}

export function createAudit(deps: { store: Store; bus: Bus; log: Logger }): Audit {
  const audit: Audit = {
    async record(type, data, traceId) {
      await audit.publish(await auditOf(deps.store).append(auditEvent(type, data, traceId)));
    },
    async publish(row) {
      countEvent(row.type, row.data);
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
