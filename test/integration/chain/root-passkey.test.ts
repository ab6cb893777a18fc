/**
 * The passkey root (SVC_ROOT_AUTH=passkey) on one anvil and one svc process over PostgreSQL, with
 * a software authenticator: a P-256 key from node:crypto, real authenticatorData and
 * clientDataJSON, the assertion signed in DER. A root-depth intent settles only with a fresh
 * proof for that action on that intent, and the treasury moves; a replayed, expired, foreign-subject,
 * foreign-action, malformed, wrong-kind, wrong-origin or wrong-rpId proof is refused, burns its
 * challenge and sends nothing. Session keys: revoke and rotate need the root (containment revokes
 * do not), rotation never widens a bound, and a key revoked by containment is not rotated.
 */
import t from 'tap';
import type { Address } from 'viem';
import { anvilPrivateKey } from '../../../chain/dev/accounts.js';
import {
  passkeyAssert,
  passkeyEnv,
  passkeyKeygen,
  walletSign,
  type AssertionOptions,
} from '../../../identity/root-auth/dev-credentials.js';
import { chainEnv, chainFixture } from '../../helpers/chain-fixture.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { skipUnless } from '../../helpers/services.js';

const USD = 1_000_000n;
const skip = await skipUnless('postgres');

t.test('passkey root', { skip: skip ?? false }, async (t) => {
  const fx = await chainFixture(t);
  const cred = passkeyKeygen('localhost', 'http://localhost:8788');
  let skewMs = 0;
  const sys = await startSystem(t, {
    env: { ...chainEnv(fx), ...passkeyEnv(cred), SVC_HELD_SEAT_KEYS: JSON.stringify([anvilPrivateKey(1)]) },
    postgres: true,
    now: () => Date.now() + skewMs,
  });
  const call = (path: string, body: unknown) => req(sys.url, 'POST', path, body);
  const worker = fx.workers[0] as Address;
  const [root, manager] = [fx.root.account.address, fx.manager.account.address];
  const health = await req(sys.url, 'GET', '/health');
  t.match(health.body.rootAuth, { required: true, kind: 'passkey' });
  t.notOk('configError' in health.body.rootAuth, 'a complete passkey root can verify');

  /** A worker's 300 mUSD spend, passed by the manager (above its 200 cap) up to the root. */
  const atRoot = async (): Promise<string> => {
    const { key } = await fx.sessionKey(worker);
    const { events } = await fx.c.router.write(key, 'propose', [worker, fx.vendor, 300n * USD, '0x']);
    const id = String(events.find((e) => e.eventName === 'IntentCreated')!.args.id);
    const asManager = await call('/root-auth/challenge', { action: 'intent:approve', subject: id });
    t.match(asManager.body, { required: false, awaitingApprover: manager }, 'manager depth needs no proof');
    t.notOk('challenge' in asManager.body);
    const climbed = await call('/intents/resolve', { intentId: id, approved: true });
    t.match(climbed.body, { outcome: 'climbed', authorizedBy: 'approver', awaitingApprover: root });
    return id;
  };
  const challenge = async (action: string, subject: string): Promise<string> => {
    const r = await call('/root-auth/challenge', { action, subject });
    t.equal(r.status, 200, JSON.stringify(r.body));
    t.match(r.body, { required: true, kind: 'passkey', rpId: 'localhost', credentialId: cred.credentialId });
    return r.body.challenge as string;
  };
  const prove = (c: string, o?: AssertionOptions) => ({ challenge: c, rootProof: passkeyAssert(cred, c, o) });
  const pending = async (id: string) => !(await fx.c.router.read('getIntent', [BigInt(id)])).resolved;
  const treasury = () => fx.c.token.read('balanceOf', [fx.asset.treasury]);

  await fx.runEpoch();
  await fx.runEpoch();
  const id = await atRoot();
  const other = await atRoot();

  t.test('every bad proof is refused, burns its challenge, and sends nothing', async (t) => {
    const before = await treasury();
    const refused = async (what: string, body: Record<string, unknown>, code = 'root_proof_invalid', message?: RegExp) => {
      const r = await call('/intents/resolve', { intentId: id, approved: true, ...body });
      t.equal(r.status, 403, `${what}: ${JSON.stringify(r.body)}`);
      t.match(r.body, { error: code, ...(message ? { message } : {}) }, what);
      t.same(Object.keys(r.body).sort(), ['error', 'message']);
    };
    await refused('no proof at all (the bearer token is no root)', {}, 'root_proof_required');
    const unknown = await challenge('intent:approve', id);
    await refused('a challenge it never issued', prove(unknown.slice(0, -2) + 'AA'), 'root_proof_invalid', /unknown or was already used/);

    const c1 = await challenge('intent:approve', id);
    await refused('a wrong origin', prove(c1, { origin: 'https://evil.example' }), 'root_proof_invalid', /origin/i);
    await refused('the same challenge replayed with a good assertion', prove(c1), 'root_proof_invalid', /already used/);
    const c2 = await challenge('intent:approve', id);
    await refused('a wrong rpId', prove(c2, { rpId: 'evil.example' }), 'root_proof_invalid', /rp ?id/i);
    await refused('replayed after a wrong rpId', prove(c2), 'root_proof_invalid', /already used/);
    const c3 = await challenge('intent:approve', other);
    await refused('a proof for approving another intent', prove(c3), 'root_proof_invalid', /another subject/);
    const c4 = await challenge('intent:deny', id);
    await refused('a proof for denying it', prove(c4), 'root_proof_invalid', /issued for intent:deny/);
    const c5 = await challenge('intent:approve', id);
    await refused(
      'a proof of the wrong kind',
      { challenge: c5, rootProof: await walletSign(anvilPrivateKey(0), 'x') },
      'root_proof_invalid',
      /kind/,
    );
    const c6 = await challenge('intent:approve', id);
    await refused(
      'a malformed proof',
      { challenge: c6, rootProof: { kind: 'passkey', credentialId: cred.credentialId } },
      'root_proof_invalid',
      /malformed/,
    );
    await refused('replayed after a malformed one', prove(c6), 'root_proof_invalid', /already used/);
    const c7 = await challenge('intent:approve', id);
    await refused('a type other than webauthn.get', prove(c7, { type: 'webauthn.create' }));
    const c10 = await challenge('intent:approve', id);
    await refused('no user presence', prove(c10, { userPresent: false }), 'root_proof_invalid', /not present/);
    const c8 = await challenge('intent:approve', id);
    skewMs = 5 * 60_000 + 1_000;
    await refused('an expired challenge (the clock moved 5 minutes on)', prove(c8), 'root_proof_invalid', /expired/);
    skewMs = 0;
    await refused('replayed after it expired', prove(c8), 'root_proof_invalid', /already used/);
    const c9 = await challenge('intent:approve', id);
    const otherCred = passkeyKeygen('localhost', 'http://localhost:8788');
    await refused(
      'another credential',
      { challenge: c9, rootProof: { ...passkeyAssert(otherCred, c9), credentialId: cred.credentialId } },
      'root_proof_invalid',
      /does not verify/,
    );

    t.ok(await pending(id), 'the intent still waits on the root');
    t.ok(await pending(other), 'so does the other one');
    t.equal(await treasury(), before, 'nothing left the treasury');
    const approveProof = prove(await challenge('intent:approve', id));
    const deny = await call('/intents/resolve', { intentId: id, approved: false, ...approveProof });
    t.match(
      deny.body,
      { error: 'root_proof_invalid', message: /issued for intent:approve, not intent:deny/ },
      'an approval proof does not deny',
    );
    t.ok(await pending(id));
  });

  t.test('the right proof settles it: root:passkey, the treasury moves, history and audit say so', async (t) => {
    const before = await treasury();
    const vendorBefore = await fx.c.token.read('balanceOf', [fx.vendor]);
    const r = await call('/intents/resolve', { intentId: id, approved: true, ...prove(await challenge('intent:approve', id)) });
    t.equal(r.status, 200, JSON.stringify(r.body));
    t.match(r.body, { intentId: id, outcome: 'settled', approved: true, approver: root, authorizedBy: 'root:passkey' });
    t.equal(await treasury(), before - 300n * USD, 'the treasury paid 300 mUSD');
    t.equal(await fx.c.token.read('balanceOf', [fx.vendor]), vendorBefore + 300n * USD, 'to the vendor');
    const history = await req(sys.url, 'GET', '/intents/history');
    t.match(history.body.intents[0], { intentId: id, outcome: 'settled', authorizedBy: 'root:passkey' });
    const gone = await call('/root-auth/challenge', { action: 'intent:approve', subject: id });
    t.equal(gone.status, 404, 'a resolved intent has no challenge');
    t.match(gone.body, { error: 'intent_not_found' });
    t.equal((await call('/root-auth/challenge', { action: 'intent:approve', subject: '999' })).status, 404);
    t.equal((await call('/root-auth/challenge', { action: 'intent:settle', subject: id })).status, 400, 'an unknown action');
  });

  t.test('a denial with a deny proof closes the other intent, nothing moves', async (t) => {
    const before = await treasury();
    const r = await call('/intents/resolve', { intentId: other, approved: false, ...prove(await challenge('intent:deny', other)) });
    t.match(r.body, { outcome: 'rejected', approved: false, authorizedBy: 'root:passkey' });
    t.equal(await treasury(), before);
  });

  t.test('session keys: revoke needs the root unless containment; rotate only narrows', async (t) => {
    const now = (await fx.chain.public.getBlock()).timestamp;
    const bounds = { mask: 1, maxValue: 100n * USD, targets: [fx.vendor], window: [3600, 72000] as const, rate: [5, 3600] as const };
    const { id: k1 } = await fx.sessionKey(worker, bounds);
    const { id: k2 } = await fx.sessionKey(worker);
    const s1 = String(k1);
    const valid = (k: bigint) => fx.c.sessions.read('isValid', [k]);

    const revokeK2Proof = prove(await challenge('session:revoke', String(k2)));
    const wrongKey = await call('/sessions/revoke', { sessionId: s1, ...revokeK2Proof });
    t.match(wrongKey.body, { error: 'root_proof_invalid', message: /another subject/ }, 'a proof for revoking key 2 does not revoke key 1');
    const rotateProof = prove(await challenge('session:rotate', s1));
    t.match(
      (await call('/sessions/revoke', { sessionId: s1, ...rotateProof })).body,
      { error: 'root_proof_invalid' },
      'nor does one for rotating it',
    );
    t.match((await call('/sessions/revoke', { sessionId: s1 })).body, { error: 'root_proof_required' });
    t.ok(await valid(k1), 'key 1 is still live');

    const expiry = new Date(Number(now + 4n * 3600n) * 1000);
    const wider: [string, Record<string, unknown>][] = [
      ['maxValue', { maxValue: String(100n * USD + 1n) }],
      ['scopes', { scopes: ['propose:intent', 'spend:whitelist'] }],
      ['pinned targets', { targets: [fx.vendor, fx.c.treasury.address] }],
      ['expiry', { expiresAt: new Date(expiry.getTime() + 3600_000).toISOString() }],
      ['time window', { window: { start: 0, end: 72000 } }],
      ['rate limit', { rateLimit: { maxActions: 6, windowSeconds: 3600 } }],
      ['rate limit', { rateLimit: { maxActions: 5, windowSeconds: 1800 } }],
    ];
    for (const [what, ask] of wider) {
      const r = await call('/sessions/rotate', { sessionId: s1, ...ask, ...prove(await challenge('session:rotate', s1)) });
      t.equal(r.status, 400, `a wider ${what} is refused: ${JSON.stringify(r.body)}`);
      t.match(r.body, { error: 'session_bounds_widen' });
    }
    t.ok(await valid(k1), 'no refused rotation touched the key');

    const narrower = {
      maxValue: String(40n * USD),
      window: { start: 7200, end: 72000 },
      expiresAt: new Date(expiry.getTime() - 600_000).toISOString(),
    };
    const rotated = await call('/sessions/rotate', { sessionId: s1, ...narrower, ...prove(await challenge('session:rotate', s1)) });
    t.equal(rotated.status, 200, JSON.stringify(rotated.body));
    t.match(rotated.body, {
      retired: s1,
      agent: worker,
      authorizedBy: 'root:passkey',
      bounds: {
        maxValue: String(40n * USD),
        scopes: ['propose:intent'],
        targets: [fx.vendor],
        window: { start: 7200, end: 72000 },
        rateLimit: { maxActions: 5, windowSeconds: 3600 },
      },
    });
    t.notOk(await valid(k1), 'the retired key is revoked');
    const fresh = BigInt(rotated.body.sessionId);
    const [agent, , expiresAt, mask, revoked, ws, we, maxValue] = await fx.c.sessions.read('sessions', [fresh]);
    t.same([agent, mask, revoked, ws, we, maxValue], [worker, 1, false, 7200, 72000, 40n * USD], 'the chain holds the narrowed bounds');
    t.ok(BigInt(expiresAt) < now + 4n * 3600n, 'and an earlier expiry');
    t.same(await fx.c.sessions.read('allowedTargetsOf', [fresh]), [fx.vendor]);
    t.match(
      (await call('/sessions/rotate', { sessionId: s1 })).body,
      {
        error: 'session_not_live',
      },
      'a retired key is not rotated again',
    );

    const revoked2 = await call('/sessions/revoke', { sessionId: String(k2), ...prove(await challenge('session:revoke', String(k2))) });
    t.match(revoked2.body, { sessionId: String(k2), agent: worker, authorizedBy: 'root:passkey', txHash: /^0x/ });
    t.notOk(await valid(k2));
    const twice = await call('/root-auth/challenge', { action: 'session:revoke', subject: String(k2) });
    t.equal(twice.status, 409, 'a revoked key has no revoke challenge');
    t.match(twice.body, { error: 'session_not_live' });

    // A key svc issued (POST /boot), revoked by containment: no proof, recorded containment, never rotated.
    const boot = await call('/boot', { agent: worker, scopes: ['propose:intent'] });
    t.equal(boot.status, 200, JSON.stringify(boot.body));
    const contained = await call('/sessions/revoke', { sessionId: boot.body.sessionId, containment: true });
    t.match(contained.body, { sessionId: boot.body.sessionId, authorizedBy: 'containment' });
    const again = await call('/sessions/rotate', { sessionId: boot.body.sessionId });
    t.equal(again.status, 409);
    t.match(again.body, { error: 'session_not_live', message: /containment/ });
    t.match((await call('/root-auth/challenge', { action: 'session:rotate', subject: boot.body.sessionId })).body, {
      error: 'session_not_live',
      message: /containment/,
    });
    t.match(
      (await call('/sessions/rotate', { sessionId: String(fresh), containment: true })).body,
      { error: 'invalid_request' },
      'rotation takes no containment',
    );
    t.equal((await call('/sessions/revoke', { sessionId: '9999', containment: true })).status, 404);
    const history = await req(sys.url, 'GET', '/sessions/history');
    t.match(
      history.body.sessions.find((s: { sessionId: string; event: string }) => s.sessionId === boot.body.sessionId && s.event === 'revoked'),
      {
        authorizedBy: 'containment',
      },
    );
  });

  t.test('no secret in any log line', async (t) => {
    const logs = sys.logs.join('\n');
    t.notOk(logs.includes(cred.privateKey), 'the credential key');
    for (const i of [0, 1, 2]) t.notOk(logs.includes(anvilPrivateKey(i).slice(2)), `anvil key ${i}`);
  });
});
