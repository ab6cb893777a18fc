/**
 * The egress policy: where an attached server may live. Checked at attach, at boot restore and
 * again before every call (never trusted from attach time). A refusal is a 403
 * `mcp_egress_refused:<rule>` whose message says which rule refused. Host names are resolved
 * through an injected resolver and every answer is classified too (a private answer is refused).
 */
import { lookup } from 'node:dns/promises';
import { AppError } from '../../schemas/errors.js';
import type { EgressPolicyView, McpServerConfig, McpSettings } from '../../schemas/mcp.js';
import { EnvSchema } from '../../schemas/config.js';
import { parseHostEntry, urlHost, type HostEntry } from '../../kernel/host-entry.js';
import { classifyAddress, isLoopbackName } from './ip.js';

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export interface EgressPolicy {
  readonly hosted: boolean;
  readonly stdio: boolean;
  /** null: any public host. */
  readonly allowHosts: readonly HostEntry[] | null;
  readonly loopback: boolean;
  /** null: any env var name on a runtime attach. */
  readonly allowEnv: readonly string[] | null;
  /**
   * URLs that passed this policy's static checks (checkUrl): they are a pure function of the
   * policy (built once from config, never changed) and the URL text, and cost ~20 µs per check,
   * twice per call. What this decides for a host name is only that it may be resolved: the DNS
   * answer is still resolved and classified before every request (resolveChecked), never taken
   * from here. A policy written out by hand has none and checks every time.
   */
  readonly passed?: Map<string, CheckedUrl>;
}

export type EgressRule =
  | 'stdio_refused'
  | 'bad_url'
  | 'https_required'
  | 'embedded_credential'
  | 'private_address'
  | 'loopback_refused'
  | 'no_allowlist'
  | 'host_not_allowlisted'
  | 'env_not_allowed'
  | 'env_reserved'
  | 'private_dns_answer'
  | 'stdio_operator_only';

export function refuse(rule: EgressRule, message: string): AppError {
  return new AppError('mcp_egress_refused', { detail: rule, message: `egress policy (${rule}): ${message}` });
}

export function egressPolicy(s: McpSettings): EgressPolicy {
  // Config refused any entry that does not parse (runtime/config.ts).
  const hosts = s.allowHosts?.map((h) => parseHostEntry(h)).filter((h): h is HostEntry => typeof h !== 'string');
  return {
    hosted: s.hosted,
    stdio: s.hosted ? s.allowStdio === true : s.allowStdio !== false,
    allowHosts: hosts && hosts.length > 0 ? hosts : null,
    loopback: s.hosted ? s.allowLoopback : true,
    allowEnv: s.allowEnv !== undefined ? s.allowEnv : s.hosted ? [] : null,
    passed: new Map(),
  };
}

export function describePolicy(p: EgressPolicy): EgressPolicyView {
  const notes: string[] = [];
  if (p.hosted && p.allowHosts === null) notes.push('hosted mode with no SVC_MCP_ALLOW_HOSTS: no http host is reachable');
  if (!p.stdio) notes.push('stdio servers are refused');
  if (!p.loopback) notes.push('loopback and plain http are refused');
  notes.push('private and link-local addresses are refused in every mode, including DNS answers');
  for (const u of unreachableEntries(p)) notes.push(`SVC_MCP_ALLOW_HOSTS entry ${u.entry} can never be reached (${u.rule})`);
  return {
    mode: p.hosted ? 'hosted' : 'self-host',
    stdio: p.stdio,
    allowHosts: p.allowHosts === null ? null : p.allowHosts.map((h) => h.text),
    loopback: p.loopback,
    allowEnv: p.allowEnv === null ? null : [...p.allowEnv],
    notes,
  };
}

/** Variables the orchestrator reads as its own config (its tokens, keys, database and bus URLs). */
const RESERVED = new Set(Object.keys(EnvSchema.properties));

/** The orchestrator's own environment is never passed on to a server, whoever asks: an operator
 * who shares a credential names its variable, one by one. */
export function reservedEnv(name: string): boolean {
  return name.startsWith('SVC_') || RESERVED.has(name);
}

function envAllowed(list: readonly string[] | null, name: string): boolean {
  if (list === null) return true;
  return list.some((e) => (e.endsWith('_*') ? name.startsWith(e.slice(0, -1)) : e === name));
}

function hostMatches(e: HostEntry, host: string, port: number): boolean {
  if (e.port !== undefined && e.port !== port) return false;
  return e.wildcard ? host.endsWith(`.${e.host}`) : host === e.host;
}

/**
 * Allowlist entries no URL can ever pass: private, link-local and other non-public literals
 * (refused in every mode), and loopback ones where loopback is refused. Names are not resolved
 * here: what they answer is checked before every call.
 */
export function unreachableEntries(p: EgressPolicy): { entry: string; rule: EgressRule }[] {
  const out: { entry: string; rule: EgressRule }[] = [];
  for (const e of p.allowHosts ?? []) {
    const cls = e.wildcard ? undefined : classifyAddress(e.host);
    const loopback = cls === 'loopback' || (cls === undefined && isLoopbackName(e.wildcard ? `x.${e.host}` : e.host));
    if (cls !== undefined && cls !== 'public' && cls !== 'loopback') out.push({ entry: e.text, rule: 'private_address' });
    else if (loopback && !p.loopback) out.push({ entry: e.text, rule: 'loopback_refused' });
  }
  return out;
}

export interface CheckedUrl {
  readonly url: URL;
  /** The host as connected to: lowercase, no brackets, no trailing dot. */
  readonly host: string;
  readonly port: number;
  /** An IP literal (no resolution needed) or a name to resolve. */
  readonly literal: boolean;
}

const PASSED_MAX = 256;

/** Static checks of one URL (the endpoint, or a redirect target), remembered by the policy. */
export function checkUrl(p: EgressPolicy, raw: string): CheckedUrl {
  const hit = p.passed?.get(raw);
  if (hit !== undefined) return hit;
  const checked = checkUrlNow(p, raw);
  if (p.passed) {
    if (p.passed.size >= PASSED_MAX) p.passed.clear();
    p.passed.set(raw, checked);
  }
  return checked;
}

function checkUrlNow(p: EgressPolicy, raw: string): CheckedUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('bad_url', 'the url does not parse');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('https_required', `scheme ${url.protocol} is not http(s)`);
  if (url.username !== '' || url.password !== '') throw refuse('embedded_credential', 'a url may not embed a user or password; use auth');
  const host = urlHost(url);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const cls = classifyAddress(host);
  const loopback = cls === 'loopback' || (cls === undefined && isLoopbackName(host));
  if (cls !== undefined && cls !== 'public' && cls !== 'loopback')
    throw refuse('private_address', `${cls} addresses are never reachable, even when allowlisted`);
  if (loopback) {
    if (!p.loopback) throw refuse('loopback_refused', 'loopback is refused in hosted mode unless SVC_MCP_ALLOW_LOOPBACK=1');
    return { url, host, port, literal: cls !== undefined };
  }
  if (url.protocol !== 'https:') throw refuse('https_required', 'plain http is allowed only to loopback');
  if (p.allowHosts === null) {
    if (p.hosted) throw refuse('no_allowlist', 'hosted mode reaches only SVC_MCP_ALLOW_HOSTS, and none is set');
  } else if (!p.allowHosts.some((e) => hostMatches(e, host, port))) {
    throw refuse('host_not_allowlisted', `${host}:${port} is not in SVC_MCP_ALLOW_HOSTS`);
  }
  return { url, host, port, literal: cls !== undefined };
}

/** Classifies one DNS answer for `host`. */
export function checkAnswer(p: EgressPolicy, host: string, address: string): void {
  const cls = classifyAddress(address);
  if (cls === 'public') return;
  if (cls === 'loopback' && p.loopback) return;
  throw refuse('private_dns_answer', `${host} resolves to a ${cls ?? 'unparsable'} address`);
}

/** Resolves a name and refuses when any answer is not allowed; returns the answers in order. */
export async function resolveChecked(p: EgressPolicy, resolver: Resolver, host: string): Promise<{ address: string; family: number }[]> {
  const answers = await resolver(host);
  if (answers.length === 0) throw refuse('private_dns_answer', `${host} has no address`);
  for (const a of answers) checkAnswer(p, host, a.address);
  return answers;
}

/**
 * Who a server config is checked for. `boot`: SVC_MCP_SERVERS, written by the operator.
 * `operator`: a runtime attach in the operator's scope (no owner). `workspace`: a runtime attach
 * owned by a workspace, which may read only SVC_MCP_ALLOW_ENV names (unset means none, in every
 * mode) and may not start a stdio child at all: a child runs as the orchestrator's user and could
 * read the orchestrator's environment from /proc whatever `env` says.
 */
export type Attacher = 'boot' | 'operator' | 'workspace';

/** Everything about a server config that can be checked without the network. */
export function checkServer(p: EgressPolicy, s: McpServerConfig, by: Attacher): void {
  if (s.transport === 'stdio') {
    if (!p.stdio)
      throw refuse(
        'stdio_refused',
        p.hosted
          ? 'stdio servers are refused in hosted mode unless SVC_MCP_ALLOW_STDIO=1'
          : 'stdio servers are refused (SVC_MCP_ALLOW_STDIO=0)',
      );
    if (by === 'workspace')
      throw refuse('stdio_operator_only', 'a stdio server runs code as the orchestrator: only the operator may attach one');
  } else {
    checkUrl(p, s.url ?? '');
  }
  const names = [...(s.env ?? []), ...(s.auth?.kind === 'bearer' ? [s.auth.tokenEnv] : [])];
  for (const n of names)
    if (reservedEnv(n)) throw refuse('env_reserved', `${n} is the orchestrator's own configuration and is never passed on`);
  if (by === 'boot') return;
  const list = by === 'workspace' ? (p.allowEnv ?? []) : p.allowEnv;
  for (const n of names) if (!envAllowed(list, n)) throw refuse('env_not_allowed', `${n} is not in SVC_MCP_ALLOW_ENV`);
}

/** The attacher a stored or attached server is checked as: its owner decides, never the request. */
export function attacherOf(t: { owner: string; runtime: boolean }): Attacher {
  return !t.runtime ? 'boot' : t.owner === '' ? 'operator' : 'workspace';
}

/**
 * The attach-time half of the DNS rule (a host name is resolved before connecting, and a
 * non-public answer is refused): an http endpoint named by host is resolved through the same
 * resolver calls use, and a private answer refuses the attach (403) instead of storing a server
 * every call would refuse. A name that does not resolve at all is left to discovery to report.
 */
export async function checkEndpointAnswers(p: EgressPolicy, resolver: Resolver, s: McpServerConfig): Promise<void> {
  if (s.transport !== 'http') return;
  const checked = checkUrl(p, s.url ?? '');
  if (checked.literal) return;
  let answers: { address: string }[];
  try {
    answers = await resolver(checked.host);
  } catch {
    return;
  }
  for (const a of answers) checkAnswer(p, checked.host, a.address);
}
