/**
 * An actor is a value: a name, its verbs (schemas/commands) and a factory. `create(deps)` is
 * given only the deps the actor declares and returns its handlers, one per verb and typed by it,
 * with whatever state the actor keeps; `bus/` does the serving; handlers take `(ctx, payload)`,
 * throw AppErrors, and never touch NATS.
 */
import type { Handler, PoisonHook } from '../bus/types.js';
import type { Handlers } from '../bus/verbs.js';
import type { ActorName } from '../bus/subjects.js';
import type { Verbs } from '../schemas/commands/index.js';
import type { Sweep } from '../runtime/sweep.js';
import type { ProcessDeps } from '../runtime/process-deps.js';

export type { Sweep } from '../runtime/sweep.js';

/** What most actors need from the process: each actor's deps are these and what it adds. */
export type KernelDeps = ProcessDeps;

/** What `create` returns: the actor's handlers and its part in the process's life. */
export interface ActorInstance<V extends Verbs> {
  readonly handlers: Handlers<V>;
  /** Sweeps this actor adds to the clock in every process that runs the clock (whether or not it
   * runs this actor's consumer); a sweep usually just sends this actor a command. */
  readonly sweeps?: readonly Sweep[];
  /** Boot work, awaited once this actor's consumer runs in this process (restores, discovery). */
  start?(): Promise<void>;
  /** A command of this actor's that killed every worker it ran on is about to be dead-lettered
   * as poison (bus/consumer.ts): keep what it left from being run again until it is replayed. */
  onPoisoned?: PoisonHook;
  /** Writes this actor still owes the store, awaited at close after the bus closed (no more
   * work can arrive) and before the store closes. */
  stop?(): Promise<void>;
}

export interface ActorDefinition<V extends Verbs, D> {
  readonly name: ActorName;
  readonly verbs: V;
  /** Commands this actor handles at once per process (default: the bus default, 16). Long
   * handlers (a run driven to its end) need more so control commands are not starved. */
  readonly concurrency?: number;
  create(deps: D): ActorInstance<V>;
}

/** An actor as the composition root holds it: its verbs' types erased, its deps those of `D`. */
export interface AnyActor<D> {
  readonly name: ActorName;
  readonly verbs: Verbs;
  readonly concurrency?: number;
  readonly create: (deps: D) => {
    readonly handlers: Readonly<Record<string, Handler<never, unknown>>>;
    readonly sweeps?: readonly Sweep[];
    start?(): Promise<void>;
    stop?(): Promise<void>;
    onPoisoned?: PoisonHook;
  };
}

export function defineActor<V extends Verbs, D>(def: ActorDefinition<V, D>): ActorDefinition<V, D> {
  return def;
}
