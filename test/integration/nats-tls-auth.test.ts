/**
 * NATS behind TLS (a CA the test makes) and a user/password: the product's bus, configured
 * through NATS_TLS_CA, NATS_USER and NATS_PASSWORD, carries a command from a sender to a
 * consuming worker; without the CA or without the credentials it is refused with an error that
 * names what to check and never the password.
 */
import t from 'tap';
import { pino } from 'pino';
import { randomBytes } from 'node:crypto';
import { createBus, names, type Bus } from '../../bus/index.js';
import { loadConfig } from '../../runtime/config.js';
import { makeCertificates, natsServerBinary, scratchDir, startNatsServer, type OwnNatsServer } from '../helpers/nats-server.js';

const log = pino({ level: 'silent' });
const skip = natsServerBinary() === undefined ? 'nats-server not found (set NATS_SERVER)' : false;
const password = randomBytes(12).toString('hex');

t.test('a bus over TLS with a user and password', { skip, timeout: 30_000 }, async (t) => {
  const dir = scratchDir();
  const certs = makeCertificates(dir);
  const server: OwnNatsServer = await startNatsServer({
    dir,
    configOf: (port, store) => `listen: 127.0.0.1:${port}
jetstream { store_dir: "${store}" }
tls { cert_file: "${certs.cert}", key_file: "${certs.key}" }
authorization { user: svc-test, password: "${password}" }
`,
  });
  t.teardown(() => server.stop());
  const url = `nats://127.0.0.1:${server.port}`;
  const busOf = (env: Record<string, string>, name: string): Bus => {
    const config = loadConfig({ NATS_URL: url, ...env });
    const bus = createBus({
      servers: config.natsUrl,
      connectOptions: config.nats.connectOptions(),
      names: names('svc'),
      log,
      name,
    });
    t.teardown(() => bus.close());
    return bus;
  };
  const good = { NATS_TLS_CA: certs.ca, NATS_USER: 'svc-test', NATS_PASSWORD: password };

  t.test('with the CA and the credentials a command reaches a worker', async (t) => {
    const worker = busOf(good, 'worker');
    const gateway = busOf(good, 'gateway');
    await worker.start();
    let got: (p: unknown) => void = () => undefined;
    const received = new Promise<unknown>((r) => (got = r));
    await worker.consume('run', { ping: async (_ctx, p: unknown) => void got(p) });
    const sent = await gateway.send('run', 'ping', { hello: 'tls' });
    t.ok(sent.seq > 0, 'the command stream stored it');
    t.same(await received, { hello: 'tls' }, 'the worker ran it');
    t.same(await gateway.health(), { ok: true, provider: 'jetstream' });
  });

  t.test('without the credentials the server refuses, naming what to set', async (t) => {
    const bus = busOf({ NATS_TLS_CA: certs.ca }, 'anonymous');
    const err = await bus.start().then(
      () => undefined,
      (e: Error) => e,
    );
    t.ok(err, 'start fails');
    t.match(err?.message, /NATS refused the credentials .*NATS_USER\/NATS_PASSWORD/);
  });

  t.test('a wrong password is refused and not echoed', async (t) => {
    const wrong = `${password}x`;
    const bus = busOf({ NATS_TLS_CA: certs.ca, NATS_USER: 'svc-test', NATS_PASSWORD: wrong }, 'wrong');
    const err = await bus.start().then(
      () => undefined,
      (e: Error) => e,
    );
    t.match(err?.message, /NATS refused the credentials/);
    t.notMatch(`${err?.message} ${String((err as { cause?: unknown })?.cause)}`, wrong, 'the password is not in the error');
  });

  t.test('without the CA the server certificate is not trusted', async (t) => {
    const bus = busOf({ NATS_USER: 'svc-test', NATS_PASSWORD: password }, 'no-ca');
    const err = await bus.start().then(
      () => undefined,
      (e: Error) => e,
    );
    t.match(err?.message, /cannot set up TLS to NATS .*NATS_TLS_CA/);
  });
});

t.test('a token', { skip, timeout: 20_000 }, async (t) => {
  const token = randomBytes(16).toString('hex');
  const server = await startNatsServer({
    configOf: (port, store) => `listen: 127.0.0.1:${port}\njetstream { store_dir: "${store}" }\nauthorization { token: "${token}" }\n`,
  });
  t.teardown(() => server.stop());
  const busWith = (env: Record<string, string>) => {
    const config = loadConfig({ NATS_URL: `nats://127.0.0.1:${server.port}`, ...env });
    const bus = createBus({ servers: config.natsUrl, connectOptions: config.nats.connectOptions(), names: names('svc'), log });
    t.teardown(() => bus.close());
    return bus;
  };
  const bus = busWith({ NATS_TOKEN: token });
  await bus.start();
  t.ok((await bus.send('run', 'ping', {})).seq > 0, 'NATS_TOKEN logs in and a command is stored');
  const err = await busWith({ NATS_TOKEN: `${token}0` })
    .start()
    .then(
      () => undefined,
      (e: Error) => e,
    );
  t.match(err?.message, /NATS refused the credentials/, 'a wrong token is refused');
  t.notMatch(err?.message, token, 'and not echoed');
});
