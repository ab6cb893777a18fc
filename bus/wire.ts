/**
 * What both transports must agree on byte for byte: header names, the JSON codec, how an error
 * crosses the bus, and the delivery limits. Keeping them here means the embedded bus cannot
 * drift from the JetStream one in some small detail a test would never catch.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError, fromWire, isAppError, type ErrorBody } from '../schemas/errors.js';
import { jsonHoldsNul, nulRefused } from '../schemas/text.js';
import type { ActorName, Names } from './subjects.js';

export const HEADERS = {
  /** JetStream's own dedupe header; the embedded broker honours the same key. */
  msgId: 'Nats-Msg-Id',
  trace: 'Svc-Trace-Id',
  /** Inbox a `call()` waits on; a plain header because JetStream keeps no reply subject. */
  replyTo: 'Svc-Reply-To',
  /** Marks a reply body as an ErrorBody, so a handler may return any JSON without ambiguity. */
  error: 'Svc-Error',
  /** An empty message an rpc answerer sends to the caller's inbox while it works (jetstream.ts). */
  working: 'Svc-Working',
} as const;

/** JetStream's default duplicate window; the clock's once-per-window claim relies on it. */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;
export const MAX_DELIVER = 10;
export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;
export const DEFAULT_CONCURRENCY = 16;

export const DEFAULT_RETRY_CAP_MS = 30_000;

/** Retry sooner at first, then back off (up to `capMs`) so a poison command cannot spin a worker
 * and an outage is not hammered; an outage is retried at the cap for as long as it lasts. */
export function backoffWithCap(capMs: number): (deliveryCount: number) => number {
  const base = Math.min(500, capMs);
  return (deliveryCount) => Math.min(base * 2 ** Math.max(0, Math.min(deliveryCount - 1, 30)), capMs);
}

export const defaultBackoffMs = backoffWithCap(DEFAULT_RETRY_CAP_MS);

const enc = new TextEncoder();
const dec = new TextDecoder();

export function encode(value: unknown): Uint8Array {
  return value === undefined ? new Uint8Array(0) : enc.encode(JSON.stringify(value));
}

/** Throws on malformed JSON: a command we cannot read must never look like an empty one. */
export function decode(data: Uint8Array): unknown {
  if (data.length === 0) return undefined;
  return JSON.parse(dec.decode(data)) as unknown;
}

export function newTraceId(): string {
  return randomUUID().replace(/-/g, '');
}

export function newId(): string {
  return randomUUID();
}

/** Only AppErrors say something a caller may see; anything else becomes a generic 500. */
export function toWireError(err: unknown): ErrorBody {
  return isAppError(err) ? err.toResponseObject() : new AppError('internal_error').toResponseObject();
}

export function isErrorBody(v: unknown): v is ErrorBody {
  return typeof v === 'object' && v !== null && typeof (v as ErrorBody).error === 'string' && typeof (v as ErrorBody).message === 'string';
}

/** The verb is everything after `<prefix>.cmd.<actor>.`; verbs may themselves contain dots. */
export function verbOf(names: Names, actor: ActorName, subject: string): string {
  const head = names.command(actor, '');
  return subject.startsWith(head) ? subject.slice(head.length) : subject;
}

/** NATS matches whole tokens only, so `Flow*` would silently match nothing; refuse it instead. */
export function checkTailFilter(filter: string): void {
  if (filter === '' || filter === '>') return;
  const tokens = filter.split('.');
  tokens.forEach((t, i) => {
    const bad = t === '' || ((t.includes('*') || t.includes('>')) && t !== '*' && t !== '>') || (t === '>' && i !== tokens.length - 1);
    if (bad) throw new AppError('invalid_request', { detail: 'filter', message: `not a valid subject filter: ${filter}` });
  });
}

export function timeoutError(what: string, ms: number): AppError {
  return new AppError('command_timeout', { message: `no answer to ${what} within ${ms} ms` });
}

export function unavailable(message: string, cause?: unknown): AppError {
  return new AppError('bus_unavailable', { message, cause });
}

/**
 * A first connection that failed, saying which settings to look at: the server refused the
 * credentials, TLS could not be set up, or something else (the client's own words either way;
 * they never carry a credential).
 */
export function connectFailed(err: unknown): AppError {
  const said = errorText(err);
  const kind = settingsFailure(err);
  if (kind === 'credentials')
    return unavailable(
      `NATS refused the credentials (${said}): check NATS_CREDS, NATS_NKEY_SEED, NATS_TOKEN or NATS_USER/NATS_PASSWORD`,
      err,
    );
  if (kind === 'tls')
    return unavailable(`cannot set up TLS to NATS (${said}): check NATS_TLS_CA, NATS_TLS_CERT/NATS_TLS_KEY and the URL`, err);
  return unavailable(`cannot connect to NATS (${said})`, err);
}

/** A failure that waiting will not cure (refused credentials, an untrusted or missing TLS setup),
 * as opposed to a server that is not there yet. */
export function settingsFailure(err: unknown): 'credentials' | 'tls' | undefined {
  const e = err as { name?: unknown; code?: unknown } | undefined;
  if (e?.name === 'AuthorizationError' || e?.name === 'UserAuthenticationExpiredError') return 'credentials';
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/CERT|TLS|SSL/.test(code) || /\b(tls|certificate)\b/i.test(errorText(err))) return 'tls';
  return undefined;
}

export function errorText(err: unknown): string {
  const m = (err as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' && m !== '' ? m : String(err);
}

/** Rejects with `onTimeout()` unless `p` settles first. */
export function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(onTimeout()), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => {
    const t = setTimeout(r, ms);
    t.unref?.();
  });
}

/** A reply body as the caller sees it: the handler's value, or its AppError rethrown. */
export function readReply<R>(body: Uint8Array, isError: boolean): R {
  const value = decode(body);
  if (isError) throw fromWire(isErrorBody(value) ? value : { error: 'internal_error', message: 'malformed error reply' });
  return value as R;
}

/** Runs one `serve` handler and shapes its outcome for the wire; never throws. */
export async function answerRequest(
  handler: (payload: never, traceId: string) => Promise<unknown>,
  body: Uint8Array,
  traceId: string,
  log: Logger,
): Promise<{ body: Uint8Array; isError: boolean }> {
  // Refused before the handler, as a command is (consumer.ts).
  if (jsonHoldsNul(body)) return { body: encode(nulRefused('the request payload').toResponseObject()), isError: true };
  let payload: unknown;
  try {
    payload = decode(body);
  } catch {
    return { body: encode(new AppError('invalid_json').toResponseObject()), isError: true };
  }
  try {
    // The payload was read from the wire; the handler checks it against its verb (bus/verbs.ts).
    return { body: encode(await (handler as (payload: unknown, traceId: string) => Promise<unknown>)(payload, traceId)), isError: false };
  } catch (err) {
    if (!isAppError(err)) log.error({ err, traceId }, 'rpc handler failed');
    return { body: encode(toWireError(err)), isError: true };
  }
}

/** The first command with a msgId owns the reply; a duplicate `call()` has nothing to wait for. */
export function duplicateCall(actor: string, verb: string): AppError {
  return new AppError('conflict', { detail: 'duplicate_command', message: `a command ${actor}.${verb} with this msgId was already sent` });
}
