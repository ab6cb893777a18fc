/**
 * `@svc/sdk/flows`: the flow definition language alone (the `Flow` schema, its validation, the
 * template syntax, the first-party tool names), without the HTTP client. The server imports this
 * entry, so the rules it enforces are the rules a builder checks.
 */
export * from './schema.js';
export { validateFlow, explicitEdges, fallsThrough, MIN_HUMAN_TIMEOUT_MS } from './validate.js';
export { InvalidFlowError } from './errors.js';
export { TEMPLATE_REFERENCE, literalPart } from './template.js';
export { BUILT_IN_TOOL_NAMES, isKnownSvcTool, type SvcToolName } from './svc-tools.js';
export { ID_PATTERN, TOKEN_PATTERN, IdString, IdToken } from './text.js';
