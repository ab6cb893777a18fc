/**
 * Webhook ingress, run in the gateway process (gateway/routes/hooks.ts calls it): verify a
 * delivery, answer a copy, and store its run command. It is the one write the gateway makes
 * without a bus verb; everything else that changes state goes over the bus to an actor.
 *
 * Why here and not behind a bus verb: a 202 means the run command is stored in JetStream
 * (a verified delivery is answered 202 and runs on a worker), and the signature must be checked over the exact raw bytes
 * before anything is stored. Verifying in the gateway and publishing `run.start` straight to the
 * stream keeps the accept to one JetStream store with no extra hop; shipping up to
 * SVC_WEBHOOK_MAX_BYTES of unverified body to a trigger worker first would add a round trip to
 * the hottest path of the system and open the bus to anyone on the internet. The rules stay in
 * this folder: deliver.ts (lookup, scheme, flow check, the send and the duplicate answer),
 * schemes.ts and pubsub.ts; accepted.ts is the half a worker runs (the accepted row).
 *
 * On PostgreSQL a delivery's ledger read is made only for a key the gateway's ledger filter
 * cannot rule out (ledger-filter.ts): a statement per batch of deliveries was the largest cost of
 * the accept. The embedded engine keeps the read for every key: there it is a synchronous
 * statement on the process's own connection, with no network and no round trip, so a filter
 * would save little and add a second copy of the ledger to keep current.
 */
import type { Logger } from 'pino';
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import type { Config } from '../schemas/config.js';
import { deliver, logOversize, type Delivery, type DeliveryDeps, type DeliveryOutcome } from './deliver.js';
import { deliveryRows } from './rows.js';
import { pubsubVerifier } from './pubsub.js';
import { triggerCache } from './trigger-cache.js';
import { TRIGGER_LEASE_MS } from '../store/triggers/lease.js';
import { deliveriesOf } from '../store/deliveries/index.js';
import { ledgerFilter, staleBound } from './ledger-filter.js';

export interface WebhookIngress {
  /** Verifies a delivery and, when it is accepted, stores its run command; the answer is the route's reply. */
  accept(d: Delivery): Promise<DeliveryOutcome>;
  /** Logs a delivery refused for its size (SVC_WEBHOOK_MAX_BYTES) before its body was read. */
  oversize(triggerId: string, bytes: number): Promise<void>;
  /** Stops the ledger filter's reads. */
  close(): void;
}

/** One per gateway: its group commits (rows.ts) and held triggers (trigger-cache.ts) are shared by every delivery of the process. */
export function webhookIngress(deps: { config: Config; store: Store; bus: Bus; log: Logger }): WebhookIngress {
  const read = deliveryRows(deps);
  const ledgerLog = deliveriesOf(deps.store).ledgerLog;
  const filter =
    ledgerLog &&
    ledgerFilter(ledgerLog, { staleMs: staleBound(deps.config.duplicateWindowMs), log: deps.log.child({ part: 'ledger-filter' }) });
  const rows: typeof read = filter
    ? { ...read, accepted: (k) => (filter.absent(k) ? Promise.resolve(undefined) : read.accepted(k)) }
    : read;
  const dd: DeliveryDeps = {
    config: deps.config,
    store: deps.store,
    rows,
    trigger: triggerCache(rows.trigger, { leaseMs: TRIGGER_LEASE_MS, now: () => performance.now() }),
    bus: deps.bus,
    log: deps.log,
    now: Date.now,
    pubsub: pubsubVerifier(deps.config.triggers),
  };
  return {
    accept: (d) => deliver(dd, d),
    oversize: (triggerId, bytes) => logOversize(dd, triggerId, bytes),
    close: () => filter?.close(),
  };
}
