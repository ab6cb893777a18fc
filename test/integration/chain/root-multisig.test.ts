/**
 * The multisig-passkey root (SVC_ROOT_AUTH=multisig-passkey) on one anvil: the registry's root is
 * a Safe 1.4.1 owned 1-of-1 by a WebAuthn signer for a software passkey, and two svc processes
 * over PostgreSQL, one with an approval relayer for this chain and one whose relayer may spend
 * only on another chain. The challenge is the Safe transaction's hash at its live nonce; an
 * assertion without user verification is refused and burns its challenge; a Safe whose owners or
 * threshold changed is refused; the relayer broadcasts and the treasury moves; without one the
 * answer is 409 with the signed transaction, which the test sends itself, and only
 * `/intents/confirm` records it, once the chain shows it.
 */
import t from 'tap';
import { getAddress, type Address, type Hex } from 'viem';
import { anvilPrivateKey } from '../../../chain/dev/accounts.js';
import { passkeyAssert, passkeyKeygen, type AssertionOptions } from '../../../identity/root-auth/dev-credentials.js';
import { chainEnv, chainFixture } from '../../helpers/chain-fixture.js';
import { deploySafeRoot, impersonate, multisigEnv, SafeArtifact, type SafeRoot } from '../../helpers/safe-root.js';
import { bind } from '../../helpers/contract.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { skipUnless } from '../../helpers/services.js';

const USD = 1_000_000n;
const skip = await skipUnless('postgres');

t.test('multisig-passkey root', { skip: skip ?? false }, async (t) => {
  const cred = passkeyKeygen('localhost', 'http://localhost:8788');
  let root: SafeRoot | undefined;
  const fx = await chainFixture(t, { root: async (chain) => (root = await deploySafeRoot(chain, cred)).safe });
  const { safe } = root!;
  const relayer = fx.chain.accounts[3]!.address;
  const env = { ...chainEnv(fx), ...multisigEnv(cred, safe), SVC_HELD_SEAT_KEYS: JSON.stringify([anvilPrivateKey(1)]) };
  const relayed = await startSystem(t, {
    env: { ...env, SVC_ROOT_APPROVAL_RELAYER: anvilPrivateKey(3), SVC_ROOT_APPROVAL_RELAY_CHAINS: '1,31337' },
    postgres: true,
  });
  const unsigned = await startSystem(t, {
    env: { ...env, SVC_ROOT_APPROVAL_RELAYER: anvilPrivateKey(3), SVC_ROOT_APPROVAL_RELAY_CHAINS: '1' },
    postgres: true,
  });
  const safeC = bind(fx.chain.public, safe, SafeArtifact.abi);
  const worker = fx.workers[0] as Address;
  const treasury = () => fx.c.token.read('balanceOf', [fx.asset.treasury]) as Promise<bigint>;
  const pending = async (id: string) => !(await fx.c.router.read('getIntent', [BigInt(id)])).resolved;
  const nonce = () => safeC.read('nonce') as Promise<bigint>;

  for (const [what, sys] of [
    ['relayed', relayed],
    ['unsigned', unsigned],
  ] as const) {
    const health = await req(sys.url, 'GET', '/health');
    t.match(health.body.rootAuth, { required: true, kind: 'multisig-passkey' }, what);
    t.notOk('configError' in health.body.rootAuth, `${what}: a complete multisig root can verify`);
  }

  /** A worker's 250 mUSD spend, passed by the manager (above its 200 cap) up to the Safe. */
  const atRoot = async (url: string): Promise<string> => {
    const { key } = await fx.sessionKey(worker);
    const { events } = await fx.c.router.write(key, 'propose', [worker, fx.vendor, 250n * USD, '0x']);
    const id = String(events.find((e) => e.eventName === 'IntentCreated')!.args.id);
    const climbed = await req(url, 'POST', '/intents/resolve', { intentId: id, approved: true });
    t.match(climbed.body, { outcome: 'climbed', authorizedBy: 'approver', awaitingApprover: safe });
    return id;
  };
  const challenge = async (url: string, id: string, action = 'intent:approve') => {
    const r = await req(url, 'POST', '/root-auth/challenge', { action, subject: id });
    t.equal(r.status, 200, JSON.stringify(r.body));
    return r.body as { challenge: string; safeTxHash: Hex; multisigNonce: string; userVerification: string; kind: string };
  };
  const prove = (c: string, o?: AssertionOptions) => ({ challenge: c, rootProof: passkeyAssert(cred, c, o) });
  const resolve = (url: string, id: string, body: Record<string, unknown>, approved = true) =>
    req(url, 'POST', '/intents/resolve', { intentId: id, approved, ...body });

  for (let i = 0; i < 4; i++) await fx.runEpoch();
  const id = await atRoot(relayed.url);

  t.test('the challenge is the Safe transaction hash of resolve(id, approved) at the live nonce', async (t) => {
    const c = await challenge(relayed.url, id);
    t.match(c, { kind: 'multisig-passkey', userVerification: 'required', multisigNonce: String(await nonce()) });
    const { encodeFunctionData, zeroAddress } = await import('viem');
    const data = encodeFunctionData({ abi: fx.c.router.abi, functionName: 'resolve', args: [BigInt(id), true] });
    const hash = (await safeC.read('getTransactionHash', [
      fx.asset.router,
      0n,
      data,
      0,
      0n,
      0n,
      0n,
      zeroAddress,
      zeroAddress,
      await nonce(),
    ])) as Hex;
    t.equal(c.safeTxHash, hash, 'the hash the Safe itself computes');
    t.equal(c.challenge, Buffer.from(hash.slice(2), 'hex').toString('base64url'), 'as base64url');
    const deny = await challenge(relayed.url, id, 'intent:deny');
    t.not(deny.challenge, c.challenge, 'denying is another transaction, another challenge');
  });

  t.test('an assertion without user verification is refused, burns its challenge, sends nothing', async (t) => {
    const before = await treasury();
    const n = await nonce();
    const c = await challenge(relayed.url, id);
    const r = await resolve(relayed.url, id, prove(c.challenge, { userVerified: false }));
    t.equal(r.status, 403, JSON.stringify(r.body));
    t.match(r.body, { error: 'root_proof_invalid', message: /verif/i });
    const again = await resolve(relayed.url, id, prove(c.challenge));
    t.match(again.body, { error: 'root_proof_invalid', message: /already used/ }, 'the challenge is gone');
    t.equal(await nonce(), n, 'the Safe executed nothing');
    t.equal(await treasury(), before);
    t.ok(await pending(id));
  });

  t.test('a Safe whose owners or threshold changed is refused before anything is sent', async (t) => {
    for (const [what, threshold, expect] of [
      ['a second owner', 1n, /1-of-2/],
      ['a second owner and threshold 2', 2n, /2-of-2/],
    ] as const) {
      await fx.chain.isolate(async () => {
        const asSafe = await impersonate(fx.chain, safe);
        await safeC.write(asSafe, 'addOwnerWithThreshold', [fx.stranger.account.address, threshold]);
        const before = await treasury();
        const c = await challenge(relayed.url, id);
        const r = await resolve(relayed.url, id, prove(c.challenge));
        t.equal(r.status, 501, `${what}: ${JSON.stringify(r.body)}`);
        t.match(r.body, { error: 'root_auth_config_error', message: expect }, what);
        t.ok(await pending(id), `${what}: the intent still waits`);
        t.equal(await treasury(), before);
      });
    }
  });

  t.test('the relayer broadcasts: root:multisig-passkey, the Safe is the approver, the treasury moves', async (t) => {
    const other = await atRoot(relayed.url);
    const stale = await challenge(relayed.url, id);
    // Settling the other intent first moves the Safe's nonce: the first challenge no longer matches.
    const o = await resolve(relayed.url, other, prove((await challenge(relayed.url, other)).challenge));
    t.equal(o.status, 200, JSON.stringify(o.body));
    const r0 = await resolve(relayed.url, id, prove(stale.challenge));
    t.match(r0.body, { error: 'root_proof_invalid', message: /nonce/ }, 'a challenge from before the nonce moved');

    const before = await treasury();
    const vendorBefore = (await fx.c.token.read('balanceOf', [fx.vendor])) as bigint;
    const relayerBefore = await fx.chain.public.getBalance({ address: relayer });
    const n = await nonce();
    const r = await resolve(relayed.url, id, prove((await challenge(relayed.url, id)).challenge));
    t.equal(r.status, 200, JSON.stringify(r.body));
    t.match(r.body, { intentId: id, outcome: 'settled', approved: true, approver: safe, authorizedBy: 'root:multisig-passkey' });
    t.equal(await treasury(), before - 250n * USD, 'the treasury paid 250 mUSD');
    t.equal(await fx.c.token.read('balanceOf', [fx.vendor]), vendorBefore + 250n * USD, 'to the vendor');
    t.equal(await nonce(), n + 1n, 'through one Safe transaction');
    t.ok((await fx.chain.public.getBalance({ address: relayer })) < relayerBefore, 'the relayer paid the gas');
    const tx = await fx.chain.public.getTransaction({ hash: r.body.txHash });
    t.same([getAddress(tx.from), getAddress(tx.to!)], [relayer, safe], 'sent by the relayer to the Safe');
    const history = await req(relayed.url, 'GET', '/intents/history');
    t.match(history.body.intents[0], { intentId: id, outcome: 'settled', authorizedBy: 'root:multisig-passkey', approver: safe });
  });

  t.test('a denial signs the deny transaction: rejected, nothing moves', async (t) => {
    const id2 = await atRoot(relayed.url);
    const before = await treasury();
    const approveProof = prove((await challenge(relayed.url, id2)).challenge);
    t.match((await resolve(relayed.url, id2, approveProof, false)).body, {
      error: 'root_proof_invalid',
      message: /issued for intent:approve/,
    });
    const r = await resolve(relayed.url, id2, prove((await challenge(relayed.url, id2, 'intent:deny')).challenge), false);
    t.equal(r.status, 200, JSON.stringify(r.body));
    t.match(r.body, { outcome: 'rejected', approved: false, approver: safe, authorizedBy: 'root:multisig-passkey' });
    t.equal(await treasury(), before);
    t.notOk(await pending(id2));
  });

  t.test('no relayer for this chain: 409 with the transaction; /intents/confirm records it once landed', async (t) => {
    const id3 = await atRoot(unsigned.url);
    const before = await treasury();
    const c = await challenge(unsigned.url, id3);
    const r = await resolve(unsigned.url, id3, prove(c.challenge));
    t.equal(r.status, 409, JSON.stringify(r.body));
    t.match(r.body, {
      error: 'multisig_exec_unsigned',
      safeTxHash: c.safeTxHash,
      transaction: { to: safe, data: /^0x/, value: '0', chainId: 31337 },
    });
    t.ok(await pending(id3), 'nothing was sent');
    t.equal(await treasury(), before);
    const history = async () =>
      ((await req(unsigned.url, 'GET', '/intents/history')).body.intents as { intentId: string; authorizedBy: string }[]).filter(
        (x) => x.intentId === id3 && x.authorizedBy !== 'approver',
      );
    t.same(await history(), [], "nothing was recorded (only the manager's climb)");

    const confirm = (body: Record<string, unknown>) =>
      req(unsigned.url, 'POST', '/intents/confirm', { intentId: id3, approved: true, ...body });
    const someHash = (await fx.c.token.write(fx.root, 'approve', [fx.vendor, 0n])).hash;
    const early = await confirm({ txHash: someHash });
    t.equal(early.status, 200, JSON.stringify(early.body));
    t.same(
      early.body,
      { confirmed: false, asset: 'mUSD', intentId: id3, awaitingApprover: safe },
      'the router still waits: nothing written',
    );

    const hash = await fx.stranger.sendTransaction({ to: r.body.transaction.to, data: r.body.transaction.data });
    const receipt = await fx.chain.public.waitForTransactionReceipt({ hash });
    t.equal(receipt.status, 'success', 'anyone can send the signed multisig transaction');
    t.equal(await treasury(), before - 250n * USD, 'and the treasury moves');
    t.same(await history(), [], 'svc has recorded nothing yet');

    t.match(
      (await confirm({ txHash: someHash })).body,
      { confirmed: false, reason: /not sent to the multisig/ },
      'another transaction proves nothing',
    );
    t.match(
      (await confirm({ txHash: hash, approved: false })).body,
      { confirmed: false, reason: /approved intent/ },
      'nor the other decision',
    );
    t.match((await confirm({ txHash: `0x${'ab'.repeat(32)}` })).body, { confirmed: false, reason: /no receipt/ });
    t.same(await history(), []);

    const ok = await confirm({ txHash: hash });
    t.equal(ok.status, 200, JSON.stringify(ok.body));
    t.match(ok.body, {
      confirmed: true,
      intentId: id3,
      outcome: 'settled',
      approved: true,
      approver: safe,
      authorizedBy: 'root:multisig-passkey',
      txHash: hash,
    });
    t.match(await history(), [{ outcome: 'settled', authorizedBy: 'root:multisig-passkey', txHash: hash }]);
    t.match((await confirm({ txHash: hash })).body, { confirmed: true }, 'confirming again');
    t.equal((await history()).length, 1, 'records once');

    for (const [body, status, code] of [
      [{ txHash: 'abc' }, 400, 'invalid_request'],
      [{ txHash: hash, intentId: '0' }, 400, 'invalid_request'],
      [{ txHash: hash, extra: 1 }, 400, 'invalid_request'],
      [{ txHash: hash, intentId: '999' }, 404, 'intent_not_found'],
      [{ txHash: hash, asset: 'nope' }, 400, 'unknown_asset'],
    ] as const) {
      const bad = await confirm(body);
      t.equal(bad.status, status, JSON.stringify(body));
      t.match(bad.body, { error: code });
    }
  });

  t.test('no secret in any log line', async (t) => {
    const logs = [...relayed.logs, ...unsigned.logs].join('\n');
    t.notOk(logs.includes(cred.privateKey), 'the credential key');
    for (const i of [0, 1, 2, 3]) t.notOk(logs.includes(anvilPrivateKey(i).slice(2)), `anvil key ${i}`);
  });
});
