/** The dead letter a command becomes: where it was sent, how often, why it ended, and its payload. */
import type { DeadLetter } from '../schemas/dlq.js';
import { decode } from './wire.js';

/** A payload as a dead letter keeps it: parsed, or as text when it is not JSON. */
export function payloadOf(data: Uint8Array): { payload: unknown; payloadText?: string } {
  try {
    return { payload: decode(data) ?? null };
  } catch {
    return { payload: null, payloadText: new TextDecoder().decode(data) };
  }
}

/** What of a delivery its dead letter keeps. */
type Delivered = {
  readonly subject: string;
  readonly data: Uint8Array;
  readonly msgId: string;
  readonly traceId: string;
  readonly deliveryCount: number;
};

export function deadLetterOf(d: Delivered, actor: string, verb: string, error: DeadLetter['error']): Omit<DeadLetter, 'id'> {
  return {
    subject: d.subject,
    actor,
    verb,
    msgId: d.msgId,
    traceId: d.traceId,
    deliveries: d.deliveryCount,
    error,
    at: new Date().toISOString(),
    ...payloadOf(d.data),
  };
}
