/**
 * A sealed credential (AES-256-GCM under SVC_SESSION_KEY, kernel/seal.ts), owned by the scope
 * that wrote it ('' for the operator). Only `ref` and `last4` are ever read back out; the
 * envelope is bound to `owner/ref`, so a row copied into another scope does not open.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const McpSecret = defineEntity({
  name: 'McpSecret',
  properties: {
    key: p.string().primary(),
    owner: p.string(),
    ref: p.string(),
    sealed: p.text(),
    last4: p.string(),
    updatedAt: p.datetime(),
  },
});
export type McpSecret = InferEntity<typeof McpSecret>;
