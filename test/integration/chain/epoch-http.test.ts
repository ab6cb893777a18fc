/**
 * `POST /epoch` through `svc serve` on SVC_CHAIN=dev: the streamer runs the next epoch (its number
 * and transaction in the answer, the treasury's reserve grown by the demo grants) and the epoch
 * flows fire; a second call in the same epoch window reports why nothing streamed and, with a
 * flow to fire, still fires it; with none, it is 400 `epoch_failed`.
 */
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { until } from '../../helpers/poll.js';
import { saveFlow } from '../../helpers/triggers.js';

t.test('POST /epoch streams the grants on the dev chain', async (t) => {
  const sys = await startSystem(t, { env: { SVC_CHAIN: 'dev' }, actors: ['trigger', 'ops'] });
  await until('the dev deploy', async () => (await req(sys.url, 'GET', '/health')).body.mode === 'chain', {
    timeoutMs: 60_000,
    everyMs: 250,
  });
  const reserved = async () => BigInt((await req(sys.url, 'GET', '/treasury/balances')).body.balances[0].reserved);
  const before = await reserved();

  const first = await req(sys.url, 'POST', '/epoch', {});
  t.equal(first.status, 200, JSON.stringify(first.body));
  t.match(first.body, { chain: true, epoch: '1', txHash: /^0x[0-9a-f]{64}$/, streamed: 2, flowRuns: [] });
  t.notOk('epochError' in first.body);
  t.equal(await reserved(), before + 400_000_000n, 'reserved grows by the two 200 mUSD grants');

  const again = await req(sys.url, 'POST', '/epoch', {});
  t.equal(again.status, 400);
  t.match(again.body, { error: 'epoch_failed', message: /EpochAlreadyRun\(1\)/ });

  await saveFlow(sys.store, 'pulse', 'epoch');
  const withFlow = await req(sys.url, 'POST', '/epoch', {});
  t.equal(withFlow.status, 200);
  t.match(withFlow.body, { chain: true, streamed: 0, epochError: /^chain_reverted:EpochAlreadyRun: /, flowRuns: [{ flowId: 'pulse' }] });
  t.notOk('epoch' in withFlow.body, 'no epoch claimed when none ran');
  t.equal(await reserved(), before + 400_000_000n, 'nothing streamed twice');
});
