/**
 * A webhook run's start with its delivery logged alongside. The delivery log is the webhook
 * ledger's (ingress/accepted.ts); the run actor receives the logger as a port from the
 * composition root (main/system.ts), so neither folder imports the other and the worker still
 * writes the row in the same handler as the start, with no extra bus hop.
 */
import type { AcceptedDelivery, WebhookStart } from '../../schemas/runs.js';

/** A delivery as the log takes it: a run's start, or a releaser's event (no run of its own). */
export interface LoggedDelivery {
  readonly runId?: string | undefined;
  readonly flowId?: string | undefined;
  readonly traceId?: string | undefined;
  readonly delivery: AcceptedDelivery;
}

/** Logs an accepted delivery; false for a late copy of one already logged (logged as a duplicate). */
export type DeliveryLog = (cmd: LoggedDelivery, deliveryCount: number) => Promise<boolean>;

/**
 * The engine's `start` with the delivery logged alongside. A late copy starts nothing either
 * way, since its run id names a run that exists; it answers as a duplicate. Either failure fails
 * the command, once both are done.
 */
export async function startLogged<R>(
  log: DeliveryLog,
  cmd: WebhookStart,
  deliveryCount: number,
  start: () => Promise<R>,
): Promise<R | { runId: string; duplicate: true }> {
  const [logged, run] = await Promise.allSettled([log(cmd, deliveryCount), start()]);
  if (logged.status === 'rejected') throw logged.reason;
  if (run.status === 'rejected') throw run.reason;
  return logged.value ? run.value : { runId: cmd.runId, duplicate: true };
}
