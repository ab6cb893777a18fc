/**
 * The mcp actor's rows: runtime servers, discovered catalogs, tool rules and sealed secrets.
 * Every worker reads the same rows, so an attach through one gateway is visible through any
 * other. Each helper takes a fresh fork; none runs inside another's transaction.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../../store/types.js';
import { fromJson, rawSql } from '../../store/raw.js';
import { McpCatalog, type CatalogTool } from '../../store/entities/McpCatalog.js';
import { McpRule } from '../../store/entities/McpRule.js';
import { McpSecret } from '../../store/entities/McpSecret.js';
import { McpServer } from '../../store/entities/McpServer.js';
import type { Effect, McpServerConfig, Mode } from '../../schemas/mcp.js';

export type { CatalogTool };
export type Level = 'workspace' | 'crew' | 'agent';

export interface RuleRow {
  readonly owner: string;
  readonly server: string;
  readonly tool: string;
  readonly level: Level;
  readonly ref: string;
  readonly enabled: boolean;
  readonly effect: Effect | undefined;
  readonly mode: Mode | undefined;
}

const serverKey = (owner: string, id: string) => `${owner}/${id}`;
const ruleKey = (owner: string, server: string, tool: string, level: string, ref: string) =>
  createHash('sha256').update(JSON.stringify([owner, server, tool, level, ref])).digest('hex');

export async function runtimeServers(store: Store): Promise<{ owner: string; config: McpServerConfig }[]> {
  const rows = await store.em().find(McpServer, {}, { orderBy: { key: 'asc' } });
  return rows.map((r) => ({ owner: r.owner, config: r.config }));
}

/**
 * The runtime server `id` as a caller of `owner` sees it, in one statement: the caller's own
 * (when `owner` is not '') before the operator's. Read at every call.
 */
export async function visibleRuntimeServer(store: Store, owner: string, id: string): Promise<{ owner: string; config: McpServerConfig } | undefined> {
  const sql = rawSql(store);
  const text = `select "owner", "config" from ${sql.table('mcp_server')} where "key" in ($1, $2)`;
  const values = [serverKey(owner, id), serverKey('', id)];
  const rows = await sql.rows(text, values);
  const row = rows.find((r) => r.owner === owner) ?? rows.find((r) => r.owner === '');
  if (!row) return undefined;
  return { owner: row.owner as string, config: fromJson<McpServerConfig>(row.config) };
}

/** Inserts or replaces; true when a server of that id already existed in that scope. */
export async function putRuntimeServer(store: Store, owner: string, config: McpServerConfig, by: string): Promise<boolean> {
  const em = store.em();
  const existed = (await em.count(McpServer, { key: serverKey(owner, config.id) })) > 0;
  await em.upsert(McpServer, { key: serverKey(owner, config.id), owner, serverId: config.id, config, attachedAt: new Date(), attachedBy: by });
  return existed;
}

export async function deleteRuntimeServer(store: Store, owner: string, id: string): Promise<boolean> {
  return (await store.em().nativeDelete(McpServer, { key: serverKey(owner, id) })) > 0;
}

export async function catalog(store: Store, owner: string, id: string): Promise<{ tools: CatalogTool[]; refreshedAt: Date } | undefined> {
  const row = await store.em().findOne(McpCatalog, { key: serverKey(owner, id) });
  return row ? { tools: row.tools, refreshedAt: row.refreshedAt } : undefined;
}

export async function putCatalog(store: Store, owner: string, id: string, tools: CatalogTool[]): Promise<void> {
  await writing(store, () => store.em().upsert(McpCatalog, { key: serverKey(owner, id), owner, serverId: id, tools, refreshedAt: new Date() }));
}

function toRule(r: McpRule): RuleRow {
  return {
    owner: r.owner, server: r.server, tool: r.tool, level: r.level as Level, ref: r.ref, enabled: r.enabled,
    effect: (r.effect ?? undefined) as Effect | undefined, mode: (r.mode ?? undefined) as Mode | undefined,
  };
}

/** Every rule in one owner's namespace (optionally of one server). */
export async function rules(store: Store, owner: string, server?: string): Promise<RuleRow[]> {
  const rows = await store.em().find(McpRule, server === undefined ? { owner } : { owner, server });
  return rows.map(toRule);
}

/**
 * What a call has read of the rules and catalogs of an embedded store (SQLite in memory). That
 * database belongs to this process alone, and every write to the two tables goes through this
 * module, which moves `generation` on before and after it: a read is kept only if no write
 * started or ended while it ran, and used only while the generation is the one it was read at,
 * so a rule changed or a catalog refreshed is in force for the very next call. A PostgreSQL store
 * is shared by every replica, which could change a rule unseen: there every call reads it.
 */
interface Remembered { readonly generation: number; readonly found: boolean; readonly rules: readonly RuleRow[] }
interface CallRulesCache { generation: number; readonly entries: Map<string, Remembered> }
const callRulesCaches = new WeakMap<Store, CallRulesCache>();
const CALL_RULES_MAX = 1024;

function callRulesCache(store: Store): CallRulesCache | undefined {
  if (store.engine !== 'sqlite') return undefined;
  let c = callRulesCaches.get(store);
  if (!c) callRulesCaches.set(store, (c = { generation: 0, entries: new Map() }));
  return c;
}

/** Around every write to mcp_rule or mcp_catalog. */
async function writing<T>(store: Store, write: () => Promise<T>): Promise<T> {
  const c = callRulesCache(store);
  if (c) { c.generation++; c.entries.clear(); }
  try {
    return await write();
  } finally {
    if (c) { c.generation++; c.entries.clear(); }
  }
}

/**
 * What one call needs, in one statement: whether the server's catalog lists `tool` (no catalog
 * row or no such tool: `found` false) and the rules that can decide it (exact name or `*`, every
 * level). On PostgreSQL it is read at every call, never cached, so a rule changed through any
 * replica is in force for the next call everywhere; on the embedded store see CallRulesCache.
 */
export async function callRules(store: Store, owner: string, server: string, tool: string): Promise<{ found: boolean; rules: readonly RuleRow[] }> {
  const c = callRulesCache(store);
  if (!c) return readCallRules(store, owner, server, tool);
  const key = JSON.stringify([owner, server, tool]);
  const hit = c.entries.get(key);
  if (hit !== undefined && hit.generation === c.generation) return hit;
  const generation = c.generation;
  const read = await readCallRules(store, owner, server, tool);
  if (c.generation === generation) {
    if (c.entries.size >= CALL_RULES_MAX) c.entries.clear();
    c.entries.set(key, { generation, found: read.found, rules: read.rules });
  }
  return read;
}

async function readCallRules(store: Store, owner: string, server: string, tool: string): Promise<{ found: boolean; rules: RuleRow[] }> {
  const sql = rawSql(store);
  const [cat, rule] = [sql.table('mcp_catalog'), sql.table('mcp_rule')];
  const pg = sql.dialect === 'postgres';
  const name = pg ? '$3::text' : '$3';
  const listed = pg
    ? `c."tools" @> jsonb_build_array(jsonb_build_object('name', ${name}))`
    : `exists (select 1 from json_each(c."tools") t where json_extract(t.value, '$.name') = ${name})`;
  const text = `select ${listed} as "found", r."tool", r."level", r."ref", r."enabled", r."effect", r."mode" from ${cat} c`
    + ` left join ${rule} r on r."owner" = $1 and r."server" = $2 and r."tool" in (${name}, '*') where c."key" = $4`;
  const values = [owner, server, tool, serverKey(owner, server)];
  const rows = await sql.rows(text, values);
  const found = rows.length > 0 && (rows[0]!.found === true || rows[0]!.found === 1);
  const rules = rows.filter((r) => r.tool !== null && r.tool !== undefined).map((r): RuleRow => ({
    owner, server, tool: r.tool as string, level: r.level as Level, ref: r.ref as string, enabled: r.enabled === true || r.enabled === 1,
    effect: (r.effect ?? undefined) as Effect | undefined, mode: (r.mode ?? undefined) as Mode | undefined,
  }));
  return { found, rules };
}

export async function upsertRule(store: Store, r: RuleRow, by: string): Promise<void> {
  await writing(store, () => store.em().upsert(McpRule, {
    key: ruleKey(r.owner, r.server, r.tool, r.level, r.ref), owner: r.owner, server: r.server, tool: r.tool, level: r.level, ref: r.ref,
    enabled: r.enabled, effect: r.effect ?? null, mode: r.mode ?? null, updatedAt: new Date(), updatedBy: by,
  }));
}

export async function deleteRule(store: Store, owner: string, server: string, tool: string, level: Level, ref: string): Promise<boolean> {
  return (await writing(store, () => store.em().nativeDelete(McpRule, { key: ruleKey(owner, server, tool, level, ref) }))) > 0;
}

/** Drops the allow rules of tools seen for the first time, so discovery never admits anything. */
export async function revokeAllows(store: Store, owner: string, server: string, tools: string[]): Promise<RuleRow[]> {
  if (tools.length === 0) return [];
  const em = store.em();
  const rows = await em.find(McpRule, { owner, server, tool: { $in: tools }, enabled: true });
  if (rows.length) await writing(store, () => em.nativeDelete(McpRule, { key: { $in: rows.map((r) => r.key) } }));
  return rows.map(toRule);
}

export async function secrets(store: Store, owner: string): Promise<{ ref: string; last4: string; updatedAt: Date }[]> {
  const rows = await store.em().find(McpSecret, { owner }, { orderBy: { ref: 'asc' } });
  return rows.map((r) => ({ ref: r.ref, last4: r.last4, updatedAt: r.updatedAt }));
}

export async function sealedSecret(store: Store, owner: string, ref: string): Promise<string | undefined> {
  return (await store.em().findOne(McpSecret, { key: serverKey(owner, ref) }))?.sealed;
}

export async function putSecret(store: Store, owner: string, ref: string, sealed: string, last4: string): Promise<boolean> {
  const em = store.em();
  const existed = (await em.count(McpSecret, { key: serverKey(owner, ref) })) > 0;
  await em.upsert(McpSecret, { key: serverKey(owner, ref), owner, ref, sealed, last4, updatedAt: new Date() });
  return existed;
}

export async function deleteSecret(store: Store, owner: string, ref: string): Promise<{ last4: string } | undefined> {
  const em = store.em();
  const row = await em.findOne(McpSecret, { key: serverKey(owner, ref) });
  if (!row) return undefined;
  await em.nativeDelete(McpSecret, { key: row.key });
  return { last4: row.last4 };
}
