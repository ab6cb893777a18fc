/**
 * First-party `svc_*` tools. The reads answer honest empty lists in mock mode (no chain, no
 * declared org) and say why; they never serve fixtures as if they were chain truth. The one write,
 * `svc_approve`, is a chain write: without a chain it refuses (`no_chain`) and writes nothing.
 */
import { AppError } from '../../../schemas/errors.js';
import type { StepOutput } from '../steps/types.js';

export interface SvcToolContext {
  readonly principal: string;
  readonly runId: string;
  readonly chainConfigured: boolean;
}

type SvcTool = (args: Record<string, string>, ctx: SvcToolContext) => Promise<StepOutput>;

const TOOLS: Record<string, SvcTool> = {
  /** The org tree the principal sees. No org source configured: an empty tree. */
  svc_org_tree: async (_args, ctx) => {
    const json = { source: ctx.chainConfigured ? 'chain' : 'none', nodes: [] as unknown[] };
    return { text: JSON.stringify(json), json, summary: 'org tree: no org source is configured (mock mode); 0 nodes' };
  },
  /** Spend intents awaiting a decision. No chain: none can exist. */
  svc_pending_intents: async (_args, ctx) => {
    const json = { source: ctx.chainConfigured ? 'chain' : 'none', intents: [] as unknown[] };
    return { text: JSON.stringify(json), json, summary: 'pending intents: no chain is configured; 0 intents' };
  },
  /**
   * Approves a pending spend intent. Approval is onchain and the chain port has no binding yet
   * (chain/select.ts always picks no-chain mode), so every call refuses: a run fails closed on it
   * rather than carry on as if something had been approved.
   */
  svc_approve: async (args) => {
    const intentId = args.intentId ?? '';
    if (intentId === '') throw new AppError('invalid_request', { message: 'svc_approve needs intentId (the pending intent to approve)' });
    throw new AppError('no_chain', { message: `svc_approve: no chain is configured, so intent ${intentId} was not approved; nothing was written` });
  },
  /** Returns its arguments: a cheap, deterministic step for tests and benchmarks. */
  svc_echo: async (args) => {
    const text = args.text ?? JSON.stringify(args);
    return { text, json: { ...args }, summary: `echo: ${text.slice(0, 120)}` };
  },
};

export function isKnownSvcTool(name: string): boolean {
  return Object.hasOwn(TOOLS, name);
}

export function svcToolNames(): string[] {
  return Object.keys(TOOLS);
}

export async function callSvcTool(name: string, args: Record<string, string>, ctx: SvcToolContext): Promise<StepOutput | undefined> {
  const tool = Object.hasOwn(TOOLS, name) ? TOOLS[name] : undefined;
  return tool ? tool(args, ctx) : undefined;
}
