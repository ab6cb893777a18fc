/** A trigger row of the delivery path's select (its columns, its principal's pause count, its flow's `f_*` columns) as a TriggerRow. */
import type { Column } from '../metadata.js';
import type { TriggerRow } from './types.js';

export function triggerRowReader(columns: readonly Column[], read: (c: Column, v: unknown) => unknown) {
  return (r: Record<string, unknown>): TriggerRow => ({
    ...(Object.fromEntries(columns.map((c) => [c.prop, read(c, r[c.name])])) as TriggerRow),
    paused: Number(r.paused_count) > 0,
    flow:
      r.f_id === null || r.f_id === undefined
        ? undefined
        : { trigger: r.f_trigger as string, scopeLevel: r.f_scope_level as string, scopeRef: (r.f_scope_ref as string | null) ?? null },
  });
}
