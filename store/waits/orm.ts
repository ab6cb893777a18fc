/** The waits repository on the ORM, the same on both engines (owed signals are one join, store/raw.ts). */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { FlowRun } from '../entities/FlowRun.js';
import { FlowWait } from '../entities/FlowWait.js';
import { WaitEvent } from '../entities/WaitEvent.js';
import { rawSql } from '../raw.js';
import type { Store } from '../types.js';
import type { EventRow, OwedSignal, WaitRepository, WaitRow } from './types.js';

export const waitId = (runId: string, stepId: string): string => `${runId}/${stepId}`;

function toWait(r: FlowWait): WaitRow {
  return {
    id: r.id,
    runId: r.runId,
    stepId: r.stepId,
    flowId: r.flowId,
    principal: r.principal,
    key: r.key ?? null,
    status: r.status,
    deadlineAt: r.deadlineAt ? new Date(r.deadlineAt) : null,
    eventId: r.eventId ?? null,
    traceId: r.traceId ?? null,
    createdAt: new Date(r.createdAt),
  };
}

function toEvent(r: WaitEvent): EventRow {
  return {
    id: r.id,
    triggerId: r.triggerId,
    deliveryKey: r.deliveryKey,
    flowId: r.flowId,
    principal: r.principal,
    key: r.key,
    input: r.input,
    receivedAt: new Date(r.receivedAt),
    expiresAt: new Date(r.expiresAt),
    waitId: r.waitId ?? null,
  };
}

/** Inserts, or finds the row a concurrent or earlier insert of the same id left. */
async function insertOnce<T>(insert: () => Promise<unknown>, find: () => Promise<T | undefined>): Promise<T> {
  const existing = await find();
  if (existing) return existing;
  try {
    await insert();
  } catch (err) {
    if (!(err instanceof UniqueConstraintViolationException)) throw err;
  }
  const row = await find();
  if (!row) throw new Error('a row inserted (or found taken) could not be read back');
  return row;
}

export function ormWaits(store: Store): WaitRepository {
  const find = async (id: string) => {
    const r = await store.em().findOne(FlowWait, { id });
    return r ? toWait(r) : undefined;
  };
  const event = async (id: string) => {
    const r = await store.em().findOne(WaitEvent, { id });
    return r ? toEvent(r) : undefined;
  };
  return {
    open: (w) => {
      const id = waitId(w.runId, w.stepId);
      return insertOnce(
        () => store.em().insert(FlowWait, { ...w, id, status: 'waiting', eventId: null, endedAt: null }),
        () => find(id),
      );
    },
    find: (runId, stepId) => find(waitId(runId, stepId)),
    keep: (e) =>
      insertOnce(
        () => store.em().insert(WaitEvent, { ...e, waitId: null }),
        () => event(e.id),
      ),
    event,
    async waitingOn(flowId, principal, key) {
      const em = store.em();
      const rows = await em.find(FlowWait, { flowId, principal, key, status: 'waiting' }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      if (rows.length === 0) return [];
      // A cancelled or ended run's wait is never released: no event is spent on it. A running
      // one is about to park (its row is written first), and takes its signal as it does.
      const live = await em.find(
        FlowRun,
        { id: { $in: rows.map((r) => r.runId) }, status: { $in: ['waiting', 'running'] } },
        { fields: ['id'] },
      );
      const ids = new Set(live.map((r) => r.id));
      return rows.filter((r) => ids.has(r.runId)).map(toWait);
    },
    async keptFor(flowId, principal, key, now) {
      const rows = await store
        .em()
        .find(WaitEvent, { flowId, principal, key, waitId: null, expiresAt: { $gt: now } }, { orderBy: { receivedAt: 'asc', id: 'asc' } });
      return rows.map(toEvent);
    },
    bind: (eventId, id, now) =>
      // On SQLite (one connection) only the transaction's own em may be used inside it.
      store
        .em()
        .transactional(async (tem) => {
          const w = await tem.nativeUpdate(FlowWait, { id, status: 'waiting' }, { status: 'released', eventId, endedAt: now });
          const e = w === 1 ? await tem.nativeUpdate(WaitEvent, { id: eventId, waitId: null }, { waitId: id }) : 0;
          // Either side taken: undo the other by rolling back.
          if (e !== 1) throw new NotBound();
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof NotBound || err instanceof UniqueConstraintViolationException) return false;
          throw err;
        }),
    async end(id, to, now) {
      return (await store.em().nativeUpdate(FlowWait, { id, status: 'waiting' }, { status: to, endedAt: now })) === 1;
    },
    async expired(now, limit) {
      const rows = await store
        .em()
        .find(FlowWait, { status: 'waiting', deadlineAt: { $lte: now } }, { orderBy: { deadlineAt: 'asc' }, limit });
      return rows.map(toWait);
    },
    async owedSignals(endedBefore, limit): Promise<OwedSignal[]> {
      const sql = rawSql(store);
      const rows = await sql.rows(
        `select w."run_id" as "run", w."step_id" as "step", w."status" as "status", w."event_id" as "event", w."trace_id" as "trace" ` +
          `from ${sql.table('flow_wait')} w join ${sql.table('flow_run')} r on r."id" = w."run_id" ` +
          `where w."status" in ('released', 'timed_out') and w."ended_at" < $1 and r."status" = 'waiting' ` +
          `and r."waiting_step_id" = w."step_id" and r."waiting_reason" in ('awaiting_webhook', 'awaiting_human') ` +
          'order by w."ended_at" limit $2',
        [sql.date(endedBefore), limit],
      );
      return rows.map((r) => ({
        runId: r.run as string,
        stepId: r.step as string,
        status: r.status as OwedSignal['status'],
        eventId: (r.event as string | null) ?? null,
        traceId: (r.trace as string | null) ?? null,
      }));
    },
    async dropExpired(now) {
      return store.em().nativeDelete(WaitEvent, { waitId: null, expiresAt: { $lt: now } });
    },
    async prune(before, limit) {
      const sql = rawSql(store);
      const rows = await sql.rows(
        `select w."id" as "id" from ${sql.table('flow_wait')} w left join ${sql.table('flow_run')} r on r."id" = w."run_id" ` +
          `where w."created_at" < $1 and (r."id" is null or r."status" not in ('waiting', 'running')) ` +
          'order by w."created_at" limit $2',
        [sql.date(before), limit],
      );
      const ids = rows.map((r) => r.id as string);
      if (ids.length === 0) return 0;
      const em = store.em();
      // Events first: a crash between the two leaves waits without events, which the next pass removes.
      await em.nativeDelete(WaitEvent, { waitId: { $in: ids } });
      return em.nativeDelete(FlowWait, { id: { $in: ids } });
    },
  };
}

class NotBound extends Error {}
