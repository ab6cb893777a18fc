/**
 * What a verified delivery means, independent of how it was authenticated: its event type, its
 * delivery key, the dotted-prefix event filter and the input mapping.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { InputMapping, Scheme } from '../schemas/triggers.js';
import { CODEHOST_HEADERS, firstHeader, header, type Headers } from './schemes.js';

/** A filter `<event>` matches `<event>.<action>`; `<event>.<action>` does not match bare
 * `<event>`; an undeclared type always passes; no filter passes everything. */
export function eventSelected(events: readonly string[], type: string | undefined): boolean {
  if (events.length === 0 || type === undefined) return true;
  return events.some((f) => type === f || type.startsWith(`${f}.`));
}

export function eventType(scheme: Scheme, headers: Headers, body: unknown, attributes?: Record<string, unknown>): string | undefined {
  if (scheme === 'codehost') {
    const event = firstHeader(headers, CODEHOST_HEADERS.event);
    if (!event) return undefined;
    const action = isObject(body) && typeof body.action === 'string' && body.action !== '' ? body.action : undefined;
    return action ? `${event}.${action}` : event;
  }
  if (scheme === 'pubsub') {
    const t = attributes?.eventType;
    return typeof t === 'string' && t !== '' ? t : undefined;
  }
  return undefined;
}

/** The producer's key as the delivery log holds it, or undefined when it sent none. */
export function givenKey(scheme: Scheme, headers: Headers, messageId?: unknown): string | undefined {
  const given =
    scheme === 'svc'
      ? header(headers, 'idempotency-key')
      : scheme === 'codehost'
        ? firstHeader(headers, CODEHOST_HEADERS.delivery)
        : typeof messageId === 'string' || typeof messageId === 'number'
          ? String(messageId)
          : undefined;
  if (given === undefined || given.trim() === '') return undefined;
  // Long keys are hashed to fit the column, deterministically, so redelivery still collides.
  return given.length > 200 ? `sha256:${createHash('sha256').update(given).digest('hex')}` : given;
}

/** A key for a delivery whose producer sent none: such a delivery cannot be deduped. */
export function generatedKey(): string {
  return `gen:${randomUUID()}`;
}

/** The keys a delivery's headers may carry, whatever its trigger's scheme turns out to be: those
 * of the schemes that take their key from a header (pubsub's is inside the body). */
export function headerKeys(headers: Headers): string[] {
  const keys = new Set<string>();
  for (const scheme of ['svc', 'codehost'] as const) {
    const k = givenKey(scheme, headers);
    if (k !== undefined) keys.add(k);
  }
  return [...keys];
}

/** Own properties only, arrays by index. */
export function getPath(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** The run input (a string, as runs take it). */
export function mapInput(mapping: InputMapping | null | undefined, body: unknown): string {
  if (!mapping) return typeof body === 'string' ? body : JSON.stringify(body);
  if ('path' in mapping) {
    const v = getPath(body, mapping.path);
    return v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  }
  const out: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(mapping.fields)) {
    const v = getPath(body, path);
    if (v !== undefined) out[name] = v;
  }
  return JSON.stringify(out);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export interface PubsubEnvelope {
  data: unknown;
  messageId: unknown;
  attributes: Record<string, unknown> | undefined;
}

/** `{message: {data: <base64>, messageId, attributes}}`: data decoded, parsed as JSON when it is
 * JSON, else kept as text. Undefined when the body is not an envelope. */
export function unwrapPubsub(body: unknown): PubsubEnvelope | undefined {
  if (!isObject(body) || !isObject(body.message)) return undefined;
  const msg = body.message;
  let data: unknown = undefined;
  if (typeof msg.data === 'string') {
    const text = Buffer.from(msg.data, 'base64').toString('utf8');
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  return { data, messageId: msg.messageId ?? msg.message_id, attributes: isObject(msg.attributes) ? msg.attributes : undefined };
}
