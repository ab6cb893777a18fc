/**
 * Mock mode (no chain configured): every read is an empty list, never a fixture, so nothing an
 * operator sees can be mistaken for chain truth.
 */
import type { ChainReads } from './port.js';

export function mockReads(): ChainReads {
  return {
    org: async () => ({ root: null, nodes: [] }),
    intents: async () => ({ intents: [] }),
    intentHistory: async () => ({ intents: [] }),
    sessionHistory: async () => ({ sessions: [] }),
    policies: async (q) => ({ asset: q.asset ?? null, policies: [] }),
    assets: async () => ({ assets: [] }),
    grants: async (q) => ({ asset: q.asset ?? null, grants: [] }),
    treasury: async () => ({ balances: [] }),
    sessions: async () => ({ sessions: [] }),
    accounts: async () => [],
  };
}
