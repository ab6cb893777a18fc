/**
 * The gateway's ledger filter (ingress/ledger-filter.ts) on real PostgreSQL and JetStream. Its
 * reads (store/deliveries/ledger-log.ts) pass over no committed row whatever order transactions
 * commit in. A copy of a delivery sent after the command stream's duplicate window (shortened to
 * two seconds, as late-copy.test.ts does) to another gateway than the one that accepted it is
 * still answered 200 `{duplicate: true}`; and when that gateway's filter cannot read the ledger,
 * it is read for every key, so a key accepted meanwhile is still a duplicate there.
 */
import t from 'tap';
import pg from 'pg';
import { claimReal, startSystem } from '../../helpers/system.js';
import { skipUnless, TEST_DATABASE_URL } from '../../helpers/services.js';
import { freshSchema, pgQuery } from '../../helpers/store-engines.js';
import { mint, post, saveFlow, svcHeaders } from '../../helpers/triggers.js';
import { isFilterRead, ledgerKeysAsked, onStatements, type Statement } from '../../helpers/pg-statements.js';
import { until } from '../../helpers/poll.js';
import { openStore } from '../../../store/index.js';
import { deliveriesOf } from '../../../store/deliveries/index.js';

const WINDOW_MS = 2000;
const skip = (await skipUnless('postgres', 'nats')) ?? false;

const insertRow = (schema: string, key: string, status = 'accepted') =>
  `insert into "${schema}".webhook_delivery (id, trigger_id, delivery_key, status, reason, bytes, run_id, event_type, sent, at)
   values (gen_random_uuid()::text, 'trg_1', '${key}', '${status}', null, 7, null, null, true, now())`;

t.test('the ledger log: all accepted keys in chunks, then each commit once, in any order', { skip }, async (t) => {
  const schema = freshSchema(t);
  const store = await openStore({ databaseUrl: TEST_DATABASE_URL, schema });
  t.teardown(() => store.close());
  const log = deliveriesOf(store).ledgerLog!;
  t.ok(log, 'PostgreSQL has one');
  for (const k of ['b', 'a', 'c']) await pgQuery(insertRow(schema, k));
  await pgQuery(insertRow(schema, 'rejected:1', 'rejected'));

  const start = await log.begin();
  t.equal(start.count, 3, 'accepted rows only');
  const first = await log.chunk(undefined, 2);
  t.same(
    first.map((k) => k.deliveryKey),
    ['a', 'b'],
  );
  t.same(
    (await log.chunk(first[1], 2)).map((k) => k.deliveryKey),
    ['c'],
    'the next chunk goes on after the last key',
  );
  t.same((await log.since(start.snapshot)).keys, [], 'nothing committed since the snapshot');

  // A transaction that writes first and commits last, beside one that commits in between.
  const slow = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await slow.connect();
  t.teardown(() => slow.end());
  await slow.query('begin');
  await slow.query(insertRow(schema, 'slow'));
  await pgQuery(insertRow(schema, 'fast'));
  const r1 = await log.since(start.snapshot);
  t.same(
    r1.keys.map((k) => k.deliveryKey),
    ['fast'],
    'the committed one',
  );
  const r2 = await log.since(r1.snapshot);
  t.same(r2.keys, [], 'the open one is not there yet');
  await slow.query('commit');
  const r3 = await log.since(r2.snapshot);
  t.same(
    r3.keys.map((k) => k.deliveryKey),
    ['slow'],
    'the earlier transaction, once it commits',
  );
  t.same((await log.since(r3.snapshot)).keys, [], 'each once');
  t.same(
    (await log.since(start.snapshot)).keys.map((k) => k.deliveryKey).sort(),
    ['fast', 'slow'],
    'from an older snapshot: all committed since',
  );
});

t.test('a late copy on another gateway, with its filter on and with its reads failing', { skip }, async (t) => {
  const real = claimReal(t);
  const shared = {
    nats: { prefix: real.prefix },
    postgres: { schema: real.schema },
    env: { SVC_DUPLICATE_WINDOW_MS: String(WINDOW_MS), SVC_SESSION_KEY: 'f'.repeat(64), LOG_LEVEL: 'warn' },
  };
  // The worker first: it migrates the schema and creates the streams.
  const worker = await startSystem(t, { ...shared, role: 'worker' });
  const a = await startSystem(t, { ...shared, role: 'gateway' });
  const b = await startSystem(t, { ...shared, role: 'gateway' });
  await saveFlow(worker.store, 'lf', 'webhook');
  const m = await mint(a.url, { flowId: 'lf' });
  const raw = '{"n":1}';
  const to = (gw: typeof a, key: string) => post(`${gw.url}/hooks/${m.trigger.id}`, raw, svcHeaders(m.secret, raw, { key }));
  const accepted = async (key: string) =>
    (await pgQuery(`select 1 from "${real.schema}".webhook_delivery where delivery_key = $1 and status = 'accepted'`, [key])).length === 1;
  const pastWindow = (sentAt: number) => new Promise((r) => setTimeout(r, Math.max(0, sentAt + 2 * WINDOW_MS + 500 - Date.now())));

  // Gateway B's statements; its filter's reads fail while `broken`, as if PostgreSQL were away for it.
  const seen: Statement[] = [];
  let broken = false;
  onStatements(b.store, async (text, values) => {
    seen.push({ text, values });
    if (broken && isFilterRead({ text, values })) throw new Error('connection terminated');
  });
  const acks: boolean[] = [];
  const send = b.bus.send.bind(b.bus);
  b.bus.send = async (actor, verb, payload, o) => {
    const r = await send(actor, verb, payload, o);
    if (actor === 'run') acks.push(r.duplicate);
    return r;
  };

  const first = await to(a, 'delivery-1');
  const sentAt = Date.now();
  t.equal(first.status, 202, 'accepted on gateway A');
  await until('the delivery in the ledger', () => accepted('delivery-1'));
  await until("gateway B's filter reads the ledger", () => seen.filter(isFilterRead).length >= 2);
  await pastWindow(sentAt);
  const late = await to(b, 'delivery-1');
  t.same([late.status, late.body], [200, { duplicate: true }], 'after the window, on gateway B: a duplicate');
  t.same(acks, [false], "the stream stored B's command again: its window had passed");

  broken = true;
  const asked = seen.length;
  const second = await to(a, 'delivery-2');
  const secondAt = Date.now();
  t.equal(second.status, 202);
  await until('the second delivery in the ledger', () => accepted('delivery-2'));
  await pastWindow(secondAt);
  const stale = await to(b, 'delivery-2');
  t.same([stale.status, stale.body], [200, { duplicate: true }], "B's filter cannot read: the ledger is read, and holds the key");
  t.ok(seen.slice(asked).flatMap(ledgerKeysAsked).includes('delivery-2'), 'B asked the ledger about the key its filter never saw');
  const fresh = await to(b, 'delivery-3');
  t.equal(fresh.status, 202, 'a fresh key is accepted as ever');

  broken = false;
  const again = seen.length;
  await until("B's filter reads again", () => seen.slice(again).filter(isFilterRead).length >= 2);
  const copy = await to(b, 'delivery-2');
  t.same([copy.status, copy.body], [200, { duplicate: true }], 'and once it reads again');
});
