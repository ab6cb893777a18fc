/**
 * A chain transaction a side-effecting step signed, recorded under the step's attempt (its base
 * key, without the `.rN` of a retry) before it was broadcast. An `idempotent` retry finds it and
 * asks the chain for its receipt, or broadcasts the same signed bytes again, instead of paying a
 * second time. The raw transaction is public once broadcast; no key is kept here.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ChainSend = defineEntity({
  name: 'ChainSend',
  properties: {
    attempt: p.string().primary(),
    txHash: p.string(),
    rawTx: p.text(),
    sender: p.string(),
    sessionId: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type ChainSend = InferEntity<typeof ChainSend>;
