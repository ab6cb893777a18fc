/**
 * The heartbeat aggregate: heartbeat records, the tick ledger, and the reads a tick needs (a flow's
 * scope, the seat's open gates and parked runs for guards, the model usage of the runs it caused)
 * and its one write outside the aggregate, the summary message in the crew thread.
 */
import type { HeartbeatItem, TickItem, TickStatus, TickUsage } from '../../schemas/heartbeats.js';

export interface HeartbeatRow {
  readonly crewId: string;
  readonly schedule: string;
  readonly timezone: string;
  readonly quietStart: string | null;
  readonly quietEnd: string | null;
  readonly items: readonly HeartbeatItem[];
  readonly seat: string;
  readonly model: string | null;
  readonly notifyOnOk: boolean;
  readonly stopOnError: boolean;
  readonly enabled: boolean;
  readonly failures: number;
  readonly dueAt: Date | null;
  readonly updatedBy: string;
  readonly updatedAt: Date;
}

export type NewHeartbeat = Omit<HeartbeatRow, 'failures' | 'dueAt'>;

export interface TickRow {
  readonly id: string;
  readonly crewId: string;
  readonly kind: 'scheduled' | 'manual';
  readonly window: Date;
  readonly status: TickStatus;
  readonly items: readonly TickItem[];
  readonly runs: readonly string[];
  readonly usage: TickUsage | null;
  readonly note: string | null;
  readonly worker: string;
  readonly startedAt: Date;
  readonly finishedAt: Date | null;
}

export interface FlowScopeFacts {
  readonly scopeLevel: string;
  readonly scopeRef: string | null;
}

export interface HeartbeatRepository {
  get(crewId: string): Promise<HeartbeatRow | undefined>;
  list(): Promise<HeartbeatRow[]>;
  /** Inserts or replaces the record; its failure count and receipts restart. */
  put(hb: NewHeartbeat): Promise<HeartbeatRow>;
  /** Enabling restarts the failure count and the receipts. */
  setEnabled(crewId: string, enabled: boolean, by: string, at: Date): Promise<HeartbeatRow | undefined>;
  remove(crewId: string): Promise<boolean>;
  /** Records the last scheduled window the sweep handled. */
  markDue(crewId: string, dueAt: Date): Promise<void>;
  /** After a finished tick: failed ticks in a row, now. */
  countOutcome(crewId: string, failed: boolean): Promise<number>;

  /** The ledger row of a claimed window: inserted, or (a takeover) taken over by `worker` as it stands. */
  openTick(t: Pick<TickRow, 'id' | 'crewId' | 'kind' | 'window' | 'worker' | 'startedAt'>): Promise<TickRow>;
  updateTick(id: string, change: Partial<Pick<TickRow, 'status' | 'items' | 'runs' | 'usage' | 'note' | 'finishedAt'>>): Promise<void>;
  /** A row that is only a receipt (coalesced, quiet, missed, disabled); a second one for the same id is dropped. */
  receipt(t: TickRow): Promise<void>;
  tick(id: string): Promise<TickRow | undefined>;
  /** Newest first; `crewIds` narrows to those crews. */
  ticks(crewIds: readonly string[] | undefined, limit: number): Promise<TickRow[]>;
  /** The newest ledger row of each crew. */
  lastTicks(crewIds: readonly string[]): Promise<Map<string, TickRow>>;

  flowScope(flowId: string): Promise<FlowScopeFacts | undefined>;
  paused(seat: string): Promise<boolean>;
  /** Open gates of the seat's runs or assigned to it; parked runs of the seat. */
  pendingFor(seat: string): Promise<{ openGates: number; parkedRuns: number }>;
  /** Usage of the model calls recorded for these runs. */
  usageOf(runIds: readonly string[]): Promise<TickUsage & { recorded: number }>;
  postMessage(m: { thread: string; author: string; kind: string; body: string; at: Date }): Promise<string>;
}
