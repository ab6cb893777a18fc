/**
 * Classifies IP addresses for the egress policy. Every spelling of an address must land in the
 * same class: dotted, decimal, hex or octal IPv4 (`167772161`, `0x0a.0.0.1`, `012.0.0.1`), a
 * trailing dot, and IPv6 forms that embed or tunnel to an IPv4 address (`::ffff:10.0.0.1`,
 * `::ffff:0:a00:1`, NAT64 and local-use NAT64, 6to4, Teredo).
 */
import { isIP } from 'node:net';

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'multicast' | 'reserved';

/** Parses an IPv4 literal the way inet_aton (and the WHATWG URL parser) does; undefined if it is not one. */
export function parseIPv4(host: string): number | undefined {
  const h = host.replace(/\.$/, '');
  const parts = h.split('.');
  if (parts.length === 0 || parts.length > 4) return undefined;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = Number(p);
    else return undefined;
    if (!Number.isFinite(n)) return undefined;
    nums.push(n);
  }
  const last = nums.pop()!;
  if (nums.some((n) => n > 255)) return undefined;
  if (last >= 256 ** (4 - nums.length)) return undefined;
  let value = 0;
  nums.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return value + last;
}

function v4class(v: number): AddressClass {
  const a = Math.floor(v / 2 ** 24);
  const b = Math.floor(v / 2 ** 16) % 256;
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b < 128)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224 && a < 240) return 'multicast';
  if (a >= 240) return 'reserved';
  const c = Math.floor(v / 256) % 256;
  if (
    (a === 192 && b === 0 && c === 0) ||
    (a === 192 && b === 0 && c === 2) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  )
    return 'reserved';
  return 'public';
}

/** Eight 16-bit groups of an IPv6 literal (brackets, zone id and an embedded dotted quad allowed). */
export function parseIPv6(host: string): number[] | undefined {
  let h = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(h) !== 6) return undefined;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (dotted) {
    const v = parseIPv4(dotted[1]!);
    if (v === undefined) return undefined;
    h = h.slice(0, -dotted[1]!.length) + `${Math.floor(v / 65536).toString(16)}:${(v % 65536).toString(16)}`;
  }
  const [head, tail] = h.includes('::') ? (h.split('::') as [string, string]) : [h, undefined];
  const hp = head ? head.split(':') : [];
  const tp = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - hp.length - tp.length;
  const groups = [...hp, ...Array<string>(fill).fill('0'), ...tp].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

function v6class(g: number[]): AddressClass {
  // A translated form reaches the embedded IPv4 address through a gateway elsewhere, never this
  // host's loopback, so an embedded 127.x is refused rather than let through as loopback.
  const translated = (hi: number, lo: number): AddressClass => {
    const c = v4class(hi * 65536 + lo);
    return c === 'loopback' ? 'reserved' : c;
  };
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return 'unspecified';
  if (zeros(7) && g[7] === 1) return 'loopback';
  if (zeros(5) && g[5] === 0xffff) return v4class(g[6]! * 65536 + g[7]!); // IPv4-mapped: the socket really goes to that IPv4 address
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return translated(g[6]!, g[7]!); // IPv4-translated ::ffff:0:0/96
  if (zeros(6)) return translated(g[6]!, g[7]!); // IPv4-compatible (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b) {
    if (g.slice(2, 6).every((x) => x === 0)) return translated(g[6]!, g[7]!); // NAT64 well-known prefix 64:ff9b::/96
    return 'private'; // 64:ff9b:1::/48 local-use NAT64 (RFC 8215) and the rest of 64:ff9b::/32
  }
  if (g[0] === 0x2002) return translated(g[1]!, g[2]!); // 6to4
  if (g[0] === 0x2001 && g[1] === 0) return 'reserved'; // Teredo 2001::/32: tunnels to an (obfuscated) IPv4 address
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return 'reserved'; // discard-only 100::/64
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'reserved';
  return 'public';
}

/** The class of an IP literal, or undefined when `host` is a name rather than an address. */
export function classifyAddress(host: string): AddressClass | undefined {
  const v4 = parseIPv4(host);
  if (v4 !== undefined) return v4class(v4);
  const v6 = parseIPv6(host);
  return v6 === undefined ? undefined : v6class(v6);
}

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761), whatever DNS says. */
export function isLoopbackName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}
