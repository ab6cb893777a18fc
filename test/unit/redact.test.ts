import t from 'tap';
import { redactor } from '../../kernel/redact.js';

t.test('a value is taken out as sent and as escaped inside JSON text', async (t) => {
  const secret = 'tok"en\\value';
  const r = redactor([secret]);
  t.equal(r.text(`say ${secret} twice ${secret}`), 'say [redacted] twice [redacted]');
  const body = JSON.stringify({ echoed: `Bearer ${secret}` });
  t.same(JSON.parse(r.text(body)), { echoed: 'Bearer [redacted]' }, 'a raw JSON body still parses after redaction');
});

t.test('values: strings and keys at any depth; untouched parts are the same objects', async (t) => {
  const r = redactor(['s3cr3t-value', undefined]);
  const clean = { a: [1, { b: 'plain' }] };
  const input = { clean, list: ['x', { deep: [{ deeper: 'has s3cr3t-value inside' }] }], ['s3cr3t-value']: true, n: 7, nil: null };
  const out = r.value(input);
  t.same(out, { clean, list: ['x', { deep: [{ deeper: 'has [redacted] inside' }] }], '[redacted]': true, n: 7, nil: null });
  t.equal(out.clean, clean, 'nothing matched there: not copied');
  t.equal(input.list[1] !== out.list[1], true, 'a part that matched is a copy');
  t.same(input.list, ['x', { deep: [{ deeper: 'has s3cr3t-value inside' }] }], 'the input is not mutated');
  t.equal(r.value(clean), clean, 'no match at all: the value itself');
});

t.test('the longer of two overlapping values goes whole; very short values are left alone', async (t) => {
  const r = redactor(['abcd', 'abcdefgh', 'xyz']);
  t.equal(r.text('abcdefgh abcd xyz'), '[redacted] [redacted] xyz');
  const none = redactor(['ab', undefined]);
  t.equal(none.active, false);
  const v = { k: 'ab' };
  t.equal(none.value(v), v);
});
