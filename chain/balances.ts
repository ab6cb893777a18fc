/**
 * Native and token balances of the org's accounts on one chain (GET /agents/balances). The bound
 * chain is read as a watchlist entry holding the address-book tokens. Each chain is read with its
 * own client, and only after `eth_chainId` proves the endpoint is the chain it claims: a chain without an rpcUrl (`no_rpc`; a public RPC is never chosen for
 * it), an endpoint that does not answer (`unreachable`) or answers another chain
 * (`chain_id_mismatch`) is `read: false` with no balances at all, never zeros: a zero
 * would read as an empty wallet.
 */
import { erc20Abi, type PublicClient } from 'viem';
import type { WatchlistEntry } from '../schemas/chain-config.js';
import type { AccountBalance, ChainBalances } from '../schemas/chain-reads.js';
import { rpcCause, rpcClient, within } from './rpc.js';

type Addr = `0x${string}`;

export interface BalanceReader {
  /** `source`: the chain this process is bound to (its address-book tokens) or a watchlist chain. */
  read(entry: WatchlistEntry, orgAccounts: readonly Addr[], source?: ChainBalances['source']): Promise<ChainBalances>;
}

export function balanceReader(opts: { timeoutMs?: number } = {}): BalanceReader {
  const timeoutMs = opts.timeoutMs ?? 3000;
  const clients = new Map<string, PublicClient>();
  const clientFor = (url: string): PublicClient => {
    let c = clients.get(url);
    if (!c) {
      // Bounded: a watchlist replaced many times must not keep every client it ever named.
      if (clients.size >= 64) clients.clear();
      clients.set(url, (c = rpcClient(url, timeoutMs)));
    }
    return c;
  };
  return {
    async read(entry, orgAccounts, source = 'watchlist') {
      const base = { chainId: entry.chainId, source };
      if (entry.rpcUrl === undefined) return { ...base, read: false, reason: 'no_rpc', detail: 'the watchlist entry has no rpcUrl' };
      const client = clientFor(entry.rpcUrl);
      let answered: number;
      try {
        answered = await within(timeoutMs, client.getChainId());
      } catch (err) {
        return { ...base, read: false, reason: 'unreachable', detail: rpcCause(err, timeoutMs) };
      }
      if (answered !== entry.chainId)
        return { ...base, read: false, reason: 'chain_id_mismatch', detail: `the endpoint answers chain ${answered}` };
      const accounts = unique([...orgAccounts, ...((entry.wallets ?? []) as Addr[])]);
      try {
        return { ...base, read: true, accounts: await within(timeoutMs, Promise.all(accounts.map((a) => account(client, entry, a)))) };
      } catch (err) {
        return { ...base, read: false, reason: 'unreachable', detail: `balances: ${rpcCause(err, timeoutMs)}` };
      }
    },
  };
}

async function account(client: PublicClient, entry: WatchlistEntry, address: Addr): Promise<AccountBalance> {
  const [native, ...tokens] = await Promise.all([
    client.getBalance({ address }),
    // A token that does not answer is marked on its own row; the chain itself did answer.
    ...entry.tokens.map((t) =>
      client.readContract({ address: t.address as Addr, abi: erc20Abi, functionName: 'balanceOf', args: [address] }).then(
        (b) => ({ symbol: t.symbol, address: t.address, decimals: t.decimals, balance: b.toString(), read: true }),
        () => ({ symbol: t.symbol, address: t.address, decimals: t.decimals, read: false }),
      ),
    ),
  ]);
  return { address, native: native.toString(), tokens };
}

function unique(list: readonly Addr[]): Addr[] {
  const seen = new Set<string>();
  return list.filter((a) => {
    const k = a.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
