/**
 * One SVC_MCP_ALLOW_HOSTS entry: `host` or `*.<domain>`, optionally `:<port>`, where `host` may be
 * written in any spelling a URL accepts (bracketed or bare IPv6, integer, hex or octal IPv4, a
 * trailing dot, upper case, a Unicode name). The host goes through the same WHATWG parser the
 * endpoint URL goes through, so an entry and a URL naming the same address compare equal
 * whatever either spelled.
 */
import { isIP } from 'node:net';

export interface HostEntry {
  readonly wildcard: boolean;
  /** Lowercase, no brackets, no trailing dot, IPv4 dotted, IPv6 compressed, names in punycode. */
  readonly host: string;
  readonly port: number | undefined;
  /** The entry as written (trimmed, lowercase), for messages and the policy view. */
  readonly text: string;
}

const NAME = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)*$/;

/** The host of a URL as compared against entries (also used for endpoint URLs). */
export function urlHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
}

/** The entry, or a sentence saying why it is not one. */
export function parseHostEntry(raw: string): HostEntry | string {
  const text = raw.trim().toLowerCase();
  const wildcard = text.startsWith('*.');
  const rest = wildcard ? text.slice(2) : text;
  // A bare IPv6 literal leaves no room for a port; bracketed, it may carry one.
  const bare6 = isIP(rest) === 6;
  const m = bare6 ? undefined : /^(.*?)(?::([0-9]{1,5}))?$/.exec(rest);
  const hostPart = bare6 ? `[${rest}]` : (m?.[1] ?? '');
  if (hostPart === '' || /[/?#@\\\s*%]/.test(hostPart)) return 'not a host';
  const port = m?.[2] === undefined ? undefined : Number(m[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return 'port out of range';
  let url: URL;
  try {
    url = new URL(`https://${hostPart}/`);
  } catch {
    return 'not a host';
  }
  if (url.port !== '' || url.pathname !== '/') return 'not a host';
  const host = urlHost(url);
  const literal = isIP(host) !== 0;
  if (!literal && !NAME.test(host)) return 'not a host';
  if (wildcard && literal) return 'a wildcard needs a domain name, not an address';
  return { wildcard, host, port, text };
}
