/**
 * The intent history repository against both engines: what is recorded reads back whole, newest
 * first and bounded by the limit, a climb keeping the seat it now waits on.
 */
import t from 'tap';
import { engines } from '../helpers/store-engines.js';
import { chainIntentsOf } from '../../store/chain-intents/index.js';

const T0 = Date.UTC(2026, 10, 26, 12);
const row = (n: number, over: Partial<Parameters<ReturnType<typeof chainIntentsOf>['record']>[0]> = {}) => ({
  id: `r${n}`,
  asset: 'mUSD',
  intentId: String(n),
  outcome: 'settled' as const,
  approved: true,
  approver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  authorizedBy: 'approver',
  awaiting: null,
  txHash: `0x${String(n).padStart(64, '0')}`,
  at: new Date(T0 + n * 1000),
  ...over,
});

for (const e of engines) {
  const skip = (await e.skip()) ?? false;
  t.test(`chain intents repository on ${e.engine}`, { skip }, async (t) => {
    const history = chainIntentsOf(await e.open(t));
    t.same(await history.list(10), [], 'empty at first');
    await history.record(row(1, { outcome: 'climbed', awaiting: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }));
    await history.record(row(2, { outcome: 'denied', approved: false, authorizedBy: 'unauthenticated' }));
    await history.record(row(3));
    const all = await history.list(10);
    t.same(
      all.map((r) => r.id),
      ['r3', 'r2', 'r1'],
      'newest first',
    );
    t.same(all[2], row(1, { outcome: 'climbed', awaiting: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }), 'a row reads back whole');
    t.same(all[1]!.approved, false);
    t.same(
      (await history.list(2)).map((r) => r.id),
      ['r3', 'r2'],
      'bounded by the limit',
    );
  });
}
