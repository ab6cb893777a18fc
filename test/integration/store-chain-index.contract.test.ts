/**
 * The chain-index repository's contract, once, against both engines: a range records each new
 * log's key, its audit rows (owed to the event stream) and the cursor in one go; a log recorded
 * before writes nothing again; the cursor only moves forward; a failure inside the range keeps
 * none of it.
 */
import t from 'tap';
import { chainIndexOf, type IndexedLog } from '../../store/chain-index/index.js';
import { AuditEvent, AuditOutbox, ChainLog } from '../../store/index.js';
import type { Store } from '../../store/types.js';
import { engines } from '../helpers/store-engines.js';

const AT = new Date('2026-11-26T10:00:00.000Z');
const TX = `0x${'ab'.repeat(32)}`;

const log = (logIndex: number, types: string[] = ['TreasuryDeposit']): IndexedLog => ({
  txHash: TX,
  logIndex,
  block: 7n,
  kind: 'deposit',
  events: types.map((type) => ({ type, data: { logIndex, amount: '5' } })),
});

const auditTypes = async (store: Store) => (await store.em().find(AuditEvent, {}, { orderBy: { id: 'asc' } })).map((r) => r.type);
const owed = async (store: Store) => (await store.em().find(AuditOutbox, {}, { orderBy: { id: 'asc' } })).map((r) => String(r.id));

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`chain-index repository on ${e.engine}`, { skip }, async (t) => {
    t.test('a range records its logs, their events (owed) and the cursor; a second read of it writes nothing', async (t) => {
      const store = await e.open(t);
      const repo = chainIndexOf(store);
      t.equal(await repo.cursor('s'), undefined, 'no cursor before the first range');
      const written = await repo.record('s', 9n, [log(0), log(1, ['TreasuryOutflow', 'TreasuryTheftSuspected'])], AT);
      t.same(
        written.map((w) => ({ type: w.type, at: w.at, traceId: w.traceId, data: w.data })),
        [
          { type: 'TreasuryDeposit', at: AT, traceId: null, data: { logIndex: 0, amount: '5' } },
          { type: 'TreasuryOutflow', at: AT, traceId: null, data: { logIndex: 1, amount: '5' } },
          { type: 'TreasuryTheftSuspected', at: AT, traceId: null, data: { logIndex: 1, amount: '5' } },
        ],
      );
      t.same(
        await owed(store),
        written.map((w) => w.id),
        'every event is owed to the stream until published',
      );
      t.equal(await repo.cursor('s'), 9n);
      t.equal(await repo.cursor('other'), undefined, 'cursors are per stream');

      t.same(await repo.record('s', 12n, [log(0), log(1), log(2)], AT).then((w) => w.map((r) => r.data.logIndex)), [2], 'only the new log');
      t.same(await auditTypes(store), ['TreasuryDeposit', 'TreasuryOutflow', 'TreasuryTheftSuspected', 'TreasuryDeposit']);
      t.equal(await repo.cursor('s'), 12n);
      t.equal(await store.em().count(ChainLog, {}), 3);
    });

    t.test('the cursor never moves back', async (t) => {
      const store = await e.open(t);
      const repo = chainIndexOf(store);
      await repo.record('s', 100n, [], AT);
      await repo.record('s', 40n, [], AT);
      t.equal(await repo.cursor('s'), 100n);
      await repo.record('s', 2n ** 40n, [], AT);
      t.equal(await repo.cursor('s'), 2n ** 40n, 'past 2^32');
    });

    t.test('a range that fails keeps nothing: no key, no event, no cursor', async (t) => {
      const store = await e.open(t);
      const repo = chainIndexOf(store);
      const bad = { ...log(1), events: [{ type: 'TreasuryDeposit', data: { n: 1n } as unknown as Record<string, unknown> }] };
      await t.rejects(repo.record('s', 5n, [log(0), bad], AT));
      t.equal(await repo.cursor('s'), undefined);
      t.same(await auditTypes(store), []);
      t.equal(await store.em().count(ChainLog, {}), 0);
      t.same(await repo.record('s', 5n, [log(0)], AT).then((w) => w.length), 1, 'the retry records it');
    });
  });
}
