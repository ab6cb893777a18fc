/** `svc events tail`: the live event feed, from NATS directly or from the gateway over HTTP. */
import type { Command } from 'commander';
import { CliError, type ClientEnv } from '../client.js';
import { parseDuration, tailEvents } from '../events-tail.js';
import type { BusEvent } from '../../bus/types.js';

const print = (evt: BusEvent): void => void process.stdout.write(`${JSON.stringify(evt)}\n`);

export function registerEventCommands(program: Command, env: ClientEnv): void {
  const events = program.command('events').description('live events');
  events
    .command('tail [filter]')
    .description(
      'prints events as JSON lines; filter is relative to svc.evt.: an event type (e.g. FlowRun) or a NATS wildcard for whole tokens (*, >); reads NATS directly when NATS_URL is set, else the gateway, reconnecting after a drop and resuming after the last event printed',
    )
    .option(
      '--retry-for <duration>',
      'how long the gateway may stay away before the tail gives up and exits 1 (e.g. 60s, 5m; 0: never reconnect)',
      parseDuration,
      60_000,
    )
    .action(async (filter: string | undefined, opts: { retryFor: number }) => {
      if (env.natsUrl) return tailNats(env, filter ?? '>');
      await tailEvents(env, filter ?? '>', {
        retryForMs: opts.retryFor,
        print,
        note: (line) => void process.stderr.write(`svc: ${line}\n`),
      });
    });
}

async function tailNats(env: ClientEnv, filter: string): Promise<void> {
  const [{ createBus, names }, { pino }, { natsSettings }, { ConfigError }] = await Promise.all([
    import('../../bus/index.js'),
    import('pino'),
    import('../../runtime/nats-config.js'),
    import('../../runtime/config-json.js'),
  ]);
  let nats;
  try {
    nats = natsSettings(env.natsEnv);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, 2);
    throw err;
  }
  const bus = createBus({
    servers: env.natsUrl,
    connectOptions: nats.connectOptions(),
    inboxPrefix: names(env.busPrefix).inbox('events'),
    names: names(env.busPrefix),
    log: pino({ level: 'silent' }),
    ackWaitMs: 30_000,
    name: 'svc-cli-tail',
  });
  await bus.tail(filter, print);
  await new Promise<void>((resolve) => process.once('SIGINT', resolve));
  await bus.close();
}
