/**
 * The deployment file `svc chain dev` writes: the address book SVC_CHAIN_DEPLOYMENT reads
 * (schemas/chain-config.ts `Deployment`, so the file is usable as is), plus what only a dev chain
 * knows and a person setting it up needs: where it listens, the block an indexer starts from, the
 * policy contracts, and which dev account plays which role. It holds no private key: the address
 * book may be served back by the API (`/assets`), and a key must never travel that way.
 */
import { writeFileSync, renameSync } from 'node:fs';
import type { Address } from 'viem';
import type { Deployment as AddressBook } from '../../schemas/chain-config.js';
import { anvilAccount, ANVIL_ACCOUNT_COUNT } from './accounts.js';
import type { AssetDeployment, Deployment } from './deploy.js';

/** Account 0 deploys and is the orchestrator's wallet; account 3 relays (the demo org's roles). */
export const ORCHESTRATOR_ACCOUNT = 0;
export const RELAYER_ACCOUNT = 3;

export type Role = 'deployer' | 'orchestrator' | 'root' | 'manager' | 'issuer' | 'relayer' | 'worker' | 'vendor' | 'seat';

export interface AccountRoles {
  readonly address: Address;
  /** Set for anvil's well-known dev accounts (their keys are public); absent for keyless addresses. */
  readonly anvilIndex?: number;
  readonly roles: readonly Role[];
}

export interface DevDeploymentFile extends AddressBook {
  readonly chainId: number;
  readonly rpcUrl: string;
  /** Decimal string: a block number is a bigint. */
  readonly startBlock: string;
  /** Per asset symbol: the policy modules and stacks (the address book proper stops at the router). */
  readonly policies: Readonly<Record<string, AssetDeployment['policies']>>;
  readonly accounts: readonly AccountRoles[];
}

export function deploymentFile(d: Deployment, rpcUrl: string): DevDeploymentFile {
  return {
    chainId: d.chainId,
    rpcUrl,
    startBlock: d.startBlock.toString(),
    org: d.org,
    sessions: d.sessions,
    governance: d.governance,
    assets: d.assets.map(({ symbol, decimals, token, router, treasury, streamer }) => ({
      symbol,
      decimals,
      token,
      router,
      treasury,
      streamer,
    })),
    policies: Object.fromEntries(d.assets.map((a) => [a.symbol, a.policies])),
    accounts: accountRoles(d),
  };
}

function accountRoles(d: Deployment): AccountRoles[] {
  const roles = new Map<Address, Role[]>();
  const add = (a: Address, r: Role) => {
    const list = roles.get(a) ?? [];
    if (!list.includes(r)) list.push(r);
    roles.set(a, list);
  };
  add(anvilAccount(ORCHESTRATOR_ACCOUNT).address, 'deployer');
  add(anvilAccount(ORCHESTRATOR_ACCOUNT).address, 'orchestrator');
  add(d.seed.root, 'root');
  add(d.seed.manager, 'manager');
  add(d.seed.issuer, 'issuer');
  add(anvilAccount(RELAYER_ACCOUNT).address, 'relayer');
  for (const w of d.seed.workers) add(w, 'worker');
  add(d.seed.vendor, 'vendor');
  for (const s of d.seed.seats) add(s.account, 'seat');
  const index = new Map(Array.from({ length: ANVIL_ACCOUNT_COUNT }, (_, i) => [anvilAccount(i).address, i] as const));
  return [...roles]
    .map(([address, r]) => ({ address, roles: r, ...(index.has(address) ? { anvilIndex: index.get(address)! } : {}) }))
    .sort((a, b) => (a.anvilIndex ?? ANVIL_ACCOUNT_COUNT) - (b.anvilIndex ?? ANVIL_ACCOUNT_COUNT));
}

/** Written whole or not at all (a reader polling for it never sees half a file). */
export function writeDeploymentFile(path: string, file: DevDeploymentFile): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`);
  renameSync(tmp, path);
}
