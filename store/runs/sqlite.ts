/**
 * The run repository on the embedded engine (SQLite, one connection): each hot write is one
 * synchronous transaction of prepared statements, so nothing interleaves with it and the
 * connection is held for no await. Through the ORM's asynchronous transactions the one
 * connection was held across awaits and every other write queued behind it (the embedded flow
 * benchmark ran at a fifth of its runs/s). What a hot write does not settle goes to the ORM path.
 */
import { FlowRun } from '../entities/FlowRun.js';
import { insertAuditSqlite } from '../audit/index.js';
import { columnsOf, fromSqlite, type Column } from '../metadata.js';
import { rawSql, type SqliteStatement } from '../raw.js';
import type { StoredAudit } from '../audit/index.js';
import type { Store } from '../types.js';
import { openWithReentry } from './attempts.js';
import type { OrmRuns } from './orm.js';
import { checkpointRows, checkpointsOf, newRunRow, seqAfter, expiry, type CheckpointRow } from './rows.js';
import type { RunRepository, RunRow } from './types.js';

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
  const insertCheckpoints = (prep: (text: string) => SqliteStatement, rows: readonly CheckpointRow[]): void => {
    if (!rows.length) return;
    const insert = prep(
      `insert into ${C} ("run_id", "seq", "step_id", "cursor", "outputs", "principal", "input", "at") values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    );
    for (const c of rows) insert.run([c.runId, c.seq, c.stepId, c.cursor, sql.json(c.outputs), c.principal, c.input, sql.date(c.at)]);
  };
  /** The holder check and the attempt's insert in one transaction. */
  const tryOpen = (key: string, runId: string, stepId: string, seq: number, holder: string, at: Date): Promise<boolean> =>
    sql.sqlite((prep, db) =>
      db.transaction((): boolean => {
        const held =
          prep(`select 1 as "h" from ${T} where "id" = $1 and "lease_holder" = $2 and "status" = 'running' and "seq" = $3`).all([
            runId,
            holder,
            seq,
          ]).length > 0;
        if (!held) return false;
        return (
          prep(
            `insert into ${A} ("key", "run_id", "step_id", "worker", "opened_at") values ($1, $2, $3, $4, $5) on conflict do nothing`,
          ).run([key, runId, stepId, holder, sql.date(at)]).changes === 1
        );
      })(),
    );

  const repo: RunRepository = {
    ...orm,

    async load(id) {
      const rows = await sql.rows(selectRun, [id]);
      return rows[0] ? toRow(rows[0]) : null;
    },

    insert(r, lease, o) {
      const row = newRunRow(r, lease, o.state);
      const now = row.createdAt;
      const values = columns.map((c) => bind(c, (row as unknown as Record<string, unknown>)[c.prop]));
      const audit = { type: o.audit.type, at: now, traceId: o.audit.traceId ?? null, data: o.audit.data };
      const end = o.state?.endAudit && {
        type: o.state.endAudit.type,
        at: now,
        traceId: o.state.endAudit.traceId ?? null,
        data: o.state.endAudit.data,
      };
      return sql.sqlite((prep, db) =>
        db.transaction(() => {
          if (o.refusePaused && prep(`select 1 as "p" from ${P} where "seat" = $1`).all([r.principal]).length > 0)
            return { row: null, paused: true, audit: undefined };
          if (prep(insertRun).run(values).changes !== 1) return { row: null, paused: false, audit: undefined };
          const stored: StoredAudit = { id: insertAuditSqlite(prep, sql, audit), ...audit };
          insertCheckpoints(
            prep,
            checkpointRows({ runId: r.id, principal: r.principal, input: r.input }, 0, o.state?.checkpoints ?? [], now),
          );
          const endAudit: StoredAudit | undefined = end && { id: insertAuditSqlite(prep, sql, end), ...end };
          return { row, paused: false, audit: stored, endAudit };
        })(),
      );
    },

    async renewLease(id, lease) {
      const text = `update ${T} set "lease_expires_at" = $3 where "id" = $1 and "lease_holder" = $2 and "status" = 'running'`;
      return (await sql.sqlite((prep) => prep(text).run([id, lease.holder, sql.date(expiry(lease))]).changes)) === 1;
    },

    openAttempt(runId, stepId, seq, lease, reenter) {
      const at = new Date(lease.now());
      return openWithReentry(repo, store, runId, stepId, seq, lease, reenter, (key) => tryOpen(key, runId, stepId, seq, lease.holder, at));
    },

    /**
     * The common boundary in one transaction: the run row moves only if this worker holds it at
     * the expected seq with no pending signal and no pause request, and only then are the
     * checkpoints appended, the attempt closed and `audit` stored. The lease is left to the
     * holder's renewal timer. A run that did not match has nothing written, and the ORM path
     * sorts out why; so does a park for the operator.
     */
    async writeBoundary(b, lease, fin, audit) {
      if (fin.status === 'waiting' && fin.reason === 'operator') return orm.carefulBoundary(b, lease, fin);
      const now = new Date(lease.now());
      const waiting = fin.status === 'waiting' ? fin : undefined;
      const error = fin.status === 'error' ? fin : undefined;
      const values: unknown[] = [
        b.runId,
        b.cursor,
        b.seq,
        sql.json(b.outputs),
        sql.json(b.trace),
        sql.date(now),
        lease.holder,
        seqAfter(b),
      ];
      let set = '"cursor" = $2, "seq" = $8, "outputs" = $4, "trace" = $5, "updated_at" = $6, "pending_signal" = null';
      if (fin.status === 'running') set += ', "resume_signal" = null';
      else {
        values.push(
          fin.status,
          sql.json(waiting?.resumeSignal ?? null),
          waiting?.reason ?? null,
          waiting?.stepId ?? null,
          waiting?.token ?? null,
          waiting ? null : sql.date(now),
          error?.code ?? null,
          error?.message ?? null,
        );
        set +=
          ', "status" = $9, "resume_signal" = $10, "lease_holder" = null, "lease_expires_at" = null, "waiting_reason" = $11, "waiting_step_id" = $12, "waiting_token" = $13, "ended_at" = $14, "error_code" = $15, "error_message" = $16';
      }
      const where =
        '"id" = $1 and "lease_holder" = $7 and "status" = \'running\' and "seq" = $3 and "pending_signal" is null and "pause_requested" = 0';
      const written = await sql.sqlite((prep, db) =>
        db.transaction(() => {
          if (prep(`update ${T} set ${set} where ${where}`).run(values).changes !== 1) return false as const;
          insertCheckpoints(prep, checkpointsOf(b, now));
          if (b.attemptKey !== undefined)
            prep(`update ${A} set "closed_at" = $1, "outcome" = $2 where "key" = $3 and "closed_at" is null`).run([
              sql.date(now),
              b.attemptOutcome,
              b.attemptKey,
            ]);
          if (!audit) return { audit: undefined };
          const row = { type: audit.type, at: now, traceId: audit.traceId ?? null, data: audit.data };
          return { audit: { id: insertAuditSqlite(prep, sql, row), ...row } };
        })(),
      );
      if (!written) return orm.carefulBoundary(b, lease, fin);
      return { ok: true, pauseRequested: false, audit: written.audit };
    },
  };
  return repo;
}
