/**
 * Flow definitions and the run states around them. The definition language itself (the `Flow`
 * TypeBox schema, its steps and kinds) belongs to the SDK package, which a builder or a client
 * installs without the server; it is re-exported here so server code names one module.
 */
export {
  Flow,
  FlowScope,
  Step,
  STEP_KINDS,
  MAX_TEMPLATE,
  ModelStep,
  ToolStep,
  GateStep,
  BranchStep,
  SwitchStep,
  AgentStep,
  OrgStep,
  BudgetStep,
  GovernanceStep,
  HumanOption,
  HumanStep,
  WaitStep,
  type StepKind,
} from '@svc/sdk/flows';

export const RUN_STATUSES = ['running', 'waiting', 'completed', 'error', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const WAITING_REASONS = ['awaiting_human', 'awaiting_webhook', 'human_gate', 'connector_ask', 'awaiting_child', 'operator'] as const;
export type WaitingReason = (typeof WAITING_REASONS)[number];
export type RunTrigger = 'manual' | 'epoch' | 'cron' | 'webhook' | 'heartbeat';
export type Verdict = 'ALLOW' | 'ESCALATE' | 'DENY';
