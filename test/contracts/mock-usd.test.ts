import t from 'tap';
import { MockUSD } from '../../chain/artifacts/index.js';
import { startTestChain } from '../helpers/anvil.js';
import { revertName } from '../helpers/reverts.js';

const chain = await startTestChain(t);
const [governor, alice, bob] = chain.accounts.map((a) => a.address);
const token = await chain.deploy(MockUSD, [governor!]);

t.test('mUSD is a 6-decimal ERC-20 that the governor mints and holders transfer', async (t) => {
  await chain.isolate(async () => {
    const read = (functionName: 'decimals' | 'symbol') => chain.public.readContract({ address: token, abi: MockUSD.abi, functionName });
    t.equal(await read('decimals'), 6);
    t.equal(await read('symbol'), 'mUSD');
    const balanceOf = (account: `0x${string}`) =>
      chain.public.readContract({ address: token, abi: MockUSD.abi, functionName: 'balanceOf', args: [account] });

    const mint = await chain
      .wallet(0)
      .writeContract({ address: token, abi: MockUSD.abi, functionName: 'mint', args: [alice!, 1_000_000n] });
    await chain.public.waitForTransactionReceipt({ hash: mint });
    const send = await chain
      .wallet(1)
      .writeContract({ address: token, abi: MockUSD.abi, functionName: 'transfer', args: [bob!, 250_000n] });
    await chain.public.waitForTransactionReceipt({ hash: send });
    t.equal(await balanceOf(alice!), 750_000n);
    t.equal(await balanceOf(bob!), 250_000n);
  });
});

t.test('only the governor mints, and ownership cannot be renounced', async (t) => {
  await chain.isolate(async () => {
    t.equal(
      await revertName(
        chain.public.simulateContract({ account: alice!, address: token, abi: MockUSD.abi, functionName: 'mint', args: [alice!, 1n] }),
      ),
      'OwnableUnauthorizedAccount',
    );
    t.equal(
      await revertName(
        chain.public.readContract({ account: governor!, address: token, abi: MockUSD.abi, functionName: 'renounceOwnership' }),
      ),
      'RenounceDisabled',
    );
  });
});

t.test('each case starts from the snapshot: the first case left no balance behind', async (t) => {
  t.equal(await chain.public.readContract({ address: token, abi: MockUSD.abi, functionName: 'totalSupply' }), 0n);
});
