/**
 * Every entity the store knows, in one list: `openStore` registers exactly these. To add an
 * entity, create its file here, append it below and write a migration for it.
 */
import { AuditEvent } from './AuditEvent.js';
import { ChainIntent } from './ChainIntent.js';
import { RootChallenge } from './RootChallenge.js';
import { AuditOutbox } from './AuditOutbox.js';
import { ChainCursor } from './ChainCursor.js';
import { ChainLog } from './ChainLog.js';
import { ChainSend } from './ChainSend.js';
import { ChainSession } from './ChainSession.js';
import { Claim } from './Claim.js';
import { FlowAttempt } from './FlowAttempt.js';
import { FlowCheckpoint } from './FlowCheckpoint.js';
import { FlowDefinition } from './FlowDefinition.js';
import { FlowRun } from './FlowRun.js';
import { FlowWait } from './FlowWait.js';
import { GateQuestion } from './GateQuestion.js';
import { Heartbeat } from './Heartbeat.js';
import { HeartbeatTick } from './HeartbeatTick.js';
import { InferenceBudget } from './InferenceBudget.js';
import { Message } from './Message.js';
import { ModelCall } from './ModelCall.js';
import { McpCatalog } from './McpCatalog.js';
import { McpRule } from './McpRule.js';
import { McpSecret } from './McpSecret.js';
import { McpServer } from './McpServer.js';
import { McpToolPin } from './McpToolPin.js';
import { PausedAgent } from './PausedAgent.js';
import { RateWindow } from './RateWindow.js';
import { WaitEvent } from './WaitEvent.js';
import { WebhookDelivery } from './WebhookDelivery.js';
import { WebhookTrigger } from './WebhookTrigger.js';

export { AuditEvent } from './AuditEvent.js';
export { AuditOutbox } from './AuditOutbox.js';
export { ChainCursor } from './ChainCursor.js';
export { ChainLog } from './ChainLog.js';
export { ChainSend } from './ChainSend.js';
export { ChainSession } from './ChainSession.js';
export { Claim } from './Claim.js';
export { FlowAttempt } from './FlowAttempt.js';
export { FlowCheckpoint } from './FlowCheckpoint.js';
export { FlowDefinition } from './FlowDefinition.js';
export { FlowRun } from './FlowRun.js';
export { FlowWait } from './FlowWait.js';
export { GateQuestion } from './GateQuestion.js';
export { Heartbeat } from './Heartbeat.js';
export { HeartbeatTick } from './HeartbeatTick.js';
export { InferenceBudget } from './InferenceBudget.js';
export { Message } from './Message.js';
export { ModelCall } from './ModelCall.js';
export { McpCatalog } from './McpCatalog.js';
export { McpRule } from './McpRule.js';
export { ChainIntent } from './ChainIntent.js';
export { RootChallenge } from './RootChallenge.js';
export { McpSecret } from './McpSecret.js';
export { McpServer } from './McpServer.js';
export { McpToolPin } from './McpToolPin.js';
export { PausedAgent } from './PausedAgent.js';
export { WaitEvent } from './WaitEvent.js';
export { WebhookDelivery } from './WebhookDelivery.js';
export { WebhookTrigger } from './WebhookTrigger.js';

export const entities = [
  AuditEvent,
  AuditOutbox,
  Claim,
  GateQuestion,
  Message,
  ModelCall,
  FlowDefinition,
  FlowRun,
  FlowCheckpoint,
  FlowAttempt,
  McpServer,
  McpCatalog,
  McpRule,
  McpSecret,
  McpToolPin,
  WebhookTrigger,
  WebhookDelivery,
  PausedAgent,
  FlowWait,
  WaitEvent,
  Heartbeat,
  HeartbeatTick,
  ChainCursor,
  ChainLog,
  ChainSession,
  ChainSend,
  ChainIntent,
  InferenceBudget,
  RootChallenge,
  RateWindow,
];
