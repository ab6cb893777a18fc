/**
 * Step boundaries of concurrent runs on PostgreSQL share one statement (group commit). A batch is
 * one statement, so one transaction: every run in it gets its cursor, checkpoint, attempt close
 * and (at its end) audit row together, each row under its own conditions (this worker holds the
 * run at the expected seq, no pending signal, no pause request). A run whose conditions fail is
 * simply absent from the result and takes the careful path, as with a statement of its own. Each
 * caller waits for the commit of the batch that carries its boundary before it starts a step that
 * is not replayable (the run engine's driver holds the checkpoints of cheap in-process steps for the next
 * boundary, which writes them first); only the round trip, the parse and the WAL flush are shared
 * (store/pg-batch.ts).
 */
import type { Store } from '../types.js';
import { rawSql } from '../raw.js';
import { pgBatch } from '../pg-batch.js';
import { withFlags } from '../outbox-flags.js';
import { outboxCtes } from '../audit/index.js';

/** One run's boundary, as the statement reads it (JSON keys are its record columns). */
export interface BoundaryRow {
  run_id: string;
  holder: string;
  seq: number;
  cursor: string | null;
  outputs: unknown;
  trace: unknown;
  at: string;
  /** running, waiting, completed or error; for `running` the run's end columns stay as they are. */
  status: string;
  resume_signal: unknown;
  waiting_reason: string | null;
  waiting_step_id: string | null;
  waiting_token: string | null;
  error_code: string | null;
  error_message: string | null;
  step_id: string | null;
  outcome: string;
  akey: string | null;
  audit_type: string | null;
  audit_trace: string | null;
  audit_data: unknown;
  /** Checkpoints held back since the last boundary ([{step_id, cursor, outputs}]), written before this one. */
  held: unknown;
}

/** Not written (the run did not match), or written with the id of its audit row if it had one. */
export type BoundaryWritten = false | { auditId: string | undefined };

function statement(store: Store): string {
  const sql = rawSql(store);
  const [T, C, A, E] = [sql.table('flow_run'), sql.table('flow_checkpoint'), sql.table('flow_attempt'), sql.table('audit_event')];
  const keep = (col: string, v: string) => `"${col}" = case when i.status = 'running' then r."${col}" else ${v} end`;
  return (
    `with i as (select * from jsonb_to_recordset($1::jsonb) as x(n int, run_id text, holder text, seq int, "cursor" text, outputs jsonb, trace jsonb, at timestamptz, status text, resume_signal jsonb, waiting_reason text, waiting_step_id text, waiting_token text, error_code text, error_message text, step_id text, outcome text, akey text, audit_type text, audit_trace text, audit_data jsonb, held jsonb)), ` +
    `u as (update ${T} r set "cursor" = i."cursor", "seq" = i.seq + 1 + coalesce(jsonb_array_length(i.held), 0), "outputs" = i.outputs, "trace" = i.trace, "updated_at" = i.at, "pending_signal" = null, "status" = i.status, ` +
    `"resume_signal" = case when i.status = 'running' then null else i.resume_signal end, ${keep('lease_holder', 'null')}, ${keep('lease_expires_at', 'null')}, ` +
    `${keep('waiting_reason', 'i.waiting_reason')}, ${keep('waiting_step_id', 'i.waiting_step_id')}, ${keep('waiting_token', 'i.waiting_token')}, ` +
    `${keep('ended_at', "case when i.status = 'waiting' then null else i.at end")}, ${keep('error_code', 'i.error_code')}, ${keep('error_message', 'i.error_message')} ` +
    `from i where r."id" = i.run_id and r."lease_holder" = i.holder and r."status" = 'running' and r."seq" = i.seq and r."pending_signal" is null and r."pause_requested" = false ` +
    'returning i.n, r."id", r."principal", r."input", i.seq as "iseq", i."cursor" as "icursor", i.outputs as "ioutputs", i.at, i.step_id, i.outcome, i.akey, i.audit_type, i.audit_trace, i.audit_data, i.held as "iheld"), ' +
    `c as (insert into ${C} ("run_id", "seq", "step_id", "cursor", "outputs", "principal", "input", "at") ` +
    `select u."id", u.iseq + h.ord, h.v->>'step_id', h.v->>'cursor', h.v->'outputs', u."principal", u."input", u.at from u cross join lateral jsonb_array_elements(coalesce(u.iheld, '[]'::jsonb)) with ordinality h(v, ord) ` +
    'union all select u."id", u.iseq + 1 + coalesce(jsonb_array_length(u.iheld), 0), u.step_id, u.icursor, u.ioutputs, u."principal", u."input", u.at from u), ' +
    `a as (update ${A} f set "closed_at" = u.at, "outcome" = u.outcome from u where f."key" = u.akey and f."closed_at" is null), ` +
    // Ids drawn first, so each audit row is known to belong to its run (RETURNING has no order).
    "ids as materialized (select u.n, nextval(pg_get_serial_sequence($2, 'id')) as aid from u where u.audit_type is not null), " +
    `e as (insert into ${E} ("id", "type", "at", "trace_id", "data") select ids.aid, u.audit_type, u.at, u.audit_trace, u.audit_data from ids join u using (n)), ` +
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
