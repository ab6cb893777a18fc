/**
 * A webhook trigger. The record, not the flow definition,
 * holds the secret, the principal and the input mapping. The secret is sealed (AES-256-GCM,
 * kernel/seal.ts) and bound to `<id>/<secretVersion>`, so a rotated-away envelope never opens
 * under the new version; pubsub triggers have no shared secret (`sealedSecret` null).
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const WebhookTrigger = defineEntity({
  name: 'WebhookTrigger',
  properties: {
    id: p.string().primary(),
    flowId: p.string().index(),
    principal: p.string(),
    scheme: p.string(),
    events: p.json<string[]>(),
    input: p.json<Record<string, unknown>>().nullable(),
    config: p.json<Record<string, unknown>>().nullable(),
    /** A releaser (`{key: <dotted path>}`): its deliveries release waiting runs instead of starting one. */
    release: p.json<{ key: string }>().nullable(),
    sealedSecret: p.text().nullable(),
    secretVersion: p.integer(),
    enabled: p.boolean(),
    createdBy: p.string(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type WebhookTrigger = InferEntity<typeof WebhookTrigger>;
