/**
 * How a trigger secret is sealed, from where it is minted to where it rests. The gateway mints it
 * (where the caller is, who sees it once in the HTTP answer) and seals it at once for the trip to
 * the trigger actor, bound to `webhook/<id>/minted`: the bus, which anyone who may subscribe to
 * the prefix can read, only ever carries the envelope. The actor opens it and seals it again for
 * the row, bound to `webhook/<id>/<version>`, so a stored envelope moved to another trigger or
 * version no longer opens. AES-256-GCM under SVC_SESSION_KEY (kernel/seal.ts).
 *
 * With a database and no SVC_SESSION_KEY nothing may be sealed, so minting refuses
 * (`webhook_sealing_unavailable`); without a database the triggers live in this one process's
 * memory (the gateway and the actor with them), so an ephemeral per-process key seals them.
 */
import { randomBytes } from 'node:crypto';
import { seal, unseal } from '../kernel/seal.js';
import { AppError } from '../schemas/errors.js';
import type { Config } from '../schemas/config.js';

let ephemeral: Buffer | undefined;

/** The sealing key, or undefined when none may be used (a database and no SVC_SESSION_KEY). */
export function sealingKey(config: Config): Buffer | undefined {
  if (config.sessionKey) return config.sessionKey;
  if (config.databaseUrl !== undefined) return undefined;
  return (ephemeral ??= randomBytes(32));
}

/** What binds a stored secret to its trigger and version. */
export const restLabel = (id: string, version: number): string => `webhook/${id}/${version}`;
const transitLabel = (id: string): string => `webhook/${id}/minted`;

/** Matches NewTriggerId (schemas/triggers.ts), which the create command is checked against. */
export function newTriggerId(): string {
  return `trg_${randomBytes(12).toString('base64url')}`;
}

export interface Minted {
  /** Shown to the caller once; never sent anywhere else. */
  readonly secret: string;
  /** What travels to the actor instead. */
  readonly sealed: string;
}

/** A new secret for trigger `id` and its envelope for the bus, or undefined when nothing may be sealed here. */
export function mintSecret(config: Config, id: string): Minted | undefined {
  const key = sealingKey(config);
  if (!key) return undefined;
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return { secret, sealed: seal(key, secret, transitLabel(id)) };
}

/**
 * The actor's side: the secret in a minted envelope. A command without one comes from a gateway
 * that could not seal; one that does not open here was sealed under another key than this worker's.
 */
export function openMinted(config: Config, id: string, sealed: string | undefined): string {
  const key = sealingKey(config);
  if (!key || sealed === undefined) throw new AppError('webhook_sealing_unavailable');
  const secret = unseal(key, sealed, transitLabel(id));
  if (secret === undefined)
    throw new AppError('webhook_sealing_unavailable', {
      message: 'the minted secret does not open on the worker: the gateway and the worker hold different SVC_SESSION_KEY values',
    });
  return secret;
}

/** The row's envelope of `secret` at `version` (called after openMinted, so a key is there). */
export function sealAtRest(config: Config, id: string, version: number, secret: string): string {
  const key = sealingKey(config);
  if (!key) throw new AppError('webhook_sealing_unavailable');
  return seal(key, secret, restLabel(id, version));
}

/** The trigger's current secret, or undefined when it has none (pubsub) or it does not open. */
export function openAtRest(config: Config, row: { id: string; secretVersion: number; sealedSecret?: string | null }): string | undefined {
  const key = sealingKey(config);
  if (!key || row.sealedSecret === null || row.sealedSecret === undefined) return undefined;
  return unseal(key, row.sealedSecret, restLabel(row.id, row.secretVersion));
}
