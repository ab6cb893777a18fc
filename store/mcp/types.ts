/**
 * The MCP aggregate: runtime servers, discovered catalogs, tool rules and sealed secrets. Every
 * worker reads the same rows, so an attach through one gateway is visible through any other.
 * Nothing is kept between reads on either engine: a rule changed or a catalog refreshed is in
 * force for the very next call (on PostgreSQL through any replica).
 */
import type { CatalogTool } from '../entities/McpCatalog.js';
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

export interface RuntimeServer {
  owner: string;
  config: McpServerConfig;
}

export interface McpRepository {
  runtimeServers(): Promise<RuntimeServer[]>;
  /** The runtime server `id` as a caller of `owner` sees it, in one statement: the caller's own
   * (when `owner` is not '') before the operator's. Read at every call. */
  visibleRuntimeServer(owner: string, id: string): Promise<RuntimeServer | undefined>;
  /** Inserts or replaces; true when a server of that id already existed in that scope. */
  putRuntimeServer(owner: string, config: McpServerConfig, by: string): Promise<boolean>;
  deleteRuntimeServer(owner: string, id: string): Promise<boolean>;
  catalog(owner: string, id: string): Promise<{ tools: CatalogTool[]; refreshedAt: Date } | undefined>;
  putCatalog(owner: string, id: string, tools: CatalogTool[]): Promise<void>;
  /** Every rule in one owner's namespace (optionally of one server). */
  rules(owner: string, server?: string): Promise<RuleRow[]>;
  /**
   * What one call needs, in one statement, read at every call: whether the server's catalog lists
   * `tool` (no catalog row or no such tool: `found` false), the inputSchema it published for it,
   * and the rules that can decide it (exact name or `*`, every level).
   */
  callRules(owner: string, server: string, tool: string): Promise<{ found: boolean; inputSchema: unknown; rules: readonly RuleRow[] }>;
  upsertRule(r: RuleRow, by: string): Promise<void>;
  deleteRule(owner: string, server: string, tool: string, level: Level, ref: string): Promise<boolean>;
  /** Drops the allow rules of tools seen for the first time, so discovery never admits anything. */
  revokeAllows(owner: string, server: string, tools: string[]): Promise<RuleRow[]>;
  secrets(owner: string): Promise<{ ref: string; last4: string; updatedAt: Date }[]>;
  sealedSecret(owner: string, ref: string): Promise<string | undefined>;
  putSecret(owner: string, ref: string, sealed: string, last4: string): Promise<boolean>;
  deleteSecret(owner: string, ref: string): Promise<{ last4: string } | undefined>;
}
