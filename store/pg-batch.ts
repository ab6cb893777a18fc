/**
 * Group commit of one PostgreSQL statement over many callers' rows: the rows go as one jsonb
 * array (each with its index `n`), so the statement text is fixed and prepared once, and N
 * concurrent writes cost one round trip, one parse and one WAL flush. A batch is one statement,
 * so one transaction; each row carries its own conditions, and the statement returns one result
 * row (with `n`) per input row it acted on. The first caller goes at once; callers arriving while
 * a batch is in flight go together in the next one (kernel/group-commit.ts). A batch the
 * database refuses is retried row by row, so one bad row fails alone.
 */
import { groupCommit } from '../kernel/group-commit.js';
import { rawSql } from './raw.js';
import type { Store } from './types.js';

type Outcome<O> = { ok: O } | { error: unknown };

export interface PgBatch<I, O> {
  /** The statement: `$1` is the rows as jsonb, `$2..` are `params(store)`, then the rider's. */
  text(store: Store): string;
  params?(store: Store): unknown[];
  /** A result row for the input (undefined when the statement returned none for it). */
  read(row: Record<string, unknown> | undefined, input: I): O;
  max: number;
  /** Rows with a common key never share a batch (a statement could not tell their results apart):
   * a later one waits for the next batch. */
  keys?(input: I): string[];
  /** Work from elsewhere that each statement also does (store/outbox-flags.ts `withFlags`): it
   * runs the statement, handing it one more parameter, which comes last. */
  rider?<T>(store: Store, statement: (param: string[]) => Promise<T>): Promise<T>;
}

/**
 * The row as sent, with its index `n` and without its null fields: jsonb_to_recordset reads a
 * missing key exactly as a JSON null (SQL NULL, whatever the column's type), and the run path's
 * rows are mostly nulls (a boundary that leaves its run running has ten), which PostgreSQL
 * would parse for nothing: a fifth of the JSON bytes of a 3-step run.
 */
function withoutNulls(item: object, n: number): Record<string, unknown> {
  const out: Record<string, unknown> = { n };
  const row = item as Record<string, unknown>;
  // The rows are plain literals: for-in sees exactly their own fields, without an entries array.
  for (const k in row) if (row[k] !== null) out[k] = row[k];
  return out;
}

export function pgBatch<I extends object, O>(spec: PgBatch<I, O>): (store: Store, input: I) => Promise<O> {
  const perStore = new WeakMap<Store, (input: I) => Promise<Outcome<O>>>();
  const build = (store: Store) => {
    const sql = rawSql(store);
    const text = spec.text(store);
    const params = spec.params?.(store) ?? [];
    const run = async (items: I[]): Promise<Outcome<O>[]> => {
      const rows = JSON.stringify(items.map(withoutNulls));
      const out = spec.rider
        ? await spec.rider(store, (param) => sql.pg(text, [rows, ...params, param]))
        : await sql.pg(text, [rows, ...params]);
      const byN = new Map(out.rows.map((r) => [Number(r.n), r]));
      return items.map((item, n) => ({ ok: spec.read(byN.get(n), item) }));
    };
    const attempt = async (items: I[]): Promise<Outcome<O>[]> => {
      try {
        return await run(items);
      } catch (err) {
        if (items.length === 1) return [{ error: err }];
        const alone = await Promise.allSettled(items.map((r) => run([r])));
        return alone.map((a) => (a.status === 'fulfilled' ? a.value[0]! : { error: a.reason }));
      }
    };
    const distinct = async (items: I[]): Promise<Outcome<O>[]> => {
      const seen = new Set<string>();
      const now: number[] = [];
      const later: number[] = [];
      items.forEach((item, i) => {
        const keys = spec.keys?.(item) ?? [];
        if (keys.some((k) => seen.has(k))) return void later.push(i);
        keys.forEach((k) => seen.add(k));
        now.push(i);
      });
      const out: Outcome<O>[] = new Array(items.length);
      (await attempt(now.map((i) => items[i]!))).forEach((o, j) => (out[now[j]!] = o));
      if (later.length) (await distinct(later.map((i) => items[i]!))).forEach((o, j) => (out[later[j]!] = o));
      return out;
    };
    return groupCommit(distinct, spec.max);
  };
  return async (store, input) => {
    let b = perStore.get(store);
    if (!b) perStore.set(store, (b = build(store)));
    const out = await b(input);
    if ('error' in out) throw out.error;
    return out.ok;
  };
}
