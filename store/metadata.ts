/**
 * Column lists for the store's own statements, read from the MikroORM entity metadata, so an
 * entity is the one place a column is declared.
 */
import { Utils, type EntityName } from '@mikro-orm/core';
import type { Store } from './types.js';

export interface Column {
  /** The entity property. */
  readonly prop: string;
  /** The column's name. */
  readonly name: string;
  /** The column's type on this store's engine (e.g. `jsonb`, `timestamptz`). */
  readonly type: string;
  /** How a driver binds and returns it where that differs between engines (SQLite: JSON as text, dates as numbers, booleans as 0/1). */
  readonly kind: 'json' | 'date' | 'bool' | 'plain';
}

function kindOf(p: { runtimeType: string; type: string }): Column['kind'] {
  if (p.type === 'JsonType' || p.type === 'json') return 'json';
  if (p.runtimeType === 'Date') return 'date';
  if (p.runtimeType === 'boolean') return 'bool';
  return 'plain';
}

export function columnsOf<T extends object>(store: Store, entity: EntityName<T>): Column[] {
  return store.orm
    .getMetadata()
    .get(Utils.className(entity))
    .props.filter((p) => p.kind === 'scalar' && p.persist !== false)
    .map((p) => ({ prop: p.name, name: p.fieldNames[0]!, type: p.columnTypes[0]!, kind: kindOf(p) }));
}

/** A column's value as SQLite returns it, as the entity holds it (JSON as text, dates as epoch ms, booleans as 0/1). */
export function fromSqlite(c: Column, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (c.kind === 'json') return JSON.parse(v as string);
  if (c.kind === 'date') return new Date(v as number);
  if (c.kind === 'bool') return v === 1 || v === true;
  return v;
}
