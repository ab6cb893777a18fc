/**
 * First-party `svc_*` tools, shared by the flow engine (tool steps) and the `mcp` actor
 * (`/mcp/tools`, `/mcp/call`, `/mcp`), so neither imports the other. The reads answer honest
 * empty lists in mock mode (no chain, no declared org) and say why; they never serve fixtures as
 * if they were chain truth. The one write, `svc_approve`, is a chain write: without a chain it
 * refuses (`no_chain`) and writes nothing.
 */
import { type SvcToolName } from '@svc/sdk/flows';
import { AppError } from '../schemas/errors.js';
import type { ToolAnnotations } from '../schemas/mcp.js';
import type { ChainPort } from '../chain/port.js';

/** What a tool answers; a tool step keeps it as its step output. */
export interface SvcToolOutput {
  readonly text?: string;
  readonly json?: unknown;
  /** One line for the run trace. */
  readonly summary: string;
}

export interface SvcToolContext {
  readonly principal: string;
  readonly runId: string;
  readonly traceId?: string | undefined;
  /** The process's chain port: mock mode answers empty and refuses the write. */
  readonly chain: Pick<ChainPort, 'configured' | 'orgTree' | 'pendingIntents' | 'approve'>;
}

/**
 * Arguments arrive as the JSON values the caller sent (a number stays a number); flow steps hand in
 * text. A tool reads the fields it names with `text()` so a wrong type is refused, not coerced.
 */
type SvcArgs = Readonly<Record<string, unknown>>;
type SvcRun = (args: SvcArgs, ctx: SvcToolContext) => Promise<SvcToolOutput>;

/** A string argument, or undefined when absent; any other JSON type is a bad request naming the field. */
function text(args: SvcArgs, tool: string, field: string): string | undefined {
  const v = args[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new AppError('invalid_request', { message: `${tool}: ${field} must be a string` });
  return v;
}

/** What `GET /mcp/tools` and the `/mcp` endpoint publish for a tool; `run` is what flows and `/mcp/call` execute. */
interface SvcTool {
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly run: SvcRun;
  /** Changes something outside the run (a chain write): the engine opens an attempt around it. */
  readonly write?: true;
  /** What `/mcp` tells a client the tool may change; kept beside `write` so the two cannot disagree. */
  readonly annotations: ToolAnnotations;
}

/** Reads of the orchestrator's own view (the org, its intents): they change nothing and reach no third party. */
const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/** Keyed by the SDK's list of names, which flow validation checks tool steps against. */
const TOOLS: Record<SvcToolName, SvcTool> = {
  /** The org tree (the chain's OrgRegistry). No chain: an empty tree. */
  svc_org_tree: {
    description: 'read the org chart: crews, seats and reporting lines',
    inputSchema: { type: 'object', properties: { root: { type: 'string' } } },
    annotations: READ,
    run: async (_args, ctx) => {
      const tree = await ctx.chain.orgTree();
      const json = { source: ctx.chain.configured ? 'chain' : 'none', root: tree.root, nodes: tree.nodes };
      const summary = ctx.chain.configured
        ? `org tree: ${tree.nodes.length} nodes under ${tree.root ?? 'no root'}`
        : 'org tree: no org source is configured (mock mode); 0 nodes';
      return { text: JSON.stringify(json), json, summary };
    },
  },
  /** Spend intents awaiting a decision, those waiting on `seat` when it is given. No chain: none can exist. */
  svc_pending_intents: {
    description: 'list intents waiting on the policy stack or a human',
    inputSchema: { type: 'object', properties: { seat: { type: 'string' } } },
    annotations: READ,
    run: async (args, ctx) => {
      const wanted = text(args, 'svc_pending_intents', 'seat');
      const seat = wanted?.toLowerCase();
      const all = (await ctx.chain.pendingIntents()).intents;
      const intents = seat ? all.filter((i) => i.awaitingApprover.toLowerCase() === seat) : all;
      const json = { source: ctx.chain.configured ? 'chain' : 'none', intents };
      const summary = ctx.chain.configured
        ? `pending intents: ${intents.length}${seat ? ` waiting on ${wanted}` : ''}`
        : 'pending intents: no chain is configured; 0 intents';
      return { text: JSON.stringify(json), json, summary };
    },
  },
  /**
   * Approves a pending spend intent as the calling seat, which must be the seat it waits on, down
   * the path of POST /intents/resolve minus root depth. Without a chain it refuses (`no_chain`):
   * a run fails closed on it rather than carry on as if something had been approved.
   */
  svc_approve: {
    description: 'approve a pending spend intent that waits on you (refused with no_chain while no chain is configured)',
    inputSchema: { type: 'object', properties: { intentId: { type: 'string' }, asset: { type: 'string' } }, required: ['intentId'] },
    write: true,
    // An approval releases a spend on the chain: it cannot be taken back, and the chain is outside svc.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async (args, ctx) => {
      const intentId = text(args, 'svc_approve', 'intentId') ?? '';
      const asset = text(args, 'svc_approve', 'asset');
      if (intentId === '') throw new AppError('invalid_request', { message: 'svc_approve needs intentId (the pending intent to approve)' });
      const json = await ctx.chain.approve({ principal: ctx.principal, intentId, asset, traceId: ctx.traceId });
      return {
        text: JSON.stringify(json),
        json,
        summary: `approve intent ${intentId}: ${String(json.outcome)} (tx ${String(json.txHash)})`,
      };
    },
  },
  /** Returns its arguments: a cheap, deterministic step for tests and benchmarks. */
  svc_echo: {
    description: 'echo the arguments back (a liveness check for tool plumbing)',
    inputSchema: { type: 'object', additionalProperties: true },
    annotations: READ,
    run: async (args) => {
      const shown = typeof args.text === 'string' ? args.text : JSON.stringify(args);
      return { text: shown, json: { ...args }, summary: `echo: ${shown.slice(0, 120)}` };
    },
  },
};

export { isKnownSvcTool } from '@svc/sdk/flows';

/** A first-party tool that only reads: calling it again changes nothing. */
export function isSvcRead(name: string): boolean {
  return Object.hasOwn(TOOLS, name) && TOOLS[name as SvcToolName].write !== true;
}

/** Every first-party tool as published to agents, in registry order. */
export function svcToolSpecs(): {
  name: `svc_${string}`;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: ToolAnnotations;
}[] {
  return Object.entries(TOOLS).map(([name, t]) => ({
    name: name as `svc_${string}`,
    description: t.description,
    inputSchema: t.inputSchema,
    annotations: t.annotations,
  }));
}

export async function callSvcTool(name: string, args: SvcArgs, ctx: SvcToolContext): Promise<SvcToolOutput | undefined> {
  const tool = Object.hasOwn(TOOLS, name) ? TOOLS[name as SvcToolName] : undefined;
  return tool ? tool.run(args, ctx) : undefined;
}
