/**
 * Run starts on PostgreSQL share one statement when they arrive together (store/pg-batch.ts):
 * per run the paused check, the run row and its start audit row, each row under its own
 * conditions, so a run exists iff its audit row does, exactly as with a statement of its own.
 * Nothing is inserted for a run whose id (or one-child-per-step parent key) exists, or whose
 * principal is paused when it must not be. A run inserted after its first (replayable) steps ran
 * comes with their checkpoint rows (`cps`, seq 1, 2, ..., as planned) and, when it has already ended, its end
 * audit row (`end_*`), all in the same statement.
 */
import { rawSql } from '../raw.js';
import { pgBatch } from '../pg-batch.js';
import { withFlags } from '../outbox-flags.js';
import { outboxCtes } from '../audit/index.js';
import { columnsOf } from '../metadata.js';
import { FlowRun } from '../entities/FlowRun.js';
import { CHECKPOINT } from './pg-boundary.js';

/** The run's columns by name (JSON values as they are, dates as ISO text) and the start's extras. */
export type InsertRow = Record<string, unknown> & {
  id: string;
  parent_key: string | null;
  principal: string;
  refuse_paused: boolean;
  audit_type: string;
  audit_at: string;
  audit_trace: string | null;
  audit_data: unknown;
  cps: unknown;
  cps_at: string | null;
  end_type: string | null;
  end_trace: string | null;
  end_data: unknown;
};

export type InsertOutcome = { auditId: string; endId: string | undefined } | { auditId: undefined; paused: boolean };

export const insertBatched = pgBatch<InsertRow, InsertOutcome>({
  text: (store) => {
    const sql = rawSql(store);
    const columns = columnsOf(store, FlowRun);
    const names = columns.map((c) => `"${c.name}"`).join(', ');
    const typed = columns.map((c) => `"${c.name}" ${c.type}`).join(', ');
    const [P, T, A, C] = [sql.table('paused_agent'), sql.table('flow_run'), sql.table('audit_event'), sql.table('flow_checkpoint')];
    return (
      `with i as (select * from jsonb_to_recordset($1::jsonb) as x(n int, ${typed}, refuse_paused boolean, audit_type text, audit_at timestamptz, audit_trace text, audit_data jsonb, cps jsonb, cps_at timestamptz, end_type text, end_trace text, end_data jsonb)), ` +
      `p as (select i.n from i where i.refuse_paused and exists (select 1 from ${P} where "seat" = i."principal")), ` +
      // ON CONFLICT without a target covers both the primary key and the unique parent key.
      `r as (insert into ${T} (${names}) select ${names} from i where not exists (select 1 from p where p.n = i.n) on conflict do nothing returning "id"), ` +
      // Ids drawn first, so each audit row is known to belong to its run (RETURNING has no order).
      // The start's id before the end's.
      'ids as materialized (select i.n, nextval(pg_get_serial_sequence($2, \'id\')) as aid, case when i.end_type is not null then nextval(pg_get_serial_sequence($2, \'id\')) end as eid from i join r on r."id" = i."id"), ' +
      `a as (insert into ${A} ("id", "type", "at", "trace_id", "data") select ids.aid, i.audit_type, i.audit_at, i.audit_trace, i.audit_data from ids join i using (n) ` +
      'union all select ids.eid, i.end_type, i.audit_at, i.end_trace, i.end_data from ids join i using (n) where ids.eid is not null), ' +
      `c as (insert into ${C} ("run_id", "seq", "step_id", "cursor", "outputs", "principal", "input", "at") ` +
      `select i."id", h.seq, h.step_id, h."cursor", h.outputs, i."principal", i."input", i.cps_at from ids join i using (n) cross join lateral jsonb_to_recordset(i.cps) as h(${CHECKPOINT})), ` +
      // Its outbox rows, and the deletes of those whose events are on the stream by now (store/outbox-flags.ts).
      `${outboxCtes(sql, 'select ids.aid from ids union all select ids.eid from ids where ids.eid is not null', 3)} ` +
      'select i.n, ids.aid, ids.eid, exists (select 1 from p where p.n = i.n) as "paused" from i left join ids using (n)'
    );
  },
  params: (store) => [rawSql(store).table('audit_event')],
  read: (r) =>
    r?.aid !== null && r?.aid !== undefined
      ? { auditId: String(r.aid), endId: r.eid === null || r.eid === undefined ? undefined : String(r.eid) }
      : { auditId: undefined, paused: r?.paused === true },
  // Two starts of one run (or of one parent's step) in a statement could not be told apart.
  keys: (r) => (r.parent_key === null ? [`id:${r.id}`] : [`id:${r.id}`, `parent:${r.parent_key}`]),
  rider: withFlags,
  max: 64,
});
