/**
 * The treasury indexer (docs/chain.md "The treasury indexer") on a real anvil with the demo org, over each store engine:
 * a transfer into the treasury is a TreasuryDeposit; a spend through the router is a
 * TreasuryOutflow and nothing more; tokens taken out of the treasury by its own (impersonated)
 * account are a TreasuryOutflow and a TreasuryTheftSuspected. Each event is in the audit trail
 * and on the bus once, and a new indexer over the same store (a restart) emits nothing again.
 * Two replicas running the lease loop index each transfer once.
 */
import t, { type Test } from 'tap';
import { pino } from 'pino';
import { createWalletClient, http, type Address } from 'viem';
import { foundry } from 'viem/chains';
import { MockUSD } from '../../../chain/artifacts/index.js';
import { chainBinding } from '../../../chain/onchain/binding.js';
import { deploymentFile } from '../../../chain/dev/deployment-file.js';
import { createBus, names } from '../../../bus/index.js';
import type { BusEvent } from '../../../bus/types.js';
import { createAudit } from '../../../runtime/audit.js';
import { AuditEvent, Claim } from '../../../store/index.js';
import type { Store } from '../../../store/types.js';
import { treasuryIndexer, type TreasuryIndexer } from '../../../actors/trigger/treasury-index.js';
import { chainFixture } from '../../helpers/chain-fixture.js';
import { engines } from '../../helpers/store-engines.js';
import { uniqueName } from '../../helpers/services.js';

const USD = 1_000_000n;
const TYPES = ['TreasuryDeposit', 'TreasuryOutflow', 'TreasuryTheftSuspected'];
const log = pino({ level: 'silent' });

const fx = await chainFixture(t);
const { c, root, asset } = fx;
const deployment = deploymentFile(fx.deployment, fx.chain.anvil.url);
const binding = chainBinding({ rpcUrl: fx.chain.anvil.url, chainId: foundry.id, deployment });
const [w1] = fx.workers as [Address];
const stranger = fx.stranger.account.address;
await fx.runEpoch();
const { key: w1Key } = await fx.sessionKey(w1);

interface Harness {
  readonly store: Store;
  readonly seen: BusEvent[];
  indexer(workerId?: string): TreasuryIndexer;
  /** Audit rows of these types written for `txHash`, as {type, data}. */
  trail(txHash: string): Promise<{ type: string; data: Record<string, unknown> }[]>;
}

async function harness(t: Test, store: Store): Promise<Harness> {
  const bus = createBus({ names: names(uniqueName('ti')), log });
  await bus.start();
  t.teardown(() => bus.close());
  const seen: BusEvent[] = [];
  for (const type of TYPES) await bus.tail(type, (e) => seen.push(e));
  const audit = createAudit({ store, bus, log });
  return {
    store,
    seen,
    indexer: (workerId = 'w1') =>
      treasuryIndexer({ store, audit, log, binding: () => binding, workerId, now: Date.now, intervalMs: 100, confirmations: undefined }),
    async trail(txHash) {
      const rows = await store.em().find(AuditEvent, { type: { $in: TYPES } }, { orderBy: { id: 'asc' } });
      return rows.filter((r) => r.data.txHash === txHash).map((r) => ({ type: r.type, data: r.data }));
    },
  };
}

const common = (txHash: string, amount: bigint) => ({
  amount: amount.toString(),
  token: asset.token,
  symbol: 'mUSD',
  decimals: 6,
  treasury: asset.treasury,
  txHash,
});

/** A plain ERC-20 transfer into the treasury from `stranger`, after governance mints it the tokens. */
async function deposit(amount: bigint): Promise<`0x${string}`> {
  await fx.govern(c.token, 'mint', [stranger, amount]);
  return (await c.token.write(fx.stranger, 'transfer', [asset.treasury, amount])).hash;
}

/** The treasury's own account moves tokens out: no router, no AllowanceSpent. */
async function theft(amount: bigint): Promise<`0x${string}`> {
  const treasury = asset.treasury;
  await fx.chain.test.impersonateAccount({ address: treasury });
  await fx.chain.test.setBalance({ address: treasury, value: 10n ** 18n });
  try {
    const thief = createWalletClient({ account: treasury, chain: foundry, transport: http(fx.chain.anvil.url) });
    const hash = await thief.writeContract({ address: asset.token, abi: MockUSD.abi, functionName: 'transfer', args: [stranger, amount] });
    if ((await fx.chain.public.waitForTransactionReceipt({ hash })).status !== 'success')
      throw new Error('the impersonated transfer reverted');
    return hash;
  } finally {
    await fx.chain.test.stopImpersonatingAccount({ address: treasury });
  }
}

const waitFor = async (cond: () => boolean | Promise<boolean>, ms = 10_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await cond()) return true;
  return false;
};

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`treasury indexer on ${e.engine}`, { skip }, async (t) => {
    const h = await harness(t, await e.open(t));
    const first = await h.indexer().pass();
    t.equal(first?.stream, `treasury:31337:${deployment.org.toLowerCase()}`);
    t.equal(first?.through, await fx.chain.public.getBlockNumber(), 'read up to the head (0 confirmations on anvil)');
    const seedDeposits = (await h.store.em().find(AuditEvent, { type: 'TreasuryDeposit' })).filter(
      (r) => r.data.from === root.account.address && r.data.amount === (100_000n * USD).toString(),
    );
    t.equal(seedDeposits.length, 1, 'from the deployment start block: the seed funding is a deposit');

    t.test('a transfer into the treasury is a TreasuryDeposit', async (t) => {
      const hash = await deposit(25n * USD);
      const before = h.seen.length;
      t.equal((await h.indexer().pass())?.emitted, 1);
      const trail = await h.trail(hash);
      t.match(trail, [
        { type: 'TreasuryDeposit', data: { from: stranger, ...common(hash, 25n * USD), time: String, block: String, logIndex: Number } },
      ]);
      t.same(trail.length, 1);
      t.ok(new Date(trail[0]!.data.time as string).getTime() > 0, 'the block time');
      t.match(
        h.seen.slice(before).map((e) => ({ type: e.type, data: e.data })),
        [{ type: 'TreasuryDeposit', data: common(hash, 25n * USD) }],
        'published on the bus',
      );
    });

    t.test('a spend through the router is a TreasuryOutflow, not a theft', async (t) => {
      const { hash, events } = await c.router.write(w1Key, 'propose', [w1, fx.vendor, 10n * USD, '0x']);
      t.ok(
        events.some((ev) => ev.eventName === 'AllowanceSpent'),
        'settled by spendAllowance',
      );
      await h.indexer().pass();
      t.same(await h.trail(hash).then((r) => r.map((x) => x.type)), ['TreasuryOutflow']);
      t.match(await h.trail(hash), [{ data: { to: fx.vendor, ...common(hash, 10n * USD) } }]);
    });

    t.test('tokens taken by the treasury account itself: TreasuryOutflow and TreasuryTheftSuspected', async (t) => {
      const hash = await theft(7n * USD);
      const before = h.seen.length;
      t.equal((await h.indexer().pass())?.emitted, 2);
      const trail = await h.trail(hash);
      t.same(
        trail.map((x) => x.type),
        ['TreasuryOutflow', 'TreasuryTheftSuspected'],
      );
      t.match(trail[1], { data: { to: stranger, ...common(hash, 7n * USD), reason: /AllowanceSpent/ } });
      t.same(
        h.seen.slice(before).map((e) => e.type),
        ['TreasuryOutflow', 'TreasuryTheftSuspected'],
        'both on the bus',
      );
    });

    t.test('a restart (a new indexer over the same store) emits nothing again and resumes after its cursor', async (t) => {
      const count = () => h.store.em().count(AuditEvent, { type: { $in: TYPES } });
      const before = await count();
      const again = await h.indexer('w2').pass();
      t.equal(again?.emitted, 0);
      t.equal(await count(), before, 'no audit row twice');
      const hash = await deposit(3n * USD);
      t.equal((await h.indexer('w3').pass())?.emitted, 1, 'only the new transfer');
      t.equal(await count(), before + 1);
      t.equal((await h.trail(hash)).length, 1);
    });

    t.test('two replicas running the lease loop: one holds the lease, each transfer is indexed once', async (t) => {
      const [a, b] = [h.indexer('replica-a'), h.indexer('replica-b')];
      a.start();
      b.start();
      t.teardown(async () => {
        await a.stop();
        await b.stop();
      });
      const hash = await deposit(4n * USD);
      t.ok(await waitFor(async () => (await h.trail(hash)).length === 1), 'indexed by the loop');
      await new Promise((r) => setTimeout(r, 500));
      t.equal((await h.trail(hash)).length, 1, 'once');
      const lease = await h.store.em().findOneOrFail(Claim, { key: 'chain-index:treasury' });
      t.ok(['replica-a', 'replica-b'].includes(lease.holder), 'one replica holds the lease');
      await a.stop();
      await b.stop();
      t.equal(await h.store.em().count(Claim, { key: 'chain-index:treasury' }), 0, 'stopping gives the lease back');
    });
  });
}

t.test('without a chain binding (mock mode) a pass does nothing and takes no lease', async (t) => {
  const store = await engines[0]!.open(t);
  const bus = createBus({ names: names(uniqueName('ti')), log });
  await bus.start();
  t.teardown(() => bus.close());
  const indexer = treasuryIndexer({
    store,
    audit: createAudit({ store, bus, log }),
    log,
    binding: () => undefined,
    workerId: 'w',
    now: Date.now,
    intervalMs: 100,
    confirmations: undefined,
  });
  t.equal(await indexer.pass(), undefined);
  indexer.start();
  await new Promise((r) => setTimeout(r, 300));
  await indexer.stop();
  t.equal(await store.em().count(Claim, {}), 0);
  t.equal(await store.em().count(AuditEvent, {}), 0);
});

t.test('an RPC that does not answer: the pass fails, the loop logs it without the URL and retries; nothing is recorded', async (t) => {
  const store = await engines[0]!.open(t);
  const bus = createBus({ names: names(uniqueName('ti')), log });
  await bus.start();
  t.teardown(() => bus.close());
  const lines: string[] = [];
  const captured = pino({ level: 'warn' }, { write: (l: string) => void lines.push(l) });
  const dead = chainBinding({ rpcUrl: 'http://user:s3cret@127.0.0.1:9/', chainId: foundry.id, deployment, timeoutMs: 500 });
  const indexer = treasuryIndexer({
    store,
    audit: createAudit({ store, bus, log }),
    log: captured,
    binding: () => dead,
    workerId: 'w',
    now: Date.now,
    intervalMs: 100,
    confirmations: undefined,
  });
  await t.rejects(indexer.pass());
  indexer.start();
  t.ok(await waitFor(() => lines.length >= 2), 'each pass logs its failure');
  await indexer.stop();
  t.match(lines[0], /treasury indexer pass failed/);
  t.notOk(
    lines.some((l) => l.includes('s3cret') || l.includes('127.0.0.1:9')),
    'neither the credentials nor the URL are logged',
  );
  t.equal(await store.em().count(AuditEvent, {}), 0);
});
