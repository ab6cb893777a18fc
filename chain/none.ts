/**
 * No-chain mode, honestly: nothing is written anywhere, every verdict is ESCALATE (a target
 * nothing answers for reads ESCALATE), and every summary says that no chain is configured, so a
 * run trace can never be mistaken for an onchain effect.
 */
import { AppError } from '../schemas/errors.js';
import type { ChainPort } from './port.js';

const NO_CHAIN = 'no chain is configured';

export function noChain(): ChainPort {
  return {
    configured: false,
    async proposeSpend(req) {
      return {
        verdict: 'ESCALATE',
        summary: `${NO_CHAIN}: spend of ${req.value}${req.target ? ` to ${req.target}` : ''} not proposed; verdict ESCALATE`,
        json: { chain: 'none', proposed: false, value: req.value },
      };
    },
    async org(req) {
      return {
        verdict: 'ESCALATE',
        summary: `${NO_CHAIN}: org ${req.action} not proposed; verdict ESCALATE`,
        json: { chain: 'none', proposed: false, action: req.action },
      };
    },
    async budget(req) {
      return {
        verdict: 'ESCALATE',
        summary: `${NO_CHAIN}: budget ${req.action} not proposed; verdict ESCALATE`,
        json: { chain: 'none', proposed: false, action: req.action },
      };
    },
    async boot() {
      throw new AppError('no_chain', { message: `${NO_CHAIN}: there is no session key to issue` });
    },
    async tick() {
      throw new AppError('no_chain', { message: `${NO_CHAIN}: no worker holds a session key, so a tick proposes nothing` });
    },
    async containment() {
      return { revoked: [] };
    },
    async governance(req) {
      return {
        summary: `${NO_CHAIN}: governance ${req.action} not submitted`,
        json: { chain: 'none', submitted: false, action: req.action },
      };
    },
    orgTree: async () => ({ root: null, nodes: [] }),
    pendingIntents: async () => ({ intents: [] }),
    async approve(req) {
      throw new AppError('no_chain', {
        message: `svc_approve: no chain is configured, so intent ${req.intentId} was not approved; nothing was written`,
      });
    },
  };
}
