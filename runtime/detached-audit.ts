/**
 * Audit rows a caller does not wait for: the insert starts in the same event-loop turn as
 * `write()` (its check phase, so after the answer was written: SQLite runs a statement
 * synchronously, and started any earlier it ran before the answer went out), the caller answers
 * without waiting for its commit, and the event is published once the row is stored
 * (the row stays the outbox, as in audit.ts). For a row that records something already done (an
 * MCP call that went out, a refusal already decided), waiting for the commit before answering
 * saves nothing from a crash: the crash can land before the commit in either order, and it
 * loses the same row. What waiting cost was the commit's latency on every answer.
 *
 * A row is never given up while the process runs: a failed insert is logged and retried with
 * backoff until the store takes it. `settle()` (at close, before the store closes) waits for
 * every row started so far; what is still not stored at its deadline is logged at error level
 * with its content, so the trace survives in the logs even when the store never came back.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { AuditEventType, EventData } from '../schemas/events.js';
import { auditEvent } from './audit.js';
import { auditOf, type AuditInput, type StoredAudit } from '../store/audit/index.js';
import type { Store } from '../store/types.js';
import type { Audit } from './audit.js';

export interface DetachedAuditDeps {
  readonly store: Store;
  readonly audit: Pick<Audit, 'publish'>;
  readonly log: Logger;
  /** Tests replace the insert to make it fail or hang. */
  readonly insert?: (store: Store, row: AuditInput) => Promise<StoredAudit>;
  /** First retry delay, doubled up to `retryMaxMs`. */
  readonly retryMs?: number;
  readonly retryMaxMs?: number;
}

export class DetachedAudit {
  readonly #pending = new Set<Promise<void>>();
  /** Aborted by `settle()` at its deadline: retries stop and what is left is logged. */
  readonly #givingUp = new AbortController();

  constructor(private readonly deps: DetachedAuditDeps) {}

  /** Starts storing the row within this turn and returns at once; never throws. */
  write<T extends AuditEventType>(type: T, data: EventData<T>, traceId?: string): void {
    const row = auditEvent(type, data, traceId, new Date());
    const stored = new Promise<void>((r) => setImmediate(r)).then(() => this.#store(row)).finally(() => this.#pending.delete(stored));
    this.#pending.add(stored);
  }

  /** Rows started and not yet stored (or logged as lost). */
  get pending(): number {
    return this.#pending.size;
  }

  /**
   * Resolves once every row started so far is stored. At `deadlineMs` it gives up: a row waiting
   * to retry is logged as lost at once, and an insert still in flight gets one more second (one
   * that fails after that is logged the same way) so a hung store cannot hold a shutdown.
   */
  async settle(deadlineMs = 10_000): Promise<void> {
    if (this.#pending.size === 0) return;
    const all = Promise.allSettled([...this.#pending]);
    const giveUp = setTimeout(() => this.#givingUp.abort(), deadlineMs);
    let grace: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        all,
        new Promise<void>((r) => {
          grace = setTimeout(r, deadlineMs + 1_000);
        }),
      ]);
    } finally {
      clearTimeout(giveUp);
      clearTimeout(grace);
    }
  }

  async #store(row: AuditInput): Promise<void> {
    const { log } = this.deps;
    const insert = this.deps.insert ?? ((store: Store, r: AuditInput) => auditOf(store).append(r));
    let delay = this.deps.retryMs ?? 200;
    for (let attempt = 1; ; attempt++) {
      let stored: StoredAudit;
      try {
        stored = await insert(this.deps.store, row);
      } catch (err) {
        if (!this.#givingUp.signal.aborted) {
          log.warn({ err, type: row.type, traceId: row.traceId, attempt }, 'audit row not stored yet; retrying');
          await sleep(delay, undefined, { signal: this.#givingUp.signal }).catch(() => undefined);
          delay = Math.min(delay * 2, this.deps.retryMaxMs ?? 5_000);
        }
        if (this.#givingUp.signal.aborted) {
          log.error(
            { type: row.type, traceId: row.traceId, at: row.at?.toISOString(), data: row.data, attempts: attempt },
            'audit row lost: the store did not take it before shutdown',
          );
          return;
        }
        continue;
      }
      void this.deps.audit.publish(stored); // never rejects: it logs and leaves the row to the sweep
      return;
    }
  }
}
