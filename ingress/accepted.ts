/**
 * The half of an accepted webhook delivery that a worker runs (this folder's other files run in
 * the gateway). The gateway answers 202 as soon as the run
 * command is stored in JetStream (deliver.ts), so the accept path writes nothing to the store;
 * the command carries the delivery's log fields, and the worker that takes it writes the
 * delivery row (status `accepted`) with its `WebhookDelivery` audit row, in one statement,
 * alongside the run's start: the composition root (main/system.ts) hands this logger to the run
 * actor (actors/run/webhook-start.ts). A failed write fails the command, which is
 * redelivered: the row is never lost, and the run id keeps the run to one.
 *
 * Every copy inside the stream's duplicate window was already answered `{duplicate: true}` by
 * the gateway and never reaches a worker. A copy that arrives later (answered `{duplicate: true}`
 * too when the gateway found its key here, deliver.ts) is a second command with the same run id
 * (its start finds the run and adds nothing): its row insert meets the unique
 * (trigger id, delivery key), and on the command's first delivery that means another command
 * logged the key, so this one is logged as a duplicate. A conflict on a redelivered command is
 * its own row from an attempt that died before it was acknowledged.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import type { AcceptedDelivery } from '../schemas/runs.js';
import { deliveryRows } from './rows.js';

/** False for a late copy of a delivery already logged (logged as a duplicate). A releaser's
 * delivery (its event released a wait, or is kept for one) has no run of its own. */
export type LogAccepted = (
  cmd: { runId?: string | undefined; flowId?: string | undefined; traceId?: string | undefined; delivery: AcceptedDelivery },
  deliveryCount: number,
) => Promise<boolean>;

export function acceptedDeliveries(deps: { store: Store; bus: Bus; log: Logger }): LogAccepted {
  const rows = deliveryRows(deps);
  return async (cmd, deliveryCount) => {
    const d = cmd.delivery;
    const at = new Date(d.at);
    const data = {
      triggerId: d.triggerId,
      flowId: cmd.flowId,
      ...(cmd.runId === undefined ? { release: true } : { runId: cmd.runId }),
      deliveryKey: d.deliveryKey,
      bytes: d.bytes,
      ...(d.eventType ? { eventType: d.eventType } : {}),
    };
    const row = {
      id: randomUUID(),
      triggerId: d.triggerId,
      deliveryKey: d.deliveryKey,
      status: 'accepted',
      reason: null,
      bytes: d.bytes,
      runId: cmd.runId ?? null,
      eventType: d.eventType,
      sent: true,
      at,
    };
    if (await rows.insert({ ...row, audit: { traceId: cmd.traceId ?? null, data } })) return true;
    if (deliveryCount > 1) return true;
    const id = randomUUID();
    await rows.insert({ ...row, id, deliveryKey: `duplicate:${id}`, status: 'duplicate', runId: null, sent: false });
    deps.log.info(
      { triggerId: d.triggerId, runId: cmd.runId, traceId: cmd.traceId },
      "webhook delivery logged as a duplicate: its key was accepted before, outside the stream's duplicate window",
    );
    return false;
  };
}
