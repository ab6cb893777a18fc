/**
 * Chain mode: every read of a reachable deployment, through the binding of the current chain
 * (chain/onchain/binding.ts), with the data sources docs/chain.md "Reads" names. Each read is whole or
 * 503 `chain_unavailable` (guard.ts). The two history reads come from the store, not the chain:
 * both are handed in (reads/session-history.ts, onchain/resolve.ts); a read not handed in answers
 * 501 `chain_read_unimplemented`. GET /org overlays the declared org (SVC_ORG) for seats' roles.
 */
import type { Address } from 'viem';
import type { ChainBinding } from '../../onchain/binding.js';
import { AppError } from '../../../schemas/errors.js';
import type { OrgConfig } from '../../../schemas/mcp.js';
import { overlayByAddress } from '../../../runtime/org.js';
import type { ChainReads } from '../port.js';
import { guarded } from './guard.js';
import { readPendingIntents } from './intents.js';
import { readOrg } from './org.js';
import { readNodePolicy } from './policies.js';
import { readSessions } from './sessions.js';
import { readGrants, readTreasury } from './treasury.js';

const pending = (route: string) => async (): Promise<never> => {
  throw new AppError('chain_read_unimplemented', {
    message: `${route} reads the store, which chain mode is not wired to yet; nothing is served in its place`,
  });
};

/** `served`: reads another module answers (the two histories, from the store). */
export function onchainReads(
  binding: ChainBinding,
  served: Partial<Pick<ChainReads, 'sessionHistory' | 'intentHistory'>> = {},
  declared: Readonly<OrgConfig> = {},
): ChainReads {
  const { client, deployment } = binding;
  const overlay = overlayByAddress(declared);
  const orgNodes = async (): Promise<Address[]> =>
    (await readOrg(client, deployment.org as Address)).nodes.map((n) => n.address as Address);

  return {
    assets: async () => ({ assets: deployment.assets.map((a, i) => ({ ...a, primary: i === 0 })) }),
    org: () => guarded('GET /org', () => readOrg(client, deployment.org as Address, overlay)),
    intents: () =>
      guarded('GET /intents', async () => ({
        intents: (await Promise.all(deployment.assets.map((a) => readPendingIntents(client, a)))).flat(),
      })),
    intentHistory: served.intentHistory ?? pending('GET /intents/history'),
    sessionHistory: served.sessionHistory ?? pending('GET /sessions/history'),
    policies: async (q) => {
      const asset = binding.asset(q.asset);
      return guarded('GET /policies', async () => {
        const nodes = q.node !== undefined ? [q.node as Address] : await orgNodes();
        return {
          asset: asset.symbol,
          policies: await Promise.all(nodes.map((n) => readNodePolicy(client, asset.router as Address, n))),
        };
      });
    },
    grants: async (q) => {
      const asset = binding.asset(q.asset);
      return guarded('GET /governance/grants', () => readGrants(client, asset));
    },
    treasury: () =>
      guarded('GET /treasury/balances', async () => ({
        balances: await Promise.all(deployment.assets.map((a) => readTreasury(client, a))),
      })),
    sessions: () => guarded('GET /sessions', async () => readSessions(client, deployment.sessions as Address, await orgNodes())),
    accounts: () => guarded('GET /agents/balances (the org accounts)', orgNodes),
  };
}
