/**
 * An actor is a value: a name and a factory of handlers. `bus/` does the serving; handlers take
 * `(ctx, payload)`, throw AppErrors, and never touch NATS.
 */
import type { Logger } from 'pino';
import type { Bus, Handler } from '../bus/types.js';
import type { ActorName } from '../bus/subjects.js';
import type { Store } from '../store/types.js';
import type { Config } from '../schemas/config.js';
import type { Audit } from '../runtime/audit.js';

export interface ActorDeps {
  readonly config: Config;
  readonly bus: Bus;
  readonly store: Store;
  readonly audit: Audit;
  readonly log: Logger;
  /** Names this process in replies and claims (host:pid). */
  readonly workerId: string;
  /** Work fanned out once per clock window; later actors add their sweeps here. */
  readonly sweeps: Sweep[];
  /** The clock every deadline reads (tests inject one; never read Date.now() directly). */
  readonly now: () => number;
  /** The model provider (metered); chosen once by config. */
  readonly model: import('./run/model/index.js').MeteredModelProvider;
  /** SVC_CONNECTORS routes a `tool` step calls as `<connector>.<route>`. */
  readonly connectors: import('./run/connectors/index.js').Connectors;
}

export interface Sweep {
  readonly name: string;
  run(window: number, at: Date): Promise<void>;
}

export interface ActorDefinition {
  readonly name: ActorName;
  handlers(deps: ActorDeps): Record<string, Handler<any, any>>;
  /** Sweeps this actor adds to the clock in every process that runs the clock (whether or not it
   * runs this actor's consumer); a sweep usually just sends this actor a command. */
  sweeps?(deps: ActorDeps): Sweep[];
  /** Boot work, awaited once this actor's consumer runs in this process (restores, discovery). */
  start?(deps: ActorDeps): Promise<void>;
  /** Writes this actor still owes the store, awaited at close after the bus closed (no more
   * work can arrive) and before the store closes. */
  stop?(deps: ActorDeps): Promise<void>;
  /** Commands this actor handles at once per process (default: the bus default, 16). Long
   * handlers (a run driven to its end) need more so control commands are not starved. */
  readonly concurrency?: number;
}

export function defineActor<const D extends ActorDefinition>(def: D): D {
  return def;
}
