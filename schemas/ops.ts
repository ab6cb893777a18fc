import { Type, type Static } from 'typebox';

export const PingRequest = Type.Object({ note: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });
export type PingRequest = Static<typeof PingRequest>;

export const PingReply = Type.Object({
  worker: Type.String({ description: 'the worker process that handled the command' }),
  note: Type.Optional(Type.String()),
  deliveryCount: Type.Integer(),
  roundTripMs: Type.Number(),
});
export type PingReply = Static<typeof PingReply>;

export const EventsQuery = Type.Object(
  { filter: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_*>.-]+$' })) },
  { additionalProperties: false },
);
export type EventsQuery = Static<typeof EventsQuery>;
