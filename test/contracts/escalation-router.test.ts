/**
 * EscalationRouter on the demo org (contracts/README.md): a spend under the cap settles at once, over
 * it becomes an intent that climbs worker → manager → root; only the waiting seat moves it, once;
 * money moves only when an intent settles; DENY binds every level, root included. The session
 * key checks at `propose` are in escalation-router-sessions.test.ts.
 */
import t from 'tap';
import { encodeFunctionData, getAddress, zeroAddress, type Address } from 'viem';
import { MockUSD, PolicyStack, RateLimitPolicy } from '../../chain/artifacts/index.js';
import { chainFixture } from '../helpers/chain-fixture.js';
import { bind, eventNames, isolateEach, rejectsWith, type Wallet } from '../helpers/contract.js';

const USD = 1_000_000n;
const [ALLOW, ESCALATE, DENY] = [0, 1, 2];

const fx = await chainFixture(t);
const { c, root, manager, stranger, vendor } = fx;
const [w1, w2] = fx.workers as [Address, Address];
const elsewhere = getAddress('0x00000000000000000000000000000000000e15e0');
// Each worker starts every case with one epoch's grant (200 mUSD) of allowance.
await fx.runEpoch();
isolateEach(t, fx.chain.test);

interface Money {
  treasury: bigint;
  vendor: bigint;
  allowance: bigint;
  reserved: bigint;
}
async function money(agent: Address = w1): Promise<Money> {
  return {
    treasury: await c.token.read('balanceOf', [fx.asset.treasury]),
    vendor: await c.token.read('balanceOf', [vendor]),
    allowance: await c.treasury.read('allowanceBalance', [agent]),
    reserved: await c.treasury.read('totalReserved'),
  };
}
function moved(before: Money, after: Money, value: bigint) {
  return (
    after.treasury === before.treasury - value &&
    after.vendor === before.vendor + value &&
    after.allowance === before.allowance - value &&
    after.reserved === before.reserved - value
  );
}
const propose = (from: Wallet, agent: Address, value: bigint, target: Address = vendor, data: `0x${string}` = '0x') =>
  c.router.write(from, 'propose', [agent, target, value, data]);
const intent = async (id: bigint) => {
  const [agent, target, value, data, awaitingApprover, resolved, approved] = await c.router.read('intents', [id]);
  return { agent, target, value, data, awaitingApprover, resolved, approved };
};
const rateCount = async (agent: Address) => (await c.rateLimit.read('windows', [agent]))[1] as bigint;

t.test('under the cap a spending key settles at once: id 0, money moves by exactly the value', async (t) => {
  const { key } = await fx.sessionKey(w1);
  const before = await money();
  const w = await propose(key, w1, 30n * USD);
  t.same(w.result, [0n, ALLOW]);
  t.same(eventNames(w), ['Transfer', 'AllowanceSpent', 'ActionExecuted']);
  const executed = w.events.find((e) => e.eventName === 'ActionExecuted')!;
  t.same(executed.args, { intentId: 0n, agent: w1, target: vendor, value: 30n * USD, callOk: true });
  t.ok(moved(before, await money(), 30n * USD), 'treasury, vendor, allowance and reserve move by 30');
  t.equal(await c.router.read('nextIntentId'), 1n, 'no intent stored');
  t.equal(await rateCount(w1), 1n, 'one accepted proposal recorded');
});

t.test('over the worker cap: an intent for the manager, nothing moves; the manager approval settles it', async (t) => {
  const { key } = await fx.sessionKey(w1);
  const before = await money();
  const w = await propose(key, w1, 120n * USD);
  t.same(w.result, [1n, ESCALATE]);
  t.same(eventNames(w), ['IntentCreated']);
  t.same(w.events[0]!.args, { id: 1n, agent: w1, approver: manager.account.address, target: vendor, value: 120n * USD, verdict: ESCALATE });
  t.same(await money(), before, 'nothing moved on escalation');
  t.same(await intent(1n), {
    agent: w1,
    target: vendor,
    value: 120n * USD,
    data: '0x',
    awaitingApprover: manager.account.address,
    resolved: false,
    approved: false,
  });

  const r = await c.router.write(manager, 'resolve', [1n, true]);
  t.same(eventNames(r), ['IntentResolved', 'Transfer', 'AllowanceSpent', 'ActionExecuted']);
  t.same(r.events[0]!.args, { id: 1n, approved: true, approver: manager.account.address });
  t.ok(moved(before, await money(), 120n * USD), 'settling moved exactly 120');
  const done = await intent(1n);
  t.same([done.resolved, done.approved], [true, true]);
  t.equal(await rateCount(w1), 1n, 'the approval is not a proposal: still one recorded');
});

t.test('the path only climbs worker → manager → root, and only the waiting seat moves it', async (t) => {
  await fx.runEpoch(); // 400 of allowance, for a 300 spend
  const { key } = await fx.sessionKey(w1);
  const before = await money();
  await propose(key, w1, 300n * USD);
  for (const [who, w] of [
    ['root', root],
    ['the worker key', key],
    ['a stranger', stranger],
  ] as const) {
    await rejectsWith(t, c.router.write(w, 'resolve', [1n, true]), 'NotAwaitingApprover', [1n, w.account.address]);
    t.comment(`${who} cannot move an intent that waits for the manager`);
  }
  const climb = await c.router.write(manager, 'resolve', [1n, true]);
  t.same(eventNames(climb), ['IntentEscalated'], 'over the manager cap: it climbs, unresolved');
  t.same(climb.events[0]!.args, { id: 1n, from: manager.account.address, to: root.account.address });
  t.equal((await intent(1n)).awaitingApprover, root.account.address);
  t.same(await money(), before, 'nothing moved on climbing');
  await rejectsWith(t, c.router.write(manager, 'resolve', [1n, true]), 'NotAwaitingApprover', [1n, manager.account.address]);

  const settle = await c.router.write(root, 'resolve', [1n, true]);
  t.same(eventNames(settle), ['IntentResolved', 'Transfer', 'AllowanceSpent', 'ActionExecuted']);
  t.ok(moved(before, await money(), 300n * USD), 'the root settled 300');
});

t.test('one resolution per intent: a rejection closes it and moves nothing', async (t) => {
  const { key } = await fx.sessionKey(w1);
  await propose(key, w1, 120n * USD);
  const before = await money();
  const r = await c.router.write(manager, 'resolve', [1n, false]);
  t.same(eventNames(r), ['IntentResolved']);
  t.same(r.events[0]!.args, { id: 1n, approved: false, approver: manager.account.address });
  t.same(await money(), before);
  await rejectsWith(t, c.router.write(manager, 'resolve', [1n, true]), 'IntentAlreadyResolved', [1n]);
  await rejectsWith(t, c.router.write(root, 'resolve', [1n, true]), 'IntentAlreadyResolved', [1n]);
  await rejectsWith(t, c.router.write(manager, 'resolve', [0n, true]), 'IntentNotFound', [0n]);
  await rejectsWith(t, c.router.write(manager, 'resolve', [2n, true]), 'IntentNotFound', [2n]);
});

t.test('an approved intent settles once', async (t) => {
  const { key } = await fx.sessionKey(w1);
  await propose(key, w1, 60n * USD);
  await c.router.write(manager, 'resolve', [1n, true]);
  const after = await money();
  await rejectsWith(t, c.router.write(manager, 'resolve', [1n, true]), 'IntentAlreadyResolved', [1n]);
  t.same(await money(), after, 'no second payment');
});

t.test('DENY at propose binds every proposer, the root included, and stores nothing', async (t) => {
  const { key } = await fx.sessionKey(w1);
  await rejectsWith(t, propose(key, w1, 10n * USD, elsewhere), 'UnexpectedVerdict', [DENY]);
  await rejectsWith(t, propose(manager, manager.account.address, 10n * USD, elsewhere), 'UnexpectedVerdict', [DENY]);
  await rejectsWith(t, propose(root, root.account.address, 0n, elsewhere), 'UnexpectedVerdict', [DENY]);
  t.equal(await c.router.read('nextIntentId'), 1n);
  t.equal(await rateCount(w1), 0n, 'a denied proposal is not counted');
});

t.test('DENY binds approvers: a target delisted while intents wait closes them at the manager and at the root', async (t) => {
  const { key } = await fx.sessionKey(w1);
  await propose(key, w1, 120n * USD); // 1: waits for the manager
  await propose(key, w1, 190n * USD); // 2: climbs to the root below
  const { key: key2 } = await fx.sessionKey(w2);
  await propose(key2, w2, 300n * USD); // 3
  await c.router.write(manager, 'resolve', [3n, true]);
  t.equal((await intent(3n)).awaitingApprover, root.account.address);
  const before = await money();

  await fx.govern(c.whitelist, 'setAllowed', [vendor, false]);
  const atManager = await c.router.write(manager, 'resolve', [1n, true]);
  t.same(eventNames(atManager), ['IntentDenied', 'IntentResolved']);
  t.same(atManager.events[1]!.args, { id: 1n, approved: false, approver: manager.account.address });
  const atRoot = await c.router.write(root, 'resolve', [3n, true]);
  t.same(eventNames(atRoot), ['IntentDenied', 'IntentResolved']);
  t.same(atRoot.events[0]!.args, { id: 3n, approver: root.account.address });
  t.same((await intent(3n)).approved, false);
  t.same(await money(), before, 'nothing moved');
  await rejectsWith(t, c.router.write(root, 'resolve', [3n, true]), 'IntentAlreadyResolved', [3n]);
});

t.test('ESCALATE at the top settles: a human root has no one to defer to', async (t) => {
  await fx.runEpoch();
  await fx.govern(c.spendCap, 'setAgentCap', [root.account.address, 100n * USD]);
  const { key } = await fx.sessionKey(w1);
  const before = await money();
  await propose(key, w1, 300n * USD);
  await c.router.write(manager, 'resolve', [1n, true]);
  const r = await c.router.write(root, 'resolve', [1n, true]);
  t.same(eventNames(r), ['IntentResolved', 'Transfer', 'AllowanceSpent', 'ActionExecuted']);
  t.ok(moved(before, await money(), 300n * USD));
  await rejectsWith(t, propose(root, root.account.address, 150n * USD), 'NoApprover', [root.account.address]);
});

t.test('an extra human (a HumanRoot under the root) settles its ESCALATE instead of passing it up', async (t) => {
  await fx.runEpoch();
  const human2 = fx.chain.wallet(6);
  await fx.govern(c.org, 'addNode', [human2.account.address, 1, root.account.address]);
  await fx.govern(c.org, 'reparent', [manager.account.address, human2.account.address]);
  const { key } = await fx.sessionKey(w1);
  const before = await money();
  await propose(key, w1, 300n * USD);
  const climb = await c.router.write(manager, 'resolve', [1n, true]);
  t.same(climb.events[0]!.args, { id: 1n, from: manager.account.address, to: human2.account.address });
  // The default stack caps human2 at 50: ESCALATE, yet a human's approval is final.
  const r = await c.router.write(human2, 'resolve', [1n, true]);
  t.same(eventNames(r), ['IntentResolved', 'Transfer', 'AllowanceSpent', 'ActionExecuted']);
  t.ok(moved(before, await money(), 300n * USD));
});

t.test('a settlement the allowance cannot cover reverts whole; an approval waits for the next epoch', async (t) => {
  const { key } = await fx.sessionKey(w1);
  for (let i = 0; i < 4; i++) await propose(key, w1, 45n * USD); // 180 of 200 spent
  await rejectsWith(t, propose(key, w1, 30n * USD), 'InsufficientAllowance', [w1, 20n * USD, 30n * USD]);
  t.equal(await rateCount(w1), 4n, 'the reverted proposal left no count behind');

  await propose(key, w1, 150n * USD); // intent 1, over the cap
  await rejectsWith(t, c.router.write(manager, 'resolve', [1n, true]), 'InsufficientAllowance', [w1, 20n * USD, 150n * USD]);
  t.same([(await intent(1n)).resolved, (await intent(1n)).awaitingApprover], [false, manager.account.address], 'still open');
  await fx.runEpoch();
  const r = await c.router.write(manager, 'resolve', [1n, true]);
  t.ok(eventNames(r).includes('ActionExecuted'), 'settled once the allowance covers it');
});

t.test('a seat deactivated or removed while an intent waits can no longer move it', async (t) => {
  const { key } = await fx.sessionKey(w1);
  await propose(key, w1, 120n * USD); // 1
  await propose(key, w1, 130n * USD); // 2
  const before = await money();
  await fx.govern(c.org, 'setActive', [manager.account.address, false]);
  await rejectsWith(t, c.router.write(manager, 'resolve', [1n, true]), 'InactiveApprover', [manager.account.address]);
  await rejectsWith(t, c.router.write(manager, 'resolve', [1n, false]), 'InactiveApprover', [manager.account.address]);
  await fx.govern(c.org, 'removeNode', [manager.account.address]);
  await rejectsWith(t, c.router.write(manager, 'resolve', [2n, true]), 'InactiveApprover', [manager.account.address]);
  t.same(await money(), before, 'a fired manager settles nothing');
  const next = await propose(key, w1, 140n * USD);
  t.equal(next.events[0]!.args.approver, root.account.address, 'the worker moved up: new intents wait for the root');
});

t.test('a key without SPEND never settles: even an ALLOW waits for the parent', async (t) => {
  const { key } = await fx.sessionKey(w1, { mask: 1 });
  const before = await money();
  const w = await propose(key, w1, 30n * USD);
  t.same(w.result, [1n, ALLOW]);
  t.same(eventNames(w), ['IntentCreated']);
  t.same(await money(), before);
  await c.router.write(manager, 'resolve', [1n, true]);
  t.ok(moved(before, await money(), 30n * USD), 'the manager settled it');
});

t.test('inactive and unknown agents cannot propose', async (t) => {
  const { key } = await fx.sessionKey(w1);
  await fx.govern(c.org, 'setActive', [w1, false]);
  await rejectsWith(t, propose(key, w1, USD), 'InactiveAgent', [w1]);
  await rejectsWith(t, propose(stranger, stranger.account.address, USD), 'InactiveAgent', [stranger.account.address]);
  await fx.govern(c.org, 'setActive', [w1, true]);
  t.same((await propose(key, w1, USD)).result, [0n, ALLOW], 'reactivated, it proposes again');
});

t.test('protocol contracts and the token are never targets', async (t) => {
  const { key } = await fx.sessionKey(w1);
  const d = fx.deployment;
  const a = fx.asset;
  for (const target of [
    a.token,
    a.treasury,
    a.router,
    a.streamer,
    d.org,
    d.sessions,
    d.governance,
    a.policies.workerStack,
    a.policies.rateLimit,
  ]) {
    await rejectsWith(t, propose(key, w1, USD, target), 'ProtectedTarget', [target]);
  }
});

t.test('settling calls the target only for non-empty data, and reports a failed call', async (t) => {
  // An outside ERC-20 the router holds none of: approve succeeds, transfer fails, and a plain
  // spend to it makes no call at all (an ERC-20 has no fallback, so a call would fail).
  const other = bind(fx.chain.public, getAddress(await fx.chain.deploy(MockUSD, [root.account.address])), MockUSD.abi);
  await fx.govern(c.whitelist, 'setAllowed', [other.address, true]);
  const { key } = await fx.sessionKey(w1);
  const approve = encodeFunctionData({ abi: MockUSD.abi, functionName: 'approve', args: [vendor, 5n] });
  const ok = await propose(key, w1, 0n, other.address, approve);
  t.same(ok.events.at(-1)!.args, { intentId: 0n, agent: w1, target: other.address, value: 0n, callOk: true });
  t.equal(await other.read('allowance', [fx.asset.router, vendor]), 5n, 'the call ran as the router');

  const transfer = encodeFunctionData({ abi: MockUSD.abi, functionName: 'transfer', args: [vendor, 1n] });
  const failed = await propose(key, w1, 0n, other.address, transfer);
  t.equal(failed.events.at(-1)!.args.callOk, false, 'a failed call is reported, not hidden');

  const before = await money();
  const plain = await propose(key, w1, 7n * USD, other.address);
  t.equal(plain.events.at(-1)!.args.callOk, true, 'no data, no call');
  t.equal(await money().then((m) => m.allowance), before.allowance - 7n * USD);
  t.equal(await c.token.read('balanceOf', [other.address]), 7n * USD);
});

t.test('the rate is recorded once per accepted proposal; past the limit even small spends escalate', async (t) => {
  const { key } = await fx.sessionKey(w1);
  await propose(key, w1, 120n * USD); // escalated: still accepted, counted
  for (let i = 0; i < 9; i++) await propose(key, w1, USD);
  t.equal(await rateCount(w1), 10n);
  const eleventh = await propose(key, w1, USD);
  t.same(eleventh.result, [2n, ESCALATE], 'the 11th in the window waits for the manager');
  await c.router.write(manager, 'resolve', [2n, true]);
  t.equal(await rateCount(w1), 11n, 'resolving records nothing');
});

t.test('bindings are the governor’s: policyOf, setNodePolicy, setNodeRateRecorder', async (t) => {
  const a = fx.asset;
  t.equal(await c.router.read('policyOf', [manager.account.address]), a.policies.managerStack);
  t.equal(await c.router.read('policyOf', [w1]), a.policies.workerStack, 'unbound: the default');
  await rejectsWith(t, c.router.write(root, 'setNodePolicy', [w1, a.policies.managerStack]), 'OwnableUnauthorizedAccount');

  const own = bind(fx.chain.public, getAddress(await fx.chain.deploy(RateLimitPolicy, [1n, 3600n, a.router])), RateLimitPolicy.abi);
  await fx.govern(c.router, 'setNodeRateRecorder', [w1, own.address]);
  const { key } = await fx.sessionKey(w1);
  await propose(key, w1, USD);
  t.equal((await own.read('windows', [w1]))[1], 1n, 'the node’s own recorder counted it');
  t.equal(await rateCount(w1), 0n, 'the default recorder did not');

  // A stack of the whitelist alone has no cap: bound to w1, a spend over the default cap settles.
  const listOnly = getAddress(await fx.chain.deploy(PolicyStack, [[a.policies.whitelist]]));
  t.same((await propose(key, w1, 150n * USD)).result, [1n, ESCALATE], 'under the default stack it escalates');
  await fx.govern(c.router, 'setNodePolicy', [w1, listOnly]);
  t.equal(await c.router.read('policyOf', [w1]), listOnly);
  t.same((await propose(key, w1, 150n * USD)).result, [0n, ALLOW], 'under its own stack it settles');
  await fx.govern(c.router, 'setNodePolicy', [w1, zeroAddress]);
  t.equal(await c.router.read('policyOf', [w1]), a.policies.workerStack, 'zero unbinds');
});
