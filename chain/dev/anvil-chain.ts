/**
 * The chain a dev anvil runs, as viem describes a chain. Defined here rather than taken from
 * viem's chain list: that list loads every chain viem knows (hundreds of modules), on every start
 * of a server that may bring up a dev chain, for one entry's id and currency.
 */
import { defineChain } from 'viem';

/** Anvil's default chain id. */
export const ANVIL_CHAIN_ID = 31_337;

export function anvilChain(id: number = ANVIL_CHAIN_ID, rpcUrl = 'http://127.0.0.1:8545') {
  return defineChain({
    id,
    name: 'Anvil',
    nativeCurrency: { decimals: 18, name: 'Ether', symbol: 'ETH' },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
