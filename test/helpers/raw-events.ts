/**
 * For tests of the transport and the outbox, not of the event contract: they publish or record
 * made-up data under any type name, which the typed `emit` and `record` would refuse to compile.
 */
import type { Bus, EmitOptions } from '../../bus/types.js';
import type { Audit } from '../../runtime/audit.js';
import type { AuditEventType, EventType } from '../../schemas/events.js';

export const emitRaw = (bus: Pick<Bus, 'emit'>, type: string, data: Record<string, unknown>, opts?: EmitOptions): Promise<void> =>
  bus.emit(type as EventType, data as never, opts);

export const recordRaw = (audit: Pick<Audit, 'record'>, type: string, data: Record<string, unknown>, traceId?: string): Promise<void> =>
  audit.record(type as AuditEventType, data as never, traceId);

/** A `FlowSaved` event's data for a flow id, for tests that need some audit event. */
export const saved = (flowId: string) => ({ flowId, trigger: 'manual', scope: { level: 'workspace' }, steps: 1, savedBy: 'operator' });
