/**
 * The audit repository's contract, once, against both engines: an appended row comes back as
 * stored and owes its event (an outbox row) until it is published; the outbox sweep reads what is
 * owed oldest first, only rows older than its settle time, up to its batch; a publish deletes
 * exactly the outbox rows named, any number at once.
 */
import t from 'tap';
import { auditOf } from '../../store/audit/index.js';
import { AuditEvent, AuditOutbox } from '../../store/index.js';
import type { Store } from '../../store/types.js';
import { engines } from '../helpers/store-engines.js';

const owed = async (store: Store) => (await store.em().find(AuditOutbox, {}, { orderBy: { id: 'asc' } })).map((r) => String(r.id));
const FUTURE = new Date(Date.now() + 3_600_000);

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`audit repository on ${e.engine}`, { skip }, async (t) => {
    t.test('append stores the row with its outbox row and returns it as stored', async (t) => {
      const store = await e.open(t);
      const audit = auditOf(store);
      const at = new Date('2026-02-03T04:05:06.789Z');
      const a = await audit.append({ type: 'FlowSaved', traceId: 'tr-1', data: { nested: { ok: true }, list: [1, 2] }, at });
      t.same(a, { id: a.id, type: 'FlowSaved', at, traceId: 'tr-1', data: { nested: { ok: true }, list: [1, 2] } });
      t.type(a.id, 'string', 'the bigint id as a string');
      const b = await audit.append({ type: 'FlowRun', data: {} });
      t.equal(b.traceId, null, 'no trace id: null');
      t.ok(Math.abs(b.at.getTime() - Date.now()) < 60_000, 'no time: now');
      t.ok(BigInt(b.id) > BigInt(a.id), 'ids grow');
      const row = await store.em().findOneOrFail(AuditEvent, { id: a.id });
      t.match(row, { type: 'FlowSaved', traceId: 'tr-1', data: { nested: { ok: true }, list: [1, 2] } });
      t.equal(new Date(row.at).getTime(), at.getTime(), 'the row keeps the time of its event');
      t.same(await owed(store), [a.id, b.id], 'both events are owed');
    });

    t.test('unpublished: owed rows oldest first, only those written before the time, up to the limit', async (t) => {
      const store = await e.open(t);
      const audit = auditOf(store);
      const base = Date.now() - 600_000;
      const old = (s: number) => new Date(base + s * 1000);
      const rows = [];
      for (let i = 0; i < 5; i++)
        rows.push(await audit.append({ type: `T${i}`, traceId: i % 2 ? `tr-${i}` : undefined, data: { i }, at: old(i) }));
      const young = await audit.append({ type: 'Young', data: {} });
      const read = await audit.unpublished(new Date(Date.now() - 60_000), 100);
      t.same(read, rows, 'every field as appended, oldest first; the young row is left alone');
      t.same(
        (await audit.unpublished(FUTURE, 3)).map((r) => r.id),
        rows.slice(0, 3).map((r) => r.id),
        'up to the limit',
      );
      t.same(
        (await audit.unpublished(old(2), 100)).map((r) => r.id),
        rows.slice(0, 2).map((r) => r.id),
        'strictly before the time',
      );
      await audit.published([rows[0]!.id, rows[2]!.id]);
      t.same(
        (await audit.unpublished(FUTURE, 100)).map((r) => r.id),
        [rows[1]!.id, rows[3]!.id, rows[4]!.id, young.id],
        'published rows are no longer owed',
      );
    });

    t.test('published deletes exactly the outbox rows named; none is a no-op; the audit rows stay', async (t) => {
      const store = await e.open(t);
      const audit = auditOf(store);
      const rows = await Promise.all(Array.from({ length: 600 }, (_, i) => audit.append({ type: 'Many', data: { i } })));
      await audit.published([]);
      t.equal((await owed(store)).length, 600);
      const keep = rows.filter((_, i) => i % 100 === 7).map((r) => r.id);
      await audit.published(rows.map((r) => r.id).filter((id) => !keep.includes(id)));
      t.same(
        await owed(store),
        [...keep].sort((x, y) => Number(BigInt(x) - BigInt(y))),
        '594 deleted in one call, the rest kept',
      );
      await audit.published(keep);
      await audit.published(keep);
      t.same(await owed(store), [], 'publishing twice is harmless');
      t.equal(await store.em().count(AuditEvent, { type: 'Many' }), 600, 'the audit trail itself is never deleted');
      t.same(await audit.unpublished(FUTURE, 10), []);
    });
  });
}
