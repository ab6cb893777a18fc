/**
 * Trigger records: mint, list, rotate, enable, delete. The
 * secret is not minted here: the gateway mints it where the caller is and sends only its sealed
 * envelope (ingress/sealing.ts); this actor opens it, seals it again bound to the row's id and version,
 * and answers with the record alone, so no reply on the bus carries a secret either.
 */
import { triggersOf, type TriggerRecord } from '../../store/triggers/index.js';
import { deliveriesOf } from '../../store/deliveries/index.js';
import { flowRunnable } from '../../ingress/flow-check.js';
import { openAtRest, openMinted, sealAtRest } from '../../ingress/sealing.js';
import { AppError } from '../../schemas/errors.js';
import type { Store } from '../../store/types.js';
import type { Audit } from '../../runtime/audit.js';
import type { Config } from '../../schemas/config.js';
import type { Caller } from '../../identity/caller.js';
import { ownsTrigger, requireMintAs, triggersVisibleTo } from '../../identity/triggers.js';
import type { CreateTriggerBody, DeliveryView, InputMapping, PubsubConfig, Scheme, TriggerView } from '../../schemas/triggers.js';
import { orgOf } from '../../runtime/org.js';
import { settleLeases } from '../../store/triggers/lease.js';

export interface RecordDeps {
  readonly config: Config;
  readonly store: Store;
  readonly audit: Audit;
}

/** What the gateway minted for a new trigger: its id and, unless it could not seal, the secret's envelope. */
export interface MintedRef {
  readonly id: string;
  readonly sealed?: string | undefined;
}

function releasable(flow: unknown): boolean {
  const steps = (flow as { steps?: { kind?: string; for?: string; key?: string }[] } | null)?.steps ?? [];
  return steps.some((s) => s.kind === 'wait' && s.for === 'webhook' && s.key !== undefined);
}

export function view(row: TriggerRecord): TriggerView {
  return {
    id: row.id,
    flowId: row.flowId,
    principal: row.principal,
    scheme: row.scheme as Scheme,
    events: row.events,
    ...(row.input ? { input: row.input as InputMapping } : {}),
    ...(row.release ? { release: row.release } : {}),
    ...(row.config ? { config: row.config as PubsubConfig } : {}),
    secretVersion: row.secretVersion,
    enabled: row.enabled,
    hookPath: `/hooks/${row.id}`,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function createTrigger(
  deps: RecordDeps,
  caller: Pick<Caller, 'kind' | 'seat'>,
  body: CreateTriggerBody,
  minted: MintedRef,
  traceId?: string,
): Promise<TriggerView> {
  const scheme: Scheme = body.scheme ?? 'svc';
  let config: PubsubConfig | null = null;
  if (scheme === 'pubsub') {
    if (!body.config?.audience || !body.config?.serviceAccountEmail)
      throw new AppError('invalid_request', { message: 'a pubsub trigger needs config.audience and config.serviceAccountEmail' });
    config = { audience: body.config.audience, serviceAccountEmail: body.config.serviceAccountEmail };
  } else if (body.config !== undefined) {
    throw new AppError('invalid_request', { message: `config applies to pubsub triggers only, not ${scheme}` });
  }
  const principal = body.principal ?? caller.seat;
  requireMintAs(caller, principal);
  const flow = await triggersOf(deps.store).flow(body.flowId);
  if (!flow) throw new AppError('record_not_found', { message: `no saved flow ${body.flowId}` });
  if (body.release !== undefined) {
    // A releaser starts nothing: its flow may have any trigger, but must have a wait it can release.
    if (!releasable(flow.definition))
      throw new AppError('invalid_request', {
        message: `flow ${body.flowId} has no wait step for: webhook with a key for a releaser to release`,
      });
  } else if (flow.trigger !== 'webhook')
    throw new AppError('invalid_request', {
      message: `flow ${body.flowId} has trigger ${flow.trigger}; a webhook trigger needs a trigger: webhook flow`,
    });
  if (!flowRunnable(flow, principal, orgOf(deps), body.release !== undefined)) {
    throw new AppError('invalid_request', {
      message: `flow ${body.flowId} is not visible to principal ${principal}, so no delivery could run it`,
    });
  }

  const id = minted.id;
  // A redelivered create finds its own row: the same trigger, answered again, not a conflict.
  const earlier = await triggersOf(deps.store).get(id);
  let sealedSecret: string | null = null;
  if (scheme !== 'pubsub') {
    const secret = openMinted(deps.config, id, minted.sealed);
    if (earlier?.secretVersion === 1 && openAtRest(deps.config, earlier) === secret) return view(earlier);
    sealedSecret = sealAtRest(deps.config, id, 1, secret);
  } else if (earlier?.scheme === 'pubsub' && earlier.flowId === body.flowId && earlier.createdBy === caller.seat) {
    return view(earlier);
  }
  if (earlier) throw new AppError('conflict', { message: `trigger ${id} exists already` });
  const now = new Date();
  const row = {
    id,
    flowId: body.flowId,
    principal,
    scheme,
    events: body.events ?? [],
    input: (body.input ?? null) as Record<string, unknown> | null,
    release: body.release ?? null,
    config: config as Record<string, unknown> | null,
    sealedSecret,
    secretVersion: 1,
    enabled: true,
    createdBy: caller.seat,
    createdAt: now,
    updatedAt: now,
  };
  await triggersOf(deps.store).insert(row as TriggerRecord);
  await deps.audit.record(
    'WebhookTriggerChanged',
    { triggerId: id, flowId: body.flowId, change: 'created', scheme, principal, by: caller.seat, secretVersion: 1 },
    traceId,
  );
  return view(row as TriggerRecord);
}

export async function listTriggers(deps: RecordDeps, caller: Pick<Caller, 'kind' | 'seat'>): Promise<TriggerView[]> {
  return (await triggersOf(deps.store).list(triggersVisibleTo(caller))).map(view);
}

async function mine(deps: RecordDeps, caller: Pick<Caller, 'kind' | 'seat'>, id: string): Promise<TriggerRecord> {
  const row = await triggersOf(deps.store).get(id);
  // A seat cannot tell someone else's trigger from a missing one.
  if (!row || !ownsTrigger(caller, row.principal)) throw new AppError('webhook_trigger_not_found');
  return row;
}

/**
 * The gateway's newly minted secret (`sealed`) replaces the trigger's; the old one stops verifying
 * at once: the answer waits until no gateway can still hold the old row (store/triggers/lease.ts).
 */
export async function rotateTrigger(
  deps: RecordDeps,
  caller: Pick<Caller, 'kind' | 'seat'>,
  id: string,
  sealed: string | undefined,
  traceId?: string,
): Promise<TriggerView> {
  const row = await mine(deps, caller, id);
  if (row.scheme === 'pubsub') throw new AppError('invalid_request', { message: 'a pubsub trigger has no shared secret to rotate' });
  const secret = openMinted(deps.config, id, sealed);
  const version = row.secretVersion + 1;
  const now = new Date();
  // Conditional on the version read: of two concurrent rotations one wins, the other retries.
  if (!(await triggersOf(deps.store).rotate(id, version, sealAtRest(deps.config, id, version, secret), now)))
    throw new AppError('conflict', { message: 'the trigger was rotated concurrently; try again' });
  await deps.audit.record(
    'WebhookTriggerChanged',
    { triggerId: id, flowId: row.flowId, change: 'rotated', by: caller.seat, secretVersion: version },
    traceId,
  );
  await settleLeases();
  return view({ ...row, secretVersion: version, updatedAt: now } as TriggerRecord);
}

export async function setEnabled(
  deps: RecordDeps,
  caller: Pick<Caller, 'kind' | 'seat'>,
  id: string,
  enabled: boolean,
  traceId?: string,
): Promise<TriggerView> {
  const row = await mine(deps, caller, id);
  const now = new Date();
  await triggersOf(deps.store).setEnabled(id, enabled, now);
  await deps.audit.record(
    'WebhookTriggerChanged',
    { triggerId: id, flowId: row.flowId, change: enabled ? 'enabled' : 'disabled', by: caller.seat },
    traceId,
  );
  // Either way it binds every gateway once answered (store/triggers/lease.ts).
  await settleLeases();
  return view({ ...row, enabled, updatedAt: now } as TriggerRecord);
}

export async function deleteTrigger(deps: RecordDeps, caller: Pick<Caller, 'kind' | 'seat'>, id: string, traceId?: string): Promise<void> {
  const row = await mine(deps, caller, id);
  await triggersOf(deps.store).delete(id);
  await deps.audit.record('WebhookTriggerChanged', { triggerId: id, flowId: row.flowId, change: 'deleted', by: caller.seat }, traceId);
  await settleLeases();
}

export async function listDeliveries(
  deps: RecordDeps,
  caller: Pick<Caller, 'kind' | 'seat'>,
  triggerId: string | undefined,
  limit: number,
): Promise<DeliveryView[]> {
  const scope =
    triggerId !== undefined ? { triggerId: (await mine(deps, caller, triggerId)).id } : { principal: triggersVisibleTo(caller) };
  const rows = await deliveriesOf(deps.store).list(scope, limit);
  return rows.map((r) => ({
    id: r.id,
    triggerId: r.triggerId,
    deliveryKey: r.deliveryKey,
    status: r.status as DeliveryView['status'],
    bytes: r.bytes,
    ...(r.reason ? { reason: r.reason } : {}),
    ...(r.runId ? { runId: r.runId } : {}),
    ...(r.eventType ? { eventType: r.eventType } : {}),
    at: new Date(r.at).toISOString(),
  }));
}
