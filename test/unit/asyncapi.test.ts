/**
 * The AsyncAPI document of the bus is what a NATS client is written against: it must be a valid
 * AsyncAPI 3.0 document (the AsyncAPI parser finds no error and no warning in it), and it must
 * name every verb's command subject and every event subject with the schemas the bus checks.
 */
import t from 'tap';
import { Parser } from '@asyncapi/parser';
import { asyncApiDocument } from '../../gateway/asyncapi.js';
import { COMMANDS } from '../../schemas/commands/index.js';
import { EVENT_DATA, EVENT_TYPES } from '../../schemas/events.js';

type Doc = {
  channels: Record<string, { address: string | null; messages: Record<string, { $ref: string }> }>;
  operations: Record<string, { action: string; channel: { $ref: string }; reply?: unknown }>;
  components: { messages: Record<string, { payload: any }> };
};
const doc = asyncApiDocument({ prefix: 'acme', version: '1.2.3' }) as unknown as Doc;
const message = (channel: string, key: string) => {
  const ref = doc.channels[channel]!.messages[key]!.$ref;
  return doc.components.messages[ref.replace('#/components/messages/', '')]!;
};
const plain = (s: unknown): unknown => JSON.parse(JSON.stringify(s), (k, v: unknown) => (k === '$id' ? undefined : v));

t.test('the AsyncAPI parser finds no error and no warning', async (t) => {
  const diagnostics = await new Parser().validate(JSON.stringify(doc));
  // 0 is an error, 1 a warning (spectral's severities); hints and infos are style notes.
  const problems = diagnostics.filter((d) => d.severity <= 1).map((d) => `${d.code} at ${d.path.join('.')}: ${d.message}`);
  t.same(problems, [], 'no problems');
});

t.test('every verb has its command subject, its payload and its reply', async (t) => {
  let verbs = 0;
  for (const [actor, vs] of Object.entries(COMMANDS)) {
    for (const [name, v] of Object.entries(vs)) {
      verbs++;
      const channel = `cmd.${actor}.${name}`;
      t.equal(doc.channels[channel]?.address, `acme.cmd.${actor}.${name}`, channel);
      t.same(message(channel, 'command').payload, plain(v.input), `${channel} takes its verb's input schema`);
      t.same(message('reply', `${actor}.${name}`).payload, plain(v.output), `${channel} answers its verb's output schema`);
      t.equal(doc.operations[`${actor}.${name}`]?.action, 'receive');
      if (v.rpc) t.equal(doc.channels[`rpc.${actor}.${name}`]?.address, `acme.rpc.${actor}.${name}`, `${channel} is also an rpc`);
    }
  }
  t.ok(verbs > 40, `${verbs} verbs`);
});

t.test('every event type has its subject and its data schema', async (t) => {
  t.equal(EVENT_TYPES.length, Object.keys(EVENT_DATA).length);
  for (const type of EVENT_TYPES) {
    t.equal(doc.channels[`evt.${type}`]?.address, `acme.evt.${type}`, type);
    const payload = message(`evt.${type}`, 'event').payload;
    t.same(payload.properties.data, plain(EVENT_DATA[type]), `${type} carries its schema as data`);
    t.same(payload.properties.type, { const: type });
    t.equal(doc.operations[`publish${type}`]?.action, 'send');
  }
});
