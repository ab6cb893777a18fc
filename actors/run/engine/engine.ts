/**
 * The engine as its parts see it: control.ts and takeover.ts act on a run through it, and
 * index.ts builds it. Its own module so those parts need not import the builder.
 */
import type { RunDeps } from '../deps.js';
import type { RunView, StartRunCommand } from '../../../schemas/runs.js';
import type { Lease } from './records.js';

export interface Engine {
  readonly deps: RunDeps;
  readonly lease: Lease;
  start(cmd: StartRunCommand, traceId: string): Promise<RunView>;
  drive(runId: string, traceId: string): Promise<RunView>;
  /** Runs `fn` once no drive or takeover of the run is under way in this process; `drive` is
   * then the drive to use inside it (the serialized one would wait for `fn` itself). */
  exclusive<T>(runId: string, fn: (drive: (runId: string, traceId: string) => Promise<RunView>) => Promise<T>): Promise<T>;
}
