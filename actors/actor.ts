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
}

export interface Sweep {
  readonly name: string;
  run(window: number, at: Date): Promise<void>;
}

export interface ActorDefinition {
  readonly name: ActorName;
  handlers(deps: ActorDeps): Record<string, Handler<any, any>>;
}

export function defineActor<const D extends ActorDefinition>(def: D): D {
  return def;
}
