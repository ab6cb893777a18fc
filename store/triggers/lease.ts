/**
 * How long a gateway may act on a trigger it read, and what a change that can refuse deliveries
 * does about it. A gateway keeps each trigger it read (with its flow and its principal's pause
 * state) in memory for at most TRIGGER_LEASE_MS, counted from the moment the read was sent
 * (ingress/trigger-cache.ts), so most deliveries verify and send their command without a
 * store round trip first. Every change that can turn a delivery away (rotate, disable, enable,
 * delete, a flow saved or deleted, a principal paused or resumed) answers only once
 * TRIGGER_LEASE_MS plus a margin has passed since it was committed (`settleLeases`): by then no
 * gateway can still hold a read made before the commit, so a delivery that arrives after the
 * answer is judged by the new state on every gateway, as if it had read the row itself.
 *
 * The bound rests on two things only: each side measures its own elapsed time on a monotonic
 * clock (no wall-clock comparison between machines), and those clocks run at the same rate to
 * within the margin over a quarter of a second. Both sides take the constant from here, so
 * processes of one build always agree on it.
 */
import type { Store } from '../types.js';
import { triggersOf } from './index.js';

export const TRIGGER_LEASE_MS = 250;
/** Covers timers that fire a millisecond early and clock-rate differences between processes. */
const MARGIN_MS = 50;

/** Resolves once no gateway can hold a trigger read made before now. */
export function settleLeases(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, TRIGGER_LEASE_MS + MARGIN_MS));
}

/** `settleLeases`, when a trigger runs this flow or as this seat (otherwise no gateway holds anything it changes). */
export async function settleIfReferenced(store: Store, by: { flowId?: string; principal?: string }): Promise<void> {
  if (await triggersOf(store).referenced(by)) await settleLeases();
}
