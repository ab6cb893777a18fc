/**
 * What a worker process hands the code it hosts: the actors (actors/actor.ts) and the eval
 * harness, which runs the flow engine outside any actor (evals/harness.ts). One shape, so a
 * dependency added for the actors is there for the engine the evals run too.
 */
import type { Logger } from 'pino';
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import type { Config } from '../schemas/config.js';
import type { OrgConfig } from '../schemas/mcp.js';
import type { Audit } from './audit.js';

export interface ProcessDeps {
  readonly config: Config;
  readonly bus: Bus;
  readonly store: Store;
  readonly audit: Audit;
  readonly log: Logger;
  /** Names this process in replies and claims (host:pid). */
  readonly workerId: string;
  /** The clock every deadline reads (tests inject one; never read Date.now() directly). */
  readonly now: () => number;
  /** The live org (the chain's tree with the SVC_ORG overlay) when a chain is configured; read it
   * through runtime/org.ts `orgOf`, which falls back to the declared `config.org`. */
  readonly org?: (() => Readonly<OrgConfig>) | undefined;
}
