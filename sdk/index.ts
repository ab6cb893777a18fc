/** `svc/sdk`: the typed HTTP client and flows as code. */
export { svcClient, type SvcClient, type SvcClientOptions } from './client.js';
export type { paths, components, operations } from './openapi.js';
export { flow, FlowBuilder, type FlowOptions, type StepParams } from './flow.js';
export { flowCode, flowModule } from './code.js';
export type { Flow, Step, StepKind } from '../schemas/flows.js';
