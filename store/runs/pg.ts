/**
 * The run repository on PostgreSQL: the run's hot path in batched statements shared by the
 * concurrent runs of a worker (store/pg-batch.ts), one statement per run start, attempt open and
 * step boundary. What a statement does not settle (a boundary whose run did not match, a park
 * for the operator, an attempt key already taken) and the rare writes go to the ORM path.
 */
import { FlowRun } from '../entities/FlowRun.js';
import { pgBatch } from '../pg-batch.js';
import { columnsOf } from '../metadata.js';
import { rawSql } from '../raw.js';
import type { StoredAudit } from '../audit/index.js';
import type { Store } from '../types.js';
import { openWithReentry } from './attempts.js';
import type { OrmRuns } from './orm.js';
import { insertBatched } from './pg-insert.js';
import { writeBatched } from './pg-boundary.js';
import { expiry, newRunRow } from './rows.js';
import type { HeldCheckpoint, RunRepository, RunRow } from './types.js';

/**
 * Attempt opens of concurrent runs share a statement. An attempt is opened only by the run's
 * lease holder at the run's current seq: a worker that lost the run (its lease taken over after
 * it stalled) opens nothing, so it cannot start a side effect the new holder does not know about.
 */
const openBatched = pgBatch<{ key: string; run_id: string; step_id: string; worker: string; opened_at: string; seq: number }, boolean>({
  text: (store) =>
    'with i as (select * from jsonb_to_recordset($1::jsonb) as x(n int, "key" text, "run_id" text, "step_id" text, "worker" text, "opened_at" timestamptz, "seq" int)), ' +
    `ins as (insert into ${rawSql(store).table('flow_attempt')} ("key", "run_id", "step_id", "worker", "opened_at") select i."key", i."run_id", i."step_id", i."worker", i."opened_at" from i ` +
    `join ${rawSql(store).table('flow_run')} r on r."id" = i."run_id" and r."lease_holder" = i."worker" and r."status" = 'running' and r."seq" = i."seq" on conflict do nothing returning "key") ` +
    'select i.n from i join ins using ("key")',
  read: (r) => r !== undefined,
  keys: (r) => [r.key],
  max: 64,
});

/** Checkpoints as the batched statements read them (`[{step_id, cursor, outputs}]`), or null for none. */
function checkpointsJson(list: readonly HeldCheckpoint[] | undefined): unknown {
  return list?.length ? list.map((c) => ({ step_id: c.stepId, cursor: c.cursor, outputs: c.outputs })) : null;
}

export function pgRuns(store: Store, orm: OrmRuns): RunRepository {
  const sql = rawSql(store);
  const columns = columnsOf(store, FlowRun);
  const T = sql.table('flow_run');
  // A prepared statement rather than an ORM findOne: the driver hands back jsonb parsed, so a row
  // is renamed to the entity's properties and its timestamps (text, as MikroORM has the driver
  // return them) made dates, as on the embedded engine.
  const selectRun = `select ${columns.map((c) => `"${c.name}"`).join(', ')} from ${T} where "id" = $1`;
  const read = (kind: string, v: unknown): unknown => (v === null || v === undefined ? null : kind === 'date' ? new Date(v as string) : v);
  const toRow = (r: Record<string, unknown>): RunRow => Object.fromEntries(columns.map((c) => [c.prop, read(c.kind, r[c.name])])) as RunRow;

  const repo: RunRepository = {
    ...orm,

    async load(id) {
      const rows = (await sql.pg(selectRun, [id])).rows;
      return rows[0] ? toRow(rows[0]) : null;
    },

    async insert(r, lease, o) {
      const row = newRunRow(r, lease, o.state);
      const now = row.createdAt;
      const audit = { type: o.audit.type, at: now, traceId: o.audit.traceId ?? null, data: o.audit.data };
      const end = o.state?.endAudit && {
        type: o.state.endAudit.type,
        at: now,
        traceId: o.state.endAudit.traceId ?? null,
        data: o.state.endAudit.data,
      };
      const values = row as unknown as Record<string, unknown>;
      const cols = Object.fromEntries(
        columns.map((c) => [c.name, values[c.prop] instanceof Date ? (values[c.prop] as Date).toISOString() : values[c.prop]]),
      );
      const out = await insertBatched(store, {
        ...cols,
        id: r.id,
        parent_key: row.parentKey ?? null,
        principal: r.principal,
        refuse_paused: o.refusePaused,
        audit_type: audit.type,
        audit_at: now.toISOString(),
        audit_trace: audit.traceId,
        audit_data: audit.data,
        cps: checkpointsJson(o.state?.checkpoints),
        end_type: end?.type ?? null,
        end_trace: end?.traceId ?? null,
        end_data: end?.data ?? null,
      });
      if (out.auditId === undefined) return { row: null, paused: out.paused, audit: undefined };
      const endAudit: StoredAudit | undefined = end && out.endId !== undefined ? { id: out.endId, ...end } : undefined;
      return { row, paused: false, audit: { id: out.auditId, ...audit }, endAudit };
    },

    async renewLease(id, lease) {
      const text = `update ${T} set "lease_expires_at" = $3::timestamptz where "id" = $1 and "lease_holder" = $2 and "status" = 'running'`;
      return (await sql.pg(text, [id, lease.holder, expiry(lease)])).rowCount === 1;
    },

    openAttempt(runId, stepId, seq, lease, reenter) {
      const at = new Date(lease.now()).toISOString();
      return openWithReentry(repo, store, runId, stepId, seq, lease, reenter, (key) =>
        openBatched(store, { key, run_id: runId, step_id: stepId, worker: lease.holder, opened_at: at, seq }),
      );
    },

    /**
     * The common boundary in ONE statement (data-modifying CTEs, shared by the concurrent runs
     * of this worker: pg-boundary.ts). A run that did not match (lost, a pending signal, a pause
     * request) has nothing written, and the ORM path sorts out why; so does a park for the
     * operator, which must check that the pause still stands.
     */
    async writeBoundary(b, lease, fin, audit) {
      if (fin.status === 'waiting' && fin.reason === 'operator') return orm.carefulBoundary(b, lease, fin);
      const now = new Date(lease.now());
      const waiting = fin.status === 'waiting' ? fin : undefined;
      const error = fin.status === 'error' ? fin : undefined;
      const out = await writeBatched(store, {
        run_id: b.runId,
        holder: lease.holder,
        seq: b.seq,
        cursor: b.cursor,
        outputs: b.outputs,
        trace: b.trace,
        at: now.toISOString(),
        status: fin.status,
        held: checkpointsJson(b.held),
        resume_signal: waiting?.resumeSignal ?? null,
        waiting_reason: waiting?.reason ?? null,
        waiting_step_id: waiting?.stepId ?? null,
        waiting_token: waiting?.token ?? null,
        error_code: error?.code ?? null,
        error_message: error?.message ?? null,
        step_id: b.stepId,
        outcome: b.attemptOutcome,
        akey: b.attemptKey ?? null,
        audit_type: audit?.type ?? null,
        audit_trace: audit?.traceId ?? null,
        audit_data: audit?.data ?? null,
      });
      if (!out) return orm.carefulBoundary(b, lease, fin);
      const stored: StoredAudit | undefined = audit && {
        id: out.auditId!,
        type: audit.type,
        at: now,
        traceId: audit.traceId ?? null,
        data: audit.data,
      };
      return { ok: true, pauseRequested: false, audit: stored };
    },
  };
  return repo;
}
