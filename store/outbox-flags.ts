/**
 * The outbox's "published" flags ride along the run path's own statements. An audit row is
 * flagged once its event is on the stream, by deleting its `audit_outbox` row (store/audit/);
 * each flag was a statement of its own (two per run: start and end), about a third of a worker's
 * PostgreSQL statements. Now the ids wait in a queue per store, and the next run start, step
 * boundary or delivery insert statement (store/pg-batch.ts `rider`, `withFlags`) flags them in
 * the same statement, so in the same transaction as its own rows. When no such statement is in
 * flight to pick them up, they go in one statement of their own within the loop turn, as before.
 * A caller still returns only once its row is flagged; a statement that fails hands its ids back
 * to the queue.
 */
import { groupCommit } from '../kernel/group-commit.js';
import { auditOf } from './audit/index.js';
import type { Store } from './types.js';

/** Ids flagged in one statement at most (a long outage's re-sends may queue many). */
const MAX_PER_STATEMENT = 500;

interface Waiting {
  id: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Queue {
  waiting: Waiting[];
  /** Statements that may carry flags, in flight now; each one's end is a chance to carry more. */
  carriers: number;
  checking: boolean;
  alone: (ids: Waiting[]) => Promise<void>;
}

const queues = new WeakMap<Store, Queue>();

function queueOf(store: Store): Queue {
  let q = queues.get(store);
  if (!q) {
    const flag = groupCommit(async (batches: Waiting[][]) => {
      await auditOf(store).published(batches.flat().map((w) => w.id));
      return batches.map(() => undefined);
    });
    q = { waiting: [], carriers: 0, checking: false, alone: (ids) => flag(ids) };
    queues.set(store, q);
  }
  return q;
}

/** After this turn: ids no statement picked up go in a statement of their own. */
function check(store: Store, q: Queue): void {
  if (q.checking) return;
  q.checking = true;
  setImmediate(() => {
    q.checking = false;
    if (q.carriers > 0 || q.waiting.length === 0) return;
    const ids = q.waiting.splice(0);
    q.alone(ids).then(
      () => ids.forEach((w) => w.resolve()),
      (err: unknown) => ids.forEach((w) => w.reject(err)),
    );
  });
}

/** Flags the audit row published; resolves once a committed statement did. */
export function flagPublished(store: Store, id: string): Promise<void> {
  const q = queueOf(store);
  return new Promise<void>((resolve, reject) => {
    q.waiting.push({ id, resolve, reject });
    check(store, q);
  });
}

/**
 * Runs a statement that also flags the ids waiting now (they are removed from the queue and
 * handed to `statement` as its parameter); they are settled when it commits, and handed back to
 * the queue when it fails.
 */
export async function withFlags<T>(store: Store, statement: (ids: string[]) => Promise<T>): Promise<T> {
  const q = queueOf(store);
  const taken = q.waiting.splice(0, MAX_PER_STATEMENT);
  q.carriers++;
  try {
    const out = await statement(taken.map((w) => w.id));
    taken.forEach((w) => w.resolve());
    return out;
  } catch (err) {
    q.waiting.unshift(...taken);
    throw err;
  } finally {
    q.carriers--;
    if (q.waiting.length > 0) check(store, q);
  }
}
