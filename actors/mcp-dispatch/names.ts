/** Shared with the gateway, which maps names back for a single-server endpoint. */
export * from '../../schemas/mcp-names.js';
