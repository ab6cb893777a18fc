/**
 * The wallet root (SVC_ROOT_AUTH=wallet): the challenge carries a fixed statement naming the
 * action, the subject, the challenge and the chain id; a viem account's personal_sign of it by the
 * registry's root approves a root-depth intent (`root:wallet`, the treasury moves); the same
 * statement signed by another address, or a signature over another statement, is refused and
 * sends nothing.
 */
import t from 'tap';
import type { Address } from 'viem';
import { anvilPrivateKey } from '../../../chain/dev/accounts.js';
import { walletSign } from '../../../identity/root-auth/dev-credentials.js';
import { chainEnv, chainFixture } from '../../helpers/chain-fixture.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { skipUnless } from '../../helpers/services.js';
import { runCli } from '../../helpers/process.js';

const USD = 1_000_000n;
const skip = await skipUnless('postgres');

t.test('wallet root', { skip: skip ?? false }, async (t) => {
  const fx = await chainFixture(t);
  const root = fx.root.account.address;
  const sys = await startSystem(t, {
    env: {
      ...chainEnv(fx),
      SVC_ROOT_AUTH: 'wallet',
      SVC_ROOT_ADDRESS: root.toLowerCase(),
      SVC_HELD_SEAT_KEYS: JSON.stringify([anvilPrivateKey(1)]),
    },
    postgres: true,
  });
  const call = (path: string, body: unknown) => req(sys.url, 'POST', path, body);
  const worker = fx.workers[0] as Address;
  await fx.runEpoch();
  await fx.runEpoch();
  const { key } = await fx.sessionKey(worker);
  const { events } = await fx.c.router.write(key, 'propose', [worker, fx.vendor, 300n * USD, '0x']);
  const id = String(events.find((e) => e.eventName === 'IntentCreated')!.args.id);
  t.match((await call('/intents/resolve', { intentId: id, approved: true })).body, { outcome: 'climbed', awaitingApprover: root });
  const treasury = () => fx.c.token.read('balanceOf', [fx.asset.treasury]);
  const before = await treasury();

  const ask = async () => {
    const r = await call('/root-auth/challenge', { action: 'intent:approve', subject: id });
    t.equal(r.status, 200, JSON.stringify(r.body));
    t.match(r.body, {
      required: true,
      kind: 'wallet',
      statement: /action: intent:approve\nsubject: intent \d+ on mUSD\nchallenge: .+\nchain id: 31337/,
    });
    return r.body as { challenge: string; statement: string };
  };

  const c1 = await ask();
  const stranger = await call('/intents/resolve', {
    intentId: id,
    approved: true,
    challenge: c1.challenge,
    rootProof: await walletSign(anvilPrivateKey(5), c1.statement),
  });
  t.equal(stranger.status, 403);
  t.match(stranger.body, { error: 'root_proof_invalid', message: /not the root/ }, 'another address is refused');
  const c2 = await ask();
  const otherText = await call('/intents/resolve', {
    intentId: id,
    approved: true,
    challenge: c2.challenge,
    rootProof: await walletSign(anvilPrivateKey(0), c2.statement.replace('31337', '1')),
  });
  t.match(otherText.body, { error: 'root_proof_invalid' }, 'a signature over another statement (another chain id) is refused');
  const c3 = await ask();
  const liar = { ...(await walletSign(anvilPrivateKey(5), c3.statement)), address: root };
  t.match(
    (await call('/intents/resolve', { intentId: id, approved: true, challenge: c3.challenge, rootProof: liar })).body,
    {
      error: 'root_proof_invalid',
    },
    'a proof naming the root but signed by another key is refused',
  );
  t.equal(await treasury(), before, 'nothing moved');
  t.notOk((await fx.c.router.read('getIntent', [BigInt(id)])).resolved);

  const c4 = await ask();
  const ok = await call('/intents/resolve', {
    intentId: id,
    approved: true,
    challenge: c4.challenge,
    rootProof: await walletSign(anvilPrivateKey(0), c4.statement),
  });
  t.equal(ok.status, 200, JSON.stringify(ok.body));
  t.match(ok.body, { outcome: 'settled', approver: root, authorizedBy: 'root:wallet' });
  t.equal(await treasury(), before - 300n * USD, 'the treasury paid');
  // The same round trip from the command line: challenge --json, wallet-dev sign, deny --proof -.
  const { key: key2 } = await fx.sessionKey(worker);
  const created = await fx.c.router.write(key2, 'propose', [worker, fx.vendor, 300n * USD, '0x']);
  const id2 = String(created.events.find((e) => e.eventName === 'IntentCreated')!.args.id);
  await call('/intents/resolve', { intentId: id2, approved: true });
  const cli = { SVC_URL: sys.url, ROOT_KEY: anvilPrivateKey(0) };
  const bare = await runCli(['root', 'deny', id2], cli);
  t.equal(bare.code, 1, 'a refusal exits 1');
  t.match(bare.stderr, /root_proof_required/);
  const asked = await runCli(['root', 'challenge', 'intent:deny', id2, '--json'], cli);
  t.equal(asked.code, 0, asked.stderr);
  const signed = await runCli(['root', 'wallet-dev', 'sign', '--key-env', 'ROOT_KEY'], cli, asked.stdout);
  t.equal(signed.code, 0, signed.stderr);
  const denied = await runCli(['root', 'deny', id2, '--proof', '-'], cli, signed.stdout);
  t.equal(denied.code, 0, denied.stderr);
  t.match(denied.stdout, /outcome\s+rejected/);
  t.match(denied.stdout, /authorized by\s+root:wallet/);
  const again = await runCli(['root', 'deny', id2, '--proof', '-', '--json'], cli, signed.stdout);
  t.equal(again.code, 1, 'a settled intent exits 1');

  const replay = await call('/intents/resolve', {
    intentId: id,
    approved: true,
    challenge: c4.challenge,
    rootProof: await walletSign(anvilPrivateKey(0), c4.statement),
  });
  t.equal(replay.status, 409, 'the intent is no longer pending');
});
