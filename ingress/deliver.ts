/**
 * One webhook delivery, from raw bytes to a stored `run.start` (docs/triggers.md).
 * Order: trigger → scheme verification → enabled → flow still runnable → body (JSON, no NUL) →
 * ping → principal pause → event filter → delivery key → command. Nothing about a trigger's
 * state (disabled, flow gone) is told to a caller that has not proven it holds the secret.
 *
 * The 202 is answered once the command is stored in JetStream, and the accept path writes
 * nothing to the store: the command carries the delivery's log fields and the worker that takes
 * it logs the delivery as accepted, with its audit row, before it starts the run
 * (accepted.ts). The run id is derived from (trigger id, delivery key) and is the command's
 * msgId, so every copy of one delivery, on any gateway, sends the same command: inside the
 * stream's duplicate window the stream itself answers which copy was first, and the others get
 * `{duplicate: true}` (and a `duplicate` row). After the window the delivery ledger (the
 * accepted row the worker wrote) is the witness: it is read as the delivery arrives (or, for a key
 * inside the body, alongside the send; on PostgreSQL only for a key the gateway's ledger filter
 * cannot rule out, ledger-filter.ts), and a copy it already holds is answered
 * `{duplicate: true}` too; its command, stored again, starts nothing (accepted.ts). A failed
 * send answers 503 with nothing recorded, and the producer's retry sends the same command.
 * Rejections are logged under a generated key, never the producer's, so a correct retry is not
 * taken for a replay; no body or secret is ever logged or
 * stored.
 */
import { createHash, randomUUID } from 'node:crypto';
import { triggersOf } from '../store/triggers/index.js';
import type { TriggerRow } from '../store/deliveries/index.js';
import type { DeliveryRows } from './rows.js';
import { AppError } from '../schemas/errors.js';
import { holdsNul, jsonHoldsNul, nulRefused } from '../schemas/text.js';
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import type { Config } from '../schemas/config.js';
import type { HookReply, InputMapping, PubsubConfig, Scheme } from '../schemas/triggers.js';
import { clientOf } from '../bus/verbs.js';
import type { StartRunCommand } from '../schemas/runs.js';
import { flowRunnable } from './flow-check.js';
import { openSecretCached } from './secrets.js';
import { verifyCodehost, verifySvc, type Headers } from './schemes.js';
import type { PubsubVerifier } from './pubsub.js';
import { eventSelected, eventType, generatedKey, getPath, givenKey, headerKeys, mapInput, unwrapPubsub } from './shape.js';
import { orgOf } from '../runtime/org.js';
import { webhookDeliveries } from '../kernel/metrics.js';

export interface DeliveryDeps {
  readonly config: Config;
  readonly store: Store;
  readonly rows: DeliveryRows;
  /** The delivery's trigger: held by the gateway for its lease (trigger-cache.ts), read otherwise. */
  readonly trigger: (triggerId: string) => Promise<TriggerRow | undefined>;
  readonly bus: Bus;
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

export interface DeliveryOutcome {
  readonly status: 200 | 202;
  readonly body: HookReply;
}

/** Every copy of one delivery names the same run (or, for a releaser, the same event). */
export function webhookRunId(triggerId: string, key: string, prefix = 'run-wh-'): string {
  return `${prefix}${createHash('sha256').update(triggerId).update('\0').update(key).digest('base64url').slice(0, 32)}`;
}

/** The run actor's client, built once per bus: building it per delivery was ~1% of a gateway's CPU under load. */
const runClients = new WeakMap<Bus, ReturnType<typeof clientOf<'run'>>>();
function runClient(bus: Bus): ReturnType<typeof clientOf<'run'>> {
  let c = runClients.get(bus);
  if (!c) runClients.set(bus, (c = clientOf(bus, 'run')));
  return c;
}

/** A releaser's correlation key: the string or number at its path in the delivery. */
function releaseKey(path: string, payload: unknown): string {
  const v = getPath(payload, path);
  const key = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  if (key === '' || key.length > 500)
    throw new AppError('webhook_release_key_missing', { message: `no usable value at ${path} in the delivery` });
  return key;
}

/** The ledger's answers for the keys a delivery's headers carry, by key, read as it arrives. */
type EarlyLedger = ReadonlyMap<string, Promise<Date | undefined>>;

export async function deliver(deps: DeliveryDeps, d: Delivery): Promise<DeliveryOutcome> {
  // The ledger is asked about the keys the headers carry the moment a delivery arrives, so the
  // reads of deliveries that arrive together share a statement (they would spread out if each
  // were asked only once its delivery had been verified), and the answer is in flight during the
  // verification and the send. It is acted on only once the caller is verified. A key inside the
  // body (pubsub's) is asked alongside the send: no body is parsed for an unverified caller.
  const early: EarlyLedger = new Map(
    headerKeys(d.headers).map((k) => [k, deps.rows.accepted({ triggerId: d.triggerId, deliveryKey: k }).catch(() => undefined)]),
  );
  const trigger = await deps.trigger(d.triggerId);
  if (!trigger) {
    webhookDeliveries.inc({ scheme: 'unknown', outcome: 'webhook_trigger_not_found' });
    throw new AppError('webhook_trigger_not_found');
  }
  const bytes = d.raw.length;
  try {
    const out = await accept(deps, d, trigger, bytes, early);
    webhookDeliveries.inc({ scheme: trigger.scheme, outcome: outcomeOf(out) });
    return out;
  } catch (err) {
    webhookDeliveries.inc({ scheme: trigger.scheme, outcome: err instanceof AppError ? err.code : 'internal_error' });
    if (err instanceof AppError && err.status < 500) await logRow(deps, trigger.id, 'rejected', bytes, { reason: err.code });
    throw err;
  }
}

/** The metric's outcome of an answered delivery: accepted (a run or a release), a copy, or skipped. */
function outcomeOf(out: DeliveryOutcome): string {
  if (out.status === 202) return 'accepted';
  return 'duplicate' in out.body ? 'duplicate' : 'skipped';
}

/** Logs a delivery that is refused when the body is over the cap (the route never buffered it). */
export async function logOversize(deps: Pick<DeliveryDeps, 'store' | 'rows'>, triggerId: string, bytes: number): Promise<void> {
  webhookDeliveries.inc({ scheme: 'unknown', outcome: 'webhook_body_too_large' });
  if (!(await triggersOf(deps.store).exists(triggerId))) return;
  await logRow(deps, triggerId, 'rejected', bytes, { reason: 'webhook_body_too_large' });
}

async function verify(deps: DeliveryDeps, d: Delivery, trigger: TriggerRow, scheme: Scheme): Promise<void> {
  if (scheme === 'pubsub') {
    await deps.pubsub.verify(d.headers, trigger.config as PubsubConfig);
    return;
  }
  const secret = openSecretCached(deps.config, trigger);
  // A secret that no longer opens (sealing key changed) verifies nothing.
  if (secret === undefined) throw new AppError('webhook_signature_invalid');
  if (scheme === 'svc') verifySvc(secret, d.headers, d.raw, deps.now(), deps.config.triggers.toleranceSec);
  else verifyCodehost(secret, d.headers, d.raw);
}

async function accept(deps: DeliveryDeps, d: Delivery, trigger: TriggerRow, bytes: number, early: EarlyLedger): Promise<DeliveryOutcome> {
  const scheme = trigger.scheme as Scheme;
  await verify(deps, d, trigger, scheme);
  if (!trigger.enabled) throw new AppError('webhook_trigger_disabled');
  // Checked on every delivery, not only at mint: a flow deleted, re-saved away from webhook or
  // out of the principal's sight would otherwise take a 202 that no run follows.
  if (!flowRunnable(trigger.flow, trigger.principal, orgOf(deps), Boolean(trigger.release))) throw new AppError('webhook_flow_unavailable');
  let body: unknown;
  try {
    body = JSON.parse(d.raw.toString('utf8'));
  } catch {
    throw new AppError('webhook_body_invalid');
  }
  // A NUL would reach the run's input and the store, which cannot hold one: the producer hears
  // now, not a 202 for a run that cannot be recorded.
  if (jsonHoldsNul(d.raw)) throw nulRefused('the delivery body');
  let payload = body;
  let messageId: unknown;
  let attributes: Record<string, unknown> | undefined;
  if (scheme === 'pubsub') {
    const env = unwrapPubsub(body);
    if (!env) throw new AppError('webhook_body_invalid', { message: 'a pubsub push body is {message: {data, messageId, attributes?}}' });
    ({ data: payload, messageId, attributes } = env);
    // The message data is base64 inside the envelope, so the body's own check could not see it.
    if (holdsNul(payload)) throw nulRefused('the pubsub message data');
  }
  const type = eventType(scheme, d.headers, payload, attributes);
  if (scheme === 'codehost' && type === 'ping') {
    // The provider's hook-created check: authentic, answered, never a run.
    await logRow(deps, trigger.id, 'skipped', bytes, { reason: 'ping', eventType: 'ping' });
    return { status: 200, body: { ping: true } };
  }
  if (trigger.paused) throw new AppError('webhook_principal_paused');
  if (!eventSelected(trigger.events, type)) {
    await logRow(deps, trigger.id, 'skipped', bytes, { reason: 'event_not_selected', eventType: type ?? null });
    deps.log.info({ triggerId: trigger.id, eventType: type }, 'webhook delivery skipped: event not selected');
    return { status: 200, body: { skipped: 'event_not_selected' } };
  }

  const given = givenKey(scheme, d.headers, messageId);
  const key = given ?? generatedKey();
  const release = trigger.release ? releaseKey(trigger.release.key, payload) : undefined;
  const runId = webhookRunId(trigger.id, key, release === undefined ? 'run-wh-' : 'evt-wh-');
  const at = new Date(deps.now());
  const input = mapInput(trigger.input as InputMapping | null, payload);
  const delivery = { triggerId: trigger.id, deliveryKey: key, bytes, eventType: type ?? null, at: at.toISOString() };
  const cmd: StartRunCommand = {
    runId,
    flowId: trigger.flowId,
    input,
    principal: trigger.principal,
    trigger: 'webhook',
    traceId: d.traceId,
    delivery,
  };
  const run = runClient(deps.bus);
  // A releaser's delivery releases a parked run (actors/run/waits.ts) instead of starting one.
  const send =
    release === undefined
      ? run.start.send(cmd, { msgId: runId, traceId: d.traceId })
      : run.release.send(
          { eventId: runId, flowId: trigger.flowId, principal: trigger.principal, key: release, input, traceId: d.traceId, delivery },
          { msgId: runId, traceId: d.traceId },
        );
  // The ledger's answer, asked on arrival (a key from a header) or alongside the send (pubsub's), so
  // the accept waits for the slower of the read and the send, not both; none for a generated key,
  // which nothing logged before. A ledger that cannot be read leaves the answer to the stream:
  // accepted work is never refused because the store is away.
  const ledger =
    given === undefined
      ? undefined
      : (early.get(given) ?? deps.rows.accepted({ triggerId: trigger.id, deliveryKey: key }).catch(() => undefined));
  const [sent, loggedAt] = await Promise.all([
    send.then(
      (r) => r.duplicate,
      (err: unknown) => new AppError('bus_unavailable', { cause: err }),
    ),
    ledger,
  ]);
  // A row with this copy's own `at` is this copy, logged by a worker before the read returned.
  const earlier = loggedAt !== undefined && loggedAt.getTime() !== at.getTime();
  if (sent === true || (earlier && sent instanceof AppError)) {
    // The stream dropped this copy (or it was never sent): no worker will log it, so the gateway does.
    await logRow(deps, trigger.id, 'duplicate', bytes, { eventType: type ?? null });
    return { status: 200, body: { duplicate: true } };
  }
  // Past the stream's duplicate window the ledger is the witness. The command just stored reaches
  // a worker, which finds the key logged, logs the copy as a duplicate and starts nothing (accepted.ts).
  if (earlier) return { status: 200, body: { duplicate: true } };
  if (sent instanceof AppError) throw sent;
  return { status: 202, body: release === undefined ? { accepted: true, runId } : { accepted: true, release: { key: release } } };
}

async function logRow(
  deps: Pick<DeliveryDeps, 'rows'>,
  triggerId: string,
  status: string,
  bytes: number,
  extra: { reason?: string; eventType?: string | null },
): Promise<void> {
  const id = randomUUID();
  await deps.rows.insert({
    id,
    triggerId,
    deliveryKey: `${status}:${id}`,
    status,
    reason: extra.reason ?? null,
    bytes,
    runId: null,
    eventType: extra.eventType ?? null,
    sent: false,
    at: new Date(),
  });
}
