/**
 * The OpenAPI document without a running deployment: the gateway built over the embedded store
 * and no bus (building it sends nothing), so the build can generate the SDK's types from it and
 * tests can lint it. `node dist/scripts/openapi.js <file>` writes it.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { buildGateway } from '../gateway/app.js';
import { loadConfig } from '../runtime/config.js';
import { openStore } from '../store/index.js';
import type { Bus } from '../bus/types.js';
import type { Health, Readiness } from '../schemas/health.js';
import { chainRuntime } from '../chain/runtime.js';
import type { Evals } from '../evals/service.js';
import type { IntentResolver } from '../chain/onchain/resolve.js';
import type { RootAuthority } from '../identity/root-auth/authority.js';
import type { SessionAdmin } from '../chain/onchain/session-admin.js';
import type { GovernanceWrites } from '../chain/onchain/governance-writes.js';

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const store = await openStore({});
  const config = loadConfig({});
  const app = await buildGateway({
    config,
    chain: chainRuntime(config.chain),
    log: pino({ level: 'silent' }),
    bus: {} as Bus,
    store,
    health: () => Promise.reject(new Error('the document build serves no requests')) as Promise<Health>,
    readiness: () => Promise.reject(new Error('the document build serves no requests')) as Promise<Readiness>,
    evals: {} as Evals,
    intents: {} as IntentResolver,
    rootAuth: {} as RootAuthority,
    sessionAdmin: {} as SessionAdmin,
    governance: {} as GovernanceWrites,
  });
  try {
    await app.ready();
    return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
  } finally {
    await app.close();
    await store.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2];
  if (out === undefined) throw new Error('usage: node dist/scripts/openapi.js <file>');
  writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
}
