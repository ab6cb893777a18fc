/**
 * A gateway's ledger filter (ingress/ledger-filter.ts) over a ledger that behaves as PostgreSQL
 * shows it: rows written by transactions that commit in any order, and snapshots that list the
 * transactions still running. It answers "absent" for a key the ledger never accepted, and only
 * while it is loaded and its last read is recent; a key accepted since, even by a transaction
 * that began before others that committed first, is never answered absent. The SQL of the real
 * reads is held by test/integration/triggers/ledger-filter.test.ts.
 */
import pino from 'pino';
import t, { type Test } from 'tap';
import { ERROR_RATE, ledgerFilter, staleBound, type LedgerFilterOptions } from '../../ingress/ledger-filter.js';
import type { LedgerKey, LedgerLog } from '../../store/deliveries/index.js';
import { until } from '../helpers/poll.js';

const key = (deliveryKey: string, triggerId = 'trg_1'): LedgerKey => ({ triggerId, deliveryKey });

interface Snapshot {
  xmax: number;
  running: number[];
}

/** The ledger's accepted rows, each with the transaction that wrote it, read through snapshots. */
class Ledger implements LedgerLog {
  private xid = 1;
  private readonly rows: { key: LedgerKey; xid: number }[] = [];
  private readonly committed = new Set<number>();
  failing = false;
  /** Reads answered. */
  calls = { begin: 0, chunk: 0, since: 0 };
  /** Runs between chunks of a full load, as other transactions would. */
  duringLoad: (() => void) | undefined;

  /** A transaction that writes `keys` and stays open until `commit` is called. */
  open(...keys: LedgerKey[]): { commit: () => void } {
    const xid = this.xid++;
    for (const k of keys) this.rows.push({ key: k, xid });
    return { commit: () => this.committed.add(xid) };
  }
  accept(...keys: LedgerKey[]): void {
    this.open(...keys).commit();
  }
  private snap(): Snapshot {
    return { xmax: this.xid, running: [...Array(this.xid).keys()].filter((x) => x > 0 && !this.committed.has(x)) };
  }
  private visible(): { key: LedgerKey; xid: number }[] {
    return this.rows.filter((r) => this.committed.has(r.xid));
  }
  private check(): void {
    if (this.failing) throw new Error('store away');
  }

  async begin() {
    this.check();
    this.calls.begin++;
    return { snapshot: JSON.stringify(this.snap()), count: this.visible().length };
  }
  async chunk(after: LedgerKey | undefined, limit: number) {
    this.check();
    this.calls.chunk++;
    const name = (k: LedgerKey) => `${k.triggerId}\0${k.deliveryKey}`;
    const out = this.visible()
      .map((r) => r.key)
      .filter((k) => after === undefined || name(k) > name(after))
      .sort((a, b) => (name(a) < name(b) ? -1 : 1))
      .slice(0, limit);
    this.duringLoad?.();
    return out;
  }
  async since(snapshot: string) {
    this.check();
    this.calls.since++;
    const s = JSON.parse(snapshot) as Snapshot;
    const seen = (xid: number) => xid < s.xmax && !s.running.includes(xid);
    return {
      keys: this.visible()
        .filter((r) => !seen(r.xid))
        .map((r) => r.key),
      snapshot: JSON.stringify(this.snap()),
    };
  }
}

function open(t: Test, ledger: Ledger, opts: Partial<LedgerFilterOptions> = {}) {
  const clock = { now: 1_000 };
  const filter = ledgerFilter(ledger, { staleMs: 500, pollMs: 2, log: pino({ level: 'silent' }), now: () => clock.now, ...opts });
  t.teardown(() => filter.close());
  return { filter, clock };
}

t.test('present and absent keys, once loaded', async (t) => {
  const ledger = new Ledger();
  ledger.accept(key('held'));
  const { filter } = open(t, ledger);
  t.equal(filter.absent(key('never')), false, 'not loaded yet: a read decides');
  await filter.loaded();
  t.equal(filter.absent(key('never')), true, 'a key never accepted needs no read');
  t.equal(filter.absent(key('held')), false, 'a key the ledger held at the load');
  t.equal(filter.absent(key('held', 'trg_2')), true, "the same key under another trigger is another delivery's");

  ledger.accept(key('later'));
  await until('the key accepted after the load is read', () => !filter.absent(key('later')));
  t.equal(filter.absent(key('never')), true);
});

t.test('a transaction that commits after a later one is not passed over', async (t) => {
  const ledger = new Ledger();
  const { filter } = open(t, ledger);
  await filter.loaded();
  const slow = ledger.open(key('slow'));
  ledger.accept(key('fast'));
  await until('the later transaction is read', () => !filter.absent(key('fast')));
  const polls = ledger.calls.since;
  await until('a few more reads', () => ledger.calls.since > polls + 3);
  t.equal(filter.absent(key('slow')), true, 'not committed: not in the ledger yet');
  slow.commit();
  await until('the earlier transaction is read once it commits', () => !filter.absent(key('slow')));
});

t.test('a full load in chunks misses nothing committed while it runs', async (t) => {
  const ledger = new Ledger();
  const held = Array.from({ length: 2500 }, (_, i) => key(`k-${i}`));
  ledger.accept(...held);
  const during: LedgerKey[] = [];
  // Each chunk commits a key before the load's position and one after it.
  ledger.duringLoad = () => {
    const k = [key(`a-${during.length}`), key(`z-${during.length}`)];
    during.push(...k);
    ledger.accept(...k);
  };
  const { filter } = open(t, ledger, { chunk: 1000 });
  await filter.loaded();
  ledger.duringLoad = undefined;
  t.ok(ledger.calls.chunk >= 3, `${ledger.calls.chunk} chunks for 2,500 keys`);
  t.same(
    held.filter((k) => filter.absent(k)),
    [],
    'every key held at the start',
  );
  await until('every key committed during the load', () => during.every((k) => !filter.absent(k)));
});

t.test('stale or failing: every key is read', async (t) => {
  const ledger = new Ledger();
  const { filter, clock } = open(t, ledger, { staleMs: 500, resetMs: 60_000 });
  await filter.loaded();
  t.equal(filter.absent(key('never')), true);
  ledger.failing = true;
  await new Promise((r) => setTimeout(r, 20));
  t.equal(filter.absent(key('never')), true, 'within the bound the last read still answers');
  clock.now += 501;
  t.equal(filter.absent(key('never')), false, 'past the bound a read decides');
  t.same(filter.stats().current, false);
  ledger.accept(key('meanwhile'));
  ledger.failing = false;
  await until('current again', () => filter.stats().current);
  t.equal(filter.absent(key('meanwhile')), false, 'what was accepted while it was stale is there');
  t.equal(filter.absent(key('never')), true);
});

t.test('reads failing for long drop the filter; it is loaded again', async (t) => {
  const ledger = new Ledger();
  ledger.accept(key('held'));
  const { filter, clock } = open(t, ledger, { staleMs: 500, resetMs: 5_000 });
  await filter.loaded();
  ledger.failing = true;
  clock.now += 5_001;
  await until('dropped', () => !filter.stats().loaded);
  t.equal(filter.absent(key('never')), false, 'a read decides');
  ledger.accept(key('meanwhile'));
  ledger.failing = false;
  await until('loaded again', () => filter.stats().loaded && filter.stats().current);
  t.equal(ledger.calls.begin, 2, 'from a new snapshot');
  t.equal(filter.absent(key('held')), false);
  t.equal(filter.absent(key('meanwhile')), false);
  t.equal(filter.absent(key('never')), true);
});

t.test('past its capacity it is built again, larger, without a false "absent" meanwhile', async (t) => {
  const ledger = new Ledger();
  const { filter } = open(t, ledger, { minCapacity: 100, chunk: 50 });
  await filter.loaded();
  t.equal(filter.stats().capacity, 100);
  const all: LedgerKey[] = [];
  for (let i = 0; i < 1000; i++) {
    const k = key(`grow-${i}`);
    all.push(k);
    ledger.accept(k);
    if (i % 50 === 0) {
      await until(`key ${i} read`, () => !filter.absent(k));
      t.same(
        all.filter((k) => filter.absent(k)),
        [],
        `no key accepted so far answered absent (${i})`,
      );
    }
  }
  await until('built again, larger', () => filter.stats().capacity > 100 && filter.stats().keys >= 1000);
  t.same(
    all.filter((k) => filter.absent(k)),
    [],
  );
});

t.test('memory and false positives at capacity', async (t) => {
  const ledger = new Ledger();
  const n = 40_000;
  ledger.accept(...Array.from({ length: n }, (_, i) => key(`held-${i}`)));
  const { filter } = open(t, ledger);
  await filter.loaded();
  const s = filter.stats();
  t.equal(s.capacity, 2 * n, 'built for twice the keys it loads');
  t.ok(s.bytes / s.capacity < 1.25, `${(s.bytes / s.capacity).toFixed(2)} bytes per key of capacity`);
  // Filled to capacity, then probed with keys never accepted.
  ledger.accept(...Array.from({ length: n }, (_, i) => key(`more-${i}`)));
  await until('filled', () => filter.stats().keys >= 2 * n);
  let falsePositives = 0;
  for (let i = 0; i < 20_000; i++) if (!filter.absent(key(`never-${i}`))) falsePositives++;
  t.ok(falsePositives / 20_000 < 2 * ERROR_RATE, `${falsePositives} false positives in 20,000 (design rate ${ERROR_RATE})`);
});

t.test('the staleness bound stays far below the duplicate window', async (t) => {
  t.equal(staleBound(120_000), 2000, "JetStream's default window: 2 s");
  t.equal(staleBound(2000), 500, 'a window a test shortened: a quarter of it');
});
