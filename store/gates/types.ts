/**
 * The gates aggregate: the questions runs wait on (human gates, ask-mode connector writes) and
 * the thread messages they are asked and answered in. The database decides every race: one
 * question per (run, step) by its unique key, and a question leaves `open` (answer, expiry,
 * close) and records its posting only by a conditional UPDATE, so of racing callers on any
 * replica exactly one changes the row. Nothing here runs inside a transaction, so the embedded
 * engine's one connection is never waited on by itself.
 */
import type { GateOption, GatePurpose, GateQuestion, GateStatus } from '../entities/GateQuestion.js';
import type { Message } from '../entities/Message.js';

export type { GateOption, GatePurpose, GateStatus };
export type QuestionRow = GateQuestion;
export type MessageRow = Message;

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
  /** The asking run's trace: what follows an answer or an expiry belongs to it. */
  traceId: string;
}

/** What a question records when it leaves `open`. */
export type Settlement = Partial<Pick<QuestionRow, 'answeredAt' | 'optionId' | 'answeredBy' | 'closeReason'>>;

export interface QuestionFilter {
  status?: GateStatus;
  runId?: string;
  /** Only questions of runs executed as `principal`, or assigned to one of `assignees` (as stored). */
  visibleTo?: { principal: string; assignees: readonly string[] };
  limit: number;
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

export interface GateRepository {
  findQuestion(id: string): Promise<QuestionRow | null>;
  /** Inserts the (run, step)'s question, or returns the one already there (created: false);
   * of concurrent opens on any replica exactly one inserts. */
  insertOrFind(q: NewQuestion): Promise<{ question: QuestionRow; created: boolean }>;
  /** open → `to`, iff still open, in one statement. True when this call made the change. */
  transition(id: string, to: Exclude<GateStatus, 'open'>, fields: Settlement): Promise<boolean>;
  /** Records the question's first posting: true when none was recorded before. */
  setMessageId(id: string, messageId: string): Promise<boolean>;
  /** The run was sent its signal (the question leaves the outbox `unsignaledQuestions` reads). */
  markSignaled(id: string, at: Date): Promise<void>;
  openQuestionsOfRun(runId: string): Promise<QuestionRow[]>;
  /** Open questions due by `now`, earliest deadline first. */
  expiredQuestions(now: Date, limit: number): Promise<QuestionRow[]>;
  /** Answered or expired questions answered by `answeredBefore` whose run was never told. */
  unsignaledQuestions(answeredBefore: Date, limit: number): Promise<QuestionRow[]>;
  /** Newest first (ties by id). */
  listQuestions(filter: QuestionFilter): Promise<QuestionRow[]>;
  insertMessage(m: NewMessage): Promise<MessageRow>;
  /** The last `limit` messages of a thread (those after the id `after` when given), oldest first. */
  threadMessages(thread: string, limit: number, after?: string): Promise<MessageRow[]>;
  /** The newest message of `kind` that `author` posted in `thread` at or after `since`, if any. */
  latestBy(thread: string, kind: string, author: string, since: Date): Promise<MessageRow | null>;
}
