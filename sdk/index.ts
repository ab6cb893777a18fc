/** `@svc/sdk`: the typed HTTP client, flows as code, and the flow definition language. */
export { svcClient, type SvcClient, type SvcClientOptions } from './client.js';
export type { paths, components, operations } from './openapi.js';
export { flow, FlowBuilder, type FlowOptions, type StepParams } from './flow.js';
export { flowCode, flowModule } from './code.js';
export { Flow, Step, STEP_KINDS, type StepKind, validateFlow, InvalidFlowError, BUILT_IN_TOOL_NAMES } from './flows.js';
