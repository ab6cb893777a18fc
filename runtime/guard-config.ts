/**
 * The two settings that guard actions rather than shape the process: plan-required mode and the
 * key that signs chat reply targets. Plan-required mode is the one setting that fails open: an
 * unreadable value leaves it off and records why (the boot log and /health repeat it), where any
 * other bad setting stops the process.
 */
import { hkdfSync } from 'node:crypto';

export type PlanMode = 'off' | 'spends_only' | 'side_effects';

export interface PlanRequiredSettings {
  readonly mode: PlanMode;
  readonly windowMs: number;
  readonly configError: string | undefined;
}

export const DEFAULT_PLAN_WINDOW_MIN = 30;
const MAX_PLAN_WINDOW_MIN = 7 * 24 * 60;

export function planRequiredSettings(mode: string | undefined, window: string | undefined): PlanRequiredSettings {
  const off = (configError: string): PlanRequiredSettings => ({ mode: 'off', windowMs: DEFAULT_PLAN_WINDOW_MIN * 60_000, configError });
  let windowMin = DEFAULT_PLAN_WINDOW_MIN;
  if (window !== undefined) {
    const n = Number(window.trim());
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_PLAN_WINDOW_MIN)
      return off(`SVC_PLAN_REQUIRED_WINDOW_MIN must be whole minutes 1-${MAX_PLAN_WINDOW_MIN}; plan-required mode is off (fails open)`);
    windowMin = n;
  }
  const windowMs = windowMin * 60_000;
  if (mode === undefined) return { mode: 'off', windowMs, configError: undefined };
  const m = mode.trim();
  if (m === 'spends_only' || m === 'side_effects') return { mode: m, windowMs, configError: undefined };
  return off('SVC_PLAN_REQUIRED must be spends_only or side_effects; plan-required mode is off (fails open)');
}

/** Why a distinct label: the sealing key must never double as a signing key as-is. */
const CHANNEL_INFO = 'svc chat reply targets v1';

export function channelKey(
  secret: string | undefined,
  sessionKey: Buffer | undefined,
): { key: Buffer; source: 'channel_secret' | 'session_key' } | undefined {
  if (secret !== undefined) return { key: Buffer.from(secret, 'utf8'), source: 'channel_secret' };
  if (sessionKey === undefined) return undefined;
  return { key: Buffer.from(hkdfSync('sha256', sessionKey, Buffer.alloc(0), CHANNEL_INFO, 32)), source: 'session_key' };
}
