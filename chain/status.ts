/**
 * Which mode the chain is in, as /health and every chain read see it (docs/chain.md "Modes"):
 * - `mock`: no chain is configured; reads are empty lists.
 * - `chain`: the RPC answers, `eth_chainId` is the configured id, and every address of the
 *   deployment holds code.
 * - `unavailable`: configured, but one of those fails; `reason` starts with a code
 *   (`rpc_unreachable`, `chain_id_mismatch`, `deployment_missing`, `deployment_code_missing`) and
 *   says what failed, never with the RPC's credentials or its own error text.
 *
 * The probe is one batched JSON-RPC request (chain id and every getCode), bounded in time, shared
 * by concurrent callers and reused for `freshMs`, so /health stays cheap under a probe flood and
 * an RPC that hangs costs a caller at most `timeoutMs`.
 */
import type { PublicClient } from 'viem';
import type { Deployment } from '../schemas/chain-config.js';
import { maskRpcUrl } from './mask.js';
import { rpcCause, rpcClient, within } from './rpc.js';

export type ChainState =
  | { readonly mode: 'mock' }
  | { readonly mode: 'chain'; readonly chainId: number; readonly rpc: string }
  | { readonly mode: 'unavailable'; readonly reason: string; readonly rpc?: string };

/** What to probe now, or why there is nothing to probe yet (a dev chain still starting). */
export type ChainTarget =
  { readonly rpcUrl: string; readonly chainId: number; readonly deployment: Deployment | undefined } | { readonly notReady: string };

export interface ChainStatus {
  current(): Promise<ChainState>;
}

export interface ChainStatusOptions {
  /** undefined: no chain is configured (mock mode). */
  readonly target: (() => ChainTarget) | undefined;
  readonly timeoutMs?: number;
  readonly freshMs?: number;
  readonly now?: () => number;
}

export const MOCK: ChainState = Object.freeze({ mode: 'mock' });

export function chainStatus(opts: ChainStatusOptions): ChainStatus {
  const { target } = opts;
  if (target === undefined) return { current: async () => MOCK };
  const timeoutMs = opts.timeoutMs ?? 1500;
  const freshMs = opts.freshMs ?? 2000;
  const now = opts.now ?? Date.now;
  const clients = new Map<string, PublicClient>();
  let last: { at: number; value: Promise<ChainState> } | undefined;
  const probeNow = async (): Promise<ChainState> => {
    const t = target();
    if ('notReady' in t) return { mode: 'unavailable', reason: t.notReady };
    let client = clients.get(t.rpcUrl);
    if (!client) clients.set(t.rpcUrl, (client = rpcClient(t.rpcUrl, timeoutMs)));
    return probe(client, t, timeoutMs);
  };
  return {
    current() {
      const at = now();
      if (last && at - last.at < freshMs) return last.value;
      last = { at, value: probeNow() };
      return last.value;
    },
  };
}

/** The addresses whose code makes a deployment present, named as the deployment names them. */
export function deploymentAddresses(d: Deployment): [string, `0x${string}`][] {
  const out: [string, `0x${string}`][] = [
    ['org', d.org as `0x${string}`],
    ['sessions', d.sessions as `0x${string}`],
    ['governance', d.governance as `0x${string}`],
  ];
  d.assets.forEach((a, i) => {
    for (const k of ['token', 'router', 'treasury', 'streamer'] as const) out.push([`assets[${i}].${k}`, a[k] as `0x${string}`]);
  });
  return out;
}

async function probe(
  client: PublicClient,
  t: { rpcUrl: string; chainId: number; deployment: Deployment | undefined },
  timeoutMs: number,
): Promise<ChainState> {
  const rpc = maskRpcUrl(t.rpcUrl);
  const addresses = t.deployment ? deploymentAddresses(t.deployment) : [];
  let chainId: number;
  let codes: (string | undefined)[];
  try {
    // Sent together: the batching transport makes this one HTTP request.
    [chainId, ...codes] = await within(
      timeoutMs,
      Promise.all([client.getChainId(), ...addresses.map(([, a]) => client.getCode({ address: a }))]),
    );
  } catch (err) {
    return { mode: 'unavailable', rpc, reason: `rpc_unreachable: ${rpc} did not answer (${rpcCause(err, timeoutMs)})` };
  }
  if (chainId !== t.chainId)
    return { mode: 'unavailable', rpc, reason: `chain_id_mismatch: the RPC answers chain ${chainId}, SVC_CHAIN_ID is ${t.chainId}` };
  if (!t.deployment) return { mode: 'unavailable', rpc, reason: 'deployment_missing: no deployment has been written for this chain yet' };
  const missing = addresses.filter((_, i) => codes[i] === undefined || codes[i] === '0x');
  if (missing.length) {
    const named = missing.slice(0, 3).map(([name, a]) => `${name} ${a}`);
    const more = missing.length > 3 ? ` and ${missing.length - 3} more` : '';
    return { mode: 'unavailable', rpc, reason: `deployment_code_missing: no contract code at ${named.join(', ')}${more}` };
  }
  return { mode: 'chain', chainId, rpc };
}
