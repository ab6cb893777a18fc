/**
 * The gate rules that need no store: which option a reply names, whether its author is the
 * assignee, when a question expires. Pure, so tests can pin them one by one (the rules are
 * listed in docs/gates.md). The assignee's shape is validAssignee in schemas/gates.ts, shared with the
 * human step.
 */
import type { GateOption } from '../../store/gates/index.js';

export const MIN_GATE_TIMEOUT_MS = 5 * 60_000;

/** The option a reply names by id or label (trimmed, case-insensitive); undefined when none. */
export function matchOption(options: readonly GateOption[], body: string): GateOption | undefined {
  const said = body.trim().toLowerCase();
  if (said === '') return undefined;
  return options.find((o) => o.id.toLowerCase() === said) ?? options.find((o) => o.label.trim().toLowerCase() === said);
}

/** `seat:<id>` and `<id>` are the same seat; 0x addresses compare case-insensitively. */
export function normalizeSeat(s: string): string {
  const bare = s.trim().replace(/^seat:/i, '');
  return /^0x[0-9a-fA-F]+$/.test(bare) ? bare.toLowerCase() : bare;
}

/** Matching uses authorId first, then author. No assignee means any human seat. */
export function isAssignee(assignee: string | null | undefined, author: string, authorId: string | null): boolean {
  if (assignee === null || assignee === undefined || assignee.trim() === '') return true;
  const want = normalizeSeat(assignee);
  if (authorId !== null && normalizeSeat(authorId) === want) return true;
  return normalizeSeat(author) === want;
}

/** `timeoutMs` of at least 5 minutes, else the configured default (SVC_HUMAN_GATE_TTL_MS). */
export function deadline(now: number, timeoutMs: number | undefined, defaultTtlMs: number): Date {
  const ttl = timeoutMs !== undefined && timeoutMs >= MIN_GATE_TIMEOUT_MS ? timeoutMs : defaultTtlMs;
  return new Date(now + ttl);
}

/** The question as posted in the thread. */
export function questionText(prompt: string, options: readonly GateOption[], questionId: string): string {
  const list = options.map((o) => `${o.id} (${o.label})`).join(', ');
  return `${prompt}\n\nOptions: ${list}\nAnswer by replying to question ${questionId} with an option id or label.`;
}
