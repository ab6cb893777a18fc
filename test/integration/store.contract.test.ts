/**
 * The store contract, once, against both engines: what the rest of the product relies on
 * (unique keys, one winner per claim, transactions that roll back, usage counts) must hold on
 * SQLite in memory exactly as on PostgreSQL.
 */
import t from 'tap';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AuditEvent, Claim, claimWindow, insertAudit, releaseClaim, usageCounts } from '../../store/index.js';
import { engines } from '../helpers/store-engines.js';

const HOUR = 3_600_000;

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`store on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);

    t.test('ready() answers true while open', async (t) => {
      t.equal(store.engine, e.engine);
      t.equal(await store.ready(), true);
    });

    t.test('em() hands out a fresh fork each time', async (t) => {
      t.not(store.em(), store.em());
    });

    t.test('unique key holds: a second insert of the same claim key fails', async (t) => {
      const key = 'unique:1';
      await store.em().insert(Claim, { key, holder: 'a', claimedAt: new Date(), expiresAt: null });
      const err = await store.em().insert(Claim, { key, holder: 'b', claimedAt: new Date(), expiresAt: null }).then(() => undefined, (x: unknown) => x);
      t.ok(err instanceof UniqueConstraintViolationException, `UniqueConstraintViolationException, got ${String(err)}`);
      const rows = await store.em().find(Claim, { key });
      t.same(rows.map((r) => r.holder), ['a'], 'the first holder is kept');
    });

    t.test('20 concurrent claimWindow calls for one key: exactly one wins', async (t) => {
      const key = 'clock.minute:1';
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => claimWindow(store, key, `w${i}`, HOUR)));
      t.equal(results.filter(Boolean).length, 1);
      const winner = `w${results.indexOf(true)}`;
      t.equal((await store.em().findOneOrFail(Claim, { key })).holder, winner, 'the row names the winner');
      t.equal(await claimWindow(store, key, 'late', HOUR), false, 'an unexpired claim is not taken over');
    });

    t.test('an expired claim is taken over by exactly one of 10 concurrent claimers', async (t) => {
      const key = 'clock.minute:2';
      const past = new Date(Date.now() - HOUR);
      await store.em().insert(Claim, { key, holder: 'gone', claimedAt: past, expiresAt: new Date(past.getTime() + 1000) });
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => claimWindow(store, key, `w${i}`, HOUR)));
      t.equal(results.filter(Boolean).length, 1);
      const row = await store.em().findOneOrFail(Claim, { key });
      t.equal(row.holder, `w${results.indexOf(true)}`);
      t.ok(row.expiresAt && row.expiresAt.getTime() > Date.now(), 'the new claim expires in the future');
    });

    t.test('a claim without ttl never expires; releaseClaim frees it for its holder only', async (t) => {
      const key = 'heartbeat:1';
      t.equal(await claimWindow(store, key, 'a'), true);
      t.equal(await claimWindow(store, key, 'b'), false);
      t.equal(await releaseClaim(store, key, 'b'), false, 'not the holder');
      t.equal(await releaseClaim(store, key, 'a'), true);
      t.equal(await claimWindow(store, key, 'b'), true, 'free again after the release');
    });

    t.test('a transaction that throws after inserting leaves nothing behind', async (t) => {
      const key = 'trx:1';
      const boom = new Error('boom');
      const outcome = store.em().transactional(async (em) => {
        await em.insert(Claim, { key, holder: 'a', claimedAt: new Date(), expiresAt: null });
        em.create(AuditEvent, { type: 'trx.test', at: new Date(), data: { key } });
        await em.flush();
        t.equal(await em.count(Claim, { key }), 1, 'visible inside the transaction');
        t.equal(await em.count(AuditEvent, { type: 'trx.test' }), 1, 'visible inside the transaction');
        throw boom;
      });
      await t.rejects(outcome, boom);
      t.equal(await store.em().count(Claim, { key }), 0);
      t.equal(await store.em().count(AuditEvent, { type: 'trx.test' }), 0);
    });

    t.test('insertAudit stores the event; usageCounts counts by type from since on', async (t) => {
      const since = new Date(Date.now() - 60_000);
      const before = new Date(since.getTime() - 1);
      const em = store.em();
      await em.insert(AuditEvent, { type: 'usage.a', at: before, traceId: null, data: {} });
      await em.insert(AuditEvent, { type: 'usage.old', at: before, traceId: null, data: {} });
      await em.insert(AuditEvent, { type: 'usage.a', at: since, traceId: null, data: {} });
      await insertAudit(store, { type: 'usage.a', data: { n: 1 } });
      await insertAudit(store, { type: 'usage.b', traceId: 'trace-1', data: { nested: { ok: true }, list: [1, 2] } });

      const counts = await usageCounts(store, since);
      t.same(
        Object.fromEntries(Object.entries(counts).filter(([type]) => type.startsWith('usage.'))),
        { 'usage.a': 2, 'usage.b': 1 },
        'the row at exactly `since` counts; rows before it do not',
      );
      t.same(await usageCounts(store, new Date(Date.now() + 60_000)), {}, 'nothing from the future');

      const row = await store.em().findOneOrFail(AuditEvent, { type: 'usage.b' });
      t.match(row, { traceId: 'trace-1', data: { nested: { ok: true }, list: [1, 2] } });
      t.type(row.id, 'string', 'the bigint id comes back as a string');
      t.ok(row.at instanceof Date && Math.abs(row.at.getTime() - Date.now()) < 60_000, 'at is now');
    });
  });

  t.test(`ready() on a closed ${e.engine} store answers false instead of throwing`, { skip }, async (t) => {
    const store = await e.open(t);
    await store.close();
    t.equal(await store.ready(), false);
  });
}
