/**
 * A gateway's held triggers (ingress/trigger-cache.ts) on a clock the test moves: a row is
 * used only while the lease of its read runs, counted from when the read was sent; past half the
 * lease its use starts a fresh read without waiting for it; a read that started before the
 * delivery arrived and returns past its lease is not used; a missing trigger is never held.
 */
import t from 'tap';
import { triggerCache, type TriggerReadAt } from '../../ingress/trigger-cache.js';
import type { TriggerRow } from '../../store/deliveries/index.js';

const LEASE = 100;
const row = (v: number) => ({ id: 'trg_1', secretVersion: v }) as unknown as TriggerRow;

/** A store whose reads the test answers by hand, each stamped with the clock when it was sent. */
function harness() {
  let clock = 0;
  let version = 1;
  let exists = true;
  const pending: { from: number; resolve: (r: TriggerReadAt) => void }[] = [];
  const read = (_id: string) =>
    new Promise<TriggerReadAt>((resolve) => {
      pending.push({ from: clock, resolve });
    });
  const get = triggerCache(read, { leaseMs: LEASE, now: () => clock });
  return {
    get,
    pending,
    tick: (ms: number) => (clock += ms),
    set: (v: number) => (version = v),
    drop: () => (exists = false),
    /** Answers the oldest read with the store as it is now. */
    answer: async () => {
      const p = pending.shift()!;
      p.resolve({ row: exists ? row(version) : undefined, from: p.from });
      await new Promise((r) => setImmediate(r));
    },
  };
}

t.test('a held row serves while its lease runs, and never after', async (t) => {
  const h = harness();
  const first = h.get('trg_1');
  await h.answer();
  t.equal((await first)?.secretVersion, 1, 'the first delivery waits for its read');
  h.tick(LEASE / 2 - 1);
  t.equal((await h.get('trg_1'))?.secretVersion, 1, 'inside the lease: no read');
  t.equal(h.pending.length, 0);
  h.set(2);
  h.tick(LEASE / 2 - 1);
  t.equal((await h.get('trg_1'))?.secretVersion, 1, 'past half the lease: still served from memory ...');
  t.equal(h.pending.length, 1, '... while a fresh read starts');
  t.equal((await h.get('trg_1'))?.secretVersion, 1, 'no second read while one is under way');
  t.equal(h.pending.length, 1);
  await h.answer();
  t.equal((await h.get('trg_1'))?.secretVersion, 2, 'the fresh read replaces the row');
});

t.test('past the lease a delivery waits for a read that started after it arrived', async (t) => {
  const h = harness();
  const first = h.get('trg_1');
  await h.answer();
  await first;
  h.set(2);
  h.tick(LEASE);
  const late = h.get('trg_1');
  t.equal(h.pending.length, 1, 'the lease ran out: a read');
  await h.answer();
  t.equal((await late)?.secretVersion, 2, 'never the expired row');
});

t.test('a read sent before the delivery arrived that returns past its lease is not used', async (t) => {
  const h = harness();
  const warm = h.get('trg_1');
  await h.answer();
  await warm;
  h.tick(LEASE / 2);
  await h.get('trg_1'); // starts a background read at LEASE/2
  t.equal(h.pending.length, 1);
  h.tick(LEASE / 2); // the held row's lease ends
  const d = h.get('trg_1'); // arrives while that read is still out
  h.tick(LEASE); // and it returns past its own lease
  h.set(2);
  await h.answer(); // what the store held when it was read is unknown: it may predate a change answered since
  t.equal(h.pending.length, 1, 'the delivery starts a read of its own');
  h.set(3);
  await h.answer();
  t.equal((await d)?.secretVersion, 3);
});

t.test('a missing trigger is never held, and a deleted one is dropped', async (t) => {
  const h = harness();
  const first = h.get('trg_1');
  await h.answer();
  await first;
  h.drop();
  h.tick(LEASE);
  const gone = h.get('trg_1');
  await h.answer();
  t.equal(await gone, undefined, 'deleted: not found');
  const again = h.get('trg_1');
  t.equal(h.pending.length, 1, 'nothing held: the next delivery reads');
  await h.answer();
  t.equal(await again, undefined);
});
