/**
 * The policy modules on anvil (contracts/README.md): spend cap (ALLOW/ESCALATE, never DENY), whitelist,
 * rate limit (recorded only by its router), time window (DENY outside, evm time control), and
 * PolicyStack (first DENY wins and ends the check, ESCALATE sticks, non-empty, nestable).
 */
import t from 'tap';
import { maxUint256, type Address, type Hex } from 'viem';
import { MockUSD, PolicyStack, RateLimitPolicy, SpendCapPolicy, TimeWindowPolicy, WhitelistPolicy } from '../../chain/artifacts/index.js';
import { startTestChain } from '../helpers/anvil.js';
import { eventsOf } from '../helpers/events.js';
import { deployRevertOf, revertOf } from '../helpers/reverts.js';

const ALLOW = 0;
const ESCALATE = 1;
const DENY = 2;
const mUSD = (n: number): bigint => BigInt(n) * 1_000_000n;
const DAY = 86_400n;

const chain = await startTestChain(t);
const [governor, agent, vendor, stranger, router, agent2] = chain.accounts.map((a) => a.address) as Address[];
const cap = await chain.deploy(SpendCapPolicy, [governor!, mUSD(50)]);
const whitelist = await chain.deploy(WhitelistPolicy, [governor!, [vendor!]]);
const rate = await chain.deploy(RateLimitPolicy, [3n, 3600n, router!]);
// 09:00 to 17:00 UTC.
const window = await chain.deploy(TimeWindowPolicy, [9n * 3600n, 17n * 3600n]);
const token = await chain.deploy(MockUSD, [governor!]);

const anyAbi = [...SpendCapPolicy.abi, ...WhitelistPolicy.abi, ...RateLimitPolicy.abi, ...TimeWindowPolicy.abi, ...PolicyStack.abi];
const read = (address: Address, functionName: string, args: readonly unknown[] = []): Promise<any> =>
  chain.public.readContract({ address, abi: anyAbi, functionName, args } as any);
const check = (module: Address, who: Address, target: Address, value: bigint, data: Hex = '0x'): Promise<number> =>
  read(module, 'check', [who, target, value, data]);
const simulate = (address: Address, functionName: string, args: readonly unknown[], from: number) =>
  chain.public.simulateContract({ address, abi: anyAbi, functionName, args, account: chain.accounts[from]! } as any);

/** Mines one block at the given UTC second of day, on a day later than any block so far; reads then see that time. */
let day = (await chain.public.getBlock()).timestamp / DAY + 1n;
async function at(secondOfDay: bigint): Promise<void> {
  day += 1n;
  await chain.test.setNextBlockTimestamp({ timestamp: day * DAY + secondOfDay });
  await chain.test.mine({ blocks: 1 });
}

t.test('spend cap: up to the cap ALLOW, above it ESCALATE, never DENY', async (t) => {
  t.equal(await read(cap, 'kind'), 'spend_cap');
  t.equal(await read(cap, 'capOf', [agent]), mUSD(50), 'the default');
  t.equal(await read(cap, 'hasAgentCap', [agent]), false);
  t.equal(await check(cap, agent!, vendor!, mUSD(50)), ALLOW, 'at the cap');
  t.equal(await check(cap, agent!, vendor!, mUSD(50) + 1n), ESCALATE, 'one unit over');
  t.equal(await check(cap, agent!, stranger!, maxUint256), ESCALATE, 'any amount, any target: never DENY');
  await chain.isolate(async () => {
    const receipt = await chain.write(0, { address: cap, abi: SpendCapPolicy.abi, functionName: 'setAgentCap', args: [agent, mUSD(200)] });
    t.same(eventsOf(receipt, SpendCapPolicy.abi), [{ name: 'AgentCapSet', args: { agent, cap: mUSD(200) }, address: cap }]);
    t.equal(await read(cap, 'capOf', [agent]), mUSD(200));
    t.equal(await read(cap, 'hasAgentCap', [agent]), true);
    t.equal(await check(cap, agent!, vendor!, mUSD(200)), ALLOW);
    t.equal(await check(cap, agent2!, vendor!, mUSD(200)), ESCALATE, 'other agents keep the default');
    await chain.write(0, { address: cap, abi: SpendCapPolicy.abi, functionName: 'setAgentCap', args: [agent, 0n] });
    t.equal(await check(cap, agent!, vendor!, 1n), ESCALATE, 'a zero cap escalates everything, still never DENY');
    t.equal(await check(cap, agent!, vendor!, 0n), ALLOW);
    await chain.write(0, { address: cap, abi: SpendCapPolicy.abi, functionName: 'setAgentCap', args: [agent, maxUint256] });
    t.equal(await check(cap, agent!, vendor!, maxUint256), ALLOW, 'uint256 max is unlimited');
  });
  t.same(await revertOf(simulate(cap, 'setAgentCap', [agent, 1n], 1)), { name: 'OwnableUnauthorizedAccount', args: [agent] });
});

t.test('whitelist: a listed target ALLOW, any other DENY; the governor lists and unlists', async (t) => {
  t.equal(await read(whitelist, 'kind'), 'whitelist');
  t.same(await read(whitelist, 'allowedTargets'), [vendor]);
  t.equal(await check(whitelist, agent!, vendor!, maxUint256), ALLOW);
  t.equal(await check(whitelist, agent!, stranger!, 1n), DENY);
  await chain.isolate(async () => {
    const add = await chain.write(0, { address: whitelist, abi: WhitelistPolicy.abi, functionName: 'setAllowed', args: [stranger, true] });
    t.same(eventsOf(add, WhitelistPolicy.abi), [{ name: 'TargetAllowed', args: { target: stranger, allowed: true }, address: whitelist }]);
    t.same(await read(whitelist, 'allowedTargets'), [vendor, stranger]);
    t.equal(await check(whitelist, agent!, stranger!, 1n), ALLOW);
    await chain.write(0, { address: whitelist, abi: WhitelistPolicy.abi, functionName: 'setAllowed', args: [vendor, false] });
    t.same(await read(whitelist, 'allowedTargets'), [stranger]);
    t.equal(await read(whitelist, 'isAllowed', [vendor]), false);
    t.equal(await check(whitelist, agent!, vendor!, 1n), DENY, 'unlisted again');
  });
  t.same(await revertOf(simulate(whitelist, 'setAllowed', [stranger, true], 3)), { name: 'OwnableUnauthorizedAccount', args: [stranger] });
});

t.test('rate limit: only its router records; the window escalates at max and reopens after windowSeconds', async (t) => {
  t.equal(await read(rate, 'kind'), 'rate_limit');
  t.equal(await read(rate, 'recorder'), router);
  t.same(await revertOf(simulate(rate, 'record', [agent], 1)), { name: 'NotRecorder', args: [agent] }, 'not the agent itself');
  t.same(await revertOf(simulate(rate, 'record', [agent], 0)), { name: 'NotRecorder', args: [governor] }, 'not the governor');
  await chain.isolate(async () => {
    const record = (who: Address) => chain.write(4, { address: rate, abi: RateLimitPolicy.abi, functionName: 'record', args: [who] });
    t.equal(await check(rate, agent!, vendor!, 1n), ALLOW, 'no window yet');
    await record(agent!);
    const [start] = (await read(rate, 'windows', [agent])) as [bigint, bigint];
    await record(agent!);
    t.same(await read(rate, 'windows', [agent]), [start, 2n]);
    t.equal(await check(rate, agent!, vendor!, 1n), ALLOW, 'two of three');
    await record(agent!);
    t.equal(await check(rate, agent!, vendor!, 1n), ESCALATE, 'three of three: the window is full');
    t.equal(await check(rate, agent2!, vendor!, 1n), ALLOW, 'per agent');

    await chain.test.setNextBlockTimestamp({ timestamp: start + 3599n });
    await chain.test.mine({ blocks: 1 });
    t.equal(await check(rate, agent!, vendor!, 1n), ESCALATE, 'one second before the window closes');
    await chain.test.setNextBlockTimestamp({ timestamp: start + 3600n });
    await chain.test.mine({ blocks: 1 });
    t.equal(await check(rate, agent!, vendor!, 1n), ALLOW, 'closed at start + windowSeconds');
    await record(agent!);
    const [restart, count] = (await read(rate, 'windows', [agent])) as [bigint, bigint];
    t.ok(restart >= start + 3600n, 'a new window opened');
    t.equal(count, 1n);
  });
  t.same(await deployRevertOf(chain.public, RateLimitPolicy, [0n, 3600n, router]), { name: 'InvalidRateLimit', args: [] });
  t.same(await deployRevertOf(chain.public, RateLimitPolicy, [3n, 0n, router]), { name: 'InvalidRateLimit', args: [] });
});

t.test('time window: ALLOW inside [start, end) UTC, DENY outside, whatever the value or target', async (t) => {
  t.equal(await read(window, 'kind'), 'time_window');
  const cases: [bigint, number][] = [
    [0n, DENY],
    [9n * 3600n - 1n, DENY],
    [9n * 3600n, ALLOW],
    [12n * 3600n, ALLOW],
    [17n * 3600n - 1n, ALLOW],
    [17n * 3600n, DENY],
    [DAY - 1n, DENY],
  ];
  for (const [second, verdict] of cases) {
    await at(second);
    t.equal(await check(window, agent!, stranger!, 0n), verdict, `second ${second} of the day`);
  }
  const always = await chain.deploy(TimeWindowPolicy, [0n, DAY]);
  await at(DAY - 1n);
  t.equal(await check(always, agent!, vendor!, 1n), ALLOW, '[0, 86400) is always open');
  t.same(await deployRevertOf(chain.public, TimeWindowPolicy, [10n, 10n]), { name: 'InvalidWindow', args: [10n, 10n] }, 'empty');
  t.same(
    await deployRevertOf(chain.public, TimeWindowPolicy, [20n * 3600n, 2n * 3600n]),
    { name: 'InvalidWindow', args: [72000n, 7200n] },
    'no wrap',
  );
  t.same(
    await deployRevertOf(chain.public, TimeWindowPolicy, [0n, DAY + 1n]),
    { name: 'InvalidWindow', args: [0n, DAY + 1n] },
    'past midnight',
  );
});

t.test('stack: first DENY wins and ends the check, any ESCALATE sticks, else ALLOW', async (t) => {
  await at(12n * 3600n);
  const stack = await chain.deploy(PolicyStack, [[window, whitelist, cap, rate]]);
  t.equal(await read(stack, 'kind'), 'stack');
  t.equal(await read(stack, 'moduleCount'), 4n);
  t.same(await Promise.all([0n, 1n, 2n, 3n].map((i) => read(stack, 'modules', [i]))), [window, whitelist, cap, rate]);
  t.equal(await check(stack, agent!, vendor!, mUSD(50)), ALLOW, 'every module allows');
  t.equal(await check(stack, agent!, vendor!, mUSD(51)), ESCALATE, 'the cap escalates, the rest allow');
  t.equal(await check(stack, agent!, stranger!, mUSD(51)), DENY, 'DENY beats an ESCALATE after it');
  const escalateFirst = await chain.deploy(PolicyStack, [[cap, whitelist]]);
  t.equal(await check(escalateFirst, agent!, stranger!, mUSD(51)), DENY, 'and one before it');
  t.equal(await check(escalateFirst, agent!, vendor!, mUSD(51)), ESCALATE);

  // The token has no check(): calling it reverts. A stack that reaches it reverts; one that met a DENY first never calls it.
  const guarded = await chain.deploy(PolicyStack, [[whitelist, token]]);
  t.equal(await check(guarded, agent!, stranger!, 1n), DENY, 'stopped at the first DENY');
  const reached = await revertOf(check(guarded, agent!, vendor!, 1n));
  t.same(reached, { name: undefined, args: [] }, 'past an ALLOW the next module is called (and the token reverts bare)');

  await at(20n * 3600n);
  t.equal(await check(stack, agent!, vendor!, 1n), DENY, 'outside the window the whole stack denies');
});

t.test('stacks nest: a stack is a module of another', async (t) => {
  await at(12n * 3600n);
  const inner = await chain.deploy(PolicyStack, [[whitelist, cap]]);
  const outer = await chain.deploy(PolicyStack, [[window, inner]]);
  t.equal(await check(outer, agent!, vendor!, mUSD(10)), ALLOW);
  t.equal(await check(outer, agent!, vendor!, mUSD(60)), ESCALATE, 'the inner ESCALATE sticks');
  t.equal(await check(outer, agent!, stranger!, mUSD(10)), DENY, 'the inner DENY binds');
  await at(3n * 3600n);
  t.equal(await check(outer, agent!, vendor!, mUSD(10)), DENY);
});

t.test('a stack is never empty and holds only contracts', async (t) => {
  t.same(await deployRevertOf(chain.public, PolicyStack, [[]]), { name: 'EmptyStack', args: [] });
  t.same(await deployRevertOf(chain.public, PolicyStack, [[cap, stranger]]), { name: 'InvalidModule', args: [stranger] });
});
