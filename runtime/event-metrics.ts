/**
 * Metrics read off the audit events a process records (runtime/audit.ts calls `countEvent` once
 * per event, on its first publish, never on an outbox re-send): runs by flow and what happened,
 * external MCP calls by server and outcome. Counting here keeps the flow engine and the MCP
 * actor free of metric calls and counts exactly what the audit trail says happened.
 */
import { mcpCalls, runs } from '../kernel/metrics.js';
import type { EventData } from '../schemas/events.js';

const RUN_EVENT: Record<EventData<'FlowRun'>['status'], string> = {
  running: 'started',
  waiting: 'parked',
  completed: 'completed',
  error: 'failed',
  cancelled: 'cancelled',
};

export function countEvent(type: string, data: unknown): void {
  if (type === 'FlowRun') {
    const d = data as EventData<'FlowRun'>;
    runs.inc({ flow: d.flowId, event: RUN_EVENT[d.status] ?? 'other' });
  } else if (type === 'ExternalMcpCalled') {
    const d = data as EventData<'ExternalMcpCalled'>;
    mcpCalls.observe({ server: d.server, outcome: d.outcome }, d.durationMs / 1000);
  }
}
