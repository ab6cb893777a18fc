/**
 * What approving a pending intent would do, measured rather than predicted: `resolve(id, true)` sent as the waiting seat inside one simulated block
 * (`eth_simulateV1`) between two reads of the token balances of treasury, agent, target and
 * router, keeping the non-zero deltas; and the call tree of the same call (`debug_traceCall`
 * with the callTracer), flattened. Each is absent when the RPC cannot (a node without the
 * method, a refusal): absent means not measured, never "nothing moves".
 */
import { encodeFunctionData, erc20Abi, getAddress, hexToBigInt, type Address, type Hex, type PublicClient } from 'viem';
import { EscalationRouter } from '../../artifacts/index.js';
import type { DeployedAsset } from '../../../schemas/chain-config.js';
import type { IntentsView } from '../../../schemas/chain-reads.js';
import { unlessRefused } from './guard.js';

type Measured = Pick<IntentsView['intents'][number], 'measuredChanges' | 'callTrace'>;
type Frame = NonNullable<Measured['callTrace']>[number];

/** The trace is a summary, not a debugger: depth at most 6, at most 64 frames. */
const MAX_DEPTH = 6;
const MAX_FRAMES = 64;

export interface Parties {
  readonly approver: Address;
  readonly agent: Address;
  readonly target: Address;
}

export async function measureApproval(client: PublicClient, asset: DeployedAsset, id: bigint, p: Parties): Promise<Measured> {
  const call = {
    from: p.approver,
    to: asset.router as Address,
    data: encodeFunctionData({ abi: EscalationRouter.abi, functionName: 'resolve', args: [id, true] }),
  };
  const [changes, trace] = await Promise.all([
    unlessRefused(balanceChanges(client, asset, call, p)),
    unlessRefused(
      client.request({ method: 'debug_traceCall', params: [call, 'latest', { tracer: 'callTracer' }] } as never) as Promise<TraceFrame>,
    ),
  ]);
  return {
    ...(changes !== undefined ? { measuredChanges: changes } : {}),
    ...(trace !== undefined ? { callTrace: flatten(trace) } : {}),
  };
}

async function balanceChanges(
  client: PublicClient,
  asset: DeployedAsset,
  call: { from: Address; to: Address; data: Hex },
  p: Parties,
): Promise<NonNullable<Measured['measuredChanges']>> {
  const token = asset.token as Address;
  const accounts = [...new Set([asset.treasury, p.agent, p.target, asset.router].map((a) => getAddress(a)))];
  const balances = accounts.map((a) => ({ to: token, abi: erc20Abi, functionName: 'balanceOf' as const, args: [a] as const }));
  const [block] = await client.simulateBlocks({
    blocks: [{ calls: [...balances, { account: call.from, to: call.to, data: call.data }, ...balances] }],
  });
  const results = block!.calls;
  const before = results.slice(0, accounts.length);
  const after = results.slice(accounts.length + 1);
  // A balance read that failed in the simulation leaves nothing to compare: not measured.
  if ([...before, ...after].some((r) => r.status !== 'success')) throw new Error('a balanceOf failed in the simulated block');
  return accounts.flatMap((account, i) => {
    const delta = (after[i]!.result as bigint) - (before[i]!.result as bigint);
    return delta === 0n ? [] : [{ account, token: getAddress(token), delta: delta.toString() }];
  });
}

interface TraceFrame {
  type: string;
  from: Address;
  to?: Address;
  value?: Hex;
  error?: string;
  calls?: TraceFrame[];
}

/** Depth-first, in call order, as deep and as many as MAX_DEPTH and MAX_FRAMES allow. */
function flatten(root: TraceFrame): Frame[] {
  const out: Frame[] = [];
  const visit = (f: TraceFrame, depth: number) => {
    if (depth > MAX_DEPTH || out.length >= MAX_FRAMES) return;
    out.push({
      depth,
      type: f.type,
      from: getAddress(f.from),
      ...(f.to ? { to: getAddress(f.to) } : {}),
      value: f.value ? hexToBigInt(f.value).toString() : '0',
      ...(f.error !== undefined ? { error: f.error } : {}),
    });
    for (const c of f.calls ?? []) visit(c, depth + 1);
  };
  visit(root, 0);
  return out;
}
