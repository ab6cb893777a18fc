/**
 * The ExternalMcpCalled row of one `/mcp/call` request. The row is written after the answer
 * (runtime/detached-audit.ts), so a test that reads it right after the answer waits for it,
 * found by the request id the gateway gave the call (the row's trace id).
 */
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import type { Store } from '../../store/types.js';
import { pollFor } from './poll.js';

export async function callAudit(store: Store, res: { requestId: string | null }): Promise<Record<string, any>> {
  if (!res.requestId) throw new Error('the answer carries no x-request-id');
  const row = await pollFor(
    `the ExternalMcpCalled row of request ${res.requestId}`,
    async () => (await store.em().fork().findOne(AuditEvent, { type: 'ExternalMcpCalled', traceId: res.requestId })) ?? undefined,
    { timeoutMs: 5_000, everyMs: 5 },
  );
  return row.data;
}
