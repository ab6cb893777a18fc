/** The heartbeat repository on the ORM: the same statements on both engines. */
import { raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import { FlowDefinition } from '../entities/FlowDefinition.js';
import { FlowRun } from '../entities/FlowRun.js';
import { GateQuestion } from '../entities/GateQuestion.js';
import { Heartbeat } from '../entities/Heartbeat.js';
import { HeartbeatTick } from '../entities/HeartbeatTick.js';
import { Message } from '../entities/Message.js';
import { ModelCall } from '../entities/ModelCall.js';
import { PausedAgent } from '../entities/PausedAgent.js';
import type { TickStatus } from '../../schemas/heartbeats.js';
import { sqlEm } from '../knex.js';
import type { Store } from '../types.js';
import type { HeartbeatRepository, HeartbeatRow, TickRow } from './types.js';

function toHeartbeat(r: Heartbeat): HeartbeatRow {
  return {
    crewId: r.crewId,
    schedule: r.schedule,
    timezone: r.timezone,
    quietStart: r.quietStart ?? null,
    quietEnd: r.quietEnd ?? null,
    items: r.items,
    seat: r.seat,
    model: r.model ?? null,
    notifyOnOk: r.notifyOnOk,
    stopOnError: r.stopOnError,
    enabled: r.enabled,
    failures: r.failures,
    dueAt: r.dueAt ?? null,
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt,
  };
}

function toTick(r: HeartbeatTick): TickRow {
  return {
    id: r.id,
    crewId: r.crewId,
    kind: r.kind === 'manual' ? 'manual' : 'scheduled',
    window: r.window,
    status: r.status as TickStatus,
    items: r.items,
    runs: r.runs,
    usage: r.usage ?? null,
    note: r.note ?? null,
    worker: r.worker,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt ?? null,
  };
}

export function ormHeartbeats(store: Store): HeartbeatRepository {
  const repo: HeartbeatRepository = {
    async get(crewId) {
      const row = await store.em().findOne(Heartbeat, { crewId });
      return row ? toHeartbeat(row) : undefined;
    },

    async list() {
      return (await store.em().find(Heartbeat, {}, { orderBy: { crewId: 'asc' } })).map(toHeartbeat);
    },

    async put(hb) {
      const em = store.em();
      const existing = await em.findOne(Heartbeat, { crewId: hb.crewId });
      // A changed schedule starts its receipts afresh: windows before the edit were not this schedule's.
      const row = { ...hb, items: [...hb.items], failures: 0, dueAt: null, createdAt: existing?.createdAt ?? hb.updatedAt };
      await em.upsert(Heartbeat, row);
      return toHeartbeat(row as Heartbeat);
    },

    async setEnabled(crewId, enabled, by, at) {
      // Enabling starts afresh: no failure streak, and the disabled time is not missed windows.
      const change = enabled
        ? { enabled, failures: 0, dueAt: null, updatedBy: by, updatedAt: at }
        : { enabled, updatedBy: by, updatedAt: at };
      const n = await store.em().nativeUpdate(Heartbeat, { crewId }, change);
      return n > 0 ? repo.get(crewId) : undefined;
    },

    async remove(crewId) {
      return (await store.em().nativeDelete(Heartbeat, { crewId })) > 0;
    },

    async markDue(crewId, dueAt) {
      await store.em().nativeUpdate(Heartbeat, { crewId }, { dueAt });
    },

    async countOutcome(crewId, failed) {
      const em = sqlEm(store);
      if (!failed) {
        await em.nativeUpdate(Heartbeat, { crewId }, { failures: 0 });
        return 0;
      }
      // One statement, so two ticks of one crew finishing at once both count.
      await em
        .createQueryBuilder(Heartbeat)
        .update({ failures: raw('failures + 1') })
        .where({ crewId })
        .execute('run');
      return (await em.findOne(Heartbeat, { crewId }))?.failures ?? 0;
    },

    async openTick(t) {
      const em = store.em();
      try {
        await em.insert(HeartbeatTick, { ...t, status: 'running', items: [], runs: [], usage: null, note: null, finishedAt: null });
      } catch (err) {
        if (!(err instanceof UniqueConstraintViolationException)) throw err;
        await em.nativeUpdate(HeartbeatTick, { id: t.id }, { worker: t.worker, status: 'running', finishedAt: null });
      }
      return toTick((await store.em().findOneOrFail(HeartbeatTick, { id: t.id }))!);
    },

    async updateTick(id, change) {
      const set: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(change)) if (v !== undefined) set[k] = v;
      await store.em().nativeUpdate(HeartbeatTick, { id }, set);
    },

    async receipt(t) {
      try {
        await store.em().insert(HeartbeatTick, { ...t, items: [...t.items], runs: [...t.runs] });
      } catch (err) {
        if (!(err instanceof UniqueConstraintViolationException)) throw err;
      }
    },

    async tick(id) {
      const row = await store.em().findOne(HeartbeatTick, { id });
      return row ? toTick(row) : undefined;
    },

    async ticks(crewIds, limit) {
      const where = crewIds === undefined ? {} : { crewId: { $in: [...crewIds] } };
      const rows = await store.em().find(HeartbeatTick, where, { orderBy: { startedAt: 'desc', id: 'asc' }, limit });
      return rows.map(toTick);
    },

    async lastTicks(crewIds) {
      const out = new Map<string, TickRow>();
      // One small read per crew: the (crewId, startedAt) index answers each at once.
      for (const crewId of crewIds) {
        const row = await store.em().findOne(HeartbeatTick, { crewId }, { orderBy: { startedAt: 'desc', id: 'asc' } });
        if (row) out.set(crewId, toTick(row));
      }
      return out;
    },

    async flowScope(flowId) {
      const row = await store.em().findOne(FlowDefinition, { id: flowId }, { fields: ['scopeLevel', 'scopeRef'] });
      return row ? { scopeLevel: row.scopeLevel, scopeRef: row.scopeRef ?? null } : undefined;
    },

    async paused(seat) {
      return (await store.em().count(PausedAgent, { seat })) > 0;
    },

    async pendingFor(seat) {
      const em = store.em();
      const [openGates, parkedRuns] = await Promise.all([
        em.count(GateQuestion, { status: 'open', $or: [{ principal: seat }, { assignee: { $in: [seat, `seat:${seat}`] } }] }),
        em.count(FlowRun, { principal: seat, status: 'waiting' }),
      ]);
      return { openGates, parkedRuns };
    },

    async usageOf(runIds) {
      const rows = runIds.length ? await store.em().find(ModelCall, { runId: { $in: [...runIds] } }) : [];
      const u = { calls: 0, inputTokens: 0, outputTokens: 0, microDollars: 0, unpricedCalls: 0, unmeteredCalls: 0, recorded: rows.length };
      for (const r of rows) {
        u.calls += 1;
        if (r.inputTokens === null || r.inputTokens === undefined) {
          u.unmeteredCalls += 1;
          continue;
        }
        u.inputTokens += r.inputTokens;
        u.outputTokens += r.outputTokens ?? 0;
        if (r.microDollars === null || r.microDollars === undefined) u.unpricedCalls += 1;
        else u.microDollars += Number(r.microDollars);
      }
      return u;
    },

    async postMessage(m) {
      const em = store.em();
      const row = em.create(Message, {
        thread: m.thread,
        replyTo: null,
        questionId: null,
        kind: m.kind,
        authorKind: 'system',
        author: m.author,
        authorId: null,
        body: m.body,
        createdAt: m.at,
        outcome: null,
      });
      await em.flush();
      return String(row.id);
    },
  };
  return repo;
}
