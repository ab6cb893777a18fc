/**
 * A driven run's writes at its step boundaries: the run's seq, the checkpoints of replayable steps
 * held for the next boundary, and, for a run not stored yet, the insert its first boundary makes.
 * Checkpoints of cheap in-process steps in a row (branch, switch, first-party reads) share one
 * transaction instead of one each: a crash before it commits replays them from the last written
 * checkpoint, which changes nothing, and the driver starts no other step while any is held.
 */
import type { RunDeps } from '../deps.js';
import type { TraceEntry } from '../../../schemas/runs.js';
import {
  writeBoundary,
  type Boundary,
  type BoundaryResult,
  type HeldCheckpoint,
  type InsertedRun,
  type Lease,
  type StartState,
} from './records.js';
import { stepDone } from './events.js';

/** At most this many replayable steps' checkpoints wait for a shared boundary. */
export const MAX_HELD = 16;

/** A run whose first boundary inserts it (its first steps are replayable): `insert` stores it at
 * the state given, or throws StartRefused when nothing was inserted. */
export interface Unstored {
  insert(state: StartState): Promise<InsertedRun>;
}

/** The run was not inserted: its id exists already, or its principal is paused. */
export class StartRefused extends Error {
  constructor(readonly paused: boolean) {
    super(paused ? 'principal paused' : 'run exists');
  }
}

type Final = Parameters<typeof writeBoundary>[3];
type EndAudit = Parameters<typeof writeBoundary>[4];
export type BoundaryInput = Omit<Boundary, 'held' | 'seq'>;

export class BoundaryWriter {
  private held: HeldCheckpoint[] = [];
  private heldEntries: TraceEntry[] = [];

  constructor(
    private readonly deps: RunDeps,
    private readonly lease: Lease,
    private readonly run: { readonly id: string; readonly flowId: string; readonly cursor: string | null },
    private readonly traceId: string,
    /** The run's seq: its last written checkpoint (held ones not counted). */
    public seq: number,
    private insertFirst: Unstored['insert'] | undefined,
  ) {}

  /** False until the first boundary of a run not stored yet has inserted it. */
  get stored(): boolean {
    return this.insertFirst === undefined;
  }

  get holding(): number {
    return this.held.length;
  }

  /** A replayable step's checkpoint (and its trace entry, for its RunProgress) for the next boundary. */
  hold(checkpoint: HeldCheckpoint, entry: TraceEntry): void {
    this.held.push(checkpoint);
    this.heldEntries.push(entry);
  }

  /** Writes a boundary with the held checkpoints before its own; on success moves seq past all of
   * them and publishes their progress, in order. */
  async commit(b: BoundaryInput, fin: Final, audit?: EndAudit): Promise<BoundaryResult> {
    const faults = this.deps.config.faults;
    faults.hit('boundary.before-commit', b.stepId ?? undefined);
    const r = await this.write(b, fin, audit);
    if (r.ok) faults.hit('boundary.committed', b.stepId ?? undefined);
    return r;
  }

  private async write(b: BoundaryInput, fin: Final, audit?: EndAudit): Promise<BoundaryResult> {
    if (this.insertFirst) {
      const r = await this.insertAt(this.insertFirst, b, fin, audit);
      this.insertFirst = undefined;
      if (r) return r;
    }
    const r = await writeBoundary(this.deps.store, { ...b, seq: this.seq, held: this.held }, this.lease, fin, audit);
    if (!r.ok) return r;
    this.written();
    this.seq += 1;
    return r;
  }

  /** The first boundary of a run not stored yet: the insert carries its checkpoints so far. A
   * boundary that leaves it running or ends it is the insert itself; a park is written as usual
   * after an insert of the run as its held steps left it. */
  private async insertAt(insert: Unstored['insert'], b: BoundaryInput, fin: Final, audit: EndAudit): Promise<BoundaryResult | undefined> {
    if (fin.status === 'running' || fin.status === 'completed' || fin.status === 'error') {
      const out = await insert({
        status: fin.status,
        cursor: b.cursor,
        outputs: b.outputs,
        trace: b.trace,
        checkpoints: [...this.held, { stepId: b.stepId, cursor: b.cursor, outputs: b.outputs }],
        ...(fin.status === 'error' ? { error: { code: fin.code, message: fin.message } } : {}),
        ...(audit ? { endAudit: audit } : {}),
      });
      this.written();
      this.seq += 1;
      return { ok: true, pauseRequested: false, audit: out.endAudit };
    }
    const last = this.held[this.held.length - 1];
    await insert({
      status: 'running',
      cursor: last?.cursor ?? this.run.cursor,
      outputs: last?.outputs ?? {},
      trace: b.trace.slice(0, this.held.length),
      checkpoints: this.held,
    });
    this.written();
    return undefined;
  }

  private written(): void {
    const from = this.seq;
    this.seq += this.held.length;
    this.heldEntries.forEach((e, i) => stepDone(this.deps, this.run.id, this.run.flowId, e, from + 1 + i, this.traceId));
    this.held = [];
    this.heldEntries = [];
  }
}
