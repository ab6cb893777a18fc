/**
 * The root authority over the embedded store (the same statements PostgreSQL runs): a challenge is
 * consumed by exactly one of many concurrent attempts, at most 256 stay pending (the oldest go),
 * a root that cannot verify refuses (a malformed multisig address, a key that is not P-256 COSE), a
 * multisig root takes its challenge as given and demands user verification, and a wallet root that
 * is not the registry's refuses rather than verifies.
 */
import t from 'tap';
import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { rootAuthority, MAX_PENDING } from '../../identity/root-auth/authority.js';
import { loadConfig } from '../../runtime/config.js';
import { openStore } from '../../store/index.js';
import { passkeyAssert, passkeyEnv, passkeyKeygen, walletSign } from '../../identity/root-auth/dev-credentials.js';
import { anvilPrivateKey } from '../../chain/dev/accounts.js';

const store = await openStore({});
t.teardown(() => store.close());
const cred = passkeyKeygen('localhost', 'http://localhost:8788');
const passkey = rootAuthority({ settings: loadConfig(passkeyEnv(cred)).rootAuth, store, now: Date.now });
const subject = { action: 'session:revoke', subject: '7', chainId: 31337 } as const;
const noRoot = () => Promise.reject(new Error('a passkey root reads no chain'));

t.test('of many concurrent attempts with one good proof, exactly one is authorized', async (t) => {
  const { challenge } = await passkey.issue(subject);
  const proof = passkeyAssert(cred, challenge);
  const results = await Promise.allSettled(Array.from({ length: 8 }, () => passkey.authorize(subject, { challenge, proof }, noRoot)));
  t.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
  t.same(
    results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<string>).value),
    ['root:passkey'],
  );
  for (const r of results.filter((x) => x.status === 'rejected'))
    t.match((r as PromiseRejectedResult).reason, { code: 'root_proof_invalid' });
});

t.test('a proof for key 7 does not revoke key 8 or rotate key 7', async (t) => {
  const { challenge } = await passkey.issue(subject);
  await t.rejects(passkey.authorize({ ...subject, subject: '8' }, { challenge, proof: passkeyAssert(cred, challenge) }, noRoot), {
    code: 'root_proof_invalid',
  });
  const second = await passkey.issue(subject);
  await t.rejects(
    passkey.authorize(
      { ...subject, action: 'session:rotate' },
      { challenge: second.challenge, proof: passkeyAssert(cred, second.challenge) },
      noRoot,
    ),
    { code: 'root_proof_invalid', message: /issued for session:revoke/ },
  );
  await t.rejects(passkey.authorize(subject, {}, noRoot), { code: 'root_proof_required' });
});

t.test('at most 256 challenges stay pending: the oldest is evicted', async (t) => {
  let clock = Date.now();
  const ticking = rootAuthority({ settings: loadConfig(passkeyEnv(cred)).rootAuth, store, now: () => (clock += 1) });
  const first = await ticking.issue(subject);
  for (let i = 0; i < MAX_PENDING; i++) await ticking.issue(subject);
  await t.rejects(ticking.authorize(subject, { challenge: first.challenge, proof: passkeyAssert(cred, first.challenge) }, noRoot), {
    code: 'root_proof_invalid',
    message: /unknown or was already used/,
  });
  const last = await ticking.issue(subject);
  t.equal(
    await ticking.authorize(subject, { challenge: last.challenge, proof: passkeyAssert(cred, last.challenge) }, noRoot),
    'root:passkey',
  );
});

t.test('a root that cannot verify refuses with 501, never falls open', async (t) => {
  const multisig = loadConfig({
    ...passkeyEnv(cred),
    SVC_ROOT_AUTH: 'multisig-passkey',
    SVC_ROOT_MULTISIG_ADDRESS: '0x12',
  }).rootAuth;
  t.match(multisig.configError, /SVC_ROOT_MULTISIG_ADDRESS must be a 20-byte hex address/);
  const refused = rootAuthority({ settings: multisig, store, now: Date.now });
  t.equal(refused.required, true);
  await t.rejects(refused.issue(subject), { code: 'root_auth_config_error', status: 501 });
  await t.rejects(refused.authorize(subject, { challenge: 'x', proof: {} }, noRoot), { code: 'root_auth_config_error' });
  t.match(loadConfig({ ...passkeyEnv(cred), SVC_ROOT_PASSKEY_PUBKEY: 'AAAA' }).rootAuth.configError, /COSE/);
  t.match(loadConfig({ SVC_ROOT_AUTH: 'wallet', SVC_ROOT_ADDRESS: '0x12' }).rootAuth.configError, /address/);
});

t.test('a multisig root: complete settings verify, the relayer key stays behind a function', async (t) => {
  const safe = `0x${'ab'.repeat(20)}`;
  const env = { ...passkeyEnv(cred), SVC_ROOT_AUTH: 'multisig-passkey', SVC_ROOT_MULTISIG_ADDRESS: safe };
  const plain = loadConfig(env).rootAuth;
  t.equal(plain.configError, undefined);
  t.equal(plain.multisig, getAddress(safe));
  t.equal(plain.relayer, undefined, 'no relayer: approvals come back unsigned');
  const relayed = loadConfig({ ...env, SVC_ROOT_APPROVAL_RELAYER: anvilPrivateKey(3), SVC_ROOT_APPROVAL_RELAY_CHAINS: '1,31337' }).rootAuth;
  t.same(relayed.relayer?.chains, [1, 31337]);
  t.equal(relayed.relayer?.key(), anvilPrivateKey(3));
  t.notOk(JSON.stringify(relayed).includes(anvilPrivateKey(3).slice(2)), 'a serialized config carries no relayer key');
  t.same(loadConfig({ ...env, SVC_ROOT_APPROVAL_RELAYER: anvilPrivateKey(3) }).rootAuth.relayer?.chains, [], 'no chain by default');
  t.throws(() => loadConfig({ ...env, SVC_ROOT_APPROVAL_RELAY_CHAINS: 'mainnet' }), /SVC_ROOT_APPROVAL_RELAY_CHAINS/);
  t.throws(() => loadConfig({ ...env, SVC_ROOT_APPROVAL_RELAYER: '0x' + '0'.repeat(64) }), /SVC_ROOT_APPROVAL_RELAYER/);

  const ms = rootAuthority({ settings: plain, store, now: Date.now });
  t.equal(ms.multisig, getAddress(safe));
  const fixed = Buffer.alloc(32, 7).toString('base64url');
  const issued = await ms.issue(subject, fixed);
  t.match(issued, { kind: 'multisig-passkey', challenge: fixed, userVerification: 'required', credentialId: cred.credentialId });
  t.equal((await ms.issue(subject, fixed)).challenge, fixed, 'the same transaction asked again replaces its challenge');
  await t.rejects(
    ms.authorizeMultisig(subject, { challenge: fixed, proof: passkeyAssert(cred, fixed, { userVerified: false }) }),
    { code: 'root_proof_invalid', message: /verif/i },
    'no user verification',
  );
  await t.rejects(ms.authorizeMultisig(subject, { challenge: fixed, proof: passkeyAssert(cred, fixed) }), { message: /already used/ });
  await ms.issue(subject, fixed);
  const answer = await ms.authorizeMultisig(subject, { challenge: fixed, proof: passkeyAssert(cred, fixed) });
  t.equal(answer.challenge, fixed);
  t.equal(answer.proof.credentialId, cred.credentialId);
  const c = await ms.issue(subject);
  t.equal(
    await ms.authorize(subject, { challenge: c.challenge, proof: passkeyAssert(cred, c.challenge) }, noRoot),
    'root:multisig-passkey',
  );
});

t.test('a wallet root must be the registry root', async (t) => {
  const root = privateKeyToAccount(anvilPrivateKey(0)).address;
  const wallet = rootAuthority({
    settings: loadConfig({ SVC_ROOT_AUTH: 'wallet', SVC_ROOT_ADDRESS: root }).rootAuth,
    store,
    now: Date.now,
  });
  const issued = await wallet.issue({ ...subject });
  const proof = await walletSign(anvilPrivateKey(0), issued.statement!);
  await t.rejects(
    wallet.authorize(subject, { challenge: issued.challenge, proof }, async () => privateKeyToAccount(anvilPrivateKey(5)).address),
    {
      code: 'root_auth_config_error',
      message: /not the registry's root/,
    },
  );
  const again = await wallet.issue(subject);
  t.equal(
    await wallet.authorize(
      subject,
      { challenge: again.challenge, proof: await walletSign(anvilPrivateKey(0), again.statement!) },
      async () => root,
    ),
    'root:wallet',
  );
});
