/**
 * The gate repository on the ORM, the one implementation for both engines: every write is a
 * single statement (an insert kept unique by the (run, step) key, or a conditional UPDATE), so
 * PostgreSQL has no batched statement to gain here.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { GateQuestion } from '../entities/GateQuestion.js';
import { Message } from '../entities/Message.js';
import type { Store } from '../types.js';
import type { GateRepository } from './types.js';

export function ormGates(store: Store): GateRepository {
  return {
    findQuestion: (id) => store.em().findOne(GateQuestion, { id }),

    async insertOrFind(q) {
      const existing = await store.em().findOne(GateQuestion, { runId: q.runId, stepId: q.stepId });
      if (existing) return { question: existing, created: false };
      try {
        await store.em().insert(GateQuestion, {
          ...q,
          status: 'open',
          messageId: null,
          answeredAt: null,
          optionId: null,
          answeredBy: null,
          closeReason: null,
          signaledAt: null,
        });
      } catch (err) {
        if (!(err instanceof UniqueConstraintViolationException)) throw err;
        // Another replica (or a redelivery) opened it first: theirs is the one question.
        const winner = await store.em().findOneOrFail(GateQuestion, { runId: q.runId, stepId: q.stepId });
        return { question: winner, created: false };
      }
      return { question: await store.em().findOneOrFail(GateQuestion, { id: q.id }), created: true };
    },

    async transition(id, to, fields) {
      return (await store.em().nativeUpdate(GateQuestion, { id, status: 'open' }, { status: to, ...fields })) === 1;
    },

    async setMessageId(id, messageId) {
      return (await store.em().nativeUpdate(GateQuestion, { id, messageId: null }, { messageId })) === 1;
    },

    async markSignaled(id, at) {
      await store.em().nativeUpdate(GateQuestion, { id }, { signaledAt: at });
    },

    openQuestionsOfRun: (runId) => store.em().find(GateQuestion, { runId, status: 'open' }),

    expiredQuestions: (now, limit) =>
      store.em().find(GateQuestion, { status: 'open', deadlineAt: { $lte: now } }, { orderBy: { deadlineAt: 'asc' }, limit }),

    unsignaledQuestions: (answeredBefore, limit) =>
      store
        .em()
        .find(
          GateQuestion,
          { status: { $in: ['resolved', 'timed_out'] }, signaledAt: null, answeredAt: { $lte: answeredBefore } },
          { limit },
        ),

    listQuestions(filter) {
      const where: Record<string, unknown> = {};
      if (filter.status) where.status = filter.status;
      if (filter.runId) where.runId = filter.runId;
      if (filter.visibleTo) where.$or = [{ principal: filter.visibleTo.principal }, { assignee: { $in: [...filter.visibleTo.assignees] } }];
      return store.em().find(GateQuestion, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: filter.limit });
    },

    async insertMessage(m) {
      const em = store.em();
      const row = em.create(Message, m);
      await em.flush();
      return row;
    },

    async threadMessages(thread, limit, after) {
      const where = after === undefined ? { thread } : { thread, id: { $gt: after } };
      const rows = await store
        .em()
        .find(Message, where, after === undefined ? { orderBy: { id: 'desc' }, limit } : { orderBy: { id: 'asc' }, limit });
      return after === undefined ? rows.reverse() : rows;
    },

    async latestBy(thread, kind, author, since) {
      return store.em().findOne(Message, { thread, kind, author, createdAt: { $gte: since } }, { orderBy: { id: 'desc' } });
    },
  };
}
