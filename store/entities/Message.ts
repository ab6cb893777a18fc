/**
 * A message in a thread (`agent:<seat>`, `crew:<id>`, ...). Author fields are set by the posting
 * surface from the authenticated caller; nothing the body claims about its author is stored.
 * The autoincrement id orders a thread. `outcome` records what a reply did to the question it
 * names (e.g. `resolved`, `assignee_mismatch`, `not_an_option`, `agent_reply`, `closed`).
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Message = defineEntity({
  name: 'Message',
  indexes: [{ properties: ['thread', 'id'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    thread: p.string(),
    replyTo: p.string().nullable().index(),
    /** On a `question` message: the question it asks (answers name it in `replyTo`). */
    questionId: p.string().nullable(),
    kind: p.string(),
    authorKind: p.string(),
    author: p.string(),
    authorId: p.string().nullable(),
    body: p.text(),
    createdAt: p.datetime(),
    outcome: p.string().nullable(),
  },
});

export type Message = InferEntity<typeof Message>;
