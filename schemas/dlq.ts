/**
 * Dead letters: commands that ended in a terminal error (or failed on every delivery the bus
 * allows a command whose failure it cannot classify), kept on the dead-letter stream with their
 * reason until an operator replays them (`GET /dlq`, `POST /dlq/replay`, `svc dlq list|replay`).
 */
import { Type, type Static } from 'typebox';

export const DeadLetter = Type.Object(
  {
    /** The dead-letter stream's sequence number, as a string: what `replay` takes. */
    id: Type.String(),
    /** The command's subject when it was sent (`<prefix>.cmd.<actor>.<verb>`). */
    subject: Type.String(),
    actor: Type.String(),
    verb: Type.String(),
    msgId: Type.String(),
    traceId: Type.String(),
    /** How many times it was delivered before it was given up. */
    deliveries: Type.Integer({ minimum: 1 }),
    /** Why: the terminal error as a caller would have seen it. */
    error: Type.Object({ error: Type.String(), message: Type.String() }),
    at: Type.String({ format: 'date-time' }),
    /** The command's payload (JSON), or its raw text when it was not JSON. */
    payload: Type.Unknown(),
    payloadText: Type.Optional(Type.String()),
  },
  { $id: 'DeadLetter' },
);
export type DeadLetter = Static<typeof DeadLetter>;

export const DeadLetterList = Type.Object({ deadLetters: Type.Array(DeadLetter) });
export const DeadLetterQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })) },
  { additionalProperties: false },
);
export const ReplayBody = Type.Object(
  { id: Type.String({ pattern: '^[0-9]+$', description: 'the dead letter id from GET /dlq' }) },
  { additionalProperties: false },
);
export const ReplayAnswer = Type.Object({ replayed: DeadLetter, seq: Type.Integer() });
export type ReplayAnswer = Static<typeof ReplayAnswer>;
export const DropAnswer = Type.Object({ dropped: DeadLetter });
export type DropAnswer = Static<typeof DropAnswer>;
