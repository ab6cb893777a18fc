/**
 * GovernanceModule on anvil (contracts/README.md): Low passes at quorum with no timing, High needs
 * human yes and the timelock, the unanimity fast path needs at least two human seats, a human
 * veto or a no-majority past the deadline ends a proposal without calling anything, agent
 * votes never count for High, and the last human seat stays. The governed target is a
 * SessionRegistry owned by the module (its `setRouter` is governor-only).
 */
import t from 'tap';
import { decodeErrorResult, encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { GovernanceModule, SessionRegistry } from '../../chain/artifacts/index.js';
import { startTestChain } from '../helpers/anvil.js';
import { bind, eventNames, isolateEach, rejectsWith, type Bound, type Wallet } from '../helpers/contract.js';
import { revertOf } from '../helpers/reverts.js';

const HUMAN = 1;
const AGENT = 2;
const LOW = 0;
const HIGH = 1;
const [ACTIVE, EXECUTED, VETOED, DEFEATED] = [0, 1, 2, 3];
const DAY = 86400;

const chain = await startTestChain(t);
const publicClient = chain.public;
const testClient = chain.test;
const [root, manager, human2, stranger] = [0, 1, 2, 3].map((i) => chain.wallet(i)) as [Wallet, Wallet, Wallet, Wallet];
const gov = GovernanceModule;
const reg = SessionRegistry;
const someRouter = getAddress('0x00000000000000000000000000000000000000d4');

// The demo council (docs/chain.md "The demo org"): root Human 2, manager Agent 1, quorums 2/1.
const module = bind(
  publicClient,
  await chain.deploy(GovernanceModule, [root.account.address, [root.account.address, manager.account.address], [HUMAN, AGENT], [2n, 1n]]),
  gov.abi,
);
// A council of two humans, for the fast path.
const duo = bind(
  publicClient,
  await chain.deploy(GovernanceModule, [
    root.account.address,
    [root.account.address, human2.account.address, manager.account.address],
    [HUMAN, HUMAN, AGENT],
    [1n, 1n, 1n],
  ]),
  gov.abi,
);
const registry = bind(
  publicClient,
  await chain.deploy(SessionRegistry, [module.address, root.account.address, root.account.address]),
  reg.abi,
);
const registryOfDuo = bind(
  publicClient,
  await chain.deploy(SessionRegistry, [duo.address, root.account.address, root.account.address]),
  reg.abi,
);

const setRouterData = encodeFunctionData({ abi: reg.abi, functionName: 'setRouter', args: [someRouter, true] });
const selfCall = (functionName: string, args: readonly unknown[]) => encodeFunctionData({ abi: gov.abi, functionName, args } as never);

async function propose(m: Bound, from: Wallet, tier: number, target: Address, data: Hex): Promise<bigint> {
  const w = await m.write(from, 'propose', [tier, target, data]);
  if (eventNames(w).join() !== 'ProposalCreated') throw new Error(`propose emitted ${eventNames(w).join()}`);
  return w.result as bigint;
}
const state = async (m: Bound, id: bigint) => Number((await m.read('proposals', [id]))[1]);
/** An execute that fails with ActionFailed, and the module error the governed call itself raised. */
async function failedAction(call: Promise<unknown>): Promise<string | undefined> {
  const outer = await revertOf(call);
  if (outer?.name !== 'ActionFailed') return `not ActionFailed but ${outer?.name}`;
  return decodeErrorResult({ abi: gov.abi, data: outer.args[1] as Hex }).errorName;
}
async function warp(seconds: number) {
  await testClient.increaseTime({ seconds });
  await testClient.mine({ blocks: 1 });
}

isolateEach(t, testClient);

t.test('Low passes at quorum with no timing; short of quorum it waits', async (t) => {
  const id = await propose(module, manager, LOW, registry.address, setRouterData);
  await module.write(manager, 'vote', [id, true]);
  await rejectsWith(t, module.write(stranger, 'execute', [id, setRouterData]), 'QuorumNotMet', [id]);
  await module.write(root, 'vote', [id, true]);
  const w = await module.write(stranger, 'execute', [id, setRouterData]);
  t.ok(eventNames(w, module.address).includes('ProposalExecuted'));
  t.equal(await registry.read('isRouter', [someRouter]), true, 'the call ran as the governor');
  t.equal(await state(module, id), EXECUTED);
  await rejectsWith(t, module.write(stranger, 'execute', [id, setRouterData]), 'ProposalNotActive', [id]);
});

t.test('execute runs only the proposed action', async (t) => {
  const id = await propose(module, root, LOW, registry.address, setRouterData);
  await module.write(root, 'vote', [id, true]);
  const other = encodeFunctionData({ abi: reg.abi, functionName: 'setRouter', args: [stranger.account.address, true] });
  await rejectsWith(t, module.write(stranger, 'execute', [id, other]), 'ActionMismatch', [id]);
});

t.test('High waits for the timelock after the deadline; a call at the module is always High', async (t) => {
  const data = selfCall('setVotingPeriod', [BigInt(DAY)]);
  const id = await propose(module, root, LOW, module.address, data);
  const p = await module.read('proposals', [id]);
  t.equal(Number(p[0]), HIGH, 'forced to High');
  await module.write(root, 'vote', [id, true]);
  await rejectsWith(t, module.write(stranger, 'execute', [id, data]), 'TimelockNotElapsed', [id, p[11]]);
  await warp(3 * DAY + 1);
  await rejectsWith(t, module.write(stranger, 'execute', [id, data]), 'TimelockNotElapsed', [id, p[11]]);
  await warp(DAY);
  await module.write(stranger, 'execute', [id, data]);
  t.equal(await module.read('votingPeriod'), BigInt(DAY));
  t.equal(await state(module, id), EXECUTED);
});

t.test('agent votes never count for High', async (t) => {
  const id = await propose(module, manager, HIGH, registry.address, setRouterData);
  const w = await module.write(manager, 'vote', [id, true]);
  t.equal(w.events[0]?.args.countedWeight, 0n, 'recorded with no weight');
  const p = await module.read('proposals', [id]);
  t.same([p[5], p[7]], [0n, 0n], 'yes and human yes stay 0');
  await warp(4 * DAY + 1);
  await rejectsWith(t, module.write(stranger, 'execute', [id, setRouterData]), 'QuorumNotMet', [id]);
  t.equal(await registry.read('isRouter', [someRouter]), false);
});

t.test('a human veto ends a proposal; agents cannot veto', async (t) => {
  const id = await propose(module, manager, LOW, registry.address, setRouterData);
  await module.write(root, 'vote', [id, true]);
  await rejectsWith(t, module.write(manager, 'veto', [id]), 'NotHumanSeat', [manager.account.address]);
  const w = await module.write(root, 'veto', [id]);
  t.same(eventNames(w), ['ProposalVetoed']);
  t.equal(await state(module, id), VETOED);
  await rejectsWith(t, module.write(stranger, 'execute', [id, setRouterData]), 'ProposalNotActive', [id]);
  await rejectsWith(t, module.write(manager, 'vote', [id, true]), 'ProposalNotActive', [id]);
  t.equal(await registry.read('isRouter', [someRouter]), false, 'nothing was called');
});

t.test('more no than yes past the deadline: Defeated, no call', async (t) => {
  const id = await propose(module, manager, LOW, registry.address, setRouterData);
  await module.write(manager, 'vote', [id, true]);
  await module.write(root, 'vote', [id, false]);
  await rejectsWith(t, module.write(stranger, 'execute', [id, setRouterData]), 'QuorumNotMet', [id]);
  await warp(3 * DAY + 1);
  const w = await module.write(stranger, 'execute', [id, setRouterData]);
  t.same(eventNames(w), ['ProposalDefeated']);
  t.equal(await state(module, id), DEFEATED);
  t.equal(await registry.read('isRouter', [someRouter]), false, 'nothing was called');
});

t.test('voting rules: seats only, once, until the deadline', async (t) => {
  await rejectsWith(t, module.write(stranger, 'propose', [LOW, registry.address, setRouterData]), 'NotSeated');
  const id = await propose(module, root, LOW, registry.address, setRouterData);
  await rejectsWith(t, module.write(stranger, 'vote', [id, true]), 'NotSeated', [stranger.account.address]);
  await module.write(manager, 'vote', [id, false]);
  await rejectsWith(t, module.write(manager, 'vote', [id, true]), 'AlreadyVoted', [id, manager.account.address]);
  await warp(3 * DAY + 1);
  await rejectsWith(t, module.write(root, 'vote', [id, true]), 'VotingClosed', [id]);
  await rejectsWith(t, module.write(root, 'vote', [99n, true]), 'ProposalNotFound', [99n]);
});

t.test('fast path: two humans both yes execute High at once; one of two waits', async (t) => {
  const id = await propose(duo, root, HIGH, registryOfDuo.address, setRouterData);
  await duo.write(root, 'vote', [id, true]);
  await rejectsWith(t, duo.write(stranger, 'execute', [id, setRouterData]), 'TimelockNotElapsed');
  await duo.write(manager, 'vote', [id, true]);
  await rejectsWith(t, duo.write(stranger, 'execute', [id, setRouterData]), 'TimelockNotElapsed', undefined);
  await duo.write(human2, 'vote', [id, true]);
  await duo.write(stranger, 'execute', [id, setRouterData]);
  t.equal(await registryOfDuo.read('isRouter', [someRouter]), true);
});

t.test('fast path never helps a lone human seat', async (t) => {
  const id = await propose(module, root, HIGH, registry.address, setRouterData);
  await module.write(root, 'vote', [id, true]);
  t.equal(await module.read('humanSeats'), 1n);
  await rejectsWith(t, module.write(stranger, 'execute', [id, setRouterData]), 'TimelockNotElapsed');
  await warp(4 * DAY);
  await module.write(stranger, 'execute', [id, setRouterData]);
  t.equal(await registry.read('isRouter', [someRouter]), true, 'after eta it passes');
});

t.test('seats: the root seats agents, humans only through governance; the last human stays', async (t) => {
  await module.write(root, 'setSeat', [stranger.account.address, AGENT, 1]);
  t.same(await module.read('seats', [stranger.account.address]), [AGENT, 1n]);
  await rejectsWith(t, module.write(root, 'setSeat', [human2.account.address, HUMAN, 1]), 'NotAuthorized');
  await rejectsWith(t, module.write(stranger, 'setSeat', [stranger.account.address, AGENT, 5]), 'NotAuthorized');

  const drop = selfCall('setSeat', [root.account.address, 0, 0]);
  const id = await propose(module, root, HIGH, module.address, drop);
  await module.write(root, 'vote', [id, true]);
  await warp(4 * DAY + 1);
  t.equal(await failedAction(module.write(stranger, 'execute', [id, drop])), 'LastHumanSeat');
  t.equal(await state(module, id), ACTIVE, 'a failed call leaves it Active, to retry');
  t.same(await module.read('seats', [root.account.address]), [HUMAN, 2n], 'the last human stays');
});

t.test('quorums clamp to the seated weight', async (t) => {
  const solo = bind(
    publicClient,
    await chain.deploy(GovernanceModule, [root.account.address, [root.account.address], [HUMAN], [1n]]),
    gov.abi,
  );
  t.same(await solo.read('effectiveQuorums'), [1n, 1n], 'quorumYes 2 clamps to weight 1');
  const target = bind(
    publicClient,
    await chain.deploy(SessionRegistry, [solo.address, root.account.address, root.account.address]),
    reg.abi,
  );
  const id = await propose(solo, root, LOW, target.address, setRouterData);
  await solo.write(root, 'vote', [id, true]);
  await solo.write(stranger, 'execute', [id, setRouterData]);
  t.equal(await target.read('isRouter', [someRouter]), true);
});

t.test('governance changes its own seats and rules, within bounds, and nobody else can', async (t) => {
  await rejectsWith(t, module.write(root, 'setVotingPeriod', [3600n]), 'NotAuthorized');
  const seat = selfCall('setSeat', [human2.account.address, HUMAN, 1n]);
  const id = await propose(module, root, HIGH, module.address, seat);
  await module.write(root, 'vote', [id, true]);
  await warp(4 * DAY + 1);
  await module.write(stranger, 'execute', [id, seat]);
  t.same(await module.read('seats', [human2.account.address]), [HUMAN, 1n]);
  t.equal(await module.read('humanSeats'), 2n);

  // Two humans now: their unanimity skips the timelock, but not the bounds.
  const tooShort = selfCall('setVotingPeriod', [3599n]);
  const bad = await propose(module, root, HIGH, module.address, tooShort);
  await module.write(root, 'vote', [bad, true]);
  await module.write(human2, 'vote', [bad, true]);
  t.equal(await failedAction(module.write(stranger, 'execute', [bad, tooShort])), 'InvalidVotingPeriod');
  const hour = selfCall('setVotingPeriod', [3600n]);
  const ok = await propose(module, human2, HIGH, module.address, hour);
  await module.write(root, 'vote', [ok, true]);
  await module.write(human2, 'vote', [ok, true]);
  await module.write(stranger, 'execute', [ok, hour]);
  t.equal(await module.read('votingPeriod'), 3600n, 'executed at once by two humans');
  const longLock = selfCall('setHighTierTimelock', [BigInt(31 * DAY)]);
  const lock = await propose(module, root, HIGH, module.address, longLock);
  await module.write(root, 'vote', [lock, true]);
  await module.write(human2, 'vote', [lock, true]);
  t.equal(await failedAction(module.write(stranger, 'execute', [lock, longLock])), 'InvalidTimelock');
});
