/**
 * Gates and threads as they are shown: the gateway's two reads (`/flows/gates`, `/messages`)
 * and the views the actor answers with. The rows come from the gate repository (store/gates/).
 */
import { gatesOf, type GateStatus, type MessageRow, type QuestionRow } from '../store/gates/index.js';
import type { Store } from '../store/types.js';
import type { GateView, MessageView } from '../schemas/gates.js';
import { assigneeSpellings } from '../identity/gates.js';

/** `seat` set: only questions that seat may see (it is the run's principal or the assignee). */
export async function listGates(
  store: Store,
  filter: { status?: GateStatus; runId?: string; seat?: string; limit: number },
): Promise<GateView[]> {
  const { seat, ...rest } = filter;
  const rows = await gatesOf(store).listQuestions({
    ...rest,
    ...(seat === undefined ? {} : { visibleTo: { principal: seat, assignees: assigneeSpellings(seat) } }),
  });
  return rows.map(gateView);
}

/** The last `limit` messages of a thread (after `after` when given), oldest first. */
export async function readThread(store: Store, thread: string, limit: number, after?: string): Promise<MessageView[]> {
  return (await gatesOf(store).threadMessages(thread, limit, after)).map(messageView);
}

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

export function messageView(m: MessageRow): MessageView {
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

export function gateView(q: QuestionRow): GateView {
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
