/**
 * Revoking and rotating one session key (`POST /sessions/revoke`, `POST /sessions/rotate`), sent
 * with the issuer key (else the root's). Authorization is the caller's: the gateway checks the
 * root proof (or a containment flag, for revokes only) before it calls these.
 *
 * Rotation reads the retired key's bounds from the chain (agent, scopes, maxValue, pinned
 * targets, expiry, its own window and rate limit) and re-issues them, each one equal or narrower
 * as the request asks: never wider, never a later expiry. A dead key (revoked or expired) has
 * nothing to rotate, and a key revoked by containment is refused by name: containment is undone
 * by a fresh issue after an unpause, never by re-issuing the contained key.
 */
import { getAddress, type Address } from 'viem';
import { SessionRegistry } from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';
import { chainSessionsOf } from '../../store/chain-sessions/index.js';
import type { Store } from '../../store/types.js';
import type { ChainBinding } from './binding.js';
import type { CurrentBinding } from './current.js';
import { chainFailure } from './failure.js';
import type { ExactIssue, SessionKeys } from './session-keys.js';

const ZERO = '0x0000000000000000000000000000000000000000';

/** A key as the registry holds it. `window` and `rate` are [0, 0] when the key has none. */
export interface OnchainSession {
  readonly sessionId: bigint;
  readonly agent: Address;
  readonly key: Address;
  readonly expiresAt: bigint;
  readonly mask: number;
  readonly revoked: boolean;
  readonly maxValue: bigint;
  readonly pins: readonly Address[];
  readonly window: readonly [number, number];
  readonly rate: readonly [number, number];
}

/** What a rotation asks to change; each absent bound is kept. */
export interface Narrowing {
  readonly maxValue?: bigint | undefined;
  readonly mask?: number | undefined;
  readonly pins?: readonly Address[] | undefined;
  readonly expiresAt?: bigint | undefined;
  readonly window?: readonly [number, number] | undefined;
  readonly rate?: readonly [number, number] | undefined;
}

export interface Rotation {
  readonly retired: OnchainSession;
  readonly sessionId: bigint;
  readonly key: Address;
  readonly bounds: ExactIssue;
  readonly revokeTx: string;
  readonly issueTx: string;
}

export interface SessionAdmin {
  /** The key (404 `session_not_found`), unrevoked (409 `session_not_live`); for a rotation also unexpired and not contained. */
  check(sessionId: bigint, purpose: 'revoke' | 'rotate'): Promise<OnchainSession>;
  revoke(sessionId: bigint, authorizedBy: string, traceId?: string): Promise<{ agent: Address; key: Address; txHash: string }>;
  rotate(sessionId: bigint, narrowing: Narrowing, authorizedBy: string, traceId?: string): Promise<Rotation>;
}

export function sessionAdmin(current: CurrentBinding, deps: { keys: SessionKeys; store: Store }): SessionAdmin {
  const bound = (): ChainBinding => {
    const b = current();
    if (!b) throw new AppError('chain_unavailable', { message: 'the chain is unavailable: no deployment is bound yet' });
    return b;
  };
  const check = async (b: ChainBinding, sessionId: bigint, purpose: 'revoke' | 'rotate'): Promise<OnchainSession> => {
    const s = await readSession(b, sessionId);
    if (purpose === 'revoke') {
      if (s.revoked) throw new AppError('session_not_live', { message: `session key ${sessionId} is already revoked` });
      return s;
    }
    const row = await chainSessionsOf(deps.store).get(getAddress(b.deployment.sessions), sessionId);
    if (s.revoked && row?.revokedBy === 'containment')
      throw new AppError('session_not_live', {
        message: `session key ${sessionId} was revoked by containment: rotation never re-issues a contained key (unpause the agent; its next gate issues a new one)`,
      });
    if (s.revoked) throw new AppError('session_not_live', { message: `session key ${sessionId} is revoked: there is nothing to rotate` });
    const { timestamp } = await b.client.getBlock();
    if (s.expiresAt <= timestamp)
      throw new AppError('session_not_live', { message: `session key ${sessionId} has expired: there is nothing to rotate` });
    return s;
  };
  return {
    check: (sessionId, purpose) => check(bound(), sessionId, purpose),
    async revoke(sessionId, authorizedBy, traceId) {
      return deps.keys.revokeOne(bound(), sessionId, authorizedBy, traceId);
    },
    async rotate(sessionId, narrowing, authorizedBy, traceId) {
      const b = bound();
      const retired = await check(b, sessionId, 'rotate');
      const { timestamp } = await b.client.getBlock();
      const bounds = narrowed(retired, narrowing, timestamp);
      const revoked = await deps.keys.revokeOne(b, sessionId, authorizedBy, traceId);
      const issued = await deps.keys.issueExact(b, bounds, traceId);
      return { retired, sessionId: issued.sessionId, key: issued.key, bounds, revokeTx: revoked.txHash, issueTx: issued.txHash };
    },
  };
}

export async function readSession(b: ChainBinding, sessionId: bigint): Promise<OnchainSession> {
  const r = { address: getAddress(b.deployment.sessions), abi: SessionRegistry.abi } as const;
  try {
    const [[agent, key, expiresAt, mask, revoked, windowStart, windowEnd, maxValue], [maxActions, windowSeconds], pins] = await Promise.all(
      [
        b.client.readContract({ ...r, functionName: 'sessions', args: [sessionId] }),
        b.client.readContract({ ...r, functionName: 'rateLimits', args: [sessionId] }),
        b.client.readContract({ ...r, functionName: 'allowedTargetsOf', args: [sessionId] }),
      ],
    );
    if (agent === ZERO) throw new AppError('session_not_found', { message: `no session key ${sessionId} on the registry` });
    return {
      sessionId,
      agent: getAddress(agent),
      key: getAddress(key),
      expiresAt: BigInt(expiresAt),
      mask: Number(mask),
      revoked,
      maxValue,
      pins: pins.map((p) => getAddress(p)),
      window: [Number(windowStart), Number(windowEnd)],
      rate: [Number(maxActions), Number(windowSeconds)],
    };
  } catch (err) {
    throw chainFailure(err, `reading session key ${sessionId}`);
  }
}

/**
 * The re-issued bounds: each asked bound checked equal or narrower than the retired key's, each
 * other one kept. 400 `session_bounds_widen` names the first bound that would widen.
 */
export function narrowed(cur: OnchainSession, n: Narrowing, chainNow: bigint): ExactIssue {
  const widen = (what: string): never => {
    throw new AppError('session_bounds_widen', {
      message: `rotation would widen the key's ${what}; a rotated key keeps or narrows every bound`,
    });
  };
  const maxValue = n.maxValue ?? cur.maxValue;
  if (maxValue > cur.maxValue) widen(`maxValue (${cur.maxValue} -> ${maxValue})`);
  const mask = n.mask ?? cur.mask;
  if ((mask & ~cur.mask) !== 0) widen('scopes');
  let pins = cur.pins;
  if (n.pins !== undefined) {
    const next = [...new Set(n.pins.map((p) => getAddress(p)))];
    // No pins means any target, so any pinned set narrows it; a pinned key keeps to a subset.
    if (cur.pins.length > 0 && next.some((p) => !cur.pins.includes(p))) widen('pinned targets (a target outside the pinned set)');
    pins = next;
  }
  const expiresAt = n.expiresAt ?? cur.expiresAt;
  if (expiresAt > cur.expiresAt) widen('expiry (a later one)');
  if (expiresAt <= chainNow) throw new AppError('invalid_request', { message: 'expiresAt is in the past by chain time' });
  const hasWindow = cur.window[0] !== 0 || cur.window[1] !== 0;
  let window = cur.window;
  if (n.window !== undefined) {
    if (n.window[1] <= n.window[0]) throw new AppError('invalid_request', { message: 'window.end must be after window.start' });
    if (hasWindow && (n.window[0] < cur.window[0] || n.window[1] > cur.window[1])) widen('time window');
    window = n.window;
  }
  const hasRate = cur.rate[0] !== 0;
  let rate = cur.rate;
  if (n.rate !== undefined) {
    // Narrower: no more actions in a window at least as long.
    if (hasRate && (n.rate[0] > cur.rate[0] || n.rate[1] < cur.rate[1])) widen('rate limit');
    rate = n.rate;
  }
  return { agent: cur.agent, maxValue, mask, pins, expiresAt, window, rate };
}
