/**
 * The webhook delivery hot path in plain parameterized SQL (the same text on PostgreSQL and
 * SQLite): the trigger with its principal's pause state in one round trip, the delivery row
 * insert whose unique (trigger id, delivery key) decides duplicates, and the `sent` mark.
 * Measured on this machine, a MikroORM `findOne` costs about 2 ms of CPU against 0.3 ms for the
 * same query through the connection, and a delivery makes several; everything else about
 * triggers goes through the entities.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { qualify } from './migrations/qualify.js';
import type { Store } from './types.js';
import type { WebhookTrigger } from './entities/WebhookTrigger.js';

export type TriggerRow = WebhookTrigger & { paused: boolean };

export interface DeliveryRow {
  id: string; triggerId: string; deliveryKey: string; status: string; reason: string | null; bytes: number;
  runId: string | null; eventType: string | null; sent: boolean; at: Date;
}

function tables(store: Store): { trigger: string; delivery: string; paused: string } {
  const schema = store.engine === 'postgres' ? (store.orm.config.get('schema') as string | undefined) : undefined;
  return { trigger: qualify(schema, 'webhook_trigger'), delivery: qualify(schema, 'webhook_delivery'), paused: qualify(schema, 'paused_agent') };
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) as T : v as T);

export async function triggerForDelivery(store: Store, id: string): Promise<TriggerRow | undefined> {
  const t = tables(store);
  const rows = await store.em().getConnection().execute<Record<string, unknown>[]>(
    `select t.*, (select count(*) from ${t.paused} p where p.seat = t.principal) as paused_count from ${t.trigger} t where t.id = ?`, [id]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id as string, flowId: r.flow_id as string, principal: r.principal as string, scheme: r.scheme as string,
    events: json<string[]>(r.events), input: r.input === null ? null : json<Record<string, unknown>>(r.input), config: r.config === null ? null : json<Record<string, unknown>>(r.config),
    sealedSecret: (r.sealed_secret as string | null) ?? null, secretVersion: Number(r.secret_version), enabled: r.enabled === true || r.enabled === 1,
    createdBy: r.created_by as string, createdAt: new Date(r.created_at as string), updatedAt: new Date(r.updated_at as string),
    paused: Number(r.paused_count) > 0,
  } as TriggerRow;
}

/** False when (triggerId, deliveryKey) is already there. */
export async function insertDelivery(store: Store, d: DeliveryRow): Promise<boolean> {
  const t = tables(store);
  const at = store.engine === 'postgres' ? d.at : d.at.getTime();
  const sent = store.engine === 'postgres' ? d.sent : (d.sent ? 1 : 0);
  try {
    await store.em().getConnection().execute(
      `insert into ${t.delivery} (id, trigger_id, delivery_key, status, reason, bytes, run_id, event_type, sent, at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [d.id, d.triggerId, d.deliveryKey, d.status, d.reason, d.bytes, d.runId, d.eventType, sent, at], 'run');
    return true;
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) return false;
    const code = (err as { code?: string }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
    throw err;
  }
}

export async function markSent(store: Store, id: string): Promise<void> {
  const t = tables(store);
  await store.em().getConnection().execute(`update ${t.delivery} set sent = ? where id = ?`, [store.engine === 'postgres' ? true : 1, id], 'run');
}
