/**
 * Human gates and threads on the wire: the gate actor's verb payloads and what `/flows/gates`
 * and `/messages` send and answer. Author fields of a message are never taken from a body; the
 * gateway fills them from `req.caller`.
 */
import { Type, type Static } from 'typebox';
import { IdString } from './text.js';
import { Caller } from './caller.js';

export { GATE_STATUSES, type GateStatusName } from './gate-statuses.js';

/** What a reply did to the question it names. */
export const REPLY_OUTCOMES = ['resolved', 'not_an_option', 'agent_reply', 'assignee_mismatch', 'not_open'] as const;
export type ReplyOutcome = (typeof REPLY_OUTCOMES)[number];

/**
 * The shape an assignee must have, checked by the human step before it opens a gate and by the
 * gate actor when it does: one token (seat id, 0x address or single-word handle, optionally
 * `seat:`), no whitespace.
 */
export function validAssignee(assignee: string): boolean {
  return assignee.trim() !== '' && !/\s/.test(assignee.trim());
}

export const GateOption = Type.Object({ id: Type.String(), label: Type.String(), port: Type.Union([Type.String(), Type.Null()]) });

/** `gate.open`: one question per (run, step), however often it is sent. */
export const GateOpenRequest = Type.Object({
  runId: Type.String({ minLength: 1 }),
  stepId: Type.String({ minLength: 1 }),
  purpose: Type.Union([Type.Literal('human_gate'), Type.Literal('connector_ask')]),
  /** The run's principal: the question is posted in thread `agent:<principal>`. */
  principal: Type.String(),
  /** Rendered prompt: stored and posted in the thread, never put in an event. */
  prompt: Type.String(),
  options: Type.Array(GateOption),
  assignee: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** At least 5 minutes counts; anything else falls back to SVC_HUMAN_GATE_TTL_MS. */
  timeoutMs: Type.Optional(Type.Number()),
});
export type GateOpenRequest = Static<typeof GateOpenRequest>;

export const GateOpenReply = Type.Object({
  questionId: Type.String(),
  /** False when the (run, step) already had its question (a resume, a second replica). */
  created: Type.Boolean(),
  status: Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('timed_out'), Type.Literal('closed')]),
  thread: Type.String(),
  deadlineAt: Type.String(),
  /** Set when the question is already resolved. */
  optionId: Type.Union([Type.String(), Type.Null()]),
  port: Type.Union([Type.String(), Type.Null()]),
});
export type GateOpenReply = Static<typeof GateOpenReply>;

/** `gate.close`: a cancelled run's open questions. */
export const GateCloseRequest = Type.Object({
  runId: Type.String({ minLength: 1 }),
  /** Recorded on each closed question; default `cancelled`. */
  reason: Type.Optional(Type.String()),
});
export type GateCloseRequest = Static<typeof GateCloseRequest>;
export const GateCloseReply = Type.Object({ closed: Type.Array(Type.String()) });

/** `gate.message`: the author is the authenticated caller, never a field of a body. The operator
 * may post in any thread; a seat only in its own. */
export const GateMessageRequest = Type.Object({
  thread: Type.Optional(Type.String()),
  replyTo: Type.Optional(Type.String()),
  kind: Type.Optional(Type.String()),
  body: Type.String(),
  caller: Caller,
});
export type GateMessageRequest = Static<typeof GateMessageRequest>;

export const MessageView = Type.Object({
  id: Type.String(),
  thread: Type.String(),
  replyTo: Type.Union([Type.String(), Type.Null()]),
  questionId: Type.Union([Type.String(), Type.Null()], { description: 'on a question message, the question to name in replyTo' }),
  kind: Type.String(),
  authorKind: Type.String({ description: 'human, agent or system; set server-side' }),
  author: Type.String(),
  authorId: Type.Union([Type.String(), Type.Null()]),
  body: Type.String(),
  createdAt: Type.String(),
  outcome: Type.Union([Type.String(), Type.Null()], { description: 'what this reply did to the question it names' }),
  replyTarget: Type.Optional(
    Type.String({
      description:
        'on a question, when a channel key is configured: the signed target a chat bridge hands back with a reply (POST /messages/chat)',
    }),
  ),
});
export type MessageView = Static<typeof MessageView>;

export const PostMessage = Type.Object(
  {
    thread: Type.Optional(IdString({ maxLength: 200 })),
    replyTo: Type.Optional(IdString({ maxLength: 200, description: 'a question id: this message answers it' })),
    kind: Type.Optional(Type.String({ pattern: '^[a-z_]{1,32}$', description: 'default answer with replyTo, note without' })),
    body: Type.String({ minLength: 1, maxLength: 20_000 }),
    // Accepted so spec-shaped clients are not refused, and ignored: the caller's token decides.
    authorKind: Type.Optional(Type.String()),
    author: Type.Optional(Type.String()),
    authorId: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type PostMessage = Static<typeof PostMessage>;

export const GateOutcome = Type.Object({
  questionId: Type.String(),
  outcome: Type.Union([
    Type.Literal('resolved'),
    Type.Literal('not_an_option'),
    Type.Literal('agent_reply'),
    Type.Literal('assignee_mismatch'),
    Type.Literal('not_open'),
  ]),
  status: Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('timed_out'), Type.Literal('closed')]),
  optionId: Type.Union([Type.String(), Type.Null()]),
});
export type GateOutcome = Static<typeof GateOutcome>;

export const PostMessageReply = Type.Object({ message: MessageView, gate: Type.Optional(GateOutcome) });
export type PostMessageReply = Static<typeof PostMessageReply>;

/** A reply relayed from a chat channel: the question and thread come from the signed target, never from the body. */
export const ChatReply = Type.Object(
  {
    replyTarget: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'the replyTarget of the question being answered, as the bridge received it',
    }),
    body: Type.String({ minLength: 1, maxLength: 20_000 }),
  },
  { additionalProperties: false },
);
export type ChatReply = Static<typeof ChatReply>;

export const MessagesQuery = Type.Object(
  {
    thread: Type.Optional(IdString({ maxLength: 200, description: "default the caller's own thread, agent:<seat>" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
    after: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'only messages with a larger id (polling)' })),
  },
  { additionalProperties: false },
);
export type MessagesQuery = Static<typeof MessagesQuery>;

export const MessageList = Type.Object({ thread: Type.String(), messages: Type.Array(MessageView) });
export type MessageList = Static<typeof MessageList>;

export const GateView = Type.Object({
  questionId: Type.String(),
  runId: Type.String(),
  stepId: Type.String(),
  purpose: Type.String(),
  principal: Type.String(),
  thread: Type.String(),
  prompt: Type.String(),
  options: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), port: Type.Union([Type.String(), Type.Null()]) })),
  assignee: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  deadlineAt: Type.String(),
  createdAt: Type.String(),
  optionId: Type.Union([Type.String(), Type.Null()]),
  answeredBy: Type.Union([Type.String(), Type.Null()]),
  replyTarget: Type.Optional(
    Type.String({
      description: 'when a channel key is configured: the signed target a chat bridge hands back with a reply (POST /messages/chat)',
    }),
  ),
});
export type GateView = Static<typeof GateView>;

export const GatesQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union(
        [
          Type.Literal('pending'),
          Type.Literal('open'),
          Type.Literal('answered'),
          Type.Literal('resolved'),
          Type.Literal('timed_out'),
          Type.Literal('closed'),
          Type.Literal('all'),
        ],
        { default: 'pending', description: 'pending (the same as open) by default; answered is the same as resolved' },
      ),
    ),
    runId: Type.Optional(IdString()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  { additionalProperties: false },
);
export type GatesQuery = Static<typeof GatesQuery>;

export const GateList = Type.Object({ gates: Type.Array(GateView) });
export type GateList = Static<typeof GateList>;
