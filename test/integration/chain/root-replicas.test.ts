/**
 * Two gateway processes on one PostgreSQL schema and one NATS prefix, bound to one anvil, with a
 * passkey root: a challenge issued by one is answered on the other, once; fired at both at the
 * same moment, exactly one request settles the intent and every other is refused, because the
 * challenge is consumed by one atomic statement in the shared store.
 */
import t from 'tap';
import type { Address } from 'viem';
import { anvilPrivateKey } from '../../../chain/dev/accounts.js';
import { passkeyAssert, passkeyEnv, passkeyKeygen } from '../../../identity/root-auth/dev-credentials.js';
import { chainEnv, chainFixture } from '../../helpers/chain-fixture.js';
import { claimReal, startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { skipUnless } from '../../helpers/services.js';

const USD = 1_000_000n;
const skip = await skipUnless('postgres', 'nats');

t.test('a challenge verifies once across gateway replicas', { skip: skip ?? false }, async (t) => {
  const fx = await chainFixture(t);
  const cred = passkeyKeygen('localhost', 'http://localhost:8788');
  const env = { ...chainEnv(fx), ...passkeyEnv(cred), SVC_HELD_SEAT_KEYS: JSON.stringify([anvilPrivateKey(1)]) };
  // The schema and streams of the test's own, dropped when it ends (after both processes close).
  const real = claimReal(t);
  const shared = { postgres: { schema: real.schema }, nats: { prefix: real.prefix } };
  const a = await startSystem(t, { role: 'gateway', env, ...shared });
  const b = await startSystem(t, { role: 'gateway', env, ...shared });
  const worker = fx.workers[0] as Address;
  const atRoot = async (): Promise<string> => {
    const { key } = await fx.sessionKey(worker);
    const { events } = await fx.c.router.write(key, 'propose', [worker, fx.vendor, 300n * USD, '0x']);
    const id = String(events.find((e) => e.eventName === 'IntentCreated')!.args.id);
    t.match((await req(a.url, 'POST', '/intents/resolve', { intentId: id, approved: true })).body, { outcome: 'climbed' });
    return id;
  };
  const challengeOn = async (url: string, id: string) =>
    (await req(url, 'POST', '/root-auth/challenge', { action: 'intent:approve', subject: id })).body.challenge as string;
  const treasury = () => fx.c.token.read('balanceOf', [fx.asset.treasury]);
  for (let i = 0; i < 4; i++) await fx.runEpoch();
  const first = await atRoot();
  const second = await atRoot();

  const c1 = await challengeOn(a.url, first);
  const before = await treasury();
  const onB = await req(b.url, 'POST', '/intents/resolve', {
    intentId: first,
    approved: true,
    challenge: c1,
    rootProof: passkeyAssert(cred, c1),
  });
  t.equal(onB.status, 200, `a challenge from A verifies on B: ${JSON.stringify(onB.body)}`);
  t.match(onB.body, { authorizedBy: 'root:passkey', outcome: 'settled' });
  t.equal(await treasury(), before - 300n * USD);

  // The race: one challenge from B, the same proof sent six times at once, half to each replica.
  const c2 = await challengeOn(b.url, second);
  const proof = passkeyAssert(cred, c2);
  const mid = await treasury();
  const answers = await Promise.all(
    [a, b, a, b, a, b].map((s) =>
      req(s.url, 'POST', '/intents/resolve', { intentId: second, approved: true, challenge: c2, rootProof: proof }),
    ),
  );
  const won = answers.filter((r) => r.status === 200);
  t.equal(won.length, 1, `exactly one settles: ${JSON.stringify(answers.map((r) => [r.status, r.body.error ?? r.body.outcome]))}`);
  for (const r of answers.filter((x) => x.status !== 200)) t.match(r, { status: 403, body: { error: 'root_proof_invalid' } });
  t.equal(await treasury(), mid - 300n * USD, 'the treasury paid once');
});
