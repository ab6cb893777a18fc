/**
 * How a verified webhook delivery is answered, from its two witnesses: the command stream's ack
 * (a copy inside its duplicate window) and the delivery ledger (an accepted row, written by a
 * worker, that outlives the window), read alongside the send whether the key came in a header or
 * inside the body (pubsub's). Fakes stand in for the bus and the store; the
 * real ones are exercised in test/integration/triggers/late-copy.test.ts.
 */
import pino from 'pino';
import t from 'tap';
import { deliver, type DeliveryDeps } from '../../ingress/deliver.js';
import type { DeliveryRows } from '../../ingress/rows.js';
import type { DeliveryRow, LedgerKey, TriggerRow } from '../../store/deliveries/index.js';
import type { Bus } from '../../bus/types.js';
import type { Store } from '../../store/types.js';
import { loadConfig } from '../../runtime/config.js';
import { AppError } from '../../schemas/errors.js';
import { seal } from '../../kernel/seal.js';
import { svcHeaders } from '../helpers/triggers.js';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const TRIGGER = {
  id: 'trg_unit',
  flowId: 'wf',
  principal: 'operator',
  scheme: 'pubsub',
  events: [],
  input: null,
  config: { audience: 'a', serviceAccountEmail: 'e@x' },
  sealedSecret: null,
  secretVersion: 1,
  enabled: true,
  createdBy: 'operator',
  createdAt: new Date(NOW),
  updatedAt: new Date(NOW),
  paused: false,
  flow: { trigger: 'webhook', scopeLevel: 'org', scopeRef: null },
} as unknown as TriggerRow;
const RAW = Buffer.from(JSON.stringify({ message: { data: Buffer.from('{"a":1}').toString('base64'), messageId: 'm-1' } }));

type Ledger = Date | undefined | 'fails';
type Stream = 'stored' | 'duplicate' | 'fails';

/** The accept path's dependencies around a stubbed ledger and bus, at a fixed clock. */
function deliveryDeps(rows: DeliveryDeps['rows'], bus: Bus, env: Record<string, string>, trigger: TriggerRow = TRIGGER): DeliveryDeps {
  return {
    config: loadConfig(env),
    store: undefined as unknown as Store,
    rows,
    trigger: async () => trigger,
    bus,
    log: pino({ level: 'silent' }),
    now: () => NOW,
    pubsub: { verify: async () => ({}) },
  };
}

async function answer(ledger: Ledger, stream: Stream) {
  const rows: DeliveryRow[] = [];
  const asked: LedgerKey[] = [];
  let sends = 0;
  const ledgerRows: DeliveryRows = {
    trigger: async () => ({ row: TRIGGER, from: 0 }),
    accepted: async (k) => {
      asked.push(k);
      if (ledger === 'fails') throw new Error('store away');
      return ledger;
    },
    insert: async (r) => {
      rows.push(r);
      return true;
    },
  };
  const bus = {
    send: async () => {
      sends++;
      if (stream === 'fails') throw new Error('nats away');
      return { duplicate: stream === 'duplicate', seq: 1 };
    },
  } as unknown as Bus;
  const deps = deliveryDeps(ledgerRows, bus, {});
  const out = await deliver(deps, { triggerId: TRIGGER.id, headers: { authorization: 'Bearer x' }, raw: RAW, traceId: 'tr' }).catch(
    (e: unknown) => e,
  );
  return { out, rows: rows.map((r) => r.status), asked, sends };
}

const EARLIER = new Date(NOW - 10 * 60_000);

t.test('a copy the ledger holds is a duplicate whatever the stream says', async (t) => {
  const late = await answer(EARLIER, 'stored');
  t.same(late.out, { status: 200, body: { duplicate: true } }, 'past the window: 200 {duplicate: true}');
  t.same(late.rows, [], 'no gateway row: the stored command reaches a worker, which logs the copy');
  t.same(late.asked, [{ triggerId: TRIGGER.id, deliveryKey: 'm-1' }], 'the ledger is asked by (trigger id, delivery key)');
  t.equal(late.sends, 1, 'the send went out alongside the read');

  const noBus = await answer(EARLIER, 'fails');
  t.same(noBus.out, { status: 200, body: { duplicate: true } }, 'the bus away: the ledger still knows');
  t.same(noBus.rows, ['duplicate'], 'nothing reaches a worker, so the gateway logs the copy');
});

t.test('the stream answers what the ledger does not know', async (t) => {
  const first = await answer(undefined, 'stored');
  t.match(first.out, { status: 202, body: { accepted: true, runId: /^run-wh-/ } });
  t.same(first.rows, [], 'accepted: the worker logs it');
  const inside = await answer(undefined, 'duplicate');
  t.same(
    [inside.out, inside.rows],
    [{ status: 200, body: { duplicate: true } }, ['duplicate']],
    'inside the window: the stream dropped it, the gateway logs it',
  );
  const own = await answer(new Date(NOW), 'stored');
  t.equal((own.out as { status: number }).status, 202, "a row with this copy's own time is this copy, logged by a fast worker");
  const down = await answer(undefined, 'fails');
  t.match(down.out, AppError, 'no witness and no send');
  t.equal((down.out as AppError).code, 'bus_unavailable');
  t.same(down.rows, []);
});

t.test('a ledger that cannot be read never refuses accepted work', async (t) => {
  const first = await answer('fails', 'stored');
  t.match(first.out, { status: 202, body: { accepted: true } }, "answered from the stream's ack");
  const inside = await answer('fails', 'duplicate');
  t.same(inside.out, { status: 200, body: { duplicate: true } });
});

const SESSION_KEY = 'd'.repeat(64);
const SECRET = 'whsec_unit';
const SVC_TRIGGER = {
  ...TRIGGER,
  scheme: 'svc',
  config: null,
  sealedSecret: seal(Buffer.from(SESSION_KEY, 'hex'), SECRET, `webhook/${TRIGGER.id}/1`),
} as unknown as TriggerRow;
const SVC_RAW = '{"a":1}';

/** A svc delivery: the ledger holds `held` (by key) and is asked alongside the send. */
async function svcAnswer(key: string | undefined, held: Map<string, Date>, stream: 'stored' | 'duplicate' = 'stored', secret = SECRET) {
  const asked: LedgerKey[] = [];
  const rows: string[] = [];
  let sends = 0;
  const ledgerRows: DeliveryRows = {
    trigger: async () => ({ row: SVC_TRIGGER, from: 0 }),
    accepted: async (k) => {
      asked.push(k);
      return held.get(k.deliveryKey);
    },
    insert: async (r) => {
      rows.push(r.status);
      return true;
    },
  };
  const bus = {
    send: async () => {
      sends++;
      return { duplicate: stream === 'duplicate', seq: 1 };
    },
  } as unknown as Bus;
  const deps = deliveryDeps(ledgerRows, bus, { SVC_SESSION_KEY: SESSION_KEY }, SVC_TRIGGER);
  const headers: Record<string, string> = svcHeaders(secret, SVC_RAW, { ts: Math.floor(NOW / 1000), key: key ?? 'unused' });
  if (key === undefined) delete headers['idempotency-key'];
  const out = await deliver(deps, { triggerId: TRIGGER.id, headers, raw: Buffer.from(SVC_RAW), traceId: 'tr' }).catch((e: unknown) => e);
  return { out, asked, rows, sends };
}

t.test('a key from a header is read from the ledger as the delivery arrives, the send beside it', async (t) => {
  const late = await svcAnswer('k-1', new Map([['k-1', EARLIER]]));
  t.same(late.asked, [{ triggerId: TRIGGER.id, deliveryKey: 'k-1' }], 'the ledger is asked by (trigger id, delivery key)');
  t.equal(late.sends, 1, 'the send went out alongside the read');
  t.same(late.out, { status: 200, body: { duplicate: true } }, 'past the window: 200 {duplicate: true}');
  t.same(late.rows, [], 'the stored command reaches a worker, which logs the copy');

  const fresh = await svcAnswer('k-2', new Map([['k-1', EARLIER]]));
  t.match(fresh.out, { status: 202, body: { accepted: true, runId: /^run-wh-/ } }, 'a key the ledger does not hold is accepted');

  const inside = await svcAnswer('k-2', new Map(), 'duplicate');
  t.same([inside.out, inside.rows], [{ status: 200, body: { duplicate: true } }, ['duplicate']], 'inside the window: the stream says so');
});

t.test('a delivery without a key asks the ledger nothing', async (t) => {
  const none = await svcAnswer(undefined, new Map());
  t.same(none.asked, [], 'a generated key was never logged');
  t.match(none.out, { status: 202, body: { accepted: true } });
});

t.test('a bad signature is refused whatever the ledger holds, and nothing is sent', async (t) => {
  const signed = await svcAnswer('k-1', new Map([['k-1', EARLIER]]));
  t.same(signed.out, { status: 200, body: { duplicate: true } }, 'signed with the secret: a duplicate');
  const forged = await svcAnswer('k-1', new Map([['k-1', EARLIER]]), 'stored', 'whsec_wrong');
  t.match(forged.out, AppError);
  t.equal(
    (forged.out as AppError).code,
    'webhook_signature_invalid',
    'not {duplicate: true}: the ledger is told only to a verified caller',
  );
  t.equal(forged.sends, 0, 'no command for an unverified caller');
});
