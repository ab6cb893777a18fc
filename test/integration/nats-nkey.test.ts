/**
 * NATS nkey authentication: a user nkey made with the client's own nkeys library, its public key
 * in the server's configuration, and the product connecting with NATS_NKEY_SEED, given inline or
 * as the path of a seed file. (Creds files, a JWT issued by an account: nats-creds.test.ts.)
 */
import t from 'tap';
import { pino } from 'pino';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nkeys } from '@nats-io/nats-core';
import { createBus, names } from '../../bus/index.js';
import { loadConfig } from '../../runtime/config.js';
import { natsServerBinary, scratchDir, startNatsServer } from '../helpers/nats-server.js';

const log = pino({ level: 'silent' });
const skip = natsServerBinary() === undefined ? 'nats-server not found (set NATS_SERVER)' : false;
const text = (b: Uint8Array) => new TextDecoder().decode(b);

t.test('nkey users', { skip, timeout: 20_000 }, async (t) => {
  const user = nkeys.createUser();
  const stranger = nkeys.createUser();
  const dir = scratchDir();
  const seedFile = join(dir, 'user.nk');
  writeFileSync(seedFile, `${text(user.getSeed())}\n`, { mode: 0o600 });
  const server = await startNatsServer({
    dir,
    configOf: (port, store) =>
      `listen: 127.0.0.1:${port}\njetstream { store_dir: "${store}" }\nauthorization { users: [ { nkey: ${user.getPublicKey()} } ] }\n`,
  });
  t.teardown(() => server.stop());
  const busWith = (seed: string) => {
    const config = loadConfig({ NATS_URL: `nats://127.0.0.1:${server.port}`, NATS_NKEY_SEED: seed });
    t.equal(config.nats.auth, 'nkey');
    t.notMatch(JSON.stringify(config), seed, 'the seed is not in the serialized config');
    const bus = createBus({ servers: config.natsUrl, connectOptions: config.nats.connectOptions(), names: names('svc'), log });
    t.teardown(() => bus.close());
    return bus;
  };

  const inline = busWith(text(user.getSeed()));
  await inline.start();
  let got: (p: unknown) => void = () => undefined;
  const received = new Promise<unknown>((r) => (got = r));
  await inline.consume('run', { ping: async (_ctx, p: unknown) => void got(p) });
  const fromFile = busWith(seedFile);
  t.ok((await fromFile.send('run', 'ping', { via: 'seed file' })).seq > 0, 'a seed file logs in');
  t.same(await received, { via: 'seed file' }, 'the inline-seed worker ran the command');

  const err = await busWith(text(stranger.getSeed()))
    .start()
    .then(
      () => undefined,
      (e: Error) => e,
    );
  t.match(err?.message, /NATS refused the credentials .*NATS_NKEY_SEED/, 'an unknown nkey is refused');
  t.notMatch(err?.message, text(stranger.getSeed()), 'the seed is not in the error');
});
