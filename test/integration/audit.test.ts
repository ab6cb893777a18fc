import t from 'tap';
import { startSystem } from '../helpers/system.js';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { dropStreams } from '../helpers/system.js';
import { skipUnless, TEST_NATS_URL, uniqueName } from '../helpers/services.js';
import { startProxy } from '../helpers/tcp-proxy.js';
import type { BusEvent } from '../../bus/types.js';
import { names } from '../../bus/subjects.js';
import { AuditEvent, AuditOutbox } from '../../store/index.js';
import { outboxSweep } from '../../runtime/audit.js';
import { saved } from '../helpers/raw-events.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

for (const mode of ['embedded', 'jetstream'] as const) {
  t.test(
    `an audit event is stored as a row and published on its subject (${mode})`,
    { skip: mode === 'jetstream' ? realSkip : false },
    async (t) => {
      const sys = await startSystem(t, mode === 'jetstream' ? { nats: true, postgres: true } : {});
      const seen: BusEvent[] = [];
      const other: BusEvent[] = [];
      await sys.bus.tail('FlowSaved', (e) => seen.push(e));
      await sys.bus.tail('WebhookDelivery', (e) => other.push(e));
      await sys.audit.record('FlowSaved', saved('f1'), 'trace-123');
      for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      t.equal(seen.length, 1);
      t.match(seen[0], {
        type: 'FlowSaved',
        subject: `${sys.bus.names.prefix}.evt.FlowSaved`,
        traceId: 'trace-123',
        data: { flowId: 'f1' },
      });
      t.equal(other.length, 0, 'a filter sees only its own subject');
      const usage = (await (await fetch(`${sys.url}/usage`)).json()) as { counts: Record<string, number> };
      t.same(usage.counts, { FlowSaved: 1 });
    },
  );
}

/** Events of one subject the event stream has stored (what a durable reader would get). */
async function stored(prefix: string, type: string): Promise<number> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const n = names(prefix);
    const info = await (await jetstreamManager(nc)).streams.info(n.eventStream, { subjects_filter: n.event(type) });
    return info.state.subjects?.[n.event(type)] ?? 0;
  } finally {
    await nc.close();
  }
}

t.test('the audit row is an outbox: NATS cut, the event is re-sent once it is back, never twice', { skip: realSkip }, async (t) => {
  const natsUrl = new URL(TEST_NATS_URL.replace(/^nats:/, 'http:'));
  const proxy = await startProxy(natsUrl.hostname, Number(natsUrl.port || 4222));
  t.teardown(() => proxy.close());
  const prefix = uniqueName('t');
  t.teardown(() => dropStreams(prefix));
  const sys = await startSystem(t, {
    postgres: true,
    env: { NATS_URL: `nats://127.0.0.1:${proxy.port}`, SVC_BUS_PREFIX: prefix, SVC_CLOCK_TICK_MS: '200' },
  });
  const rows = () => sys.store.em().find(AuditEvent, { type: 'FlowSaved' }, { orderBy: { id: 'asc' } });

  proxy.cut();
  await sys.audit.record('FlowSaved', saved('during-outage'), 'trace-outage');
  const [row] = await rows();
  t.ok(row, 'stored');
  const owed = async () => sys.store.em().count(AuditOutbox, { id: row!.id });
  t.equal(await owed(), 1, 'and still in the outbox');
  proxy.restore();

  // The clock's sweep (once per window across replicas) re-sends rows older than 10 s.
  for (let i = 0; i < 120 && (await owed()) > 0; i++) await new Promise((r) => setTimeout(r, 250));
  t.equal(await owed(), 0, 'the outbox sweep published it');
  await new Promise((r) => setTimeout(r, 1000));
  t.equal(await stored(prefix, 'FlowSaved'), 1, 'the stream holds the event exactly once');
});

t.test('a re-send of an event that was stored (the outbox delete failed) is dropped by its Nats-Msg-Id', { skip: realSkip }, async (t) => {
  const sys = await startSystem(t, { nats: true, postgres: true });
  const prefix = sys.bus.names.prefix;
  const seen: BusEvent[] = [];
  await sys.bus.tail('FlowSaved', (e) => seen.push(e));
  await sys.audit.record('FlowSaved', saved('f2'), 'trace-2');
  const em = sys.store.em();
  const { id } = await em.findOneOrFail(AuditEvent, { type: 'FlowSaved' });
  t.equal(await em.count(AuditOutbox, { id }), 0, 'published: out of the outbox');
  await em.insert(AuditOutbox, { id });
  await outboxSweep({ store: sys.store, bus: sys.bus, log: sys.log, settleMs: 0 }).run(0, new Date());
  t.equal(await sys.store.em().count(AuditOutbox, { id }), 0, 'out of the outbox again');
  t.equal(await stored(prefix, 'FlowSaved'), 1, 'stored once');
  for (let i = 0; i < 20 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  t.match(seen[0], { traceId: 'trace-2', data: { flowId: 'f2' } });
});
