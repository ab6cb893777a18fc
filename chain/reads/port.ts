/**
 * The one interface every chain read goes through (docs/chain.md "Reads"). Routes never
 * learn where an answer comes from: mock mode answers empty lists (mock.ts), an unavailable chain
 * refuses every read with 503 `chain_unavailable` (select.ts), and a reachable deployment is read
 * by the on-chain implementation (onchain.ts).
 */
import type {
  AssetQuery,
  AssetsView,
  GrantsView,
  IntentHistoryView,
  IntentsView,
  OrgView,
  PoliciesQuery,
  PoliciesView,
  SessionHistoryView,
  SessionsView,
  TreasuryView,
} from '../../schemas/chain-reads.js';

export interface ChainReads {
  org(): Promise<OrgView>;
  /** Pending intents of every router, with verdict and (when the RPC can) simulated changes and trace. */
  intents(): Promise<IntentsView>;
  intentHistory(): Promise<IntentHistoryView>;
  sessionHistory(): Promise<SessionHistoryView>;
  policies(q: PoliciesQuery): Promise<PoliciesView>;
  assets(): Promise<AssetsView>;
  grants(q: AssetQuery): Promise<GrantsView>;
  treasury(): Promise<TreasuryView>;
  sessions(): Promise<SessionsView>;
  /** The org's own accounts on the bound chain, for /agents/balances (every watchlist chain reads them too). */
  accounts(): Promise<readonly `0x${string}`[]>;
}
