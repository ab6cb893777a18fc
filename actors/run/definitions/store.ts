/** Saved definitions: upsert, delete, list and load, with scope visibility applied on reads. */
import { FlowDefinition } from '../../../store/entities/FlowDefinition.js';
import type { Store } from '../../../store/types.js';
import { fromJson, rawSql } from '../../../store/raw.js';
import type { Flow } from '../../../schemas/flows.js';
import type { FlowRecord } from '../../../schemas/runs.js';
import type { OrgConfig } from '../../../schemas/mcp.js';
import { mayChangeFlow, maySeeFlow } from '../../../identity/flows.js';
import type { Caller } from '../../../identity/caller.js';
import { AppError } from '../../../schemas/errors.js';

/** The declared org (`config.org`) whose reporting lines scope visibility is judged by. */
type Org = Readonly<OrgConfig>;

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

const scopeOf = (r: FlowDefinition) => ({ level: r.scopeLevel, ref: r.scopeRef ?? undefined });

const mayChange = (r: FlowDefinition, caller: Pick<Caller, 'kind' | 'seat'>, org: Org): boolean =>
  mayChangeFlow({ savedBy: r.savedBy, scope: scopeOf(r) }, caller, org);

/**
 * Saves (or overwrites) a definition. A seat may save only a flow in a scope it can see, and
 * may overwrite only a flow it saved; a taken id answers 403 `flow_forbidden`.
 */
export async function saveFlow(store: Store, flow: Flow, caller: Pick<Caller, 'kind' | 'seat'>, org: Org, now: Date): Promise<FlowRecord> {
  const em = store.em();
  if (!maySeeFlow({ level: flow.scope?.level ?? 'org', ref: flow.scope?.ref }, caller, org)) {
    throw new AppError('flow_forbidden', {
      message: `flow ${flow.id}: a seat may save only flows in a scope it can see (${flow.scope?.level} ${flow.scope?.ref ?? ''})`,
    });
  }
  const existing = await em.findOne(FlowDefinition, { id: flow.id });
  if (existing && !mayChange(existing, caller, org))
    throw new AppError('flow_forbidden', { message: `flow ${flow.id} was saved by another seat; only it or the operator may change it` });
  const data = {
    title: flow.title ?? null,
    trigger: flow.trigger ?? 'manual',
    scopeLevel: flow.scope?.level ?? 'org',
    scopeRef: flow.scope?.ref ?? null,
    definition: flow as unknown as Record<string, unknown>,
    savedBy: caller.seat,
    updatedAt: now,
  };
  await em.upsert(
    FlowDefinition,
    { id: flow.id, ...data, createdAt: now },
    {
      onConflictFields: ['id'],
      onConflictAction: 'merge',
      onConflictMergeFields: ['title', 'trigger', 'scopeLevel', 'scopeRef', 'definition', 'savedBy', 'updatedAt'],
    },
  );
  const row = await store.em().findOneOrFail(FlowDefinition, { id: flow.id });
  return toRecord(row);
}

/** Deletes a flow the caller may change. One it cannot see answers like a missing one (false). */
export async function deleteFlow(store: Store, id: string, caller: Pick<Caller, 'kind' | 'seat'>, org: Org): Promise<boolean> {
  const row = await store.em().findOne(FlowDefinition, { id });
  if (!row || !maySeeFlow(scopeOf(row), caller, org)) return false;
  if (!mayChange(row, caller, org))
    throw new AppError('flow_forbidden', { message: `flow ${id} was saved by another seat; only it or the operator may delete it` });
  return (await store.em().nativeDelete(FlowDefinition, { id })) > 0;
}

export async function listFlows(store: Store, caller: Pick<Caller, 'kind' | 'seat'>, org: Org): Promise<FlowRecord[]> {
  const rows = await store.em().find(FlowDefinition, {}, { orderBy: { id: 'asc' }, limit: 1000 });
  return rows.filter((r) => maySeeFlow(scopeOf(r), caller, org)).map(toRecord);
}

/**
 * The saved flow `id` if `caller` may see it. Every run start by id reads it, so it is one
 * prepared statement (store/raw.ts) rather than an ORM `findOne` (~15% of a worker's CPU when it
 * drains webhook runs). Never called inside an ORM transaction.
 */
export async function loadFlow(store: Store, id: string, caller: Pick<Caller, 'kind' | 'seat'>, org: Org): Promise<Flow | undefined> {
  const sql = rawSql(store);
  const text = `select "definition", "scope_level", "scope_ref" from ${sql.table('flow_definition')} where "id" = $1`;
  const [r] = await sql.rows(text, [id]);
  if (
    !r ||
    !maySeeFlow({ level: r.scope_level as FlowDefinition['scopeLevel'], ref: (r.scope_ref as string | null) ?? undefined }, caller, org)
  )
    return undefined;
  return fromJson<Flow>(r.definition);
}
