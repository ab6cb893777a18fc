/**
 * The users and permissions of deploy/nats/permissions.conf, loaded as they are by a real
 * nats-server: a gateway, a worker and an event reader doing their work raise no permission
 * violation; a gateway cannot pull a command off the work queue (or make a consumer of its own
 * there), and an event reader cannot publish a command nor listen to command subjects.
 */
import t from 'tap';
import { pino } from 'pino';
import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { PermissionViolationError, type NatsConnection } from '@nats-io/nats-core';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { createBus, names, type Bus, type BusEvent } from '../../bus/index.js';
import { loadConfig } from '../../runtime/config.js';
import { repoPath } from '../helpers/paths.js';
import { natsServerBinary, scratchDir, startNatsServer } from '../helpers/nats-server.js';
import { runCli, spawnSvc } from '../helpers/process.js';

const log = pino({ level: 'silent' });
const skip = natsServerBinary() === undefined ? 'nats-server not found (set NATS_SERVER)' : false;
const n = names('svc');
const ROLES = { gateway: 'GATEWAY', worker: 'WORKER', events: 'EVENTS', admin: 'ADMIN' } as const;
type Role = keyof typeof ROLES;

/** The first permission violation the server reports on this connection. */
function violation(nc: NatsConnection): Promise<PermissionViolationError> {
  return (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'error' && s.error instanceof PermissionViolationError) return s.error;
    }
    throw new Error('the connection closed without a permission violation');
  })();
}

t.test('deploy/nats/permissions.conf', { skip, timeout: 30_000 }, async (t) => {
  // Read by nats-server as configuration values: letters and digits, starting with a letter.
  const passwords = Object.fromEntries(Object.keys(ROLES).map((r) => [r, `p${randomBytes(12).toString('hex')}`])) as Record<Role, string>;
  const dir = scratchDir();
  copyFileSync(repoPath('deploy/nats/permissions.conf'), join(dir, 'permissions.conf'));
  const server = await startNatsServer({
    dir,
    configOf: (port, store) => `listen: 127.0.0.1:${port}\njetstream { store_dir: "${store}" }\ninclude ./permissions.conf\n`,
    env: Object.fromEntries(Object.entries(ROLES).map(([r, v]) => [`SVC_NATS_${v}_PASSWORD`, passwords[r as Role]])),
  });
  t.teardown(() => server.stop());
  const url = `nats://127.0.0.1:${server.port}`;
  const violations = () =>
    server
      .log()
      .split('\n')
      .filter((l) => /Violation/.test(l));

  /** The product's bus, as `svc <role>` builds it (its role's inbox included). */
  const busAs = (role: Role): Bus => {
    const config = loadConfig({ NATS_URL: url, NATS_USER: `svc-${role}`, NATS_PASSWORD: passwords[role] });
    const bus = createBus({
      servers: config.natsUrl,
      connectOptions: config.nats.connectOptions(),
      inboxPrefix: n.inbox(role),
      names: n,
      log,
      ackWaitMs: 5_000,
    });
    t.teardown(() => bus.close());
    return bus;
  };
  /** A plain client logged in as a role, for what the product itself never tries. */
  const rawAs = async (role: Role): Promise<NatsConnection> => {
    const nc = await connect({ servers: url, user: `svc-${role}`, pass: passwords[role], inboxPrefix: n.inbox(role) });
    t.teardown(() => nc.close());
    return nc;
  };
  const admin = await jetstreamManager(await rawAs('admin'));
  const pending = async (durable: string) => (await admin.consumers.info(n.commandStream, durable)).num_pending;

  const worker = busAs('worker');
  const gateway = busAs('gateway');
  const reader = busAs('events');
  await worker.start();
  await gateway.start();

  t.test('each role does its own work without a violation', async (t) => {
    await worker.consume('run', { ping: async (_ctx, p: { n: number }) => ({ pong: p.n }) });
    t.same(await gateway.call('run', 'ping', { n: 7 }), { pong: 7 }, 'a gateway calls a worker and gets the reply');
    const seen: BusEvent[] = [];
    let arrived: () => void = () => undefined;
    const first = new Promise<void>((r) => (arrived = r));
    await reader.tail('>', (evt) => {
      seen.push(evt);
      arrived();
    });
    await gateway.emit('ClockMinute', { window: 1, at: new Date().toISOString(), worker: 'permissions-test' });
    await first;
    t.equal(seen[0]?.type, 'ClockMinute', 'the event reader reads the event stream');
    t.ok((await gateway.lag!()).run, 'a gateway reads the work queues’ state');
    t.same(await gateway.deadLetters(), [], 'and lists dead letters');
    t.same(violations(), [], 'the server logged no permission violation');
  });

  t.test('the CLI logs in with its role: svc migrate as svc-admin, svc events tail as svc-events', async (t) => {
    const as = (role: Role) => ({ NATS_URL: url, NATS_USER: `svc-${role}`, NATS_PASSWORD: passwords[role] });
    const migrated = await runCli(['migrate'], as('admin'));
    t.equal(migrated.code, 0, migrated.stderr);
    t.match(migrated.stdout, /bus: streams SVC_CMD, SVC_EVT/);

    const tail = spawnSvc(t, ['events', 'tail'], as('events'));
    // The tail starts at the stream's end once its consumer exists: emit until it prints one.
    let seen = false;
    const printed = tail.waitFor((evt) => evt.type === 'ClockMinute' && evt.data?.worker === 'cli-tail').then(() => (seen = true));
    for (let i = 0; !seen && i < 100; i++) {
      await gateway.emit('ClockMinute', { window: i, at: new Date().toISOString(), worker: 'cli-tail' });
      await Promise.race([printed, new Promise((r) => setTimeout(r, 100))]);
    }
    t.ok(seen, 'svc events tail printed an event read as svc-events');
    tail.proc.kill('SIGINT');
    t.equal((await tail.exited()).code, 0, 'and exits 0 on SIGINT');

    const badSeed = 'SUAnot-a-seed';
    const refused = await runCli(['events', 'tail'], { NATS_URL: url, NATS_NKEY_SEED: badSeed });
    t.equal(refused.code, 2, 'a bad seed stops the tail at once');
    t.match(refused.stderr, /NATS_NKEY_SEED/);
    t.notMatch(refused.stderr, badSeed, 'without echoing it');
  });

  t.test('a gateway publishes commands but cannot pull them', async (t) => {
    await admin.consumers.add(n.commandStream, {
      durable_name: n.consumer('gate'),
      filter_subject: n.commandFilter('gate'),
      ack_policy: AckPolicy.Explicit,
    });
    t.ok((await gateway.send('gate', 'decide', { x: 1 })).seq > 0, 'the command is stored');
    t.equal(await pending(n.consumer('gate')), 1);

    const nc = await rawAs('gateway');
    const refused = violation(nc);
    const consumer = await jetstream(nc).consumers.get(n.commandStream, n.consumer('gate'));
    const pulled = consumer.next({ expires: 5_000 }).catch(() => null);
    const v = await refused;
    t.equal(v.operation, 'publish');
    t.equal(v.subject, `$JS.API.CONSUMER.MSG.NEXT.${n.commandStream}.${n.consumer('gate')}`, 'the pull request is refused');
    nc.close().catch(() => undefined);
    t.equal(await pulled, null, 'nothing was pulled');
    t.equal(await pending(n.consumer('gate')), 1, 'the command is still waiting for a worker');

    const again = await rawAs('gateway');
    const refusedCreate = violation(again);
    void jetstreamManager(again, { checkAPI: false })
      .then((m) =>
        m.consumers.add(n.commandStream, {
          durable_name: 'sneaky',
          filter_subject: n.commandFilter('gate'),
          ack_policy: AckPolicy.Explicit,
        }),
      )
      .catch(() => undefined);
    t.match((await refusedCreate).subject, /^\$JS\.API\.CONSUMER\.CREATE\.SVC_CMD\.sneaky/, 'nor make a consumer of its own there');
  });

  t.test('an event reader reads events and nothing else', async (t) => {
    const before = (await admin.streams.info(n.commandStream)).state.messages;
    const nc = await rawAs('events');
    const refused = violation(nc);
    nc.publish(n.command('run', 'ping'), new TextEncoder().encode('{"n":1}'));
    const v = await refused;
    t.same([v.operation, v.subject], ['publish', n.command('run', 'ping')], 'publishing a command is refused');
    t.equal((await admin.streams.info(n.commandStream)).state.messages, before, 'no command was stored');

    const listener = await rawAs('events');
    const refusedSub = violation(listener);
    listener.subscribe(`${n.prefix}.cmd.>`);
    const s = await refusedSub;
    t.same([s.operation, s.subject], ['subscription', `${n.prefix}.cmd.>`], 'listening to commands is refused');

    const snoop = await rawAs('events');
    const refusedInbox = violation(snoop);
    snoop.subscribe(`${n.inbox('worker')}.>`);
    t.equal((await refusedInbox).subject, `${n.inbox('worker')}.>`, "and so is a worker's inbox (its pulled commands)");
  });
});
