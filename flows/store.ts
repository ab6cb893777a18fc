/** Saved definitions: upsert, delete, list and load through the store's definition repository, with scope visibility applied on reads. */
import { definitionsOf, type DefinitionRow } from '../store/definitions/index.js';
import type { Store } from '../store/types.js';
import type { Flow } from '../schemas/flows.js';
import type { FlowRecord } from '../schemas/runs.js';
import type { OrgConfig } from '../schemas/mcp.js';
import { mayChangeFlow, maySeeFlow } from '../identity/flows.js';
import type { Caller } from '../identity/caller.js';
import { AppError } from '../schemas/errors.js';

/** The declared org (`config.org`) whose reporting lines scope visibility is judged by. */
type Org = Readonly<OrgConfig>;

export function toRecord(r: DefinitionRow): FlowRecord {
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

const scopeOf = (r: DefinitionRow) => ({ level: r.scopeLevel, ref: r.scopeRef ?? undefined });

const mayChange = (r: DefinitionRow, caller: Pick<Caller, 'kind' | 'seat'>, org: Org): boolean =>
  mayChangeFlow({ savedBy: r.savedBy, scope: scopeOf(r) }, caller, org);

/**
 * Saves (or overwrites) a definition. A seat may save only a flow in a scope it can see, and
 * may overwrite only a flow it saved; a taken id answers 403 `flow_forbidden`.
 */
export async function saveFlow(store: Store, flow: Flow, caller: Pick<Caller, 'kind' | 'seat'>, org: Org, now: Date): Promise<FlowRecord> {
  const definitions = definitionsOf(store);
  if (!maySeeFlow({ level: flow.scope?.level ?? 'org', ref: flow.scope?.ref }, caller, org)) {
    throw new AppError('flow_forbidden', {
      message: `flow ${flow.id}: a seat may save only flows in a scope it can see (${flow.scope?.level} ${flow.scope?.ref ?? ''})`,
    });
  }
  const existing = await definitions.get(flow.id);
  if (existing && !mayChange(existing, caller, org))
    throw new AppError('flow_forbidden', { message: `flow ${flow.id} was saved by another seat; only it or the operator may change it` });
  const row = await definitions.save(
    {
      id: flow.id,
      title: flow.title ?? null,
      trigger: flow.trigger ?? 'manual',
      scopeLevel: flow.scope?.level ?? 'org',
      scopeRef: flow.scope?.ref ?? null,
      definition: flow as unknown as Record<string, unknown>,
      savedBy: caller.seat,
    },
    now,
  );
  return toRecord(row);
}

/** Deletes a flow the caller may change. One it cannot see answers like a missing one (false). */
export async function deleteFlow(store: Store, id: string, caller: Pick<Caller, 'kind' | 'seat'>, org: Org): Promise<boolean> {
  const row = await definitionsOf(store).get(id);
  if (!row || !maySeeFlow(scopeOf(row), caller, org)) return false;
  if (!mayChange(row, caller, org))
    throw new AppError('flow_forbidden', { message: `flow ${id} was saved by another seat; only it or the operator may delete it` });
  return definitionsOf(store).delete(id);
}

export async function listFlows(store: Store, caller: Pick<Caller, 'kind' | 'seat'>, org: Org): Promise<FlowRecord[]> {
  const rows = await definitionsOf(store).list(1000);
  return rows.filter((r) => maySeeFlow(scopeOf(r), caller, org)).map(toRecord);
}

/** The saved flow `id` if `caller` may see it (every run start by id: store/definitions/load.ts). */
export async function loadFlow(store: Store, id: string, caller: Pick<Caller, 'kind' | 'seat'>, org: Org): Promise<Flow | undefined> {
  const r = await definitionsOf(store).load(id);
  if (!r || !maySeeFlow({ level: r.scopeLevel, ref: r.scopeRef ?? undefined }, caller, org)) return undefined;
  return r.definition as unknown as Flow;
}
