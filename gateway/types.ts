import type { Logger } from 'pino';
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import type { OrgConfig } from '../schemas/mcp.js';
import type { Config } from '../schemas/config.js';
import type { Health, Readiness } from '../schemas/health.js';
import type { Caller } from '../identity/caller.js';
import type { ChainRuntime } from '../chain/runtime.js';
import type { Evals } from '../evals/service.js';
import type { IntentResolver } from '../chain/onchain/resolve.js';
import type { SessionAdmin } from '../chain/onchain/session-admin.js';
import type { RootAuthority } from '../identity/root-auth/authority.js';
import type { GovernanceWrites } from '../chain/onchain/governance-writes.js';

/** Everything a route may use. Routes validate, read the store or send on the bus; no business rule lives here. */
export interface GatewayDeps {
  readonly config: Config;
  readonly log: Logger;
  readonly bus: Bus;
  readonly store: Store;
  readonly health: () => Promise<Health>;
  /** GET /readyz (queries/health.ts). */
  readonly readiness: () => Promise<Readiness>;
  /** The chain's mode, its reads and the wallet watchlist (chain/runtime.ts). */
  readonly chain: ChainRuntime;
  /** Resolves escalated intents as the awaiting seat (`/intents/resolve`). */
  readonly intents: IntentResolver;
  /** Root challenges and proofs for root-anchored actions (SVC_ROOT_AUTH). */
  readonly rootAuth: RootAuthority;
  /** Revoking and rotating one session key (`/sessions/revoke`, `/sessions/rotate`). */
  readonly sessionAdmin: SessionAdmin;
  /** Governance proposals raised, read and moved by the orchestrator's seat (`/governance/*`). */
  readonly governance: GovernanceWrites;
  /** Scenario listing and suite runs in a child process (`/flows/eval`). */
  readonly evals: Evals;
  /** The live org when a chain is configured (runtime/org.ts `orgOf`). */
  readonly org?: (() => Readonly<OrgConfig>) | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling (gateway/security.ts); undefined only on public routes called without a known token. */
    caller: Caller | undefined;
  }
  interface FastifyContextConfig {
    /** Reachable without the bearer token (`GET /health`, `POST /hooks/:triggerId`). */
    public?: boolean;
    /** Takes a raw body of any content type (webhook deliveries). */
    rawBody?: boolean;
  }
}
