/**
 * Wake-ups a parent run is owed. A parent parked on its child (`awaiting_child`, the child's id
 * as its token) whose child has ended is owed a `child_finished` signal from the moment the
 * child's end commits: these two rows are that outbox entry, written by the child's own final
 * transaction, so no write of the end can lose it. Nothing marks it sent: once the parent is
 * woken it no longer waits on that child, and the entry is gone.
 */
import { rawSql } from './raw.js';
import type { Store } from './types.js';

export interface OwedWakeup {
  readonly parentRunId: string;
  readonly parentStepId: string;
  readonly childRunId: string;
  readonly traceId: string | null;
}

/** The oldest wake-ups owed for a child that ended before `endedBefore`. */
export async function owedWakeups(store: Store, endedBefore: Date, limit: number): Promise<OwedWakeup[]> {
  const sql = rawSql(store);
  const t = sql.table('flow_run');
  const rows = await sql.rows(
    `select p."id" as "parent", p."waiting_step_id" as "step", c."id" as "child", c."trace_id" as "trace" from ${t} p ` +
      `join ${t} c on c."id" = p."waiting_token" ` +
      `where p."status" = 'waiting' and p."waiting_reason" = 'awaiting_child' and c."status" in ('completed', 'error', 'cancelled') and c."ended_at" < $1 ` +
      'order by c."ended_at" limit $2',
    [sql.date(endedBefore), limit],
  );
  return rows.map((r) => ({
    parentRunId: r.parent as string,
    parentStepId: r.step as string,
    childRunId: r.child as string,
    traceId: (r.trace as string | null) ?? null,
  }));
}
