import t from 'tap';
import { startSystem } from '../helpers/system.js';
import { skipUnless } from '../helpers/services.js';
import type { BusEvent } from '../../bus/types.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

for (const mode of ['embedded', 'jetstream'] as const) {
  t.test(`an audit event is stored as a row and published on its subject (${mode})`, { skip: mode === 'jetstream' ? realSkip : false }, async (t) => {
    const sys = await startSystem(t, mode === 'jetstream' ? { nats: true, postgres: true } : {});
    const seen: BusEvent[] = [];
    const other: BusEvent[] = [];
    await sys.bus.tail('FlowSaved', (e) => seen.push(e));
    await sys.bus.tail('WebhookDelivery', (e) => other.push(e));
    await sys.audit.record('FlowSaved', { id: 'f1' }, 'trace-123');
    for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    t.equal(seen.length, 1);
    t.match(seen[0], { type: 'FlowSaved', subject: `${sys.bus.names.prefix}.evt.FlowSaved`, traceId: 'trace-123', data: { id: 'f1' } });
    t.equal(other.length, 0, 'a filter sees only its own subject');
    const usage = (await (await fetch(`${sys.url}/usage`)).json()) as { counts: Record<string, number> };
    t.same(usage.counts, { FlowSaved: 1 });
  });
}
