/**
 * What an operator tailing a prefix would read: every message published under `<prefix>.>`
 * (commands, replies, rpc requests and answers, events, dead letters), subject, headers and body,
 * plus what the prefix's streams still hold afterwards. And every spelling a credential could
 * take in such a message, so a test looks for more than the raw string.
 */
import type { Test } from 'tap';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { names } from '../../bus/subjects.js';
import { TEST_NATS_URL } from './services.js';

export interface WireTap {
  /** Every message seen so far, as `<subject> <headers> <body>` text. */
  readonly seen: string[];
  /** Waits until the server has passed on everything published before now. */
  flush(): Promise<void>;
  /** The messages the prefix's streams still hold, in the same text form. */
  stored(): Promise<string[]>;
}

const dec = new TextDecoder();
const asText = (subject: string, headers: { toString(): string } | undefined, data: Uint8Array) =>
  `${subject} ${headers?.toString() ?? ''} ${dec.decode(data)}`;

export async function tapPrefix(t: Test, prefix: string): Promise<WireTap> {
  const nc = await connect({ servers: TEST_NATS_URL });
  t.teardown(() => nc.close());
  const seen: string[] = [];
  nc.subscribe(`${prefix}.>`, { callback: (_err, m) => void seen.push(asText(m.subject, m.headers, m.data)) });
  await nc.flush();
  return {
    seen,
    flush: () => nc.flush(),
    async stored() {
      const jsm = await jetstreamManager(nc);
      const n = names(prefix);
      const out: string[] = [];
      // Read by sequence: a work-queue stream takes no second consumer, but any stream answers a get.
      for (const stream of [n.commandStream, n.eventStream, n.deadLetterStream, n.nakStream]) {
        const info = await jsm.streams.info(stream).catch(() => undefined);
        if (!info || info.state.messages === 0) continue;
        for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
          const m = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
          if (m) out.push(asText(m.subject, m.header, m.data));
        }
      }
      return out;
    },
  };
}

/**
 * Base64 of `bytes` as it reads inside a longer base64 text at each of the three byte
 * alignments, with the characters that also carry a neighbour's bits cut off both ends.
 */
function base64Runs(bytes: Buffer, encoding: 'base64' | 'base64url'): string[] {
  return [0, 1, 2].map((shift) => {
    const s = Buffer.concat([Buffer.alloc(shift), bytes])
      .toString(encoding)
      .replace(/=+$/, '');
    return s.slice([0, 2, 3][shift], s.length - 2);
  });
}

/**
 * The forms a credential could cross the wire in: as is, JSON-escaped, URL-encoded, its UTF-8
 * bytes in hex (either case), base64 and base64url at any alignment; and, for a credential that
 * is itself an encoding (`0x` hex, a `whsec_` base64url tail), the same for the bytes it encodes.
 */
export function spellings(secret: string): string[] {
  const out = new Set<string>([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
  const forms = [Buffer.from(secret, 'utf8')];
  const hex = /^(?:0x)?([0-9a-fA-F]{16,})$/.exec(secret)?.[1];
  if (hex && hex.length % 2 === 0) forms.push(Buffer.from(hex, 'hex'));
  const tail = /_([A-Za-z0-9_-]{16,})$/.exec(secret)?.[1];
  if (tail) forms.push(Buffer.from(tail, 'base64url'));
  for (const b of forms) {
    out.add(b.toString('hex'));
    out.add(b.toString('hex').toUpperCase());
    for (const run of [...base64Runs(b, 'base64'), ...base64Runs(b, 'base64url')]) out.add(run);
  }
  return [...out].filter((s) => s.length >= 8);
}

/** Each `(credential name, spelling)` found in the texts; empty when none is there. */
export function leaks(texts: readonly string[], credentials: Record<string, string>): string[] {
  const found: string[] = [];
  const all = texts.join('\n');
  for (const [name, secret] of Object.entries(credentials)) {
    for (const s of spellings(secret)) if (all.includes(s)) found.push(`${name} as ${JSON.stringify(s)}`);
  }
  return found;
}
