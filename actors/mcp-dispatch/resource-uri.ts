/** Shared with the gateway, which maps URIs back for a single-server endpoint. */
export * from '../../schemas/mcp-uri.js';
