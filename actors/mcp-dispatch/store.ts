/**
 * The mcp actor's rows, through the store's MCP repository (store/mcp/): the actor names them by
 * store, the repository decides how each engine reads and writes them.
 */
import { mcpOf, type Level, type RuleRow, type CatalogTool, type PinChange, type PinRow } from '../../store/mcp/index.js';
import type { McpServerConfig } from '../../schemas/mcp.js';
import type { Store } from '../../store/types.js';

export type { CatalogTool, Level, PinChange, PinRow, RuleRow };

export const runtimeServers = (store: Store) => mcpOf(store).runtimeServers();
export const visibleRuntimeServer = (store: Store, owner: string, id: string) => mcpOf(store).visibleRuntimeServer(owner, id);
export const putRuntimeServer = (store: Store, owner: string, config: McpServerConfig, by: string) =>
  mcpOf(store).putRuntimeServer(owner, config, by);
export const deleteRuntimeServer = (store: Store, owner: string, id: string) => mcpOf(store).deleteRuntimeServer(owner, id);
export const catalog = (store: Store, owner: string, id: string) => mcpOf(store).catalog(owner, id);
export const putCatalog = (store: Store, owner: string, id: string, tools: CatalogTool[]) => mcpOf(store).putCatalog(owner, id, tools);
export const rules = (store: Store, owner: string, server?: string) => mcpOf(store).rules(owner, server);
export const callRules = (store: Store, owner: string, server: string, tool: string) => mcpOf(store).callRules(owner, server, tool);
export const upsertRule = (store: Store, r: RuleRow, by: string) => mcpOf(store).upsertRule(r, by);
export const deleteRule = (store: Store, owner: string, server: string, tool: string, level: Level, ref: string) =>
  mcpOf(store).deleteRule(owner, server, tool, level, ref);
export const revokeAllows = (store: Store, owner: string, server: string, tools: string[]) =>
  mcpOf(store).revokeAllows(owner, server, tools);
export const pins = (store: Store, owner: string, server: string) => mcpOf(store).pins(owner, server);
export const putPin = (store: Store, pin: PinRow) => mcpOf(store).putPin(pin);
export const updatePin = (
  store: Store,
  owner: string,
  server: string,
  tool: string,
  expect: { approvedHash: string; seenHash: string },
  change: PinChange,
) => mcpOf(store).updatePin(owner, server, tool, expect, change);
export const secrets = (store: Store, owner: string) => mcpOf(store).secrets(owner);
export const sealedSecret = (store: Store, owner: string, ref: string) => mcpOf(store).sealedSecret(owner, ref);
export const putSecret = (store: Store, owner: string, ref: string, sealed: string, last4: string) =>
  mcpOf(store).putSecret(owner, ref, sealed, last4);
export const deleteSecret = (store: Store, owner: string, ref: string) => mcpOf(store).deleteSecret(owner, ref);
