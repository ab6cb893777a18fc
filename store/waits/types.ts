/**
 * The waits aggregate (the `wait` step with `for: webhook`): parked waits with their
 * correlation key and deadline, and the events of releaser triggers kept until one releases a
 * wait. Releasing binds one event to one wait in one transaction: the wait moves from `waiting`
 * and the event from unbound, each by a conditional update, and each side's unique column
 * (`flow_wait.event_id`, `wait_event.wait_id`) holds it to one, so of events, deadlines and
 * resumes racing on one wait exactly one wins, across replicas.
 */
import type { WaitStatus } from '../entities/FlowWait.js';

export type { WaitStatus };

export interface NewWait {
  readonly runId: string;
  readonly stepId: string;
  readonly flowId: string;
  readonly principal: string;
  readonly key: string | null;
  readonly deadlineAt: Date | null;
  readonly traceId: string | null;
  readonly createdAt: Date;
}

export interface WaitRow extends NewWait {
  readonly id: string;
  readonly status: WaitStatus;
  readonly eventId: string | null;
}

export interface NewEvent {
  readonly id: string;
  readonly triggerId: string;
  readonly deliveryKey: string;
  readonly flowId: string;
  readonly principal: string;
  readonly key: string;
  readonly input: string;
  readonly receivedAt: Date;
  readonly expiresAt: Date;
}

export interface EventRow extends NewEvent {
  readonly waitId: string | null;
}

/** A wait whose run is owed its signal: released or timed out, and the run still parked on it. */
export interface OwedSignal {
  readonly runId: string;
  readonly stepId: string;
  readonly status: 'released' | 'timed_out';
  readonly eventId: string | null;
  readonly traceId: string | null;
}

export interface WaitRepository {
  /** The (run, step)'s wait, inserted now or as it stands (a re-entered step finds its own). */
  open(w: NewWait): Promise<WaitRow>;
  find(runId: string, stepId: string): Promise<WaitRow | undefined>;
  /** Keeps an event; a copy of one already kept (same id) changes nothing. Returns it as stored. */
  keep(e: NewEvent): Promise<EventRow>;
  event(id: string): Promise<EventRow | undefined>;
  /** Waits of this flow and principal parked on `key` whose run has not ended, oldest first. */
  waitingOn(flowId: string, principal: string, key: string): Promise<WaitRow[]>;
  /** Unbound events for this flow, principal and key that have not expired at `now`, oldest first. */
  keptFor(flowId: string, principal: string, key: string, now: Date): Promise<EventRow[]>;
  /** Binds the event to the wait (waiting → released); false when either is taken already. */
  bind(eventId: string, waitId: string, now: Date): Promise<boolean>;
  /** waiting → timed_out or closed, iff still waiting. */
  end(waitId: string, to: 'timed_out' | 'closed', now: Date): Promise<boolean>;
  /** Waits still `waiting` whose deadline is at or before `now`, oldest deadline first. */
  expired(now: Date, limit: number): Promise<WaitRow[]>;
  /** Released or timed-out waits, ended before `endedBefore`, whose run is still parked on them. */
  owedSignals(endedBefore: Date, limit: number): Promise<OwedSignal[]>;
  /** Deletes unbound events that expired before `now`; how many. */
  dropExpired(now: Date): Promise<number>;
  /**
   * Deletes up to `limit` waits created before `before` whose run has ended (or is gone), with the
   * events bound to them; how many waits. A run still running or parked keeps every wait it has,
   * so a signal owed to it is never lost.
   */
  prune(before: Date, limit: number): Promise<number>;
}

/**
 * How long the waits of ended runs are kept: far past any redelivery of a release command (whose
 * event id must still find its bound wait), and as long as the delivery log keeps accepted rows.
 */
export const WAIT_RETENTION_MS = 30 * 24 * 3600_000;
