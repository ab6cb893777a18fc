/**
 * `svc serve | gateway | worker`: start a process role and drain it on SIGTERM/SIGINT
 * (stop taking work, finish or nak what is in flight, close connections, exit 0).
 * Exit codes: 2 for a configuration the role cannot run with, 1 for a dependency that failed.
 */
import type { Command } from 'commander';
import type { Role } from '../../queries/health.js';
import type { ActorName } from '../../bus/subjects.js';
import { AppError } from '../../schemas/errors.js';
import { nativeModuleHint } from '../../runtime/native-module.js';
import { CliError } from '../client.js';

/** The configuration reader loads viem and the WebAuthn decoders: only the commands that start a
 * process or migrate pay for them, never the client commands. */
const configModule = () => import('../../runtime/config.js');

const DRAIN_LIMIT_MS = 30_000;

async function run(role: Role, actorList?: string): Promise<void> {
  let config;
  try {
    config = (await configModule()).loadConfig(process.env);
  } catch (err) {
    if (err instanceof (await configModule()).ConfigError) throw new CliError(err.message, 2);
    throw err;
  }
  // Loaded here, not at the top: client commands should not pay for the server's imports.
  const [{ startProcess }, { createLogger }] = await Promise.all([import('../../main/system.js'), import('../../runtime/log.js')]);
  const actors = actorList === undefined ? undefined : await parseActors(actorList);
  const log = createLogger(config.logLevel);
  // Before the process is built, so the tracer provider is in place when the first span starts.
  const tracing = await (await import('../../runtime/tracing.js')).startTracing(process.env, { role });
  if (tracing.on) log.info({ service: tracing.service }, 'tracing on');

  // Installed before the boot, which may wait for NATS indefinitely: a signal then has nothing
  // accepted to drain, so the process just leaves.
  let running: Awaited<ReturnType<typeof startProcess>> | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (running === undefined) {
      log.info({ signal }, 'stopped while starting');
      process.exit(0);
    }
    const r = running;
    r.log.info({ signal }, 'draining');
    const hardStop = setTimeout(() => {
      r.log.error(`drain took longer than ${DRAIN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, DRAIN_LIMIT_MS);
    hardStop.unref();
    r.close()
      .then(() => tracing.shutdown())
      .then(
        () => process.exit(0),
        (err) => {
          r.log.error({ err }, 'drain failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  try {
    running = await startProcess({ role, config, log, ...(actors ? { actors } : {}) });
  } catch (err) {
    // Before the AppError case: the store may wrap the loader's error, and its fix is what to print.
    const hint = nativeModuleHint(err);
    if (hint !== undefined) throw new CliError(`cannot start: ${hint}`, 1);
    if (err instanceof AppError) throw new CliError(`${err.wireCode}: ${err.message}`, err.code === 'role_unavailable' ? 2 : 1);
    throw new CliError(`cannot start: ${(err as Error).message.split('\n')[0]}`, 1);
  }
}

/** Only actors this build implements; a name that runs nothing must not look like a worker. */
async function parseActors(list: string): Promise<ActorName[]> {
  const { ACTOR_NAMES } = await import('../../main/system.js');
  const known: string[] = [...ACTOR_NAMES];
  const out = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const a of out) {
    if (!known.includes(a)) throw new CliError(`unknown actor "${a}" (valid: ${known.join(', ')})`, 2);
  }
  if (out.length === 0) throw new CliError(`--actors needs at least one actor (valid: ${known.join(', ')})`, 2);
  return out as ActorName[];
}

export function registerRoleCommands(program: Command): void {
  program
    .command('serve')
    .description('runs the gateway and every actor in one process (what npm start runs)')
    .action(() => run('serve'));
  program
    .command('gateway')
    .description('runs the HTTP gateway alone (stateless; needs NATS_URL and DATABASE_URL)')
    .action(() => run('gateway'));
  program
    .command('worker')
    .description('runs actor consumers and the minute clock (needs NATS_URL and DATABASE_URL)')
    .option('--actors <list>', 'comma-separated actors to run (default: all; an unknown name is refused with the valid list)')
    .action((opts: { actors?: string }) => run('worker', opts.actors));
}
