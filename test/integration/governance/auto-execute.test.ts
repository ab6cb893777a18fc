/**
 * SVC_AUTO_EXECUTE=1 across three real worker processes (the composition root `svc worker` runs) on one PostgreSQL, one NATS and
 * one anvil (the demo org), their clock at 200 ms windows instead of a minute: a Low proposal at
 * quorum and a High one past its timelock are each executed exactly once (one execute
 * transaction, one ProposalExecuted, one worker's log line, no failed attempt); a proposal with
 * more no than yes past its deadline is left Active, never finalized Defeated; one short of
 * quorum is left alone too.
 */
import t from 'tap';
import pg from 'pg';
import { encodeFunctionData, toFunctionSelector, type Address } from 'viem';
import { SpendCapPolicy, WhitelistPolicy } from '../../../chain/artifacts/index.js';
import { chainEnv, chainFixture } from '../../helpers/chain-fixture.js';
import { startSvc } from '../../helpers/process.js';
import { pollFor, until } from '../../helpers/poll.js';
import { repoPath } from '../../helpers/paths.js';
import { skipUnless, TEST_DATABASE_URL } from '../../helpers/services.js';
import { claimReal } from '../../helpers/system.js';

const DAY = 86_400;
const skip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('cleared proposals are executed once across three workers; a defeated ballot is never finalized', { skip }, async (t) => {
  const fx = await chainFixture(t);
  const g = fx.c.governance;
  const [worker] = fx.workers as [Address];
  const [a, b, c] = ['a', 'b', 'c'].map((x) => `0x${x.repeat(40)}` as Address) as [Address, Address, Address];
  const raise = async (tier: number, target: Address, data: `0x${string}`) =>
    (await g.write(fx.root, 'propose', [tier, target, data])).result as bigint;
  const allow = (who: Address) => encodeFunctionData({ abi: WhitelistPolicy.abi, functionName: 'setAllowed', args: [who, true] });
  const whitelist = fx.asset.policies.whitelist;

  const start = await fx.chain.public.getBlockNumber();
  const low = await raise(0, whitelist, allow(a));
  await g.write(fx.root, 'vote', [low, true]);
  const defeated = await raise(0, whitelist, allow(b));
  await g.write(fx.root, 'vote', [defeated, false]);
  const high = await raise(
    1,
    fx.asset.policies.spendCap,
    encodeFunctionData({ abi: SpendCapPolicy.abi, functionName: 'setAgentCap', args: [worker, 123n] }),
  );
  await g.write(fx.root, 'vote', [high, true]);
  const short = await raise(0, whitelist, allow(c));
  await g.write(fx.manager, 'vote', [short, true]);
  // Past every deadline and the High timelock.
  await fx.chain.test.increaseTime({ seconds: 4 * DAY + 1 });
  await fx.chain.test.mine({ blocks: 1 });

  const real = claimReal(t);
  // `svc worker` consuming only the clock's queue (every sweep is still made): quicker to start.
  const now = String(Date.now());
  const env = {
    ...real.env,
    ...chainEnv(fx),
    SVC_AUTO_EXECUTE: '1',
    SVC_CLOCK_TICK_MS: '200',
    LOG_LEVEL: 'info',
    TEST_CLOCK_T0: now,
    TEST_CLOCK_REAL0: now,
    TEST_CLOCK_SCALE: '1',
    TEST_WORKER_ACTORS: 'clock',
  };
  const workers = await Promise.all([0, 1, 2].map(() => startSvc(t, [], env, repoPath('test/helpers/scaled-clock-worker.mjs'))));
  const state = async (id: bigint) => Number((await g.read('proposals', [id]))[1]);

  await until('both cleared proposals executed', async () => (await state(low)) === 1 && (await state(high)) === 1, {
    timeoutMs: 60_000,
    everyMs: 100,
  });
  // Several more windows, so a sweep that would close the defeated ballot has had its chances.
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  t.teardown(() => db.end());
  const windows = async () =>
    Number((await db.query(`select count(*) as n from "${real.schema}".claim where key like 'clock.minute:%'`)).rows[0].n);
  const seen = await windows();
  await pollFor('five more clock windows', async () => ((await windows()) >= seen + 5 ? true : undefined), {
    timeoutMs: 30_000,
    everyMs: 100,
  });

  t.equal(await state(defeated), 0, 'more no than yes past the deadline: still Active, not Defeated');
  t.equal(await state(short), 0, 'short of quorum: still Active');
  t.equal(await g.read('hasVoted', [defeated, fx.root.account.address]), true);
  t.equal(await fx.c.whitelist.read('isAllowed', [a]), true, 'the Low call ran');
  t.equal(await fx.c.whitelist.read('isAllowed', [b]), false, 'the defeated call did not');
  t.equal(await fx.c.spendCap.read('capOf', [worker]), 123n, 'the High call ran');

  const executed = await fx.chain.public.getContractEvents({
    address: g.address,
    abi: g.abi,
    eventName: 'ProposalExecuted',
    fromBlock: start,
  });
  t.same(executed.map((e) => (e.args as { id: bigint }).id).sort(), [low, high].sort(), 'one ProposalExecuted each');
  const defeats = await fx.chain.public.getContractEvents({
    address: g.address,
    abi: g.abi,
    eventName: 'ProposalDefeated',
    fromBlock: start,
  });
  t.equal(defeats.length, 0);

  const selector = toFunctionSelector('execute(uint256,bytes)');
  let sent = 0;
  for (let n = start; n <= (await fx.chain.public.getBlockNumber()); n++) {
    const block = await fx.chain.public.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) if (tx.to?.toLowerCase() === g.address.toLowerCase() && tx.input.startsWith(selector)) sent++;
  }
  t.equal(sent, 2, 'two execute transactions in all, across three workers');

  const lines = workers.flatMap((w) => w.lines);
  t.equal(lines.filter((l) => l.includes('governance proposal auto-executed')).length, 2, 'one worker logged each execution');
  t.equal(lines.filter((l) => l.includes('governance auto-execute failed')).length, 0, 'no replica tried one another had taken');
});
