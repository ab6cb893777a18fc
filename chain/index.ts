/** The chain port and its no-chain mode (a real binding comes with the chain issue). */
export type { ChainPort, ChainOutcome, SpendProposal, OrgAction, BudgetAction, GovernanceAction } from './port.js';
export { noChain } from './none.js';
export { chainFor } from './select.js';
