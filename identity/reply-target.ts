/**
 * Reply targets for chat bridges. A question posted in a thread carries a reply target: its
 * question id and thread, signed with the channel key (SVC_CHANNEL_SECRET, or a key derived from
 * SVC_SESSION_KEY). A bridge relays the question to a chat channel with its target and hands the
 * target back with each chat reply; the reply answers only the question the target names, and a
 * target that does not verify (edited, made up, signed by another key) is refused. Without a key
 * nothing is signed and every chat reply is refused: an unsigned target would let a chat message
 * choose which question it answers.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../schemas/errors.js';

const PREFIX = 'rt1';

export interface ReplyTarget {
  readonly questionId: string;
  readonly thread: string;
}

type Key = { readonly key: Buffer } | undefined;

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`${PREFIX}.${payload}`).digest();
}

/** `rt1.<payload>.<mac>`, both base64url; undefined without a key. */
export function signReplyTarget(channel: Key, target: ReplyTarget): string | undefined {
  if (!channel) return undefined;
  const payload = Buffer.from(JSON.stringify({ q: target.questionId, t: target.thread })).toString('base64url');
  return `${PREFIX}.${payload}.${mac(channel.key, payload).toString('base64url')}`;
}

export function verifyReplyTarget(channel: Key, token: string): ReplyTarget {
  if (!channel)
    throw new AppError('chat_reply_unsigned', {
      message: 'replies from chat are refused: neither SVC_CHANNEL_SECRET nor SVC_SESSION_KEY is set, so no reply target can be verified',
    });
  const invalid = () =>
    new AppError('chat_reply_target_invalid', { message: 'the reply target does not verify; the reply was not stored' });
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) throw invalid();
  const [, payload, sig] = parts as [string, string, string];
  const given = Buffer.from(sig, 'base64url');
  const want = mac(channel.key, payload);
  if (given.length !== want.length || !timingSafeEqual(given, want)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { q, t } = (parsed ?? {}) as { q?: unknown; t?: unknown };
  if (typeof q !== 'string' || typeof t !== 'string' || q === '' || t === '') throw invalid();
  return { questionId: q, thread: t };
}
