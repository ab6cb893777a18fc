/**
 * The run repository on PostgreSQL: it renders each write's plan (plan.ts) to SQL. The hot path
 * runs in batched statements shared by the concurrent runs of a worker (store/pg-batch.ts), one
 * statement per run start, attempt open and common step boundary. A boundary that statement did
 * not write (the run did not match), and a park for the operator, run their plan in a transaction
 * that reads the run as it stands and writes what it settles; every other write is one statement
 * of its plan, or a transaction when the plan has more than the run row.
 */
import { FlowRun } from '../entities/FlowRun.js';
import { pgBatch } from '../pg-batch.js';
import { columnsOf } from '../metadata.js';
import { renderInsert, renderUpdate } from '../plan.js';
import { rawSql, type PgRun } from '../raw.js';
import { appendPg } from '../audit/pg.js';
import type { StoredAudit } from '../audit/index.js';
import type { Store } from '../types.js';
import { openWithReentry } from './attempts.js';
import type { OrmRuns } from './orm.js';
import { insertBatched } from './pg-insert.js';
import { writeBatched, type BoundaryRow } from './pg-boundary.js';
import * as plans from './plan.js';
import type { RunPlan } from './plan.js';
import type { CheckpointRow } from './rows.js';
import type { RunRepository, RunRow } from './types.js';

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

/**
 * Checkpoint rows as the batched statements read them, or null for none: what the rows share
 * with their run (run id, principal, input, time) goes once with the run's record, and outputs
 * that are the run's own (the boundary's step) are left out and read from the run's; the JSON
 * of a boundary is then no larger than before it was planned.
 */
function checkpointsJson(list: readonly CheckpointRow[], outputs?: unknown): unknown {
  if (!list.length) return null;
  const first = list[0]!;
  return list.map((c) => {
    if (c.runId !== first.runId || c.principal !== first.principal || c.input !== first.input || c.at.getTime() !== first.at.getTime())
      throw new Error('checkpoint rows of one write share their run, principal, input and time');
    return c.outputs === outputs
      ? { seq: c.seq, step_id: c.stepId, cursor: c.cursor }
      : { seq: c.seq, step_id: c.stepId, cursor: c.cursor, outputs: c.outputs };
  });
}

const iso = (d: Date | undefined): string | null => (d === undefined ? null : d.toISOString());
const valueOf = (where: readonly { col?: string; eq?: unknown }[], col: string): unknown => where.find((c) => c.col === col)?.eq;

/** The common boundary's plan as a row of the batched statement. */
function boundaryRow(p: RunPlan): BoundaryRow {
  const where = p.run!.where as readonly { col?: string; eq?: unknown }[];
  const cols = p.run!.set as Record<string, unknown>;
  return {
    run_id: valueOf(where, 'id') as string,
    holder: valueOf(where, 'lease_holder') as string,
    seq: valueOf(where, 'seq') as number,
    cols,
    status: (cols.status as string | undefined) ?? 'running',
    cps: checkpointsJson(p.checkpoints, cols.outputs),
    cp_principal: p.checkpoints[0]?.principal ?? null,
    cp_input: p.checkpoints[0]?.input ?? null,
    cp_at: iso(p.checkpoints[0]?.at),
    akey: p.closeAttempt?.key ?? null,
    outcome: p.closeAttempt?.outcome ?? null,
    closed_at: iso(p.closeAttempt?.at),
    audit_type: p.audit?.type ?? null,
    audit_at: iso(p.audit?.at),
    audit_trace: p.audit?.traceId ?? null,
    audit_data: p.audit?.data ?? null,
  };
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

  const [A, C] = [sql.table('flow_attempt'), sql.table('flow_checkpoint')];

  /** The plan through `run` (inside a transaction when it has more than one statement); false when its precondition changed no row. */
  const execute = async (run: PgRun, plan: RunPlan): Promise<false | { audit: StoredAudit | undefined }> => {
    if (plan.run) {
      const u = renderUpdate(T, plan.run, sql);
      if ((await run(u.text, u.values)).rowCount !== 1) return false;
    }
    for (const c of plan.checkpoints) {
      const i = renderInsert(C, plans.checkpointColumns(c), sql);
      await run(i.text, i.values);
    }
    if (plan.closeAttempt) {
      const u = renderUpdate(A, plans.attemptClose(plan.closeAttempt), sql);
      await run(u.text, u.values);
    }
    return { audit: plan.audit && { id: await appendPg(run, sql, plan.audit), ...plan.audit } };
  };
  const alone = (p: RunPlan): boolean => !p.checkpoints.length && !(p.run && p.closeAttempt) && !p.audit;
  const run = async (plan: RunPlan): Promise<boolean> =>
    (await (alone(plan) ? execute(sql.pg, plan) : sql.pgTransaction((q) => execute(q, plan)))) !== false;

  const repo: RunRepository = {
    ...orm,

    async load(id) {
      const rows = (await sql.pg(selectRun, [id])).rows;
      return rows[0] ? toRow(rows[0]) : null;
    },

    async insert(r, lease, o) {
      const p = plans.planInsert(r, lease, o);
      const cp = p.checkpoints[0];
      if (cp && (cp.runId !== p.row.id || cp.principal !== p.row.principal || cp.input !== p.row.input))
        throw new Error("a new run's checkpoints are its own");
      const values = p.row as unknown as Record<string, unknown>;
      const cols = Object.fromEntries(
        columns.map((c) => [c.name, values[c.prop] instanceof Date ? (values[c.prop] as Date).toISOString() : values[c.prop]]),
      );
      const out = await insertBatched(store, {
        ...cols,
        id: r.id,
        parent_key: p.row.parentKey ?? null,
        principal: r.principal,
        refuse_paused: p.refusePausedOf !== undefined,
        audit_type: p.audit.type,
        audit_at: p.audit.at.toISOString(),
        audit_trace: p.audit.traceId,
        audit_data: p.audit.data,
        cps: checkpointsJson(p.checkpoints),
        cps_at: iso(p.checkpoints[0]?.at),
        end_type: p.endAudit?.type ?? null,
        end_trace: p.endAudit?.traceId ?? null,
        end_data: p.endAudit?.data ?? null,
      });
      if (out.auditId === undefined) return { row: null, paused: out.paused, audit: undefined };
      const endAudit: StoredAudit | undefined = p.endAudit && out.endId !== undefined ? { id: out.endId, ...p.endAudit } : undefined;
      return { row: p.row, paused: false, audit: { id: out.auditId, ...p.audit }, endAudit };
    },

    ...plans.plannedWrites(run),

    openAttempt(runId, stepId, seq, lease, reenter) {
      return openWithReentry(repo, store, runId, stepId, seq, lease, reenter, (key) => {
        const p = plans.planOpen(key, runId, stepId, seq, lease);
        return openBatched(store, { ...p.attempt, opened_at: p.attempt.opened_at.toISOString(), seq });
      });
    },

    /**
     * The common boundary's plan in ONE statement shared by the concurrent runs of this worker
     * (pg-boundary.ts). When it did not write (lost, a pending signal, a pause request), and for
     * a park for the operator, one transaction reads the run as it stands (locked) and writes
     * what that settles.
     */
    async writeBoundary(b, lease, fin, audit) {
      const plan = plans.planBoundary(b, lease, fin, audit);
      if (!plans.forOperator(fin)) {
        const out = await writeBatched(store, boundaryRow(plan));
        if (out) return { ok: true, pauseRequested: false, audit: plan.audit && { id: out.auditId!, ...plan.audit } };
      }
      return sql.pgTransaction(async (q) => {
        const rows = (await q(`${selectRun} for update`, [b.runId])).rows;
        if (plans.forOperator(fin)) {
          const done = await execute(q, plan);
          if (done) return { ok: true, pauseRequested: false, audit: done.audit };
        }
        const s = plans.settleBoundary(b, lease, fin, rows[0] ? toRow(rows[0]) : null);
        if (!('plan' in s)) return s.result;
        if (!(await execute(q, s.plan))) return { ok: false, reason: 'lost' };
        return s.result;
      });
    },
  };
  return repo;
}
