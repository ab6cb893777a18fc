/**
 * `svc serve | gateway | worker`: start a process role and drain it on SIGTERM/SIGINT
 * (stop taking work, finish or nak what is in flight, close connections, exit 0).
 */
import type { Command } from 'commander';
import { loadConfig, ConfigError } from '../../runtime/config.js';
import type { Role } from '../../runtime/health.js';
import { ACTORS, isActorName, type ActorName } from '../../bus/subjects.js';
import { AppError } from '../../schemas/errors.js';
import { CliError } from '../client.js';

async function run(role: Role, actors?: readonly ActorName[]): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, 2);
    throw err;
  }
  // Loaded here, not at the top: client commands should not pay for the server's imports.
  const { startProcess } = await import('../../runtime/system.js');
  let running;
  try {
    running = await startProcess({ role, config, ...(actors ? { actors } : {}) });
  } catch (err) {
    if (err instanceof AppError) throw new CliError(`${err.wireCode}: ${err.message}`, 2);
    throw new CliError(`cannot start: ${(err as Error).message.split('\n')[0]}`, 1);
  }
  const stop = (signal: string) => {
    running.log.info({ signal }, 'draining');
    const hardStop = setTimeout(() => {
      running.log.error('drain took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000);
    hardStop.unref();
    running.close().then(() => process.exit(0), (err) => {
      running.log.error({ err }, 'drain failed');
      process.exit(1);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

function parseActors(list: string): ActorName[] {
  const out = list.split(',').map((s) => s.trim()).filter(Boolean);
  for (const a of out) {
    if (!isActorName(a)) throw new CliError(`unknown actor "${a}" (known: ${ACTORS.join(', ')})`, 2);
  }
  if (out.length === 0) throw new CliError('--actors needs at least one actor', 2);
  return out as ActorName[];
}

export function registerRoleCommands(program: Command): void {
  program.command('serve').description('gateway and every actor in one process (what npm start runs)').action(() => run('serve'));
  program.command('gateway').description('HTTP only; stateless; needs NATS_URL').action(() => run('gateway'));
  program
    .command('worker')
    .description('actor consumers; needs NATS_URL')
    .option('--actors <list>', `comma-separated actors (${ACTORS.join(',')})`)
    .action((opts: { actors?: string }) => run('worker', opts.actors ? parseActors(opts.actors) : undefined));
}
