/**
 * Every write the engine makes to a run, each a conditional statement so that the database,
 * not the callers, decides races: a lease is taken only when free or expired, a step is
 * committed only by the lease holder at the expected sequence number, a parked run is claimed
 * by exactly one waker. Checkpoint, cursor and attempt close go in ONE transaction. On SQLite
 * (one connection) nothing inside a transaction queries through another fork.
 */
import type { EntityManager } from '@mikro-orm/core';
import { FlowRun } from '../../../store/entities/FlowRun.js';
import { FlowCheckpoint } from '../../../store/entities/FlowCheckpoint.js';
import { FlowAttempt } from '../../../store/entities/FlowAttempt.js';
import type { Store } from '../../../store/types.js';
import type { WaitingReason } from '../../../schemas/flows.js';
import type { ResumeSignal, TraceEntry } from '../../../schemas/runs.js';
import { rawSql, type RawSql, type SqliteStatement } from '../../../store/raw.js';
import { insertAuditSqlite, type AuditInput, type StoredAudit } from '../../../store/audit.js';
import { writeBatched } from './boundary-batch.js';
import { runInserter, type ColumnKind } from './insert-batch.js';
import { pgBatch } from '../../../store/pg-batch.js';

export type RunRow = FlowRun;
export type Outcome = 'done' | 'parked' | 'failed';

export interface Lease { readonly holder: string; readonly ms: number; readonly now: () => number }

const expiry = (l: Lease) => new Date(l.now() + l.ms);

/** The run row's columns, for the hot path's raw statements (same names the ORM maps). */
const RUN_COLUMNS: ReadonlyArray<readonly [keyof RunRow & string, string, ColumnKind]> = [
  ['id', 'id', 'str'], ['flowId', 'flow_id', 'str'], ['flow', 'flow', 'json'], ['principal', 'principal', 'str'], ['input', 'input', 'str'],
  ['trigger', 'trigger', 'str'], ['status', 'status', 'str'], ['waitingReason', 'waiting_reason', 'str'], ['waitingStepId', 'waiting_step_id', 'str'],
  ['waitingToken', 'waiting_token', 'str'], ['cursor', 'cursor', 'str'], ['seq', 'seq', 'int'], ['outputs', 'outputs', 'json'], ['trace', 'trace', 'json'],
  ['stack', 'stack', 'json'], ['parentRunId', 'parent_run_id', 'str'], ['parentStepId', 'parent_step_id', 'str'], ['parentKey', 'parent_key', 'str'],
  ['errorCode', 'error_code', 'str'], ['errorMessage', 'error_message', 'str'], ['leaseHolder', 'lease_holder', 'str'], ['leaseExpiresAt', 'lease_expires_at', 'date'],
  ['pauseRequested', 'pause_requested', 'bool'], ['resumeSignal', 'resume_signal', 'json'], ['pendingSignal', 'pending_signal', 'json'], ['traceId', 'trace_id', 'str'],
  ['createdAt', 'created_at', 'date'], ['updatedAt', 'updated_at', 'date'], ['endedAt', 'ended_at', 'date'],
];
const SELECT_RUN = RUN_COLUMNS.map(([, c]) => `"${c}"`).join(', ');
const insertPg = runInserter(RUN_COLUMNS.map(([, c, k]) => [c, k] as const));

/** A row as the driver returns it → the entity's shape (SQLite hands back JSON as text, dates as numbers). */
function toRow(sql: RawSql, r: Record<string, unknown>): RunRow {
  const out: Record<string, unknown> = {};
  for (const [prop, col, kind] of RUN_COLUMNS) {
    const v = r[col];
    if (v === null || v === undefined) out[prop] = null;
    else if (sql.dialect === 'postgres') out[prop] = v;
    else if (kind === 'json') out[prop] = JSON.parse(v as string);
    else if (kind === 'date') out[prop] = new Date(v as number);
    else if (kind === 'bool') out[prop] = v === 1 || v === true;
    else out[prop] = v;
  }
  return out as RunRow;
}

export async function loadRun(store: Store, id: string): Promise<RunRow | null> {
  const sql = rawSql(store);
  const text = `select ${SELECT_RUN} from ${sql.table('flow_run')} where "id" = $1`;
  const rows = await sql.rows(text, [id]);
  return rows[0] ? toRow(sql, rows[0]) : null;
}

export interface NewRun {
  id: string; flowId: string; flow: Record<string, unknown>; principal: string; input: string | undefined; trigger: string;
  cursor: string | null; stack: string[]; parent?: { runId: string; stepId: string }; traceId: string | undefined;
}

export interface InsertedRun {
  /** The run as stored; null when nothing was inserted. */
  row: RunRow | null;
  /** Nothing was inserted because the principal is paused (only with `refusePaused`). */
  paused: boolean;
  /** The audit row written with the run (same statement, so one exists iff the other does). */
  audit: StoredAudit | undefined;
  /** The state's end audit row, when it had one and the run was inserted. */
  endAudit?: StoredAudit | undefined;
}

/**
 * Where a run that is inserted after its first steps already ran (replayable steps only:
 * driver.ts) stands: their checkpoints (seq 1, 2, ...), its cursor and outputs, and its status,
 * with the end's audit row when it has already ended.
 */
export interface StartState {
  status: 'running' | 'completed' | 'error';
  cursor: string | null;
  outputs: Record<string, unknown>;
  trace: TraceEntry[];
  checkpoints: readonly HeldCheckpoint[];
  error?: { code: string; message: string };
  endAudit?: AuditInput;
}

/** The row of a run about to start, leased to `lease.holder`, as insertRun stores it (at `state`). */
export function newRunRow(r: NewRun, lease: Lease, state?: StartState): RunRow {
  const now = new Date(lease.now());
  const running = !state || state.status === 'running';
  return {
    id: r.id, flowId: r.flowId, flow: r.flow, principal: r.principal, input: r.input ?? null, trigger: r.trigger,
    status: state?.status ?? 'running', waitingReason: null, waitingStepId: null, waitingToken: null, cursor: state ? state.cursor : r.cursor, seq: state?.checkpoints.length ?? 0,
    outputs: state?.outputs ?? {}, trace: state?.trace ?? [], stack: r.stack, parentRunId: r.parent?.runId ?? null, parentStepId: r.parent?.stepId ?? null,
    parentKey: r.parent ? `${r.parent.runId}/${r.parent.stepId}` : null, errorCode: state?.error?.code ?? null, errorMessage: state?.error?.message ?? null,
    leaseHolder: running ? lease.holder : null, leaseExpiresAt: running ? expiry(lease) : null, pauseRequested: false, resumeSignal: null, pendingSignal: null,
    traceId: r.traceId ?? null, createdAt: now, updatedAt: now, endedAt: running ? null : now,
  } satisfies Record<(typeof RUN_COLUMNS)[number][0], unknown> as unknown as RunRow;
}

/**
 * Inserts a run already leased to `lease.holder` together with its start audit row, in one
 * statement (PostgreSQL, shared by concurrent starts: insert-batch.ts) or one synchronous
 * transaction (SQLite): a run start is on every
 * flow's path, so the paused check, the run and the audit row cost one round trip. Nothing is
 * inserted when the id (or the parent's one-child-per-step key) exists, or, with
 * `refusePaused`, when the principal is paused.
 */
export async function insertRun(store: Store, r: NewRun, lease: Lease, o: { audit: AuditInput; refusePaused: boolean; state?: StartState }): Promise<InsertedRun> {
  const row = newRunRow(r, lease, o.state) as unknown as Record<string, unknown>;
  const now = row.createdAt as Date;
  const sql = rawSql(store);
  const audit = { type: o.audit.type, at: now, traceId: o.audit.traceId ?? null, data: o.audit.data };
  const stored = (id: unknown): StoredAudit => ({ id: String(id), ...audit });
  const end = o.state?.endAudit && { type: o.state.endAudit.type, at: now, traceId: o.state.endAudit.traceId ?? null, data: o.state.endAudit.data };
  const storedEnd = (id: unknown): StoredAudit | undefined => (end && id !== null && id !== undefined ? { id: String(id), ...end } : undefined);
  const cps = o.state?.checkpoints ?? [];
  if (sql.dialect === 'postgres') {
    const cols = Object.fromEntries(RUN_COLUMNS.map(([prop, col, kind]) => [col, kind === 'date' && row[prop] ? (row[prop] as Date).toISOString() : row[prop]]));
    const out = await insertPg(store, {
      ...cols, id: r.id, parent_key: row.parentKey as string | null, principal: r.principal,
      refuse_paused: o.refusePaused, audit_type: audit.type, audit_at: now.toISOString(), audit_trace: audit.traceId, audit_data: audit.data,
      cps: checkpointsJson(cps),
      end_type: end?.type ?? null, end_trace: end?.traceId ?? null, end_data: end?.data ?? null,
    });
    if (out.auditId === undefined) return { row: null, paused: out.paused, audit: undefined };
    return { row: row as unknown as RunRow, paused: false, audit: stored(out.auditId), endAudit: storedEnd(out.endId) };
  }
  const values = RUN_COLUMNS.map(([prop, , kind]) => {
    const v = row[prop];
    if (kind === 'json') return sql.json(v);
    if (kind === 'date') return sql.date(v as Date | null);
    if (kind === 'bool') return sql.bool(v as boolean);
    return v;
  });
  const [P, T] = [sql.table('paused_agent'), sql.table('flow_run')];
  const params = RUN_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  return sql.sqlite((prep, db) => db.transaction((): InsertedRun => {
    if (o.refusePaused && prep(`select 1 as "p" from ${P} where "seat" = $1`).all([r.principal]).length > 0) return { row: null, paused: true, audit: undefined };
    if (prep(`insert into ${T} (${SELECT_RUN}) values (${params}) on conflict do nothing`).run(values).changes !== 1) return { row: null, paused: false, audit: undefined };
    const startId = insertAuditSqlite(prep, sql, audit);
    insertCheckpointsSqlite(prep, sql, checkpointRows({ runId: r.id, principal: r.principal, input: r.input }, 0, cps, now));
    return { row: row as unknown as RunRow, paused: false, audit: stored(startId), endAudit: end && storedEnd(insertAuditSqlite(prep, sql, end)) };
  })());
}

export async function findChild(store: Store, parentRunId: string, stepId: string): Promise<RunRow | null> {
  return store.em().findOne(FlowRun, { parentKey: `${parentRunId}/${stepId}` });
}

/** Takes a `running` run whose lease is free, expired or this worker's own (its drive here ended: a write failed), or any with `force` (single-process boot). Only takeover.ts calls it, and checks the open attempts next. */
export async function takeLease(store: Store, id: string, lease: Lease, force = false): Promise<boolean> {
  const now = new Date(lease.now());
  const where = force
    ? { id, status: 'running' }
    : { id, status: 'running', $or: [{ leaseHolder: null }, { leaseExpiresAt: { $lt: now } }, { leaseHolder: lease.holder }] };
  const n = await store.em().nativeUpdate(FlowRun, where, { leaseHolder: lease.holder, leaseExpiresAt: expiry(lease), updatedAt: now });
  return n === 1;
}

export async function renewLease(store: Store, id: string, lease: Lease): Promise<boolean> {
  const sql = rawSql(store);
  const values = [id, lease.holder, sql.date(expiry(lease))];
  if (sql.dialect === 'postgres') {
    return (await sql.pg(`update ${sql.table('flow_run')} set "lease_expires_at" = $3::timestamptz where "id" = $1 and "lease_holder" = $2 and "status" = 'running'`, values)).rowCount === 1;
  }
  return (await sql.sqlite((prep) => prep(`update ${sql.table('flow_run')} set "lease_expires_at" = $3 where "id" = $1 and "lease_holder" = $2 and "status" = 'running'`).run(values).changes)) === 1;
}

/** Claims a parked run for a waker: waiting → running under `lease`. Exactly one claimer wins. */
export async function claimWaiting(store: Store, id: string, lease: Lease, match: { stepId?: string; token?: string; notReason?: WaitingReason }, signal: ResumeSignal | null, clearPause = false): Promise<boolean> {
  const where: Record<string, unknown> = { id, status: 'waiting' };
  if (match.stepId !== undefined) where.waitingStepId = match.stepId;
  if (match.token !== undefined) where.waitingToken = match.token;
  if (match.notReason !== undefined) where.waitingReason = { $ne: match.notReason };
  const now = new Date(lease.now());
  const n = await store.em().nativeUpdate(FlowRun, where, {
    status: 'running', waitingReason: null, waitingStepId: null, waitingToken: null, leaseHolder: lease.holder, leaseExpiresAt: expiry(lease),
    resumeSignal: signal as Record<string, unknown> | null, updatedAt: now, ...(clearPause ? { pauseRequested: false } : {}),
  });
  return n === 1;
}

/** A signal for a step that is still running (it has not parked yet): kept for the park to find. */
export async function leavePendingSignal(store: Store, id: string, stepId: string, signal: ResumeSignal): Promise<boolean> {
  const n = await store.em().nativeUpdate(FlowRun, { id, status: 'running', cursor: stepId, pendingSignal: null }, { pendingSignal: signal as unknown as Record<string, unknown> });
  return n === 1;
}

/**
 * Attempt opens of concurrent runs share a statement on PostgreSQL (store/pg-batch.ts). An
 * attempt is opened only by the run's lease holder at the run's current seq: a worker that lost
 * the run (its lease taken over after it stalled) opens nothing, so it cannot start a side
 * effect the new holder does not know about.
 */
const openPg = pgBatch<{ key: string; run_id: string; step_id: string; worker: string; opened_at: string; seq: number }, boolean>({
  text: (store) => 'with i as (select * from jsonb_to_recordset($1::jsonb) as x(n int, "key" text, "run_id" text, "step_id" text, "worker" text, "opened_at" timestamptz, "seq" int)), '
    + `ins as (insert into ${rawSql(store).table('flow_attempt')} ("key", "run_id", "step_id", "worker", "opened_at") select i."key", i."run_id", i."step_id", i."worker", i."opened_at" from i `
    + `join ${rawSql(store).table('flow_run')} r on r."id" = i."run_id" and r."lease_holder" = i."worker" and r."status" = 'running' and r."seq" = i."seq" on conflict do nothing returning "key") `
    + 'select i.n from i join ins using ("key")',
  read: (r) => r !== undefined,
  keys: (r) => [r.key],
  max: 64,
});

/** Why an attempt could not be opened: `lost` (this worker no longer holds the run at this seq:
 * stop driving it) or `taken` (an attempt of this step at this seq exists: the step may have run). */
export type Opened = { ok: true; key: string } | { ok: false; reason: 'lost' } | { ok: false; reason: 'taken'; key: string; open: boolean };

/**
 * Opens (commits) an attempt before a side effect, keyed `<run>/<step>/<seq>`. The key is the
 * step's claim on its side effect: when it exists already the step may have run, and this fails
 * closed (`taken`) instead of opening a second one. Only `reenter` (a step the caller may run
 * again: idempotent, or re-entered after its own park was overtaken by a signal) takes a
 * `.rN` key next to closed ones; an open one always fails closed.
 */
export async function openAttempt(store: Store, runId: string, stepId: string, seq: number, lease: Lease, reenter: (closed: readonly { key: string; outcome: string | null }[]) => boolean): Promise<Opened> {
  const sql = rawSql(store);
  const base = `${runId}/${stepId}/${seq}`;
  const at = new Date(lease.now());
  if (sql.dialect === 'postgres') {
    if (await openPg(store, { key: base, run_id: runId, step_id: stepId, worker: lease.holder, opened_at: at.toISOString(), seq })) return { ok: true, key: base };
  } else if (await openSqlite(sql, base, runId, stepId, seq, lease.holder, at)) {
    return { ok: true, key: base };
  }
  const run = await loadRun(store, runId);
  if (!run || run.status !== 'running' || run.leaseHolder !== lease.holder || run.seq !== seq) return { ok: false, reason: 'lost' };
  const existing = await store.em().find(FlowAttempt, { $or: [{ key: base }, { key: { $like: `${base}.r%` } }] }, { orderBy: { openedAt: 'asc' }, disableIdentityMap: true });
  const open = existing.find((a) => a.closedAt === null || a.closedAt === undefined);
  if (open) return { ok: false, reason: 'taken', key: open.key, open: true };
  if (!reenter(existing.map((a) => ({ key: a.key, outcome: a.outcome ?? null })))) return { ok: false, reason: 'taken', key: existing[existing.length - 1]?.key ?? base, open: false };
  for (let i = existing.length; i <= existing.length + 20; i++) {
    const key = `${base}.r${i}`;
    const opened = sql.dialect === 'postgres'
      ? await openPg(store, { key, run_id: runId, step_id: stepId, worker: lease.holder, opened_at: at.toISOString(), seq })
      : await openSqlite(sql, key, runId, stepId, seq, lease.holder, at);
    if (opened) return { ok: true, key };
    const again = await loadRun(store, runId);
    if (!again || again.status !== 'running' || again.leaseHolder !== lease.holder || again.seq !== seq) return { ok: false, reason: 'lost' };
  }
  throw new Error(`no free attempt key for ${base}`);
}

/** SQLite: the holder check and the insert in one synchronous transaction (one connection). */
function openSqlite(sql: RawSql, key: string, runId: string, stepId: string, seq: number, holder: string, at: Date): Promise<boolean> {
  return sql.sqlite((prep, db) => db.transaction((): boolean => {
    const held = prep(`select 1 as "h" from ${sql.table('flow_run')} where "id" = $1 and "lease_holder" = $2 and "status" = 'running' and "seq" = $3`).all([runId, holder, seq]).length > 0;
    if (!held) return false;
    return prep(`insert into ${sql.table('flow_attempt')} ("key", "run_id", "step_id", "worker", "opened_at") values ($1, $2, $3, $4, $5) on conflict do nothing`).run([key, runId, stepId, holder, sql.date(at)]).changes === 1;
  })());
}

export async function openAttempts(store: Store, runId: string): Promise<FlowAttempt[]> {
  return store.em().find(FlowAttempt, { runId, closedAt: null });
}

export async function closeAttempt(em: EntityManager, key: string, outcome: string, now: Date): Promise<void> {
  await em.nativeUpdate(FlowAttempt, { key, closedAt: null }, { closedAt: now, outcome });
}

/** A replayable step's checkpoint that waits for the next boundary's transaction (driver.ts). */
export interface HeldCheckpoint { stepId: string | null; cursor: string | null; outputs: Record<string, unknown> }

type CheckpointRow = { runId: string; seq: number; stepId: string | null; cursor: string | null; outputs: Record<string, unknown>; principal: string; input: string | null; at: Date };

/** A run's checkpoint rows for `list`, at seq after + 1, after + 2, ... */
function checkpointRows(run: { runId: string; principal: string; input: string | undefined }, after: number, list: readonly HeldCheckpoint[], now: Date): CheckpointRow[] {
  return list.map((c, i) => ({ runId: run.runId, seq: after + 1 + i, stepId: c.stepId, cursor: c.cursor, outputs: c.outputs, principal: run.principal, input: run.input ?? null, at: now }));
}

/** Checkpoints as the batched PostgreSQL statements read them (`[{step_id, cursor, outputs}]`), or null for none. */
function checkpointsJson(list: readonly HeldCheckpoint[] | undefined): unknown {
  return list?.length ? list.map((c) => ({ step_id: c.stepId, cursor: c.cursor, outputs: c.outputs })) : null;
}

/** SQLite, inside the caller's transaction. */
function insertCheckpointsSqlite(prep: (text: string) => SqliteStatement, sql: RawSql, rows: readonly CheckpointRow[]): void {
  if (!rows.length) return;
  const insert = prep(`insert into ${sql.table('flow_checkpoint')} ("run_id", "seq", "step_id", "cursor", "outputs", "principal", "input", "at") values ($1, $2, $3, $4, $5, $6, $7, $8)`);
  for (const c of rows) insert.run([c.runId, c.seq, c.stepId, c.cursor, sql.json(c.outputs), c.principal, c.input, sql.date(c.at)]);
}

/** What a step boundary writes; the run's cursor and its checkpoint in one transaction. `held`
 * checkpoints (steps that ran since the last boundary) go first, at seq + 1, seq + 2, ..., this
 * step's after them, and the run's seq moves past all of them. */
export interface Boundary {
  runId: string; seq: number; stepId: string | null; cursor: string | null; outputs: Record<string, unknown>; trace: TraceEntry[];
  principal: string; input: string | undefined; attemptKey: string | undefined; attemptOutcome: string;
  held?: readonly HeldCheckpoint[];
}

/** The boundary's checkpoint rows, in seq order (the held ones first). */
const checkpointsOf = (b: Boundary, now: Date): CheckpointRow[] =>
  checkpointRows(b, b.seq, [...(b.held ?? []), { stepId: b.stepId, cursor: b.cursor, outputs: b.outputs }], now);

/** The run's seq once the boundary is written. */
const seqAfter = (b: Boundary): number => b.seq + 1 + (b.held?.length ?? 0);

export type BoundaryResult = { ok: true; pauseRequested: boolean; audit?: StoredAudit | undefined } | { ok: false; reason: 'lost' | 'withdrawn' } | { ok: false; reason: 'pending'; signal: ResumeSignal };

type Final =
  | { status: 'running' }
  | { status: 'waiting'; reason: WaitingReason; stepId: string; token: string | undefined; resumeSignal: ResumeSignal | undefined }
  | { status: 'completed' }
  | { status: 'error'; code: string; message: string };

/**
 * The common boundary in ONE statement (PostgreSQL: data-modifying CTEs, atomic as any single
 * statement, shared by the concurrent runs of this worker: boundary-batch.ts; SQLite: one
 * synchronous transaction): the run row moves only if this worker holds it at the expected seq
 * with no pending signal and no pause request, and only then are the checkpoint appended and the
 * attempt closed. False when the row did not match; nothing was written then, and the careful
 * path below sorts out why. The lease is not extended here: the holder's renewal timer does
 * that, so a step commit touches no indexed column of the run. `audit` (a run's end) is
 * appended in the same statement and returned as stored.
 */
async function fastBoundary(store: Store, b: Boundary, lease: Lease, fin: Final, audit: AuditInput | undefined): Promise<false | { audit: StoredAudit | undefined }> {
  const sql = rawSql(store);
  const now = new Date(lease.now());
  const waiting = fin.status === 'waiting' ? fin : undefined;
  const error = fin.status === 'error' ? fin : undefined;
  const stored = (id: unknown): StoredAudit => ({ id: String(id), type: audit!.type, at: now, traceId: audit!.traceId ?? null, data: audit!.data });
  if (sql.dialect === 'postgres') {
    const out = await writeBatched(store, {
      run_id: b.runId, holder: lease.holder, seq: b.seq, cursor: b.cursor, outputs: b.outputs, trace: b.trace, at: now.toISOString(), status: fin.status,
      held: checkpointsJson(b.held),
      resume_signal: waiting?.resumeSignal ?? null, waiting_reason: waiting?.reason ?? null, waiting_step_id: waiting?.stepId ?? null, waiting_token: waiting?.token ?? null,
      error_code: error?.code ?? null, error_message: error?.message ?? null, step_id: b.stepId, outcome: b.attemptOutcome, akey: b.attemptKey ?? null,
      audit_type: audit?.type ?? null, audit_trace: audit?.traceId ?? null, audit_data: audit?.data ?? null,
    });
    return out && { audit: audit ? stored(out.auditId) : undefined };
  }
  const values: unknown[] = [b.runId, b.cursor, b.seq, sql.json(b.outputs), sql.json(b.trace), sql.date(now), lease.holder, seqAfter(b)];
  let set = '"cursor" = $2, "seq" = $8, "outputs" = $4, "trace" = $5, "updated_at" = $6, "pending_signal" = null';
  if (fin.status === 'running') set += ', "resume_signal" = null';
  else {
    values.push(fin.status, sql.json(waiting?.resumeSignal ?? null), waiting?.reason ?? null, waiting?.stepId ?? null, waiting?.token ?? null, waiting ? null : sql.date(now), error?.code ?? null, error?.message ?? null);
    set += ', "status" = $9, "resume_signal" = $10, "lease_holder" = null, "lease_expires_at" = null, "waiting_reason" = $11, "waiting_step_id" = $12, "waiting_token" = $13, "ended_at" = $14, "error_code" = $15, "error_message" = $16';
  }
  const where = '"id" = $1 and "lease_holder" = $7 and "status" = \'running\' and "seq" = $3 and "pending_signal" is null and "pause_requested" = 0';
  const [T, A] = [sql.table('flow_run'), sql.table('flow_attempt')];
  return sql.sqlite((prep, db) => db.transaction(() => {
    if (prep(`update ${T} set ${set} where ${where}`).run(values).changes !== 1) return false as const;
    insertCheckpointsSqlite(prep, sql, checkpointsOf(b, now));
    if (b.attemptKey !== undefined) prep(`update ${A} set "closed_at" = $1, "outcome" = $2 where "key" = $3 and "closed_at" is null`).run([sql.date(now), b.attemptOutcome, b.attemptKey]);
    if (!audit) return { audit: undefined };
    return { audit: stored(insertAuditSqlite(prep, sql, { type: audit.type, at: now, traceId: audit.traceId ?? null, data: audit.data })) };
  })());
}

/** Writes a boundary: commit (status stays running), park (waiting) or end (completed/error).
 * `audit` is stored with the boundary on the common path (returned as `audit`); on the careful
 * path it is not, and the caller records it itself. */
export async function writeBoundary(store: Store, b: Boundary, lease: Lease, fin: Final, audit?: AuditInput): Promise<BoundaryResult> {
  const operatorPark = fin.status === 'waiting' && fin.reason === 'operator';
  const fast = operatorPark ? false : await fastBoundary(store, b, lease, fin, audit);
  if (fast) return { ok: true, pauseRequested: false, audit: fast.audit };
  const now = new Date(lease.now());
  const em = store.em();
  return em.transactional(async (tem) => {
    const base = { id: b.runId, leaseHolder: lease.holder, status: 'running', seq: b.seq };
    const data: Record<string, unknown> = { cursor: b.cursor, seq: seqAfter(b), outputs: b.outputs, trace: b.trace, updatedAt: now, pendingSignal: null, resumeSignal: null };
    if (fin.status === 'running') data.leaseExpiresAt = expiry(lease);
    else {
      data.status = fin.status;
      data.leaseHolder = null;
      data.leaseExpiresAt = null;
    }
    if (fin.status === 'waiting') Object.assign(data, { waitingReason: fin.reason, waitingStepId: fin.stepId, waitingToken: fin.token ?? null, resumeSignal: fin.resumeSignal ?? null, ...(fin.reason === 'operator' ? { pauseRequested: false } : {}) });
    if (fin.status === 'completed' || fin.status === 'error') data.endedAt = now;
    if (fin.status === 'error') Object.assign(data, { errorCode: fin.code, errorMessage: fin.message });
    if (fin.status === 'waiting' && fin.reason === 'operator') {
      // Park for the operator only while the pause still stands: a resume may have withdrawn it.
      if ((await tem.nativeUpdate(FlowRun, { ...base, pauseRequested: true }, data)) === 0) {
        const cur = await tem.findOne(FlowRun, { id: b.runId }, { disableIdentityMap: true });
        if (!cur || cur.status !== 'running' || cur.leaseHolder !== lease.holder || cur.seq !== b.seq) return { ok: false, reason: 'lost' } as const;
        return { ok: false, reason: 'withdrawn' } as const;
      }
      await tem.insertMany(FlowCheckpoint, checkpointsOf(b, now));
      return { ok: true, pauseRequested: false } as const;
    }
    let pauseRequested = false;
    // The common path first: no pending signal, no pause request.
    let n = await tem.nativeUpdate(FlowRun, { ...base, pendingSignal: null, pauseRequested: false }, data);
    if (n === 0) {
      const cur = await tem.findOne(FlowRun, { id: b.runId }, { disableIdentityMap: true });
      if (!cur || cur.status !== 'running' || cur.leaseHolder !== lease.holder || cur.seq !== b.seq) return { ok: false, reason: 'lost' } as const;
      if (fin.status === 'waiting' && fin.reason !== 'operator' && cur.pendingSignal) {
        // The waker came before the park: do not park, re-enter the step with its signal.
        await tem.nativeUpdate(FlowRun, { id: b.runId }, { pendingSignal: null, resumeSignal: cur.pendingSignal });
        if (b.attemptKey !== undefined) await closeAttempt(tem, b.attemptKey, 'parked', now);
        return { ok: false, reason: 'pending', signal: cur.pendingSignal as unknown as ResumeSignal } as const;
      }
      pauseRequested = cur.pauseRequested;
      n = await tem.nativeUpdate(FlowRun, base, data);
      if (n === 0) return { ok: false, reason: 'lost' } as const;
    }
    await tem.insertMany(FlowCheckpoint, checkpointsOf(b, now));
    if (b.attemptKey !== undefined) await closeAttempt(tem, b.attemptKey, b.attemptOutcome, now);
    return { ok: true, pauseRequested } as const;
  });
}

/** Ends a run from outside its driver (cancel, fail-closed recovery). Only from running/waiting. */
export async function endFromOutside(store: Store, id: string, status: 'cancelled' | 'error', code: string, message: string, now: Date, onlyHolder?: string): Promise<boolean> {
  const where: Record<string, unknown> = { id, status: { $in: ['running', 'waiting'] } };
  if (onlyHolder !== undefined) where.leaseHolder = onlyHolder;
  const n = await store.em().nativeUpdate(FlowRun, where, {
    status, errorCode: code, errorMessage: message, endedAt: now, updatedAt: now, leaseHolder: null, leaseExpiresAt: null, pendingSignal: null,
  });
  return n === 1;
}

/**
 * Fails a run closed on an attempt that may or may not have happened: the run ends `error` with
 * `flow_step_interrupted` and the attempt is closed `interrupted`, in one transaction, only while
 * `holder` holds the run (so a run never ends with its attempt still claiming to be live, nor is
 * an attempt closed for a run someone else went on driving).
 */
export async function interruptRun(store: Store, id: string, attemptKey: string, message: string, now: Date, holder: string): Promise<boolean> {
  return store.em().transactional(async (tem) => {
    const n = await tem.nativeUpdate(FlowRun, { id, status: 'running', leaseHolder: holder }, {
      status: 'error', errorCode: 'flow_step_interrupted', errorMessage: message, endedAt: now, updatedAt: now, leaseHolder: null, leaseExpiresAt: null, pendingSignal: null,
    });
    if (n !== 1) return false;
    await closeAttempt(tem, attemptKey, 'interrupted', now);
    return true;
  });
}

export async function requestPause(store: Store, id: string, now: Date): Promise<boolean> {
  const n = await store.em().nativeUpdate(FlowRun, { id, status: { $in: ['running', 'waiting'] } }, { pauseRequested: true, updatedAt: now });
  return n === 1;
}

/** Withdraws a pause that has not been honoured yet (the run is still running). */
export async function withdrawPause(store: Store, id: string, now: Date): Promise<boolean> {
  const n = await store.em().nativeUpdate(FlowRun, { id, status: 'running', pauseRequested: true }, { pauseRequested: false, updatedAt: now });
  return n === 1;
}
