/**
 * The pubsub scheme: OIDC push tokens minted by jose from a key set this test serves on
 * 127.0.0.1. Right token accepted (envelope unwrapped, data decoded, messageId as the key,
 * attributes.eventType filtered); wrong audience, wrong email, expired, unknown kid refused;
 * a key set that cannot be reached answers 503, before the first fetch and after a cached set
 * expired or the provider rotated to a kid the cache does not hold; the key set is fetched once
 * and cached; Google's issuer is accepted in both of its spellings.
 */
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { pubsubVerifier } from '../../../ingress/pubsub.js';
import { AppError } from '../../../schemas/errors.js';
import { mint, post, saveFlow } from '../../helpers/triggers.js';
import { generateKeyPair } from 'jose';
import { AUD, EMAIL, envelope, ISSUER, keySet, token } from '../../helpers/pubsub.js';
import type { StartRunCommand } from '../../../schemas/runs.js';

t.test('pubsub push deliveries', async (t) => {
  const ks = await keySet();
  t.teardown(ks.close);
  const sys = await startSystem(t, { actors: ['trigger', 'ops'], env: { SVC_PUBSUB_JWKS_URL: ks.url, SVC_PUBSUB_ISSUER: ISSUER } });
  const commands: StartRunCommand[] = [];
  await sys.bus.consume('run', {
    start: async (_ctx, p: StartRunCommand) => {
      commands.push(p);
      return {};
    },
  });
  await saveFlow(sys.store, 'wf', 'webhook');
  const m = await mint(sys.url, {
    flowId: 'wf',
    scheme: 'pubsub',
    events: ['order'],
    input: { fields: { id: 'order.id' } },
    config: { audience: AUD, serviceAccountEmail: EMAIL },
  });
  t.equal(m.secret, '', 'no shared secret for pubsub');
  const url = `${sys.url}/hooks/${m.trigger.id}`;
  const push = (auth: string | undefined, body: string) =>
    post(url, body, { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) });

  t.test('the right token is accepted; the envelope is unwrapped', async (t) => {
    const tok = await token(ks.privateKey);
    const r = await push(`Bearer ${tok}`, envelope({ order: { id: 42 } }, 'msg-1', { eventType: 'order.created' }));
    t.equal(r.status, 202);
    t.match(r.body, { accepted: true, runId: /^run-wh-/ });
    t.same(
      (await push(`Bearer ${tok}`, envelope({ order: { id: 42 } }, 'msg-1', { eventType: 'order.created' }))).body,
      { duplicate: true },
      'messageId is the key',
    );
    t.same((await push(`Bearer ${tok}`, envelope({}, 'msg-2', { eventType: 'invoice.paid' }))).body, { skipped: 'event_not_selected' });
    t.equal((await push(`Bearer ${tok}`, envelope({ order: { id: 7 } }, 'msg-3'))).status, 202, 'an undeclared type passes');
    for (let i = 0; i < 5; i++)
      t.equal((await push(`Bearer ${await token(ks.privateKey)}`, envelope({ order: { id: i } }, `msg-loop-${i}`))).status, 202);
    const first = commands.find((c) => c.runId === r.body.runId);
    t.equal(first?.input, '{"id":42}', 'data decoded before the mapping');
  });

  t.test('a NUL inside the base64 data is refused like one in the body', async (t) => {
    const before = commands.length;
    const tok = await token(ks.privateKey);
    const r = await push(`Bearer ${tok}`, envelope({ order: { id: 'x\u0000y' } }, randomUUID()));
    t.equal(r.status, 400);
    t.equal(r.body.error, 'invalid_request');
    const raw = JSON.stringify({ message: { data: Buffer.from('plain\u0000text').toString('base64'), messageId: randomUUID() } });
    t.equal((await push(`Bearer ${tok}`, raw)).body.error, 'invalid_request', 'data that is not JSON too');
    t.equal(commands.length, before, 'no run command was sent');
  });

  t.test('refusals', async (t) => {
    const body = envelope({}, randomUUID());
    const code = async (auth: string | undefined) => {
      const r = await push(auth, body);
      return [r.status, r.body.error];
    };
    t.same(await code(undefined), [401, 'webhook_signature_missing']);
    t.same(await code('Basic abc'), [401, 'webhook_signature_malformed']);
    t.same(await code(`Bearer ${await token(ks.privateKey, { aud: 'https://elsewhere' })}`), [401, 'webhook_token_audience_invalid']);
    t.same(await code(`Bearer ${await token(ks.privateKey, { email: 'other@x.iam.gserviceaccount.com' })}`), [
      401,
      'webhook_token_email_invalid',
    ]);
    t.same(
      await code(`Bearer ${await token(ks.privateKey, {}, { exp: Math.floor(Date.now() / 1000) - 3600 })}`),
      [401, 'webhook_token_invalid'],
      'expired',
    );
    const other = await generateKeyPair('RS256');
    t.same(await code(`Bearer ${await token(other.privateKey, {}, { kid: 'k-unknown' })}`), [401, 'webhook_token_invalid'], 'unknown kid');
    t.same(await code(`Bearer ${await token(other.privateKey)}`), [401, 'webhook_token_invalid'], 'known kid, wrong key');
    const good = await token(ks.privateKey);
    t.same((await push(`Bearer ${good}`, '{"not":"an envelope"}')).body.error, 'webhook_body_invalid');
  });

  t.test('the key set was fetched once and cached', async (t) => {
    // One fetch for the first token; an unknown kid may trigger one refetch (jose's cooldown bounds it).
    t.ok(ks.hits() >= 1 && ks.hits() <= 2, `key set fetched ${ks.hits()} time(s) for ${commands.length}+ deliveries`);
    const before = ks.hits();
    for (let i = 0; i < 10; i++) await push(`Bearer ${await token(ks.privateKey)}`, envelope({}, `cache-${i}`));
    t.equal(ks.hits(), before, 'no fetch per delivery');
  });
});

t.test('a key set that cannot be reached answers 503 webhook_jwks_unavailable', async (t) => {
  const ks = await keySet();
  const { url, privateKey } = ks;
  await ks.close(); // the port is now closed
  const sys = await startSystem(t, { actors: ['ops', 'trigger'], env: { SVC_PUBSUB_JWKS_URL: url, SVC_PUBSUB_ISSUER: ISSUER } });
  await saveFlow(sys.store, 'wf', 'webhook');
  const m = await mint(sys.url, { flowId: 'wf', scheme: 'pubsub', config: { audience: AUD, serviceAccountEmail: EMAIL } });
  const r = await post(`${sys.url}/hooks/${m.trigger.id}`, envelope({}, 'm'), {
    'content-type': 'application/json',
    authorization: `Bearer ${await token(privateKey)}`,
  });
  t.same([r.status, r.body.error], [503, 'webhook_jwks_unavailable']);
});

const binding = { audience: AUD, serviceAccountEmail: EMAIL };
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );

t.test('after the set was cached: expired or rotated, then the provider is down → 503', async (t) => {
  const ks = await keySet();
  const verifier = pubsubVerifier({ pubsubJwksUrl: ks.url, pubsubIssuer: ISSUER }, { cooldownMs: 50, cacheMaxAgeMs: 400 });
  const bearer = async (o: { kid?: string } = {}) => ({ authorization: `Bearer ${await token(ks.privateKey, {}, o)}` });
  t.equal(await codeOf(verifier.verify(await bearer(), binding)), 'accepted', 'fetched and cached');
  t.equal(ks.hits(), 1);
  await ks.close();
  t.equal(await codeOf(verifier.verify(await bearer(), binding)), 'accepted', 'the cached set still verifies while the provider is down');
  await new Promise((r) => setTimeout(r, 100));
  t.equal(
    await codeOf(verifier.verify(await bearer({ kid: 'k2' }), binding)),
    'webhook_jwks_unavailable',
    'rotated: unknown kid → refetch → down → 503, not 401',
  );
  await new Promise((r) => setTimeout(r, 450));
  t.equal(await codeOf(verifier.verify(await bearer(), binding)), 'webhook_jwks_unavailable', 'cache expired → refetch → down → 503');
});

t.test("Google's issuer in both spellings, nothing else", async (t) => {
  const ks = await keySet();
  t.teardown(ks.close);
  const verifier = pubsubVerifier({ pubsubJwksUrl: ks.url, pubsubIssuer: 'https://accounts.google.com' });
  const as = async (iss: string) =>
    codeOf(verifier.verify({ authorization: `Bearer ${await token(ks.privateKey, {}, { iss })}` }, binding));
  t.equal(await as('https://accounts.google.com'), 'accepted');
  t.equal(await as('accounts.google.com'), 'accepted');
  t.equal(await as('https://accounts.google.com.evil'), 'webhook_token_invalid');
  const custom = pubsubVerifier({ pubsubJwksUrl: ks.url, pubsubIssuer: ISSUER });
  t.equal(
    await codeOf(custom.verify({ authorization: `Bearer ${await token(ks.privateKey, {}, { iss: 'accounts.google.com' })}` }, binding)),
    'webhook_token_invalid',
    'a configured issuer is taken as is',
  );
});
