/**
 * NATS_CREDS, NATS_NKEY_SEED, NATS_TOKEN, NATS_USER/NATS_PASSWORD, NATS_TLS_* and the event
 * stream limits as the process reads them: a bad value stops it with one line naming the
 * variable and never the secret, and no credential is in the serialized config.
 */
import t from 'tap';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nkeys } from '@nats-io/nats-core';
import { ConfigError, loadConfig } from '../../runtime/config.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-nats-config-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const user = nkeys.createUser();
const seed = text(user.getSeed());
const base = { NATS_URL: 'nats://127.0.0.1:4222' };

const refused = (env: Record<string, string>, variable: string, secret?: string) => {
  let err: unknown;
  try {
    loadConfig({ ...base, ...env });
  } catch (e) {
    err = e;
  }
  t.ok(err instanceof ConfigError, `${Object.keys(env).join(', ')}: refused`);
  t.equal((err as ConfigError).variable, variable, `names ${variable}`);
  if (secret !== undefined) t.notMatch((err as Error).message, secret, 'without the secret');
  return (err as Error).message;
};

t.test('each way to log in is one kind, its secret out of the serialized config', async (t) => {
  const seedFile = join(dir, 'user.nk');
  writeFileSync(seedFile, `${seed}\n`);
  const cases: [Record<string, string>, string, string][] = [
    [{ NATS_NKEY_SEED: seed }, 'nkey', seed],
    [{ NATS_NKEY_SEED: seedFile }, 'nkey', seed],
    [{ NATS_TOKEN: 't0ken-value-123' }, 'token', 't0ken-value-123'],
    [{ NATS_USER: 'svc-gateway', NATS_PASSWORD: 'pa55word-value' }, 'user', 'pa55word-value'],
  ];
  for (const [env, kind, secret] of cases) {
    const config = loadConfig({ ...base, ...env });
    t.equal(config.nats.auth, kind);
    t.ok(config.nats.connectOptions().authenticator, `${kind}: an authenticator from the client library`);
    t.notMatch(JSON.stringify(config), secret, `${kind}: the secret is not in JSON.stringify(config)`);
  }
  const none = loadConfig(base);
  t.equal(none.nats.auth, 'none');
  t.same(none.nats.connectOptions(), {}, 'nothing set: the client connects as before');
});

t.test('a creds file is parsed by the client library at start', async (t) => {
  const good = join(dir, 'user.creds');
  // The JWT is not checked here (the server does that); the file's shape and its seed are.
  writeFileSync(
    good,
    `-----BEGIN NATS USER JWT-----\neyJhbGciOiJlZDI1NTE5In0.e30.c2ln\n------END NATS USER JWT------\n\n-----BEGIN USER NKEY SEED-----\n${seed}\n------END USER NKEY SEED------\n`,
  );
  t.equal(loadConfig({ ...base, NATS_CREDS: good }).nats.auth, 'creds');
  const bad = join(dir, 'bad.creds');
  writeFileSync(bad, 'not a creds file');
  refused({ NATS_CREDS: bad }, 'NATS_CREDS');
  t.match(refused({ NATS_CREDS: join(dir, 'missing.creds') }, 'NATS_CREDS'), /cannot be read/);
});

t.test('bad values stop the process naming the variable, never the secret', async (t) => {
  const malformed = `SU${'A'.repeat(56)}`;
  t.match(refused({ NATS_NKEY_SEED: malformed }, 'NATS_NKEY_SEED', malformed), /not a valid nkey seed/);
  refused({ NATS_NKEY_SEED: 'SUnot-a-path-nor-a-seed' }, 'NATS_NKEY_SEED', 'SUnot-a-path-nor-a-seed');
  const account = text(nkeys.createAccount().getSeed());
  t.match(refused({ NATS_NKEY_SEED: account }, 'NATS_NKEY_SEED', account), /user seed/);
  refused({ NATS_PASSWORD: 'lonely-password' }, 'NATS_PASSWORD', 'lonely-password');
  refused({ NATS_USER: 'svc-gateway' }, 'NATS_USER');
  refused({ NATS_TOKEN: 'tok-secret', NATS_USER: 'u', NATS_PASSWORD: 'p-secret' }, 'NATS_USER', 'tok-secret');
  t.match(refused({ NATS_TLS_CA: join(dir, 'nope.pem') }, 'NATS_TLS_CA'), /cannot be read/);
  const notPem = join(dir, 'not.pem');
  writeFileSync(notPem, 'hello');
  t.match(refused({ NATS_TLS_CA: notPem }, 'NATS_TLS_CA'), /not PEM/);
  const pem = join(dir, 'ok.pem');
  writeFileSync(pem, '-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n');
  refused({ NATS_TLS_CERT: pem }, 'NATS_TLS_CERT');
  refused({ NATS_TLS_KEY: pem }, 'NATS_TLS_KEY');
  const tls = loadConfig({ ...base, NATS_TLS_CA: pem, NATS_TLS_CERT: pem, NATS_TLS_KEY: pem });
  t.same(tls.nats.tls, { ca: pem, cert: pem, key: pem });
  t.same(tls.nats.connectOptions().tls, { caFile: pem, certFile: pem, keyFile: pem }, 'the client reads the files on each connect');
});

t.test('SVC_EVT_MAX_BYTES and SVC_EVT_MAX_AGE', async (t) => {
  t.same(loadConfig(base).eventLimits, { maxBytes: undefined, maxAgeMs: 7 * 24 * 3600_000 }, 'unset: no size limit, a week');
  t.equal(loadConfig({ ...base, SVC_EVT_MAX_BYTES: '512MB' }).eventLimits.maxBytes, 512 * 1024 ** 2);
  t.equal(loadConfig({ ...base, SVC_EVT_MAX_BYTES: '2G' }).eventLimits.maxBytes, 2 * 1024 ** 3);
  t.equal(loadConfig({ ...base, SVC_EVT_MAX_BYTES: '1000' }).eventLimits.maxBytes, 1000);
  t.equal(loadConfig({ ...base, SVC_EVT_MAX_AGE: '12h' }).eventLimits.maxAgeMs, 12 * 3600_000);
  t.equal(loadConfig({ ...base, SVC_EVT_MAX_AGE: '30d' }).eventLimits.maxAgeMs, 30 * 86_400_000);
  refused({ SVC_EVT_MAX_BYTES: '12 MB' }, 'SVC_EVT_MAX_BYTES');
  refused({ SVC_EVT_MAX_BYTES: '0' }, 'SVC_EVT_MAX_BYTES');
  refused({ SVC_EVT_MAX_AGE: '12' }, 'SVC_EVT_MAX_AGE');
  refused({ SVC_EVT_MAX_AGE: '10ms' }, 'SVC_EVT_MAX_AGE');
});
