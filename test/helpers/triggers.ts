/**
 * Helpers for the trigger tests: save a flow row directly (the trigger layer only reads
 * FlowDefinition), mint a trigger over HTTP, sign and post svc deliveries.
 */
import { randomUUID } from 'node:crypto';
import { FlowDefinition } from '../../store/entities/FlowDefinition.js';
import type { Store } from '../../store/types.js';
import { signSvc } from '../../ingress/schemes.js';

export const FLOW_STEPS = [{ id: 'check', kind: 'branch', input: '{{input}}', op: 'truthy', onTrue: null, onFalse: null }];

export async function saveFlow(
  store: Store,
  id: string,
  trigger: 'webhook' | 'cron' | 'epoch' | 'manual',
  schedule?: string,
  savedBy = 'operator',
  scope: { level: string; ref?: string } = { level: 'org' },
): Promise<void> {
  const now = new Date();
  const definition: Record<string, unknown> = { id, title: id, trigger, steps: FLOW_STEPS, scope, ...(schedule ? { schedule } : {}) };
  await store.em().upsert(FlowDefinition, {
    id,
    title: id,
    trigger,
    scopeLevel: scope.level,
    scopeRef: scope.ref ?? null,
    definition,
    savedBy,
    createdAt: now,
    updatedAt: now,
  });
}

export interface Minted {
  trigger: { id: string; secretVersion: number; scheme: string; enabled: boolean; hookPath: string };
  secret: string;
  secretShownOnce: true;
}

export async function json(
  url: string,
  method: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: any; text: string }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}

export async function mint(url: string, body: Record<string, unknown>, token?: string): Promise<Minted> {
  const res = await json(`${url}/flows/triggers`, 'POST', body, token);
  if (res.status !== 200) throw new Error(`mint failed: ${res.status} ${res.text}`);
  return res.body as Minted;
}

export function svcHeaders(secret: string, raw: string, opts: { ts?: number; key?: string } = {}): Record<string, string> {
  const ts = opts.ts ?? Math.floor(Date.now() / 1000);
  return {
    'content-type': 'application/json',
    'x-svc-timestamp': String(ts),
    'x-svc-signature': signSvc(secret, ts, raw),
    'idempotency-key': opts.key ?? randomUUID(),
  };
}

export async function post(
  url: string,
  raw: string | Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(url, { method: 'POST', headers, body: typeof raw === 'string' ? raw : new Uint8Array(raw) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}
