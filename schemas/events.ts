/**
 * Every audit event the spec names. Each is published on `<prefix>.evt.<Type>` and stored as an
 * audit row; run progress and clock events are published only (they are not audit).
 */
export const AUDIT_EVENTS = [
  // attached MCP servers
  'ExternalMcpCalled',
  'ExternalMcpDiscovered',
  'ExternalMcpToolPolicyChanged',
  'ExternalMcpServerChange',
  'ExternalMcpSecretChanged',
  // flows, gates, triggers, evals
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
  // heartbeats and the operator surface
  'CrewHeartbeatChanged',
  'CrewHeartbeat',
  // the treasury indexer
  'TreasuryDeposit',
  'TreasuryOutflow',
  'TreasuryTheftSuspected',
  // an escalated spend intent resolved through svc
  'IntentResolved',
  // a command the bus ended, kept on the dead-letter stream
  'CommandDeadLettered',
  // the chain's gate (session keys issued and revoked, proposals settled or escalated)
  'SessionIssued',
  'SessionRevoked',
  'ActionExecuted',
  'IntentCreated',
] as const;
export type AuditEventType = (typeof AUDIT_EVENTS)[number];

/** Published for operators to watch, never stored as audit. */
export const PROGRESS_EVENTS = ['ClockMinute', 'RunProgress'] as const;
export type ProgressEventType = (typeof PROGRESS_EVENTS)[number];
