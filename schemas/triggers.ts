/**
 * Shapes of the trigger layer (the webhook trigger record, the delivery log entry, the
 * trigger routes and `POST /epoch`): HTTP bodies and replies, plus the settings the config reads.
 * The gateway, the trigger actor and the CLI all import these; nothing re-declares them.
 */
import { Type, type Static } from 'typebox';
import { Cron } from 'croner';
import { IdString, IdToken } from './text.js';

export const SCHEMES = ['svc', 'codehost', 'pubsub'] as const;
export type Scheme = (typeof SCHEMES)[number];
const SchemeLiteral = Type.Union([Type.Literal('svc'), Type.Literal('codehost'), Type.Literal('pubsub')]);

/** A dotted path into the delivery body (`repository.full_name`). */
const DottedPath = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^.\\s]+(\\.[^.\\s]+)*$' });

export const InputMapping = Type.Union([
  Type.Object({ fields: Type.Record(Type.String({ minLength: 1, maxLength: 64 }), DottedPath) }, { additionalProperties: false }),
  Type.Object({ path: DottedPath }, { additionalProperties: false }),
]);
export type InputMapping = Static<typeof InputMapping>;

/** A releaser: its deliveries release the run of its flow and principal waiting on the key found
 * at `key` in the delivery (a `wait` step's `key`), instead of starting a run. */
export const ReleaseSetting = Type.Object({ key: DottedPath }, { additionalProperties: false });
export type ReleaseSetting = Static<typeof ReleaseSetting>;

export const PubsubConfig = Type.Object(
  {
    audience: Type.String({ minLength: 1, maxLength: 500 }),
    serviceAccountEmail: Type.String({ minLength: 3, maxLength: 320 }),
  },
  { additionalProperties: false },
);
export type PubsubConfig = Static<typeof PubsubConfig>;

export const CreateTriggerBody = Type.Object(
  {
    flowId: IdString({ maxLength: 200 }),
    principal: Type.Optional(IdToken({ maxLength: 200 })),
    scheme: Type.Optional(SchemeLiteral),
    events: Type.Optional(Type.Array(IdToken({ maxLength: 200 }), { maxItems: 100 })),
    input: Type.Optional(InputMapping),
    release: Type.Optional(ReleaseSetting),
    config: Type.Optional(
      Type.Object(
        {
          audience: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
          serviceAccountEmail: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CreateTriggerBody = Static<typeof CreateTriggerBody>;

/** A trigger as every route shows it: never the secret. */
export const TriggerView = Type.Object({
  id: Type.String(),
  flowId: Type.String(),
  principal: Type.String(),
  scheme: SchemeLiteral,
  events: Type.Array(Type.String()),
  input: Type.Optional(InputMapping),
  release: Type.Optional(ReleaseSetting),
  config: Type.Optional(PubsubConfig),
  secretVersion: Type.Integer(),
  enabled: Type.Boolean(),
  /** Where producers post: `/hooks/<id>`. */
  hookPath: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type TriggerView = Static<typeof TriggerView>;

/** Creation and rotation: the secret, shown this once. For `pubsub` there is no shared secret
 * (deliveries carry the provider's OIDC token) and `secret` is the empty string. */
export const TriggerMinted = Type.Object({ trigger: TriggerView, secret: Type.String(), secretShownOnce: Type.Literal(true) });
export type TriggerMinted = Static<typeof TriggerMinted>;

export const TriggerList = Type.Object({ triggers: Type.Array(TriggerView) });
export const TriggerId = IdString({ maxLength: 200 });
/** The id a new trigger is minted with: `trg_` and 12 random bytes, base64url. */
export const NewTriggerId = Type.String({ pattern: '^trg_[A-Za-z0-9_-]{16}$' });
export const TriggerIdBody = Type.Object({ id: TriggerId }, { additionalProperties: false });
export const TriggerEnabledBody = Type.Object({ id: TriggerId, enabled: Type.Boolean() }, { additionalProperties: false });
export const TriggerReply = Type.Object({ trigger: TriggerView });
export const TriggerDeleted = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });

export const DeliveryView = Type.Object({
  id: Type.String(),
  triggerId: Type.String(),
  /** The producer's key for accepted deliveries; a generated one for everything else, so a
   * rejected copy never takes the key a correct retry needs. */
  deliveryKey: Type.String(),
  status: Type.Union([Type.Literal('accepted'), Type.Literal('duplicate'), Type.Literal('skipped'), Type.Literal('rejected')]),
  reason: Type.Optional(Type.String()),
  bytes: Type.Integer(),
  runId: Type.Optional(Type.String()),
  eventType: Type.Optional(Type.String()),
  at: Type.String(),
});
export type DeliveryView = Static<typeof DeliveryView>;
export const DeliveryQuery = Type.Object(
  {
    triggerId: Type.Optional(TriggerId),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export const DeliveryList = Type.Object({ deliveries: Type.Array(DeliveryView) });

export const HookReply = Type.Union([
  Type.Object({ accepted: Type.Literal(true), runId: Type.String() }),
  /** A releaser's delivery: stored, and it releases the wait parked on `key` or is kept for one. */
  Type.Object({ accepted: Type.Literal(true), release: Type.Object({ key: Type.String() }) }),
  Type.Object({ duplicate: Type.Literal(true) }),
  Type.Object({ skipped: Type.Literal('event_not_selected') }),
  /** A codehost `ping` (sent when a hook is set up): verified, answered, no run. */
  Type.Object({ ping: Type.Literal(true) }),
]);
export type HookReply = Static<typeof HookReply>;

export const EpochReply = Type.Object({
  /** False in no-chain mode: nothing was streamed, and `streaming` says so. */
  chain: Type.Boolean(),
  /** The epoch the streamer ran (a decimal string), when it ran. */
  epoch: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  txHash: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })),
  /** Why streaming failed (`code: message`); the epoch flows still fired. */
  epochError: Type.Optional(Type.String()),
  streaming: Type.String(),
  streamed: Type.Integer(),
  /** Runs started for every `trigger: epoch` flow. */
  flowRuns: Type.Array(Type.Object({ flowId: Type.String(), runId: Type.String() })),
});
export type EpochReply = Static<typeof EpochReply>;

export interface TriggerSettings {
  /** SVC_WEBHOOK_TOLERANCE_SEC: how far a svc-scheme timestamp may be from now. */
  readonly toleranceSec: number;
  /** SVC_WEBHOOK_MAX_BYTES: webhook body cap. */
  readonly maxBytes: number;
  /** SVC_PUBSUB_JWKS_URL / SVC_PUBSUB_ISSUER: where pubsub push tokens are verified. */
  readonly pubsubJwksUrl: string;
  readonly pubsubIssuer: string;
  /** SVC_EPOCH_CRON: the queue schedule of the epoch (default daily 00:00 UTC). */
  readonly epochCron: string;
}

/** A 5-field UTC cron expression croner accepts. */
export function validCron(expr: string): boolean {
  if (expr.trim().split(/\s+/).length !== 5) return false;
  try {
    new Cron(expr, { paused: true, timezone: 'UTC' }).stop();
    return true;
  } catch {
    return false;
  }
}
