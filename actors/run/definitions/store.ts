/** Saved definitions: upsert, delete, list and load, with scope visibility applied on reads. */
import { FlowDefinition } from '../../../store/entities/FlowDefinition.js';
import type { Store } from '../../../store/types.js';
import type { Flow } from '../../../schemas/flows.js';
import type { FlowRecord } from '../../../schemas/runs.js';
import { visibleTo } from './scope.js';

export interface Viewer { readonly operator: boolean; readonly seat: string }

export function toRecord(r: FlowDefinition): FlowRecord {
  return {
    id: r.id,
    ...(r.title ? { title: r.title } : {}),
    trigger: r.trigger,
    scope: { level: r.scopeLevel, ...(r.scopeRef ? { ref: r.scopeRef } : {}) },
    flow: r.definition,
    savedBy: r.savedBy,
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

export async function saveFlow(store: Store, flow: Flow, savedBy: string, now: Date): Promise<FlowRecord> {
  const em = store.em();
  const data = {
    title: flow.title ?? null, trigger: flow.trigger ?? 'manual', scopeLevel: flow.scope?.level ?? 'org', scopeRef: flow.scope?.ref ?? null,
    definition: flow as unknown as Record<string, unknown>, savedBy, updatedAt: now,
  };
  await em.upsert(FlowDefinition, { id: flow.id, ...data, createdAt: now }, { onConflictFields: ['id'], onConflictAction: 'merge', onConflictMergeFields: ['title', 'trigger', 'scopeLevel', 'scopeRef', 'definition', 'savedBy', 'updatedAt'] });
  const row = await store.em().findOneOrFail(FlowDefinition, { id: flow.id });
  return toRecord(row);
}

export async function deleteFlow(store: Store, id: string): Promise<boolean> {
  return (await store.em().nativeDelete(FlowDefinition, { id })) > 0;
}

export async function listFlows(store: Store, viewer: Viewer): Promise<FlowRecord[]> {
  const rows = await store.em().find(FlowDefinition, {}, { orderBy: { id: 'asc' }, limit: 1000 });
  return rows.filter((r) => visibleTo({ level: r.scopeLevel, ref: r.scopeRef ?? undefined }, viewer)).map(toRecord);
}

/** The saved flow `id` if `viewer` may see it. */
export async function loadFlow(store: Store, id: string, viewer: Viewer): Promise<Flow | undefined> {
  const r = await store.em().findOne(FlowDefinition, { id });
  if (!r || !visibleTo({ level: r.scopeLevel, ref: r.scopeRef ?? undefined }, viewer)) return undefined;
  return r.definition as unknown as Flow;
}
