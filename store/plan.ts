/**
 * A write plan as data: which rows an operation writes and the conditions each is written under.
 * An aggregate's pure functions (its plan.ts) decide the plan; each engine's repository (pg.ts,
 * sqlite.ts) renders it to its own SQL and runs it, so a rule lives in one place and an engine
 * cannot miss it. Columns are named as in the database. Values are bound per engine (`bind`):
 * dates, booleans and JSON (objects and arrays) differ between the two drivers.
 */

/** A condition on a row. `eq: null` means the column is null. */
export type Cond =
  | { readonly col: string; readonly eq: unknown }
  | { readonly col: string; readonly ne: unknown }
  | { readonly col: string; readonly lt: unknown }
  | { readonly col: string; readonly in: readonly unknown[] }
  | { readonly or: readonly Cond[] };

export type Cols = Readonly<Record<string, unknown>>;

/** An update of the rows that meet every condition of `where` (the table is the caller's). */
export interface Update {
  readonly where: readonly Cond[];
  readonly set: Cols;
}

/** A rendered statement: `$n` text and its values, bound for the engine. */
export interface Rendered {
  text: string;
  values: unknown[];
}

/** The engine's binding of a value (RawSql's date, json and bool). */
export interface Binder {
  date(d: Date | null): unknown;
  json(v: unknown): unknown;
  bool(b: boolean): unknown;
}

export function bindValue(b: Binder, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return b.date(v);
  if (typeof v === 'boolean') return b.bool(v);
  if (typeof v === 'object') return b.json(v);
  return v;
}

function whereOf(conds: readonly Cond[], param: (v: unknown) => string): string {
  const one = (c: Cond): string => {
    if ('or' in c) return `(${c.or.map(one).join(' or ')})`;
    if ('eq' in c) return c.eq === null || c.eq === undefined ? `"${c.col}" is null` : `"${c.col}" = ${param(c.eq)}`;
    if ('ne' in c) return `"${c.col}" <> ${param(c.ne)}`;
    if ('lt' in c) return `"${c.col}" < ${param(c.lt)}`;
    return `"${c.col}" in (${c.in.map(param).join(', ')})`;
  };
  return conds.map(one).join(' and ');
}

/** `update <table> set ... where ...` with `table` already qualified by the caller. */
export function renderUpdate(table: string, u: Update, b: Binder): Rendered {
  const values: unknown[] = [];
  const param = (v: unknown): string => {
    values.push(bindValue(b, v));
    return `$${values.length}`;
  };
  const set = Object.entries(u.set)
    .map(([col, v]) => `"${col}" = ${param(v)}`)
    .join(', ');
  return { text: `update ${table} set ${set} where ${whereOf(u.where, param)}`, values };
}

/** `insert into <table> (...) values (...)`, doing nothing on a unique conflict when `orNothing`. */
export function renderInsert(table: string, row: Cols, b: Binder, orNothing = false): Rendered {
  const cols = Object.keys(row);
  return {
    text:
      `insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})` +
      (orNothing ? ' on conflict do nothing' : ''),
    values: cols.map((c) => bindValue(b, row[c])),
  };
}

/** `select 1 from <table> where ...`: whether a row meets the conditions. */
export function renderExists(table: string, where: readonly Cond[], b: Binder): Rendered {
  const values: unknown[] = [];
  const param = (v: unknown): string => {
    values.push(bindValue(b, v));
    return `$${values.length}`;
  };
  return { text: `select 1 as "x" from ${table} where ${whereOf(where, param)}`, values };
}

/** A row written whole: inserted, or replacing the columns of the row with the same `key` columns. */
export interface Upsert {
  readonly row: Cols;
  readonly key: readonly string[];
}

/** `insert ... on conflict (<key>) do update set` every other column: the same text on both engines. */
export function renderUpsert(table: string, u: Upsert, b: Binder): Rendered {
  const cols = Object.keys(u.row);
  const others = cols.filter((c) => !u.key.includes(c));
  const base = renderInsert(table, u.row, b);
  return {
    text:
      `${base.text} on conflict (${u.key.map((c) => `"${c}"`).join(', ')}) do ` +
      (others.length ? `update set ${others.map((c) => `"${c}" = excluded."${c}"`).join(', ')}` : 'nothing'),
    values: base.values,
  };
}

/** `delete from <table> where ...`, returning the named columns of the rows deleted. */
export function renderDelete(table: string, where: readonly Cond[], b: Binder, returning: readonly string[] = []): Rendered {
  const values: unknown[] = [];
  const param = (v: unknown): string => {
    values.push(bindValue(b, v));
    return `$${values.length}`;
  };
  const ret = returning.length ? ` returning ${returning.map((c) => `"${c}"`).join(', ')}` : '';
  return { text: `delete from ${table} where ${whereOf(where, param)}${ret}`, values };
}
