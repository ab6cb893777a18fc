/**
 * The store's public face: open it, claim windows, write and count the audit trail. Entities
 * are exported for code that queries them through `store.em()`.
 */
export type { Engine, Store, StoreOptions } from './types.js';
export { openStore } from './orm.js';
export { claimWindow, holdLease, keepClaim, releaseClaim } from './claims.js';
export { auditOf, type AuditInput, type AuditRepository, type StoredAudit } from './audit/index.js';
export { entities, AuditEvent, AuditOutbox, ChainCursor, ChainLog, Claim } from './entities/index.js';
export { runsOf, type RunRepository } from './runs/index.js';
export { mcpOf, type McpRepository } from './mcp/index.js';
export { triggersOf, type TriggerRepository } from './triggers/index.js';
export { deliveriesOf, type DeliveryRepository } from './deliveries/index.js';
export { gatesOf, type GateRepository } from './gates/index.js';
export { modelCallsOf, type ModelCallLedger } from './model-calls.js';
export { heartbeatsOf, type HeartbeatRepository } from './heartbeats/index.js';
export { chainSessionsOf, type ChainSessionRepository } from './chain-sessions/index.js';
export { chainIndexOf, type ChainIndexRepository, type IndexedLog } from './chain-index/index.js';
export { chainIntentsOf, type ChainIntentRepository } from './chain-intents/index.js';
