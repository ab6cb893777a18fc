/**
 * The one message a tick posts in `crew:<crewId>`: a `HEARTBEAT_OK` note when
 * nothing needs a person, otherwise a result naming each item, its seat, what it reported and the
 * run it caused. A failure is always reported. The `Spend:` line follows the tick's usage: none
 * without a model call, "at least" when a call was unpriced, "unmeasured" for calls that
 * reported no usage. It states a result; it never asks anything.
 */
import type { TickItem, TickStatus, TickUsage } from '../../schemas/heartbeats.js';

export interface TickSummary {
  readonly crewId: string;
  readonly window: Date;
  readonly manual: boolean;
  readonly status: TickStatus;
  readonly items: readonly TickItem[];
  readonly usage: TickUsage | undefined;
}

/** Nothing needs a person: every item ran clean or had nothing to do. */
export function allClear(items: readonly TickItem[]): boolean {
  return items.every((i) => i.outcome === 'ok' || i.outcome === 'idle');
}

export function spendLine(u: TickUsage | undefined): string | undefined {
  if (u === undefined || u.calls === 0) return undefined;
  const metered = u.calls - u.unmeteredCalls;
  if (metered === 0) return `Spend: unmeasured (${u.calls} model call${u.calls === 1 ? '' : 's'} reported no usage)`;
  const floor = u.unpricedCalls > 0;
  const parts = [
    `Spend: ${u.inputTokens} tokens in, ${u.outputTokens} tokens out, ${floor ? 'at least ' : ''}${Math.round(u.microDollars)} micro-dollars`,
  ];
  if (floor) parts.push(`(a floor: ${u.unpricedCalls} call${u.unpricedCalls === 1 ? '' : 's'} had no known price)`);
  if (u.unmeteredCalls > 0) parts.push(`plus ${u.unmeteredCalls} unmeasured call${u.unmeteredCalls === 1 ? '' : 's'}`);
  return parts.join(' ');
}

const OUTCOME_WORDS: Record<TickItem['outcome'], string> = {
  ok: 'ok',
  needs_person: 'needs a person',
  failed: 'FAILED',
  skipped_paused: 'skipped (seat paused)',
  idle: 'idle (nothing to do)',
  not_run: 'not run (stopped on error)',
};

export function summaryText(s: TickSummary): { kind: 'heartbeat_ok' | 'heartbeat_result'; body: string } {
  const when = `${s.manual ? 'run now' : 'tick'} ${s.window.toISOString()}`;
  const spend = spendLine(s.usage);
  if (allClear(s.items)) {
    const ran = s.items.filter((i) => i.outcome === 'ok').length;
    const lines = [
      `HEARTBEAT_OK crew ${s.crewId} (${when}): ${ran} of ${s.items.length} item${s.items.length === 1 ? '' : 's'} ran, nothing needs a person.`,
    ];
    const runs = s.items.flatMap((i) => (i.runId ? [i.runId] : []));
    if (runs.length) lines.push(`Runs: ${runs.join(', ')}`);
    if (spend) lines.push(spend);
    return { kind: 'heartbeat_ok', body: lines.join('\n') };
  }
  const needs = s.items.filter((i) => i.outcome === 'needs_person').length;
  const failed = s.items.filter((i) => i.outcome === 'failed').length;
  const head = [
    `Heartbeat crew ${s.crewId} (${when}): ${s.status === 'stopped' ? 'stopped on error' : s.status}`,
    failed ? `${failed} failed` : undefined,
    needs ? `${needs} need${needs === 1 ? 's' : ''} a person` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  const lines = [`${head}.`];
  for (const i of s.items)
    lines.push(`- ${i.kind} ${i.id} as ${i.seat}: ${OUTCOME_WORDS[i.outcome]}: ${i.report}${i.runId ? ` (run ${i.runId})` : ''}`);
  if (spend) lines.push(spend);
  return { kind: 'heartbeat_result', body: lines.join('\n') };
}
