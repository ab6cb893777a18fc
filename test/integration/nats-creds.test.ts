/**
 * NATS decentralized auth with a creds file: an operator, an account with JetStream and a user
 * made here with the NATS JWT library, a nats-server of the test's own in operator mode that trusts
 * the operator and knows the account (memory resolver), and the product connecting with
 * NATS_CREDS. A command goes through JetStream from one bus to another; a user JWT signed by an
 * account the server does not know is refused with a message that names NATS_CREDS, and neither
 * the seed nor the JWT appears in the config or the error.
 */
import t from 'tap';
import { pino } from 'pino';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount, createOperator, createUser, encodeAccount, encodeOperator, encodeUser, fmtCreds } from '@nats-io/jwt';
import { createBus, names } from '../../bus/index.js';
import { loadConfig } from '../../runtime/config.js';
import { natsServerBinary, scratchDir, startNatsServer } from '../helpers/nats-server.js';

const log = pino({ level: 'silent' });
const skip = natsServerBinary() === undefined ? 'nats-server not found (set NATS_SERVER)' : false;
const text = (b: Uint8Array) => new TextDecoder().decode(b);

t.test('a creds file logs in to a server in operator mode', { skip, timeout: 30_000 }, async (t) => {
  const operator = createOperator();
  const account = createAccount();
  const user = createUser();
  // JetStream in operator mode needs a system account for its internal subscriptions.
  const system = createAccount();
  const operatorJwt = await encodeOperator('svc-test', operator, { system_account: system.getPublicKey() });
  const systemJwt = await encodeAccount('SYS', system, {}, { signer: operator });
  const accountJwt = await encodeAccount(
    'svc',
    account,
    {
      // Unlimited, JetStream included: a limit left out of an account's claims is zero.
      limits: {
        conn: -1,
        subs: -1,
        payload: -1,
        data: -1,
        imports: -1,
        exports: -1,
        leaf: -1,
        wildcards: true,
        mem_storage: -1,
        disk_storage: -1,
        streams: -1,
        consumer: -1,
      },
    },
    { signer: operator },
  );
  const dir = scratchDir();
  const creds = join(dir, 'svc.creds');
  const userJwt = await encodeUser('svc-worker', user, account);
  writeFileSync(creds, fmtCreds(userJwt, user), { mode: 0o600 });

  // The same user, signed by an account the server was never told of.
  const stranger = createAccount();
  const strangerCreds = join(dir, 'stranger.creds');
  writeFileSync(strangerCreds, fmtCreds(await encodeUser('intruder', user, stranger), user), { mode: 0o600 });

  const server = await startNatsServer({
    dir,
    configOf: (port, store) =>
      [
        `listen: 127.0.0.1:${port}`,
        `jetstream { store_dir: "${store}" }`,
        `operator: ${operatorJwt}`,
        `system_account: ${system.getPublicKey()}`,
        'resolver: MEMORY',
        `resolver_preload: { ${account.getPublicKey()}: ${accountJwt}, ${system.getPublicKey()}: ${systemJwt} }`,
        '',
      ].join('\n'),
  });
  t.teardown(() => server.stop());

  const busWith = (file: string) => {
    const config = loadConfig({ NATS_URL: `nats://127.0.0.1:${server.port}`, NATS_CREDS: file });
    t.equal(config.nats.auth, 'creds');
    const serialized = JSON.stringify(config);
    t.notMatch(serialized, text(user.getSeed()), 'the seed is not in the serialized config');
    t.notMatch(serialized, userJwt, 'the JWT is not in the serialized config');
    const bus = createBus({ servers: config.natsUrl, connectOptions: config.nats.connectOptions(), names: names('svc'), log });
    t.teardown(() => bus.close());
    return bus;
  };

  const worker = busWith(creds);
  await worker.start();
  let got: (p: unknown) => void = () => undefined;
  const received = new Promise<unknown>((r) => (got = r));
  await worker.consume('run', { ping: async (_ctx, p: unknown) => void got(p) });
  const sender = busWith(creds);
  t.ok((await sender.send('run', 'ping', { via: 'creds' })).seq > 0, 'JetStream stored the command');
  t.same(await received, { via: 'creds' }, 'the worker, logged in with the same creds, ran it');

  const err = await busWith(strangerCreds)
    .start()
    .then(
      () => undefined,
      (e: Error) => e,
    );
  t.match(err?.message, /NATS refused the credentials .*NATS_CREDS/, 'a user of an unknown account is refused');
  t.notMatch(err?.message ?? '', text(user.getSeed()), 'the seed is not in the error');
});
