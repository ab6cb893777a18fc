/**
 * The run repository on the embedded engine (SQLite, one connection): it renders each write's
 * plan (plan.ts) to prepared statements and runs it as one synchronous transaction, so nothing
 * interleaves with it and the connection is held for no await. Through the ORM's asynchronous
 * transactions the one connection was held across awaits and every other write queued behind it
 * (the embedded flow benchmark ran at a fifth of its runs/s). A boundary the common plan did not
 * write is settled in the same transaction, from the run as it stands.
 */
import { FlowRun } from '../entities/FlowRun.js';
import { insertAuditSqlite } from '../audit/index.js';
import { columnsOf, fromSqlite, type Column } from '../metadata.js';
import { renderExists, renderInsert, renderUpdate } from '../plan.js';
import { rawSql, type SqliteStatement } from '../raw.js';
import type { StoredAudit } from '../audit/index.js';
import type { Store } from '../types.js';
import { openWithReentry } from './attempts.js';
import type { OrmRuns } from './orm.js';
import * as plans from './plan.js';
import type { RunPlan } from './plan.js';
import type { RunRepository, RunRow } from './types.js';

type Prep = (text: string) => SqliteStatement;

export function sqliteRuns(store: Store, orm: OrmRuns): RunRepository {
  const sql = rawSql(store);
  const columns = columnsOf(store, FlowRun);
  const [T, P, A, C] = [sql.table('flow_run'), sql.table('paused_agent'), sql.table('flow_attempt'), sql.table('flow_checkpoint')];
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const selectRun = `select ${names} from ${T} where "id" = $1`;
  const insertRun = `insert into ${T} (${names}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) on conflict do nothing`;
  const bind = (c: Column, v: unknown): unknown =>
    c.kind === 'json' ? sql.json(v) : c.kind === 'date' ? sql.date(v as Date | null) : c.kind === 'bool' ? sql.bool(v as boolean) : v;
  const toRow = (r: Record<string, unknown>): RunRow =>
    Object.fromEntries(columns.map((c) => [c.prop, fromSqlite(c, r[c.name])])) as RunRow;

  /** Inside a transaction: the plan, or nothing when its precondition changed no row (false). */
  const execute = (prep: Prep, plan: RunPlan): false | { audit: StoredAudit | undefined } => {
    if (plan.run) {
      const u = renderUpdate(T, plan.run, sql);
      if (prep(u.text).run(u.values).changes !== 1) return false;
    }
    for (const c of plan.checkpoints) {
      const i = renderInsert(C, plans.checkpointColumns(c), sql);
      prep(i.text).run(i.values);
    }
    if (plan.closeAttempt) {
      const u = renderUpdate(A, plans.attemptClose(plan.closeAttempt), sql);
      prep(u.text).run(u.values);
    }
    return { audit: plan.audit && { id: insertAuditSqlite(prep, sql, plan.audit), ...plan.audit } };
  };
  const inTransaction = <T>(fn: (prep: Prep) => T): Promise<T> => sql.sqlite((prep, db) => db.transaction(() => fn(prep))());
  const run = async (plan: RunPlan): Promise<boolean> => (await inTransaction((prep) => execute(prep, plan))) !== false;

  const repo: RunRepository = {
    ...orm,

    async load(id) {
      const rows = await sql.rows(selectRun, [id]);
      return rows[0] ? toRow(rows[0]) : null;
    },

    insert(r, lease, o) {
      const p = plans.planInsert(r, lease, o);
      const values = columns.map((c) => bind(c, (p.row as unknown as Record<string, unknown>)[c.prop]));
      return inTransaction((prep) => {
        if (p.refusePausedOf !== undefined && prep(`select 1 as "p" from ${P} where "seat" = $1`).all([p.refusePausedOf]).length > 0)
          return { row: null, paused: true, audit: undefined };
        if (prep(insertRun).run(values).changes !== 1) return { row: null, paused: false, audit: undefined };
        const audit: StoredAudit = { id: insertAuditSqlite(prep, sql, p.audit), ...p.audit };
        execute(prep, { checkpoints: p.checkpoints });
        const endAudit: StoredAudit | undefined = p.endAudit && { id: insertAuditSqlite(prep, sql, p.endAudit), ...p.endAudit };
        return { row: p.row, paused: false, audit, endAudit };
      });
    },

    ...plans.plannedWrites(run),

    openAttempt(runId, stepId, seq, lease, reenter) {
      // The holder check and the attempt's insert in one transaction.
      const tryOpen = (key: string) =>
        inTransaction((prep) => {
          const p = plans.planOpen(key, runId, stepId, seq, lease);
          const held = renderExists(T, p.held, sql);
          if (prep(held.text).all(held.values).length === 0) return false;
          const i = renderInsert(A, p.attempt, sql, true);
          return prep(i.text).run(i.values).changes === 1;
        });
      return openWithReentry(repo, store, runId, stepId, seq, lease, reenter, tryOpen);
    },

    /** The boundary's plan, and when it was not written, what the run as it stands settles, in one transaction. */
    writeBoundary: (b, lease, fin, audit) =>
      inTransaction((prep) => {
        const done = execute(prep, plans.planBoundary(b, lease, fin, audit));
        if (done) return { ok: true, pauseRequested: false, audit: done.audit };
        const row = prep(selectRun).all([b.runId])[0];
        const s = plans.settleBoundary(b, lease, fin, row ? toRow(row) : null);
        if (!('plan' in s)) return s.result;
        if (!execute(prep, s.plan)) return { ok: false, reason: 'lost' };
        return s.result;
      }),
  };
  return repo;
}
