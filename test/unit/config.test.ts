import t from 'tap';
import { loadConfig, ConfigError } from '../../runtime/config.js';

const HEX_KEY = 'ab'.repeat(32);

t.test('defaults on an empty environment', async (t) => {
  const c = loadConfig({});
  t.equal(c.port, 8788);
  t.equal(c.host, undefined, 'unset host binds every interface');
  t.equal(c.token, undefined);
  t.same(c.corsOrigins, []);
  t.equal(c.natsUrl, undefined);
  t.equal(c.databaseUrl, undefined);
  t.equal(c.workerHealthPort, undefined, 'a worker listens on nothing unless asked');
  t.equal(c.sessionKey, undefined);
  t.equal(c.logLevel, 'info');
  t.equal(c.busPrefix, 'svc');
  t.equal(c.clockTickMs, 60_000);
  t.equal(c.duplicateWindowMs, 120_000, "JetStream's default duplicate window");
  t.equal(c.model.provider, 'local');
  t.ok(Object.isFrozen(c));
});

t.test('session key: 64 hex characters or base64 of 32 bytes', async (t) => {
  t.same(loadConfig({ SVC_SESSION_KEY: HEX_KEY }).sessionKey, Buffer.alloc(32, 0xab));
  const b64 = Buffer.alloc(32, 7).toString('base64');
  t.same(loadConfig({ SVC_SESSION_KEY: b64 }).sessionKey, Buffer.alloc(32, 7));
  const b64url = Buffer.alloc(32, 0xfb).toString('base64url');
  t.same(loadConfig({ SVC_SESSION_KEY: b64url }).sessionKey, Buffer.alloc(32, 0xfb));
});

const bad: [string, Record<string, string>, RegExp][] = [
  ['SVC_ORCH_PORT', { SVC_ORCH_PORT: 'eighty' }, /port number/],
  ['SVC_ORCH_PORT', { SVC_ORCH_PORT: '70000' }, /port number/],
  ['SVC_SESSION_KEY', { SVC_SESSION_KEY: 'abcd' }, /32 bytes/],
  ['SVC_SESSION_KEY', { SVC_SESSION_KEY: 'ab'.repeat(31) }, /32 bytes/],
  ['SVC_SESSION_KEY', { SVC_SESSION_KEY: 'not base64 at all!' }, /32 bytes/],
  ['DATABASE_SCHEMA', { DATABASE_SCHEMA: 'MySchema' }, /lowercase identifier/],
  ['DATABASE_SCHEMA', { DATABASE_SCHEMA: 'a;drop' }, /lowercase identifier/],
  ['DATABASE_SCHEMA', { DATABASE_SCHEMA: '1abc' }, /lowercase identifier/],
  ['DATABASE_SCHEMA', { DATABASE_SCHEMA: 'svc' }, /is set but DATABASE_URL is not/],
  ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }, /postgres/],
  ['SVC_WORKER_HEALTH_PORT', { SVC_WORKER_HEALTH_PORT: '70000' }, /port number/],
  ['NATS_URL', { NATS_URL: 'http://127.0.0.1:4222' }, /nats:\/\//],
  ['LOG_LEVEL', { LOG_LEVEL: 'loud' }, /one of/],
  ['SVC_ORCH_CORS_ORIGINS', { SVC_ORCH_CORS_ORIGINS: '*' }, /wildcard/],
  ['SVC_ORCH_CORS_ORIGINS', { SVC_ORCH_CORS_ORIGINS: 'https://*.example.com' }, /wildcard/],
  ['SVC_ORCH_CORS_ORIGINS', { SVC_ORCH_CORS_ORIGINS: 'example.com' }, /scheme:\/\/host/],
  ['SVC_ORCH_TOKEN', { SVC_ORCH_TOKEN: 'short' }, /16 characters/],
  ['SVC_CLOCK_TICK_MS', { SVC_CLOCK_TICK_MS: '5' }, /at least 100/],
  ['SVC_DUPLICATE_WINDOW_MS', { SVC_DUPLICATE_WINDOW_MS: '999' }, /at least 1000/],
  ['SVC_DUPLICATE_WINDOW_MS', { SVC_DUPLICATE_WINDOW_MS: '2m' }, /milliseconds/],
];

t.test('a bad value stops with one line naming the variable', async (t) => {
  for (const [variable, env, problem] of bad) {
    const err = t.throws(() => loadConfig(env), ConfigError, variable) as unknown as ConfigError;
    t.equal(err.variable, variable);
    t.match(err.message, new RegExp(`^config: ${variable} `));
    t.match(err.message, problem);
    t.notMatch(err.message, /\n/, 'one line');
    if (variable === 'SVC_SESSION_KEY') t.notMatch(err.message, env.SVC_SESSION_KEY!, 'never echoes a secret');
  }
});

t.test('root auth with missing settings reports a configError, it does not stop the process', async (t) => {
  const c = loadConfig({ SVC_ROOT_AUTH: 'passkey', SVC_ROOT_PASSKEY_ID: 'x' });
  t.equal(c.rootAuth.kind, 'passkey');
  t.match(c.rootAuth.configError, /SVC_ROOT_PASSKEY_PUBKEY/);
  t.equal(
    loadConfig({ SVC_ROOT_AUTH: 'wallet', SVC_ROOT_ADDRESS: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }).rootAuth.configError,
    undefined,
  );
});

t.test('model provider: pinned, else the first configured key, else local', async (t) => {
  t.equal(loadConfig({ ANTHROPIC_API_KEY: 'k' }).model.provider, 'anthropic');
  t.equal(loadConfig({ ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k' }).model.provider, 'openai');
  t.equal(loadConfig({ OPENAI_API_KEY: 'k', SVC_MODEL_PROVIDER: 'local' }).model.provider, 'local');
});

t.test('SVC_IDENTITIES: inline JSON or a file, validated, tokens unique', async (t) => {
  const ids = [
    { token: 'alice-token-0123456789', seat: 'alice', kind: 'human' },
    { token: 'bot-token-0123456789ab', seat: 'bot', kind: 'agent', workspace: 'acme' },
  ];
  t.same(loadConfig({ SVC_IDENTITIES: JSON.stringify(ids) }).identities, ids);
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const dir = mkdtempSync('/tmp/svc-ids-');
  writeFileSync(`${dir}/ids.json`, JSON.stringify(ids));
  t.same(loadConfig({ SVC_IDENTITIES: `${dir}/ids.json` }).identities, ids);
  for (const bad of [
    '[{"token":"short","seat":"a","kind":"human"}]',
    '[{"token":"alice-token-0123456789","seat":"two words","kind":"human"}]',
    '[{"token":"alice-token-0123456789","seat":"a","kind":"robot"}]',
    JSON.stringify([ids[0], { ...ids[1], token: ids[0]!.token }]),
    '[not json',
    '/nonexistent/ids.json',
  ]) {
    const err = t.throws(() => loadConfig({ SVC_IDENTITIES: bad }), ConfigError) as unknown as ConfigError;
    t.equal(err.variable, 'SVC_IDENTITIES');
    t.notMatch(err.message, 'alice-token-0123456789', 'never echoes a token');
  }
  t.throws(() => loadConfig({ SVC_ORCH_TOKEN: ids[0]!.token, SVC_IDENTITIES: JSON.stringify(ids) }), /repeats a token/);
});
