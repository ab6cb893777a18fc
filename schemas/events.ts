/**
 * Every audit event the spec names. Each is published on `<prefix>.evt.<Type>` and stored as an
 * audit row; run progress and clock events are published only (they are not audit).
 */
export const AUDIT_EVENTS = [
  // spec 000: attached MCP servers
  'ExternalMcpCalled',
  'ExternalMcpDiscovered',
  'ExternalMcpToolPolicyChanged',
  'ExternalMcpServerChange',
  'ExternalMcpSecretChanged',
  // spec 001: flows, gates, triggers, evals
  'FlowSaved',
  'FlowRun',
  'FlowRunLifecycle',
  'WebhookTriggerChanged',
  'WebhookDelivery',
  'HumanGateOpened',
  'HumanGateResolved',
  'HumanGateTimedOut',
  'HumanGateUnresolved',
  'FlowEvalRun',
  // spec 002: heartbeats and the operator surface
  'CrewHeartbeatChanged',
  'CrewHeartbeat',
  // spec 002 / CHAIN.md §6: the treasury indexer
  'TreasuryDeposit',
  'TreasuryOutflow',
  'TreasuryTheftSuspected',
  // issue 19: an escalated spend intent resolved through svc
  'IntentResolved',
  // issue 14: a command the bus ended, kept on the dead-letter stream
  'CommandDeadLettered',
  // issue 19: the chain's gate (session keys issued and revoked, proposals settled or escalated)
  'SessionIssued',
  'SessionRevoked',
  'ActionExecuted',
  'IntentCreated',
] as const;
export type AuditEventType = (typeof AUDIT_EVENTS)[number];

/** Published for operators to watch, never stored as audit. */
export const PROGRESS_EVENTS = ['ClockMinute', 'RunProgress'] as const;
export type ProgressEventType = (typeof PROGRESS_EVENTS)[number];
