/**
 * Who sees and changes a crew heartbeat, and who reads its thread `crew:<crewId>`. The operator
 * sees every heartbeat. A seat sees a heartbeat that runs as itself, or whose crew is on its
 * reporting line (runtime/org.ts, the lines flow scope and the MCP allowlist read). A seat may
 * save a heartbeat only to run as itself: naming another seat would widen what it can do.
 */
import { reportingLine } from '../runtime/org.js';
import type { OrgConfig } from '../schemas/mcp.js';
import { isOperator, type Caller } from './caller.js';

export const CREW_THREAD_PREFIX = 'crew:';

export function crewThread(crewId: string): string {
  return `${CREW_THREAD_PREFIX}${crewId}`;
}

export function maySeeHeartbeat(
  hb: { readonly crewId: string; readonly seat: string },
  caller: Pick<Caller, 'kind' | 'seat'>,
  org: Readonly<OrgConfig>,
): boolean {
  return isOperator(caller) || hb.seat === caller.seat || reportingLine(org, caller.seat).crews.includes(hb.crewId);
}

/** The seat a heartbeat saved by `caller` runs as: the operator names any (default itself), a seat only itself. */
export function heartbeatSeat(caller: Pick<Caller, 'kind' | 'seat'>, asked: string | undefined): string | undefined {
  if (isOperator(caller)) return asked ?? caller.seat;
  return asked === undefined || asked === caller.seat ? caller.seat : undefined;
}

/** Whether `caller` may read the crew thread `thread` (false for any other thread). */
export function mayReadCrewThread(thread: string, caller: Pick<Caller, 'kind' | 'seat'>, org: Readonly<OrgConfig>): boolean {
  if (!thread.startsWith(CREW_THREAD_PREFIX)) return false;
  return isOperator(caller) || reportingLine(org, caller.seat).crews.includes(thread.slice(CREW_THREAD_PREFIX.length));
}
