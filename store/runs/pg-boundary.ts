/**
 * Step boundaries of concurrent runs on PostgreSQL share one statement (group commit): the
 * common boundary's plan (plan.ts `planBoundary`) rendered for many runs at once. A batch is one
 * statement, so one transaction: every run in it gets its row, checkpoints, attempt close and (at
 * its end) audit row together, each under its plan's conditions (this worker holds the run at the
 * expected seq, no pending signal, no pause request), which the statement's WHERE spells out. A
 * run whose conditions fail is simply absent from the result, and pg.ts settles it from the run as
 * it stands, as with a statement of its own. Each caller waits for the commit of the batch that
 * carries its boundary before it starts a step that is not replayable (the run engine's driver
 * holds the checkpoints of cheap in-process steps for the next boundary, which writes them first);
 * only the round trip, the parse and the WAL flush are shared (store/pg-batch.ts).
 */
import type { Store } from '../types.js';
import { rawSql } from '../raw.js';
import { pgBatch } from '../pg-batch.js';
import { withFlags } from '../outbox-flags.js';
import { outboxCtes } from '../audit/index.js';

/** One run's common boundary plan (plan.ts), as the statement reads it (JSON keys are its record columns). */
export interface BoundaryRow {
  run_id: string;
  holder: string;
  seq: number;
  /** The run row's columns once written; for `running` the run's end columns stay as they are. */
  cols: Record<string, unknown>;
  status: string;
  /** The checkpoint rows' own columns (seq, step id, cursor, outputs unless the run's), and what they share. */
  cps: unknown;
  cp_principal: string | null;
  cp_input: string | null;
  cp_at: string | null;
  akey: string | null;
  outcome: string | null;
  closed_at: string | null;
  audit_type: string | null;
  audit_at: string | null;
  audit_trace: string | null;
  audit_data: unknown;
}

/** Not written (the run did not match), or written with the id of its audit row if it had one. */
export type BoundaryWritten = false | { auditId: string | undefined };

/** A checkpoint row as the run statements read it from JSON. */
export const CHECKPOINT = 'run_id text, seq int, step_id text, "cursor" text, outputs jsonb, principal text, input text, at timestamptz';

function statement(store: Store): string {
  const sql = rawSql(store);
  const [T, C, A, E] = [sql.table('flow_run'), sql.table('flow_checkpoint'), sql.table('flow_attempt'), sql.table('audit_event')];
  // A JSON null in the record is SQL null in the row.
  const col = (c: string, type: string) => (type === 'jsonb' ? `nullif(i.cols->'${c}', 'null'::jsonb)` : `(i.cols->>'${c}')::${type}`);
  const keep = (c: string, type: string) => `"${c}" = case when i.status = 'running' then r."${c}" else ${col(c, type)} end`;
  return (
    `with i as (select * from jsonb_to_recordset($1::jsonb) as x(n int, run_id text, holder text, seq int, cols jsonb, status text, cps jsonb, cp_principal text, cp_input text, cp_at timestamptz, akey text, outcome text, closed_at timestamptz, audit_type text, audit_at timestamptz, audit_trace text, audit_data jsonb)), ` +
    `u as (update ${T} r set "cursor" = ${col('cursor', 'text')}, "seq" = ${col('seq', 'int')}, "outputs" = ${col('outputs', 'jsonb')}, "trace" = ${col('trace', 'jsonb')}, ` +
    `"updated_at" = ${col('updated_at', 'timestamptz')}, "pending_signal" = null, "status" = i.status, "resume_signal" = ${col('resume_signal', 'jsonb')}, ` +
    `${keep('lease_holder', 'text')}, ${keep('lease_expires_at', 'timestamptz')}, ${keep('waiting_reason', 'text')}, ${keep('waiting_step_id', 'text')}, ` +
    `${keep('waiting_token', 'text')}, ${keep('ended_at', 'timestamptz')}, ${keep('error_code', 'text')}, ${keep('error_message', 'text')} ` +
    `from i where r."id" = i.run_id and r."lease_holder" = i.holder and r."status" = 'running' and r."seq" = i.seq and r."pending_signal" is null and r."pause_requested" = false ` +
    'returning i.n, i.run_id, i.cols, i.cps, i.cp_principal, i.cp_input, i.cp_at, i.akey, i.outcome, i.closed_at, i.audit_type, i.audit_at, i.audit_trace, i.audit_data), ' +
    `c as (insert into ${C} ("run_id", "seq", "step_id", "cursor", "outputs", "principal", "input", "at") ` +
    `select u.run_id, h.seq, h.step_id, h."cursor", coalesce(h.outputs, u.cols->'outputs'), u.cp_principal, u.cp_input, u.cp_at from u cross join lateral jsonb_to_recordset(u.cps) as h(${CHECKPOINT})), ` +
    `a as (update ${A} f set "closed_at" = u.closed_at, "outcome" = u.outcome from u where f."key" = u.akey and f."closed_at" is null), ` +
    // Ids drawn first, so each audit row is known to belong to its run (RETURNING has no order).
    "ids as materialized (select u.n, nextval(pg_get_serial_sequence($2, 'id')) as aid from u where u.audit_type is not null), " +
    `e as (insert into ${E} ("id", "type", "at", "trace_id", "data") select ids.aid, u.audit_type, u.audit_at, u.audit_trace, u.audit_data from ids join u using (n)), ` +
    // Its outbox rows, and the deletes of those whose events are on the stream by now (store/outbox-flags.ts).
    `${outboxCtes(sql, 'select ids.aid from ids', 3)} ` +
    'select u.n, ids.aid from u left join ids using (n)'
  );
}

/** Writes one boundary in the next batch on this store (boundaries per statement: enough to
 * absorb a worker's full concurrency in a few batches). */
export const writeBatched = pgBatch<BoundaryRow, BoundaryWritten>({
  text: statement,
  params: (store) => [rawSql(store).table('audit_event')],
  read: (r) => (r ? { auditId: r.aid === null || r.aid === undefined ? undefined : String(r.aid) } : false),
  keys: (r) => [r.run_id],
  rider: withFlags,
  max: 64,
});
