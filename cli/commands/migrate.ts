/**
 * `svc migrate`: applies the store's migrations (DATABASE_URL) and creates or updates the bus's
 * streams and consumers (NATS_URL), then exits. Every process also does both at start; this lets
 * a deploy do it once, ahead of the rollout (an init container or a job). Idempotent, and safe to
 * run twice at once: migrations hold an advisory lock, stream creation accepts a winner's stream.
 * Exit codes: 0 done, 2 nothing configured to migrate, 1 a dependency failed.
 */
import type { Command } from 'commander';
import { AppError } from '../../schemas/errors.js';
import { CliError } from '../client.js';

/** The configuration reader loads viem and the WebAuthn decoders: only the commands that start a
 * process or migrate pay for them, never the client commands. */
const configModule = () => import('../../runtime/config.js');

async function migrateAll(): Promise<void> {
  let config;
  try {
    config = (await configModule()).loadConfig(process.env);
  } catch (err) {
    if (err instanceof (await configModule()).ConfigError) throw new CliError(err.message, 2);
    throw err;
  }
  if (config.databaseUrl === undefined && config.natsUrl === undefined)
    throw new CliError('nothing to migrate: set DATABASE_URL (the store) and/or NATS_URL (the bus)', 2);
  // Loaded here: client commands should not pay for the server's imports.
  const { createLogger } = await import('../../runtime/log.js');
  const log = createLogger(config.logLevel);
  try {
    if (config.databaseUrl !== undefined) {
      const { openStore } = await import('../../store/index.js');
      const { appliedMigrations } = await import('../../store/migrate.js');
      const store = await openStore({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, log });
      try {
        const applied = await appliedMigrations(store);
        process.stdout.write(`store: ${applied} migrations applied (schema ${config.databaseSchema ?? 'public'})\n`);
      } finally {
        await store.close();
      }
    }
    if (config.natsUrl !== undefined) {
      const [{ setUpJetStream }, { names }] = await Promise.all([import('../../bus/setup.js'), import('../../bus/subjects.js')]);
      const made = await setUpJetStream({
        servers: config.natsUrl,
        connectOptions: config.nats.connectOptions(),
        eventLimits: config.eventLimits,
        names: names(config.busPrefix),
        log,
        replicas: config.streamReplicas,
        duplicateWindowMs: config.duplicateWindowMs,
        ackWaitMs: config.ackWaitMs,
      });
      process.stdout.write(`bus: streams ${made.streams.join(', ')}; consumers ${made.consumers.join(', ')}\n`);
    }
  } catch (err) {
    if (err instanceof AppError) throw new CliError(`${err.wireCode}: ${err.message}`, 1);
    throw new CliError(`cannot migrate: ${(err as Error).message.split('\n')[0]}`, 1);
  }
}

export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('applies the store migrations and creates or updates the bus streams, then exits (idempotent)')
    .action(() => migrateAll());
}
