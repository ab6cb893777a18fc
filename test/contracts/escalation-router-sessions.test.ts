/**
 * A session key's bounds, as EscalationRouter.propose enforces them on the demo org (contracts/README.md):
 * the key must be live and the agent's (InvalidSession), carry PROPOSE (SessionScopeDenied),
 * stay under its ceiling (SessionValueExceeded, even where the policy would allow), hit a pinned
 * target (SessionTargetDenied), inside its own window (SessionTimeWindowDenied) and rate
 * (RateLimitExceeded). A refused proposal stores, records and moves nothing.
 */
import t, { type Test } from 'tap';
import { createWalletClient, getAddress, http, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { chainFixture } from '../helpers/chain-fixture.js';
import { isolateEach, rejectsWith, type Wallet } from '../helpers/contract.js';

const USD = 1_000_000n;
const DAY = 86_400n;

const fx = await chainFixture(t);
const { c, root, vendor } = fx;
const [w1, w2] = fx.workers as [Address, Address];
await fx.runEpoch();
isolateEach(t, fx.chain.test);

const propose = (key: Wallet, agent: Address, value: bigint, target: Address = vendor) =>
  c.router.write(key, 'propose', [agent, target, value, '0x']);
const allowance = (agent: Address) => c.treasury.read('allowanceBalance', [agent]) as Promise<bigint>;

/** Refused: nothing stored, nothing recorded, nothing paid. */
async function nothingHappened(t: Test, agent: Address, allowanceBefore: bigint) {
  t.equal(await c.router.read('nextIntentId'), 1n, 'no intent stored');
  t.equal((await c.rateLimit.read('windows', [agent]))[1], 0n, 'no proposal recorded');
  t.equal(await allowance(agent), allowanceBefore, 'no money moved');
}

t.test('InvalidSession: an unissued key, another agent’s key, a revoked key, an expired key', async (t) => {
  const before = await allowance(w1);
  const account = privateKeyToAccount(generatePrivateKey());
  await fx.chain.test.setBalance({ address: account.address, value: parseEther('1') });
  const unissued = createWalletClient({ chain: foundry, transport: http(fx.chain.anvil.url), account }) as Wallet;
  await rejectsWith(t, propose(unissued, w1, USD), 'InvalidSession');

  const { key: keyOfW2 } = await fx.sessionKey(w2);
  await rejectsWith(t, propose(keyOfW2, w1, USD), 'InvalidSession');

  const { key: revoked, id } = await fx.sessionKey(w1);
  await c.sessions.write(root, 'revoke', [id]);
  await rejectsWith(t, propose(revoked, w1, USD), 'InvalidSession');

  const { key: shortLived } = await fx.sessionKey(w1, { ttlSeconds: 60n });
  t.equal((await propose(shortLived, w1, USD)).result[0], 0n, 'live, it settles');
  await fx.chain.test.increaseTime({ seconds: 61 });
  await fx.chain.test.mine({ blocks: 1 });
  await rejectsWith(t, propose(shortLived, w1, USD), 'InvalidSession');
  t.equal(await allowance(w1), before - USD, 'only the live proposal paid');
});

t.test('SessionScopeDenied: a key without PROPOSE cannot propose', async (t) => {
  const before = await allowance(w1);
  const { key } = await fx.sessionKey(w1, { mask: 2 });
  await rejectsWith(t, propose(key, w1, USD), 'SessionScopeDenied');
  await nothingHappened(t, w1, before);
});

t.test('SessionValueExceeded(agent, value, max): the ceiling binds under the cap and never escalates', async (t) => {
  const before = await allowance(w1);
  const { key } = await fx.sessionKey(w1, { maxValue: 40n * USD });
  await rejectsWith(t, propose(key, w1, 45n * USD), 'SessionValueExceeded', [w1, 45n * USD, 40n * USD]);
  t.comment('45 is under the worker cap of 50: the policy alone would have settled it');
  await rejectsWith(t, propose(key, w1, 120n * USD), 'SessionValueExceeded', [w1, 120n * USD, 40n * USD]);
  t.comment('over the cap too: a ceiling never turns into an escalation');
  await nothingHappened(t, w1, before);
  t.same((await propose(key, w1, 40n * USD)).result, [0n, 0], 'exactly the ceiling settles');
});

t.test('SessionTargetDenied: a pinned key reaches only its pins', async (t) => {
  const before = await allowance(w1);
  const other = getAddress('0x00000000000000000000000000000000000a11ce');
  const { key } = await fx.sessionKey(w1, { targets: [other] });
  await rejectsWith(t, propose(key, w1, USD), 'SessionTargetDenied', [vendor]);
  await nothingHappened(t, w1, before);
  const { key: pinnedToVendor } = await fx.sessionKey(w1, { targets: [vendor] });
  t.same((await propose(pinnedToVendor, w1, USD)).result, [0n, 0]);
});

t.test('SessionTimeWindowDenied: outside the key’s own UTC window', async (t) => {
  const now = (await fx.chain.public.getBlock()).timestamp;
  // Move to 02:00 UTC of the next day, so the windows below are far from the block's second.
  const twoAm = (now / DAY + 1n) * DAY + 7200n;
  await fx.chain.test.setNextBlockTimestamp({ timestamp: twoAm });
  await fx.chain.test.mine({ blocks: 1 });
  const before = await allowance(w1);
  const { key: night } = await fx.sessionKey(w1, { window: [0, 3600] });
  await rejectsWith(t, propose(night, w1, USD), 'SessionTimeWindowDenied');
  const { key: later } = await fx.sessionKey(w1, { window: [10_800, 86_400] });
  await rejectsWith(t, propose(later, w1, USD), 'SessionTimeWindowDenied');
  await nothingHappened(t, w1, before);
  const { key: now2 } = await fx.sessionKey(w1, { window: [3600, 10_800] });
  t.same((await propose(now2, w1, USD)).result, [0n, 0], 'inside the window it settles');
});

t.test('RateLimitExceeded: the key’s own rate, counted per accepted proposal, reopening after the window', async (t) => {
  const { key, id } = await fx.sessionKey(w1, { rate: [2, 600] });
  await propose(key, w1, USD);
  await propose(key, w1, 120n * USD); // escalated, still accepted: it counts
  await rejectsWith(t, propose(key, w1, USD), 'RateLimitExceeded', [w1, 2, 600]);
  t.equal((await c.sessions.read('rateLimits', [id]))[3], 2, 'the refused one was not counted');
  await fx.chain.test.increaseTime({ seconds: 600 });
  await fx.chain.test.mine({ blocks: 1 });
  t.same((await propose(key, w1, USD)).result, [0n, 0], 'a new window opens');
});

t.test('the agent itself needs no key; a key never widens the agent’s own stack', async (t) => {
  const { key } = await fx.sessionKey(fx.manager.account.address);
  t.same((await propose(key, fx.manager.account.address, 0n)).result, [0n, 0], 'the manager’s key proposes for it');
  const own = await c.router.write(fx.manager, 'propose', [fx.manager.account.address, vendor, 0n, '0x']);
  t.same(own.result, [0n, 0], 'and so does the manager itself');
  const { key: wide } = await fx.sessionKey(w1);
  t.same((await propose(wide, w1, 60n * USD)).result, [1n, 1], 'an unlimited key still meets the cap of 50');
});
