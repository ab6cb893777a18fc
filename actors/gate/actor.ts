/**
 * The gate actor: human gates and the threads they are asked in. `open` posts one question per
 * (run, step) however often it is called; `message` stores a reply and, when it names an open
 * question, resolves it only when a human the question permits names one of its listed options
 * (anything else leaves it open); `close` shuts a cancelled run's questions. Resolution and
 * expiry are conditional updates, then the run is told by a `run.signal` command. Events carry
 * run and question ids, never the rendered prompt.
 */
import { randomUUID } from 'node:crypto';
import { defineActor } from '../actor.js';
import { gateVerbs } from '../../schemas/commands/gate.js';
import type { GateDeps } from './deps.js';
import { claimWindow } from '../../store/claims.js';
import { AppError } from '../../schemas/errors.js';
import {
  validAssignee,
  type GateCloseRequest,
  type GateMessageRequest,
  type GateOpenReply,
  type GateOpenRequest,
  type GateOutcome,
  type PostMessageReply,
} from '../../schemas/gates.js';
import { gatesOf, type QuestionRow } from '../../store/gates/index.js';
import type { HandlerContext } from '../../bus/types.js';
import { deadline, isAssignee, matchOption, questionText } from './rules.js';
import { mayUseThread, threadOf } from '../../identity/gates.js';
import { messageView } from '../../queries/gates.js';
import { gateSweep, tell } from './sweep.js';

export const gateActor = defineActor({
  name: 'gate',
  // Its sweep is declared by create(): a process that runs the clock without the gate consumer
  // must still expire gates.
  verbs: gateVerbs,
  create: (deps: GateDeps) => ({
    sweeps: [gateSweep(deps)],
    handlers: {
      open: (ctx, p) => open(deps, ctx, p),
      message: (ctx, p) => message(deps, ctx, p),
      close: (ctx, p) => close(deps, ctx, p),
    },
  }),
});

async function open(deps: GateDeps, ctx: HandlerContext, p: GateOpenRequest): Promise<GateOpenReply> {
  const assignee = p.assignee === undefined || p.assignee === null || p.assignee.trim() === '' ? null : p.assignee.trim();
  if (assignee !== null && !validAssignee(assignee)) throw new AppError('human_gate_invalid_assignee', { detail: p.stepId });
  const gates = gatesOf(deps.store);
  const now = deps.now();
  const { question, created } = await gates.insertOrFind({
    id: randomUUID(),
    runId: p.runId,
    stepId: p.stepId,
    purpose: p.purpose,
    principal: p.principal,
    thread: threadOf(p.principal),
    prompt: p.prompt,
    options: p.options,
    assignee,
    deadlineAt: deadline(now, p.timeoutMs, deps.config.humanGateTtlMs),
    createdAt: new Date(now),
    traceId: ctx.traceId,
  });
  // The question is posted by whoever claims its posting (racing opens on several replicas
  // would otherwise each post it); a crash before posting frees the claim after a minute, so
  // a later re-open posts it then.
  if (
    (question.messageId === null || question.messageId === undefined) &&
    (await claimWindow(deps.store, `gate.post:${question.id}`, deps.workerId, 60_000))
  ) {
    const msg = await postQuestion(deps, question, now);
    await gates.setMessageId(question.id, String(msg.id));
  }
  if (created) {
    await deps.audit.record(
      'HumanGateOpened',
      {
        runId: question.runId,
        stepId: question.stepId,
        questionId: question.id,
        purpose: question.purpose,
        principal: question.principal,
        thread: question.thread,
        assignee: question.assignee ?? null,
        deadlineAt: new Date(question.deadlineAt).toISOString(),
      },
      question.traceId ?? ctx.traceId,
    );
  }
  const chosen = question.optionId ? question.options.find((o) => o.id === question.optionId) : undefined;
  return {
    questionId: question.id,
    created,
    status: question.status,
    thread: question.thread,
    deadlineAt: new Date(question.deadlineAt).toISOString(),
    optionId: question.optionId ?? null,
    port: chosen?.port ?? null,
  };
}

function postQuestion(deps: GateDeps, q: QuestionRow, now: number) {
  return gatesOf(deps.store).insertMessage({
    thread: q.thread,
    replyTo: null,
    questionId: q.id,
    kind: 'question',
    authorKind: 'system',
    author: `run:${q.runId}`,
    authorId: null,
    body: questionText(q.prompt, q.options, q.id),
    createdAt: new Date(now),
    outcome: null,
  });
}

async function message(deps: GateDeps, ctx: HandlerContext, p: GateMessageRequest): Promise<PostMessageReply> {
  if (p.kind === 'question') throw new AppError('invalid_request', { message: 'kind "question" is posted by gates only' });
  const gates = gatesOf(deps.store);
  const now = deps.now();
  const question = p.replyTo === undefined ? null : await gates.findQuestion(p.replyTo);
  if (question && p.thread !== undefined && p.thread !== question.thread) {
    throw new AppError('invalid_request', { message: `question ${question.id} is asked in thread ${question.thread}, not ${p.thread}` });
  }
  const thread = question?.thread ?? p.thread;
  if (thread === undefined) throw new AppError('invalid_request', { message: 'a message needs a thread, or a replyTo naming a question' });
  // An answer to a question follows the gate rules; any other message goes only in the poster's own thread.
  // The author is the caller's seat, in both the name and the id a message row keeps.
  const author = p.caller.seat;
  if (!question && !mayUseThread(thread, p.caller))
    throw new AppError('record_not_found', { message: `no thread ${thread} is open to ${author}` });
  const store = (outcome: string | null) =>
    gates.insertMessage({
      thread,
      replyTo: p.replyTo ?? null,
      questionId: null,
      kind: p.kind ?? (p.replyTo ? 'answer' : 'note'),
      authorKind: p.caller.authorKind,
      author,
      authorId: author,
      body: p.body,
      createdAt: new Date(now),
      outcome,
    });
  if (!question) return { message: messageView(await store(null)) };

  const ids = { runId: question.runId, stepId: question.stepId, questionId: question.id };
  // Whoever answers, what follows belongs to the run that asked.
  const traceId = question.traceId ?? ctx.traceId;
  const outcomeOf = (outcome: GateOutcome['outcome'], status: GateOutcome['status'], optionId: string | null = null): GateOutcome => ({
    questionId: question.id,
    outcome,
    status,
    optionId,
  });

  if (question.status !== 'open') {
    // A late answer lands on a closed question: stored, changes nothing.
    return { message: messageView(await store('not_open')), gate: outcomeOf('not_open', question.status, question.optionId ?? null) };
  }
  if (p.caller.authorKind !== 'human') {
    const msg = await store('agent_reply');
    await deps.audit.record('HumanGateUnresolved', { ...ids, reason: 'agent_reply', author, messageId: String(msg.id) }, traceId);
    return { message: messageView(msg), gate: outcomeOf('agent_reply', 'open') };
  }
  if (!isAssignee(question.assignee, author, author)) {
    const msg = await store('assignee_mismatch');
    await deps.audit.record('HumanGateUnresolved', { ...ids, reason: 'assignee_mismatch', author, messageId: String(msg.id) }, traceId);
    return { message: messageView(msg), gate: outcomeOf('assignee_mismatch', 'open') };
  }
  const option = matchOption(question.options, p.body);
  if (!option) {
    const msg = await store('not_an_option');
    await postQuestion(deps, question, now);
    return { message: messageView(msg), gate: outcomeOf('not_an_option', 'open') };
  }
  const won = await gates.transition(question.id, 'resolved', {
    answeredAt: new Date(now),
    optionId: option.id,
    answeredBy: author,
  });
  if (!won) {
    const now2 = await gates.findQuestion(question.id);
    return { message: messageView(await store('not_open')), gate: outcomeOf('not_open', now2?.status ?? 'closed', now2?.optionId ?? null) };
  }
  const msg = await store('resolved');
  await deps.audit.record('HumanGateResolved', { ...ids, optionId: option.id, answeredBy: author, messageId: String(msg.id) }, traceId);
  const resolved = { ...question, status: 'resolved' as const, optionId: option.id };
  await tell(deps, resolved, new Date(now), traceId);
  return { message: messageView(msg), gate: outcomeOf('resolved', 'resolved', option.id) };
}

async function close(deps: GateDeps, _ctx: HandlerContext, p: GateCloseRequest): Promise<{ closed: string[] }> {
  const gates = gatesOf(deps.store);
  const closed: string[] = [];
  for (const q of await gates.openQuestionsOfRun(p.runId)) {
    if (await gates.transition(q.id, 'closed', { closeReason: p.reason ?? 'cancelled', answeredAt: new Date(deps.now()) }))
      closed.push(q.id);
  }
  return { closed };
}
