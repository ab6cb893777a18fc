/**
 * The chain settings, read once at boot (docs/chain.md "Configuration"). A chain is either
 * not configured (mock mode), the dev chain `svc serve` starts itself (`SVC_CHAIN=dev`), or an
 * RPC with the chain id it must answer and the deployment to read. Half a configuration stops the
 * process: a forgotten variable must not look like an outage at run time.
 *
 * Private keys are checked here (a valid secp256k1 scalar, not only 64 hex characters) and then
 * kept behind functions, like every other credential of the config; no message names a value.
 */
import { Value } from 'typebox/value';
import { privateKeyToAccount } from 'viem/accounts';
import type { Env } from '../schemas/config.js';
import { readFileSync } from 'node:fs';
import { Deployment, PRIVATE_KEY_PATTERN, Watchlist, type ChainSettings, type Hex } from '../schemas/chain-config.js';
import { ConfigError, readJsonSetting } from './config-json.js';

export function chainSettings(e: Env): ChainSettings {
  const kind = e.SVC_CHAIN === 'dev' ? 'dev' : e.SVC_CHAIN_RPC !== undefined ? 'rpc' : 'none';
  if (kind === 'dev' && e.SVC_CHAIN_RPC !== undefined)
    throw new ConfigError('SVC_CHAIN_RPC', 'is set with SVC_CHAIN=dev, which starts its own chain (unset one of them)');
  if (kind === 'rpc') {
    if (e.SVC_CHAIN_ID === undefined)
      throw new ConfigError('SVC_CHAIN_ID', 'is required with SVC_CHAIN_RPC (the chain id the RPC must answer)');
    if (e.SVC_CHAIN_DEPLOYMENT === undefined)
      throw new ConfigError('SVC_CHAIN_DEPLOYMENT', 'is required with SVC_CHAIN_RPC (the contract addresses to read)');
  }
  if (kind !== 'rpc') {
    // Read without an RPC they would describe a chain nothing reads; dev mode writes its own.
    for (const v of ['SVC_CHAIN_ID', 'SVC_CHAIN_DEPLOYMENT'] as const)
      if (e[v] !== undefined)
        throw new ConfigError(v, `is set but SVC_CHAIN_RPC is not${kind === 'dev' ? ' (SVC_CHAIN=dev deploys its own)' : ''}`);
  }
  if (kind === 'none') {
    for (const v of ['SVC_ORCH_PRIVATE_KEY', 'SVC_ISSUER_PRIVATE_KEY', 'SVC_HELD_SEAT_KEYS'] as const)
      if (e[v] !== undefined) throw new ConfigError(v, 'is set but no chain is configured (SVC_CHAIN_RPC or SVC_CHAIN=dev)');
  }
  const deployment = e.SVC_CHAIN_DEPLOYMENT === undefined ? undefined : parseDeployment(e.SVC_CHAIN_DEPLOYMENT);
  const chainId = e.SVC_CHAIN_ID === undefined ? (kind === 'dev' ? 31337 : undefined) : Number(e.SVC_CHAIN_ID);
  if (deployment?.chainId !== undefined && chainId !== undefined && deployment.chainId !== chainId)
    throw new ConfigError('SVC_CHAIN_DEPLOYMENT', `was written for chain ${deployment.chainId}, but SVC_CHAIN_ID is ${chainId}`);
  const orchestratorKey = privateKey('SVC_ORCH_PRIVATE_KEY', e.SVC_ORCH_PRIVATE_KEY);
  const issuerKey = privateKey('SVC_ISSUER_PRIVATE_KEY', e.SVC_ISSUER_PRIVATE_KEY);
  const heldSeatKeys = Object.freeze(seatKeys('SVC_HELD_SEAT_KEYS', e.SVC_HELD_SEAT_KEYS));
  const rpcUrl = e.SVC_CHAIN_RPC;
  const watchlist = Object.freeze(parseWatchlist('WALLET_WATCHLIST', e.WALLET_WATCHLIST));
  return Object.freeze({
    kind,
    rpcUrl: () => rpcUrl,
    chainId,
    deployment,
    orchestratorKey: () => orchestratorKey,
    issuerKey: () => issuerKey,
    heldSeatKeys: () => heldSeatKeys,
    watchlist: () => watchlist,
  });
}

function parseDeployment(raw: string): Deployment {
  const value = readJsonSetting('SVC_CHAIN_DEPLOYMENT', raw);
  const err = Value.Errors(Deployment, value)[0];
  if (err)
    throw new ConfigError(
      'SVC_CHAIN_DEPLOYMENT',
      `must be {org, sessions, governance, assets: [{symbol, decimals, token, router, treasury, streamer}, ...]} of 0x addresses (problem at ${err.instancePath || '/'}: ${err.message})`,
    );
  return Object.freeze(value as Deployment);
}

/** The watchlist's one validation, for the variable at boot and for POST /wallets/watchlist:
 * a problem as one line (never the rpcUrl: it may carry a credential), or the list. */
export function watchlistProblem(value: unknown): string | undefined {
  const err = Value.Errors(Watchlist, value)[0];
  if (err)
    return `must be an array of {chainId, rpcUrl?, tokens: [{symbol, address, decimals}], wallets?} (problem at ${err.instancePath || '/'}: ${err.message})`;
  const seen = new Set<number>();
  for (const entry of value as Watchlist) {
    if (seen.has(entry.chainId)) return `lists chain ${entry.chainId} twice (one entry per chain)`;
    seen.add(entry.chainId);
    if (entry.rpcUrl !== undefined && !URL.canParse(entry.rpcUrl)) return `has an rpcUrl for chain ${entry.chainId} that is not a URL`;
  }
  return undefined;
}

function parseWatchlist(variable: string, raw: string | undefined): Watchlist {
  if (raw === undefined) return [];
  const value = readJsonSetting(variable, raw);
  const problem = watchlistProblem(value);
  if (problem) throw new ConfigError(variable, problem);
  return value as Watchlist;
}

function privateKey(variable: string, raw: string | undefined): Hex | undefined {
  if (raw === undefined) return undefined;
  const key = (raw.startsWith('0x') ? raw : `0x${raw}`).toLowerCase() as Hex;
  try {
    privateKeyToAccount(key);
  } catch {
    // viem's message would quote the key: say only what is wrong.
    throw new ConfigError(variable, 'is not a valid secp256k1 private key (zero or not below the curve order)');
  }
  return key;
}

/** A JSON array of keys, inline or in a file. Unlike readJsonSetting, a value that is neither is
 * never echoed as a path: it may be a key pasted without its brackets. */
function seatKeys(variable: string, raw: string | undefined): Hex[] {
  if (raw === undefined) return [];
  let text = raw;
  if (!raw.trimStart().startsWith('[')) {
    try {
      text = readFileSync(raw, 'utf8');
    } catch {
      throw new ConfigError(variable, 'is neither a JSON array nor a readable file');
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(variable, 'must be valid JSON (inline or in the named file)');
  }
  if (!Array.isArray(value) || value.some((k) => typeof k !== 'string' || !new RegExp(PRIVATE_KEY_PATTERN).test(k)))
    throw new ConfigError(variable, 'must be a JSON array of private keys (32 bytes as 64 hex characters, 0x optional)');
  return value.map((k: string, i: number) => privateKey(`${variable}[${i}]`, k)!);
}
