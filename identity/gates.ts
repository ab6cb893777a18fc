/**
 * Who sees gates and threads. A seat's thread is `agent:<seat>`; the operator and that seat
 * read and post in it. A seat sees the gates of its own runs and those assigned to it (the
 * query is queries/gates.ts listGates); who may answer one is the gate's rule
 * (actors/gate/rules.ts isAssignee).
 */
import { isOperator, type Caller } from './caller.js';

export function threadOf(seat: string): string {
  return `agent:${seat}`;
}

export function mayUseThread(thread: string, caller: Pick<Caller, 'kind' | 'seat'>): boolean {
  return isOperator(caller) || thread === threadOf(caller.seat);
}

/** The seat whose gates a caller may list; undefined for all. */
export function gatesVisibleTo(caller: Pick<Caller, 'kind' | 'seat'>): string | undefined {
  return isOperator(caller) ? undefined : caller.seat;
}

/** The ways an assignee naming `seat` may be stored (`seat:` prefix; 0x addresses in either
 * case), so a seat's gates are found by an exact match on the column. */
export function assigneeSpellings(seat: string): string[] {
  const forms = /^0x[0-9a-fA-F]+$/.test(seat) ? [seat, seat.toLowerCase(), `0x${seat.slice(2).toUpperCase()}`] : [seat];
  return [...new Set(forms.flatMap((f) => [f, `seat:${f}`]))];
}
