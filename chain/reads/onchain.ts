/**
 * Chain mode: reads of a reachable deployment. Only the address book is served for now, because it
 * is the deployment itself; every other read needs the contracts' ABIs, which land with the
 * Solidity sources of issue 19, and answers 501 `chain_read_unimplemented` until they do. That
 * is deliberate: an empty list here would claim an empty org on a live chain (spec 002: "never an
 * empty org"). Each method below is the seam its contract binding replaces.
 */
import type { Deployment } from '../../schemas/chain-config.js';
import { AppError } from '../../schemas/errors.js';
import type { ChainReads } from './port.js';

const pending = (route: string) => async (): Promise<never> => {
  throw new AppError('chain_read_unimplemented', {
    message: `${route} needs the contract bindings, which this build does not have yet; nothing is served in their place`,
  });
};

export function onchainReads(deployment: Deployment): ChainReads {
  return {
    assets: async () => ({ assets: deployment.assets.map((a, i) => ({ ...a, primary: i === 0 })) }),
    org: pending('GET /org'),
    intents: pending('GET /intents'),
    intentHistory: pending('GET /intents/history'),
    sessionHistory: pending('GET /sessions/history'),
    policies: pending('GET /policies'),
    grants: pending('GET /governance/grants'),
    treasury: pending('GET /treasury/balances'),
    sessions: pending('GET /sessions'),
    accounts: pending('GET /agents/balances (the org accounts)'),
  };
}
