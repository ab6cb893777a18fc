/**
 * One webhook delivery, from raw bytes to a stored `run.start` (spec 001 "Webhook delivery").
 * Order: trigger → enabled → scheme verification → body → principal pause → event filter →
 * delivery key → command. The delivery row is inserted before the command is sent: the unique
 * (trigger id, delivery key) decides which of many concurrent copies, on any gateway, is the
 * accepted one; the rest answer `{duplicate: true}`. The command is stored in JetStream (msgId =
 * run id) before the 202, and the row is marked `sent` after. A row left unsent by a crash
 * between the two is re-sent by the producer's next retry (same run id, so the stream's
 * duplicate window and the run id keep it to one run). Rejections are logged under a generated
 * key (rule 7); no body or secret is ever logged or stored.
 */
import { randomUUID } from 'node:crypto';
import { WebhookTrigger } from '../../store/entities/WebhookTrigger.js';
import { WebhookDelivery } from '../../store/entities/WebhookDelivery.js';
import { insertDelivery, markSent, triggerForDelivery, type TriggerRow } from '../../store/webhooks.js';
import { AppError } from '../../schemas/errors.js';
import type { Bus } from '../../bus/types.js';
import type { Store } from '../../store/types.js';
import type { Audit } from '../../runtime/audit.js';
import type { Config } from '../../schemas/config.js';
import type { HookReply, InputMapping, PubsubConfig, Scheme } from '../../schemas/triggers.js';
import type { StartRunCommand } from '../../schemas/runs.js';
import { openSecret } from './records.js';
import { verifyCodehost, verifySvc, type Headers } from './schemes.js';
import type { PubsubVerifier } from './pubsub.js';
import { deliveryKey, eventSelected, eventType, mapInput, unwrapPubsub } from './shape.js';

export interface DeliveryDeps {
  readonly config: Config;
  readonly store: Store;
  readonly bus: Bus;
  readonly audit: Audit;
  readonly pubsub: PubsubVerifier;
  readonly now: () => number;
  readonly log: import('pino').Logger;
}

export interface Delivery {
  readonly triggerId: string;
  readonly headers: Headers;
  readonly raw: Buffer;
  readonly traceId: string;
}

export interface DeliveryOutcome { readonly status: 200 | 202; readonly body: HookReply }

/** An unsent accepted row older than this is taken to be a crash's leftover and re-sent. */
const RESEND_AFTER_MS = 30_000;

export async function deliver(deps: DeliveryDeps, d: Delivery): Promise<DeliveryOutcome> {
  const trigger = await triggerForDelivery(deps.store, d.triggerId);
  if (!trigger) throw new AppError('webhook_trigger_not_found');
  const bytes = d.raw.length;
  try {
    return await accept(deps, d, trigger, bytes);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) await logRow(deps, trigger.id, 'rejected', bytes, { reason: err.code });
    throw err;
  }
}

/** Logs a delivery that is refused when the body is over the cap (the route never buffered it). */
export async function logOversize(deps: Pick<DeliveryDeps, 'store'>, triggerId: string, bytes: number): Promise<void> {
  if (await deps.store.em().count(WebhookTrigger, { id: triggerId }) === 0) return;
  await logRow(deps, triggerId, 'rejected', bytes, { reason: 'webhook_body_too_large' });
}

async function accept(deps: DeliveryDeps, d: Delivery, trigger: TriggerRow, bytes: number): Promise<DeliveryOutcome> {
  if (!trigger.enabled) throw new AppError('webhook_trigger_disabled');
  const scheme = trigger.scheme as Scheme;
  if (scheme === 'pubsub') {
    await deps.pubsub.verify(d.headers, trigger.config as PubsubConfig);
  } else {
    const secret = openSecret(deps.config, trigger);
    // A secret that no longer opens (sealing key changed) verifies nothing.
    if (secret === undefined) throw new AppError('webhook_signature_invalid');
    if (scheme === 'svc') verifySvc(secret, d.headers, d.raw, deps.now(), deps.config.triggers.toleranceSec);
    else verifyCodehost(secret, d.headers, d.raw);
  }
  let body: unknown;
  try {
    body = JSON.parse(d.raw.toString('utf8'));
  } catch {
    throw new AppError('webhook_body_invalid');
  }
  let payload = body;
  let messageId: unknown;
  let attributes: Record<string, unknown> | undefined;
  if (scheme === 'pubsub') {
    const env = unwrapPubsub(body);
    if (!env) throw new AppError('webhook_body_invalid', { message: 'a pubsub push body is {message: {data, messageId, attributes?}}' });
    ({ data: payload, messageId, attributes } = env);
  }
  if (trigger.paused) throw new AppError('webhook_principal_paused');

  const type = eventType(scheme, d.headers, payload, attributes);
  if (!eventSelected(trigger.events, type)) {
    await logRow(deps, trigger.id, 'skipped', bytes, { reason: 'event_not_selected', eventType: type ?? null });
    deps.log.info({ triggerId: trigger.id, eventType: type }, 'webhook delivery skipped: event not selected');
    return { status: 200, body: { skipped: 'event_not_selected' } };
  }

  const key = deliveryKey(scheme, d.headers, messageId);
  const runId = `run-wh-${randomUUID()}`;
  const at = new Date(deps.now());
  const rowId = randomUUID();
  if (!(await insertDelivery(deps.store, { id: rowId, triggerId: trigger.id, deliveryKey: key, status: 'accepted', reason: null, bytes, runId, eventType: type ?? null, sent: false, at }))) {
    return duplicate(deps, d, trigger, key, bytes, type, mapInput(trigger.input as InputMapping | null, payload));
  }
  const cmd: StartRunCommand = { runId, flowId: trigger.flowId, input: mapInput(trigger.input as InputMapping | null, payload), principal: trigger.principal, trigger: 'webhook', traceId: d.traceId };
  try {
    await deps.bus.send('run', 'start', cmd, { msgId: runId, traceId: d.traceId });
  } catch (err) {
    // Not stored: free the key so the producer's retry is accepted, and tell it to retry.
    await deps.store.em().nativeDelete(WebhookDelivery, { id: rowId }).catch(() => undefined);
    throw new AppError('bus_unavailable', { cause: err });
  }
  await Promise.all([
    markSent(deps.store, rowId),
    deps.audit.record('WebhookDelivery', { triggerId: trigger.id, flowId: trigger.flowId, runId, deliveryKey: key, bytes, ...(type ? { eventType: type } : {}) }, d.traceId),
  ]);
  return { status: 202, body: { accepted: true, runId } };
}

async function duplicate(deps: DeliveryDeps, d: Delivery, trigger: WebhookTrigger, key: string, bytes: number, type: string | undefined, input: string): Promise<DeliveryOutcome> {
  const prior = await deps.store.em().findOne(WebhookDelivery, { triggerId: trigger.id, deliveryKey: key });
  if (prior && !prior.sent && prior.runId && deps.now() - new Date(prior.at).getTime() > RESEND_AFTER_MS) {
    // The accepted copy's process died between the row and the command: finish its job.
    const cmd: StartRunCommand = { runId: prior.runId, flowId: trigger.flowId, input, principal: trigger.principal, trigger: 'webhook', traceId: d.traceId };
    await deps.bus.send('run', 'start', cmd, { msgId: prior.runId, traceId: d.traceId });
    await deps.store.em().nativeUpdate(WebhookDelivery, { id: prior.id }, { sent: true });
    return { status: 202, body: { accepted: true, runId: prior.runId } };
  }
  await logRow(deps, trigger.id, 'duplicate', bytes, { eventType: type ?? null });
  return { status: 200, body: { duplicate: true } };
}

async function logRow(deps: Pick<DeliveryDeps, 'store'>, triggerId: string, status: string, bytes: number, extra: { reason?: string; eventType?: string | null }): Promise<void> {
  const id = randomUUID();
  await deps.store.em().insert(WebhookDelivery, {
    id, triggerId, deliveryKey: `${status}:${id}`, status, reason: extra.reason ?? null, bytes, runId: null, eventType: extra.eventType ?? null, sent: false, at: new Date(),
  });
}
