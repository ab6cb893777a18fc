/**
 * The one port through which flow steps touch the chain: spend proposals (`gate`), org and
 * budget actions, governance. The engine never talks to a chain any other way. `none.ts` is the
 * no-chain mode; select.ts builds the chain-backed one over the current binding.
 */
import type { Verdict } from '../schemas/flows.js';
import type { IntentsView, OrgView } from '../schemas/chain-reads.js';
import type { BootBody, BootReply, TickBody, TickReply } from '../schemas/chain-sessions.js';

export interface ChainOutcome {
  readonly verdict: Verdict;
  /** One line for the run trace; says plainly when no chain is configured. */
  readonly summary: string;
  readonly json?: unknown;
}

export interface SpendProposal {
  readonly principal: string;
  readonly value: string;
  readonly target?: string;
  readonly asset?: string;
  readonly scope?: ActionScope;
  readonly runId: string;
  readonly stepId: string;
  /** The attempt the engine opened around the step: a send is recorded under it before broadcast. */
  readonly attemptKey?: string;
  readonly traceId?: string;
}
/** The flow's scope: a team or agent scope naming another node makes the stricter of the two stacks decide. */
export interface ActionScope {
  readonly level: 'org' | 'team' | 'agent';
  readonly ref?: string | undefined;
}
export interface OrgAction {
  readonly principal: string;
  readonly scope?: ActionScope;
  readonly action: string;
  readonly node?: string;
  readonly params: Record<string, string>;
  readonly runId: string;
  readonly stepId: string;
}
export interface BudgetAction {
  readonly principal: string;
  readonly scope?: ActionScope;
  readonly action: string;
  readonly params: Record<string, string>;
  readonly runId: string;
  readonly stepId: string;
}
export interface GovernanceAction {
  readonly principal: string;
  readonly action: string;
  readonly proposal?: string;
  readonly params: Record<string, string>;
  readonly runId: string;
  readonly stepId: string;
}

export interface ChainPort {
  /** False in no-chain (mock) mode. */
  readonly configured: boolean;
  proposeSpend(req: SpendProposal): Promise<ChainOutcome>;
  org(req: OrgAction): Promise<ChainOutcome>;
  budget(req: BudgetAction): Promise<ChainOutcome>;
  /** `POST /boot`: a session key for a worker (409 `no_chain` without a chain). */
  boot(req: BootBody, traceId?: string): Promise<BootReply>;
  /** `POST /tick`: each active worker holding a session key proposes its standing spend (409 `no_chain` without a chain). */
  tick(req: TickBody & { readonly tickId: string }, traceId?: string): Promise<TickReply>;
  /** Containment on `POST /agents/pause`: the agent's live session keys revoked. */
  containment(agent: string, traceId?: string): Promise<{ readonly revoked: readonly string[] }>;
  /** Governance has one edge (`next`); the outcome only informs the trace. */
  governance(req: GovernanceAction): Promise<{ readonly summary: string; readonly json?: unknown }>;
  /** `svc_org_tree`: the chain's org (empty in mock mode). */
  orgTree(): Promise<OrgView>;
  /** `svc_pending_intents`: intents waiting on a seat (none in mock mode). */
  pendingIntents(): Promise<IntentsView>;
  /** `svc_approve`: `principal` approves an intent waiting on it, down the path of POST /intents/resolve;
   * never at root depth, never for another seat; `no_chain` in mock mode. */
  approve(req: ApproveRequest): Promise<Record<string, unknown>>;
}

export interface ApproveRequest {
  readonly principal: string;
  readonly intentId: string;
  readonly asset?: string | undefined;
  readonly traceId?: string | undefined;
}
