/**
 * Store access for gates and threads. Every status change is one conditional UPDATE from
 * `open` (`transition`), so of an answer, an expiry and a close racing on one question exactly
 * one wins, on PostgreSQL and SQLite alike, across replicas. Nothing here runs inside a
 * transaction, so the single SQLite connection is never waited on by itself.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { GateQuestion, type GateOption, type GatePurpose, type GateStatus } from '../../store/entities/GateQuestion.js';
import { Message } from '../../store/entities/Message.js';
import { sqlEm } from '../../store/knex.js';
import type { Store } from '../../store/types.js';
import type { GateView, MessageView } from '../../schemas/gates.js';

export interface NewQuestion {
  id: string;
  runId: string;
  stepId: string;
  purpose: GatePurpose;
  principal: string;
  thread: string;
  prompt: string;
  options: GateOption[];
  assignee: string | null;
  deadlineAt: Date;
  createdAt: Date;
  traceId: string;
}

export async function findQuestion(store: Store, id: string): Promise<GateQuestion | null> {
  return store.em().findOne(GateQuestion, { id });
}

/** Inserts the (run, step)'s question, or returns the one already there (created: false). */
export async function insertOrFind(store: Store, q: NewQuestion): Promise<{ question: GateQuestion; created: boolean }> {
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
}

/** open → `to`, iff still open. True when this call made the change. */
export async function transition(
  store: Store,
  id: string,
  to: Exclude<GateStatus, 'open'>,
  fields: Partial<Pick<GateQuestion, 'answeredAt' | 'optionId' | 'answeredBy' | 'closeReason'>>,
): Promise<boolean> {
  const res = await sqlEm(store)
    .createQueryBuilder(GateQuestion)
    .update({ status: to, ...fields })
    .where({ id, status: 'open' })
    .execute('run');
  return res.affectedRows === 1;
}

/** Records the question's first posting, once. */
export async function setMessageId(store: Store, id: string, messageId: string): Promise<void> {
  await sqlEm(store).createQueryBuilder(GateQuestion).update({ messageId }).where({ id, messageId: null }).execute('run');
}

export async function markSignaled(store: Store, id: string, at: Date): Promise<void> {
  await sqlEm(store).createQueryBuilder(GateQuestion).update({ signaledAt: at }).where({ id }).execute('run');
}

export async function openQuestionsOfRun(store: Store, runId: string): Promise<GateQuestion[]> {
  return store.em().find(GateQuestion, { runId, status: 'open' });
}

export async function expiredQuestions(store: Store, now: Date, limit = 200): Promise<GateQuestion[]> {
  return store.em().find(GateQuestion, { status: 'open', deadlineAt: { $lte: now } }, { orderBy: { deadlineAt: 'asc' }, limit });
}

/** Answered or expired questions whose run was never told (the send failed after the update). */
export async function unsignaledQuestions(store: Store, answeredBefore: Date, limit = 200): Promise<GateQuestion[]> {
  return store
    .em()
    .find(GateQuestion, { status: { $in: ['resolved', 'timed_out'] }, signaledAt: null, answeredAt: { $lte: answeredBefore } }, { limit });
}

/** `seat` set: only questions that seat may see (it is the run's principal or the assignee). */
export async function listQuestions(
  store: Store,
  filter: { status?: GateStatus; runId?: string; seat?: string; limit: number },
): Promise<GateQuestion[]> {
  const where: Record<string, unknown> = {};
  if (filter.status) where.status = filter.status;
  if (filter.runId) where.runId = filter.runId;
  if (filter.seat !== undefined) where.$or = [{ principal: filter.seat }, { assignee: { $in: assigneeSpellings(filter.seat) } }];
  return store.em().find(GateQuestion, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: filter.limit });
}

/** The ways an assignee naming `seat` may be written (`seat:` prefix; 0x addresses in either case). */
function assigneeSpellings(seat: string): string[] {
  const forms = /^0x[0-9a-fA-F]+$/.test(seat) ? [seat, seat.toLowerCase(), `0x${seat.slice(2).toUpperCase()}`] : [seat];
  return [...new Set(forms.flatMap((f) => [f, `seat:${f}`]))];
}

export interface NewMessage {
  thread: string;
  replyTo: string | null;
  questionId: string | null;
  kind: string;
  authorKind: string;
  author: string;
  authorId: string | null;
  body: string;
  createdAt: Date;
  outcome: string | null;
}

export async function insertMessage(store: Store, m: NewMessage): Promise<Message> {
  const em = store.em();
  const row = em.create(Message, m);
  await em.flush();
  return row;
}

/** The last `limit` messages of a thread (after `after` when given), oldest first. */
export async function threadMessages(store: Store, thread: string, limit: number, after?: string): Promise<Message[]> {
  const where = after === undefined ? { thread } : { thread, id: { $gt: after } };
  const rows = await store
    .em()
    .find(Message, where, after === undefined ? { orderBy: { id: 'desc' }, limit } : { orderBy: { id: 'asc' }, limit });
  return after === undefined ? rows.reverse() : rows;
}

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

export function messageView(m: Message): MessageView {
  return {
    id: String(m.id),
    thread: m.thread,
    replyTo: m.replyTo ?? null,
    questionId: m.questionId ?? null,
    kind: m.kind,
    authorKind: m.authorKind,
    author: m.author,
    authorId: m.authorId ?? null,
    body: m.body,
    createdAt: iso(m.createdAt)!,
    outcome: m.outcome ?? null,
  };
}

export function gateView(q: GateQuestion): GateView {
  return {
    questionId: q.id,
    runId: q.runId,
    stepId: q.stepId,
    purpose: q.purpose,
    principal: q.principal,
    thread: q.thread,
    prompt: q.prompt,
    options: q.options,
    assignee: q.assignee ?? null,
    status: q.status,
    deadlineAt: iso(q.deadlineAt)!,
    createdAt: iso(q.createdAt)!,
    optionId: q.optionId ?? null,
    answeredBy: q.answeredBy ?? null,
  };
}
