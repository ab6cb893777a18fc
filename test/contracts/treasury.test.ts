/**
 * Treasury and EpochStreamer on anvil (contracts/README.md): the sum of allowances = totalReserved ≤ balance after
 * every step; tokens leave only by spendAllowance, only through the spender; an epoch streams every
 * grant once per window, all or nothing.
 */
import t, { type Test } from 'tap';
import { type Address } from 'viem';
import { EpochStreamer, MockUSD, Treasury } from '../../chain/artifacts/index.js';
import { startTestChain } from '../helpers/anvil.js';
import { eventsOf } from '../helpers/events.js';
import { deployRevertOf, revertOf } from '../helpers/reverts.js';

const mUSD = (n: number): bigint => BigInt(n) * 1_000_000n;
const EPOCH = 3600n;

const chain = await startTestChain(t);
const [governor, router, operator, agentA, agentB, vendor, outsider] = chain.accounts.map((a) => a.address) as Address[];
const token = await chain.deploy(MockUSD, [governor!]);
const treasury = await chain.deploy(Treasury, [governor!, token]);
const streamer = await chain.deploy(EpochStreamer, [governor!, treasury, operator!, EPOCH]);
const agents = [agentA!, agentB!];

const abi = [...Treasury.abi, ...EpochStreamer.abi, ...MockUSD.abi];
const read = (address: Address, functionName: string, args: readonly unknown[] = []): Promise<any> =>
  chain.public.readContract({ address, abi, functionName, args } as any);
const write = (from: number, address: Address, functionName: string, args: readonly unknown[] = []) =>
  chain.write(from, { address, abi, functionName, args });
const simulate = (from: number, address: Address, functionName: string, args: readonly unknown[] = []) =>
  chain.public.simulateContract({ address, abi, functionName, args, account: chain.accounts[from]! } as any);
const balanceOf = (who: Address): Promise<bigint> => read(token, 'balanceOf', [who]);

// Bootstrap as the deploy script will: wire the spender (the router) and the streamer, then fund.
await write(0, treasury, 'setSpender', [router]);
await write(0, treasury, 'setStreamer', [streamer]);
await write(0, token, 'mint', [governor, mUSD(10_000)]);
await write(0, token, 'approve', [treasury, mUSD(1_000)]);
await write(0, treasury, 'deposit', [mUSD(1_000)]);

/** The treasury's invariant, read whole: Σ allowances = totalReserved ≤ balance, liquid = balance − reserved. */
async function invariant(t: Test, label: string): Promise<void> {
  const allowances = await Promise.all(agents.map((a) => read(treasury, 'allowanceBalance', [a]) as Promise<bigint>));
  const reserved: bigint = await read(treasury, 'totalReserved');
  const balance = await balanceOf(treasury);
  t.equal(
    allowances.reduce((s, a) => s + a, 0n),
    reserved,
    `${label}: Σ allowances = totalReserved`,
  );
  t.ok(reserved <= balance, `${label}: totalReserved ${reserved} ≤ balance ${balance}`);
  t.equal(await read(treasury, 'liquidBalance'), balance - reserved, `${label}: liquid = balance − reserved`);
}

t.test('deposit pulls approved tokens; a direct transfer is liquid too', async (t) => {
  await chain.isolate(async () => {
    t.equal(await balanceOf(treasury), mUSD(1_000));
    await write(0, token, 'approve', [treasury, mUSD(5)]);
    const receipt = await write(0, treasury, 'deposit', [mUSD(5)]);
    t.same(
      eventsOf(receipt, Treasury.abi).filter((e) => e.address === treasury),
      [{ name: 'Deposited', args: { from: governor, amount: mUSD(5) }, address: treasury }],
    );
    await write(0, token, 'transfer', [treasury, mUSD(7)]);
    t.equal(await read(treasury, 'liquidBalance'), mUSD(1_012));
    t.equal((await revertOf(simulate(0, treasury, 'deposit', [0n])))?.name, 'ZeroAmount');
    await invariant(t, 'after deposits');
  });
});

t.test('streamAllowance reserves from the free balance only, by the streamer or the governor', async (t) => {
  await chain.isolate(async () => {
    const receipt = await write(0, treasury, 'streamAllowance', [agentA, mUSD(600)]);
    t.same(eventsOf(receipt, Treasury.abi), [{ name: 'AllowanceStreamed', args: { agent: agentA, amount: mUSD(600) }, address: treasury }]);
    t.equal(await read(treasury, 'allowanceBalance', [agentA]), mUSD(600));
    t.equal(await balanceOf(treasury), mUSD(1_000), 'reserving moves no token');
    await invariant(t, 'after 600 reserved');
    t.same(await revertOf(simulate(0, treasury, 'streamAllowance', [agentB, mUSD(401)])), {
      name: 'InsufficientTreasury',
      args: [mUSD(400), mUSD(401)],
    });
    await write(0, treasury, 'streamAllowance', [agentB, mUSD(400)]);
    t.equal(await read(treasury, 'liquidBalance'), 0n);
    await invariant(t, 'fully reserved');
    t.same(await revertOf(simulate(3, treasury, 'streamAllowance', [agentA, 1n])), { name: 'NotStreamer', args: [agentA] });
    t.same(
      await revertOf(simulate(1, treasury, 'streamAllowance', [agentA, 1n])),
      { name: 'NotStreamer', args: [router] },
      'not the spender',
    );
  });
});

t.test('spendAllowance: only the spender, only within the allowance, exactly the amount to the target', async (t) => {
  await chain.isolate(async () => {
    await write(0, treasury, 'streamAllowance', [agentA, mUSD(100)]);
    t.same(await revertOf(simulate(0, treasury, 'spendAllowance', [agentA, mUSD(1), vendor])), { name: 'NotSpender', args: [governor] });
    t.same(await revertOf(simulate(3, treasury, 'spendAllowance', [agentA, mUSD(1), vendor])), { name: 'NotSpender', args: [agentA] });
    t.same(await revertOf(simulate(1, treasury, 'spendAllowance', [agentA, mUSD(101), vendor])), {
      name: 'InsufficientAllowance',
      args: [agentA, mUSD(100), mUSD(101)],
    });
    t.same(await revertOf(simulate(1, treasury, 'spendAllowance', [agentB, 1n, vendor])), {
      name: 'InsufficientAllowance',
      args: [agentB, 0n, 1n],
    });
    const receipt = await write(1, treasury, 'spendAllowance', [agentA, mUSD(30), vendor]);
    t.same(
      eventsOf(receipt, [...Treasury.abi, ...MockUSD.abi]).map((e) => [e.name, e.args]),
      [
        ['Transfer', { from: treasury, to: vendor, value: mUSD(30) }],
        ['AllowanceSpent', { agent: agentA, to: vendor, amount: mUSD(30) }],
      ],
    );
    t.equal(await balanceOf(vendor!), mUSD(30));
    t.equal(await balanceOf(treasury), mUSD(970));
    t.equal(await read(treasury, 'allowanceBalance', [agentA]), mUSD(70));
    await invariant(t, 'after a spend');
    t.equal((await revertOf(simulate(1, treasury, 'spendAllowance', [agentA, 0n, vendor])))?.name, 'ZeroAmount');
  });
});

t.test('no other way out: the writable surface is fixed, and only the governor wires it', async (t) => {
  const writable = Treasury.abi
    .filter((x) => x.type === 'function' && x.stateMutability !== 'view' && x.stateMutability !== 'pure')
    .map((x) => (x as { name: string }).name)
    .sort();
  t.same(writable, ['deposit', 'setSpender', 'setStreamer', 'spendAllowance', 'streamAllowance', 'transferOwnership']);
  t.same(await revertOf(simulate(6, treasury, 'setSpender', [outsider])), { name: 'OwnableUnauthorizedAccount', args: [outsider] });
  t.same(await revertOf(simulate(1, treasury, 'setStreamer', [router])), { name: 'OwnableUnauthorizedAccount', args: [router] });
  t.equal((await revertOf(simulate(0, treasury, 'renounceOwnership')))?.name, 'RenounceDisabled');
});

t.test('an epoch streams every grant once per window; a second run in the window is EpochAlreadyRun', async (t) => {
  await chain.isolate(async () => {
    t.same(await revertOf(simulate(2, streamer, 'runNextEpoch')), { name: 'EmptySchedule', args: [] });
    const set = await write(0, streamer, 'setGrants', [agents, [mUSD(200), mUSD(150)]]);
    t.same(
      eventsOf(set, EpochStreamer.abi).map((e) => e.args),
      [
        { recipient: agentA, amount: mUSD(200) },
        { recipient: agentB, amount: mUSD(150) },
      ],
    );
    t.same(await read(streamer, 'recipients'), agents);
    t.same(
      await revertOf(simulate(0, streamer, 'runNextEpoch')),
      { name: 'NotOperator', args: [governor] },
      'the governor sets, the operator runs',
    );

    const run = await write(2, streamer, 'runNextEpoch');
    t.same(
      eventsOf(run, [...EpochStreamer.abi, ...Treasury.abi]).map((e) => [e.name, e.args]),
      [
        ['AllowanceStreamed', { agent: agentA, amount: mUSD(200) }],
        ['AllowanceStreamed', { agent: agentB, amount: mUSD(150) }],
        ['EpochRun', { epoch: 1n, recipients: 2n, total: mUSD(350) }],
      ],
    );
    t.equal(await read(streamer, 'currentEpoch'), 1n);
    await invariant(t, 'after epoch 1');
    t.same(await revertOf(simulate(2, streamer, 'runNextEpoch')), { name: 'EpochAlreadyRun', args: [1n] });

    await chain.test.increaseTime({ seconds: Number(EPOCH) });
    await chain.test.mine({ blocks: 1 });
    await write(2, streamer, 'runNextEpoch');
    t.equal(await read(streamer, 'currentEpoch'), 2n);
    t.equal(await read(treasury, 'allowanceBalance', [agentA]), mUSD(400));
    t.equal(await read(treasury, 'allowanceBalance', [agentB]), mUSD(300));
    await invariant(t, 'after epoch 2');
  });
});

t.test('a treasury short of one grant reverts the whole epoch: nothing streamed, the epoch not spent', async (t) => {
  await chain.isolate(async () => {
    // 1,000 in the treasury: 600 + 500 cannot both be reserved.
    await write(0, streamer, 'setGrants', [agents, [mUSD(600), mUSD(500)]]);
    t.same(await revertOf(simulate(2, streamer, 'runNextEpoch')), { name: 'InsufficientTreasury', args: [mUSD(400), mUSD(500)] });
    t.equal(await read(streamer, 'currentEpoch'), 0n);
    t.equal(await read(treasury, 'totalReserved'), 0n, 'agent A’s 600 was not kept either');
    await write(0, token, 'approve', [treasury, mUSD(100)]);
    await write(0, treasury, 'deposit', [mUSD(100)]);
    await write(2, streamer, 'runNextEpoch');
    t.equal(await read(streamer, 'currentEpoch'), 1n, 'funded, the same window runs');
    await invariant(t, 'fully reserved by an epoch');
  });
});

t.test('grants: zero removes a recipient, lengths must match, only the governor sets them', async (t) => {
  await chain.isolate(async () => {
    await write(0, streamer, 'setGrants', [agents, [mUSD(1), mUSD(2)]]);
    await write(0, streamer, 'setGrant', [agentA, 0n]);
    t.same(await read(streamer, 'recipients'), [agentB]);
    t.equal(await read(streamer, 'grantAmount', [agentA]), 0n);
    t.same(await revertOf(simulate(0, streamer, 'setGrants', [agents, [1n]])), { name: 'LengthMismatch', args: [] });
    t.same(await revertOf(simulate(2, streamer, 'setGrant', [agentA, 1n])), { name: 'OwnableUnauthorizedAccount', args: [operator] });
    t.same(await revertOf(simulate(2, streamer, 'setOperator', [outsider])), { name: 'OwnableUnauthorizedAccount', args: [operator] });
  });
  t.same(await deployRevertOf(chain.public, EpochStreamer, [governor, treasury, operator, 0n]), { name: 'InvalidEpochLength', args: [] });
});
