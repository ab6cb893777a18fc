/**
 * The treasury indexer as `SVC_CHAIN=dev npm start` runs it: the trigger actor's lease loop, the
 * binding of the dev chain once deployed, the deployment's start block. The demo org's seed
 * funding (a `deposit` of 100,000 mUSD by the root in the deploy) shows up as one TreasuryDeposit,
 * on the bus and in `/usage`, without anyone asking for it.
 */
import t from 'tap';
import type { BusEvent } from '../../../bus/types.js';
import { anvilAccount } from '../../../chain/dev/accounts.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { pollFor, until } from '../../helpers/poll.js';

t.test('SVC_CHAIN=dev serve: the seed funding becomes a TreasuryDeposit event', async (t) => {
  const sys = await startSystem(t, { env: { SVC_CHAIN: 'dev', SVC_CHAIN_INDEX_INTERVAL_MS: '200' } });
  const seen: BusEvent[] = [];
  await sys.bus.tail('TreasuryDeposit', (e) => seen.push(e));
  await until('the seed deposit is indexed', async () => seen.length > 0, { timeoutMs: 90_000, everyMs: 250 });
  // The deposit is mined mid-deploy, so the indexer can report it before the deployment is done
  // and /assets answers (until then it is 503 chain_unavailable, deploying).
  const assets = await pollFor(
    'the deployment to answer /assets',
    async () => {
      const r = await req(sys.url, 'GET', '/assets');
      return r.status === 200 ? (r.body.assets as { token: string; treasury: string }[]) : undefined;
    },
    { timeoutMs: 90_000, everyMs: 250 },
  );
  t.match(seen[0]!.data, {
    from: anvilAccount(0).address,
    amount: '100000000000',
    symbol: 'mUSD',
    decimals: 6,
    token: assets[0]!.token,
    treasury: assets[0]!.treasury,
    txHash: /^0x[0-9a-f]{64}$/,
  });
  const usage = await req(sys.url, 'GET', '/usage');
  t.equal(usage.body.counts.TreasuryDeposit, 1, 'in the audit trail once');
  t.notOk(usage.body.counts.TreasuryTheftSuspected, 'no theft signal');
  await new Promise((r) => setTimeout(r, 600));
  t.equal(seen.length, 1, 'later passes emit it no more');
});
