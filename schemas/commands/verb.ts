/**
 * How an actor verb is declared: the TypeBox schema of what it takes and what it answers (the one
 * source of both types), and how it travels. Every verb is a durable command on its actor's work
 * queue (stored in the stream before anyone handles it, redelivered after a crash); a verb that
 * also answers at once declares `rpc`, and is then served as a core request/reply on
 * `<prefix>.rpc.<actor>.<verb>` as well, never redelivered.
 */
import type { Static, TSchema } from 'typebox';

export interface Verb<I extends TSchema = TSchema, O extends TSchema = TSchema, R extends boolean = boolean> {
  readonly input: I;
  readonly output: O;
  readonly rpc: R;
}

export type Verbs = Readonly<Record<string, Verb>>;
export type InputOf<V extends Verb> = Static<V['input']>;
export type OutputOf<V extends Verb> = Static<V['output']>;

export function verb<I extends TSchema, O extends TSchema, R extends boolean = false>(
  input: I,
  output: O,
  opts: { rpc?: R } = {},
): Verb<I, O, R> {
  return { input, output, rpc: (opts.rpc ?? false) as R };
}
