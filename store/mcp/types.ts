/**
 * The MCP aggregate: runtime servers, discovered catalogs, tool rules and sealed secrets. Every
 * worker reads the same rows, so an attach through one gateway is visible through any other.
 * Nothing is kept between reads on either engine: a rule changed or a catalog refreshed is in
 * force for the very next call (on PostgreSQL through any replica).
 */
import type { CatalogTool } from '../entities/McpCatalog.js';
import type { ToolDefinition } from '../entities/McpToolPin.js';
import type { Effect, McpServerConfig, Mode } from '../../schemas/mcp.js';

export type { CatalogTool, ToolDefinition };
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

/** A tool's pinned definition (store/entities/McpToolPin.ts). */
export interface PinRow {
  readonly owner: string;
  readonly server: string;
  readonly tool: string;
  readonly approvedHash: string;
  readonly approvedDefinition: ToolDefinition;
  readonly approvedAt: Date;
  readonly approvedBy: string;
  readonly seenHash: string;
  readonly seenDefinition: ToolDefinition;
  readonly seenAt: Date;
  readonly drifted: boolean;
  readonly driftedAt: Date | null;
}

/** The columns of a pin an update may change. */
export type PinChange = Partial<Omit<PinRow, 'owner' | 'server' | 'tool'>>;

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
  callRules(
    owner: string,
    server: string,
    tool: string,
  ): Promise<{ found: boolean; inputSchema: unknown; rules: readonly RuleRow[]; /** The tool's pin says it drifted. */ drifted: boolean }>;
  upsertRule(r: RuleRow, by: string): Promise<void>;
  deleteRule(owner: string, server: string, tool: string, level: Level, ref: string): Promise<boolean>;
  /** Drops the allow rules of tools seen for the first time, so discovery never admits anything. */
  revokeAllows(owner: string, server: string, tools: string[]): Promise<RuleRow[]>;
  /** Every pinned tool definition of one server in one owner's namespace. */
  pins(owner: string, server: string): Promise<PinRow[]>;
  /** Writes a pin whole (the first sight of a tool). */
  putPin(pin: PinRow): Promise<void>;
  /**
   * Changes a pin only while it still holds the hashes the change was decided on (`expect`), so
   * a discovery and an approval that cross do not undo each other; false when it did not match.
   */
  updatePin(
    owner: string,
    server: string,
    tool: string,
    expect: { approvedHash: string; seenHash: string },
    change: PinChange,
  ): Promise<boolean>;
  secrets(owner: string): Promise<{ ref: string; last4: string; updatedAt: Date }[]>;
  sealedSecret(owner: string, ref: string): Promise<string | undefined>;
  putSecret(owner: string, ref: string, sealed: string, last4: string): Promise<boolean>;
  deleteSecret(owner: string, ref: string): Promise<{ last4: string } | undefined>;
}
