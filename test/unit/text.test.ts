import t from 'tap';
import { holdsNul, IdString, IdToken, jsonHoldsNul } from '../../schemas/text.js';
import { Value } from 'typebox/value';

t.test('jsonHoldsNul reads the escape from the text, as a string or as bytes', async (t) => {
  const cases: [unknown, boolean][] = [
    [{ a: 'x\u0000y' }, true],
    [{ ['k\u0000']: 1 }, true],
    [['\\', 'tail\u0000'], true],
    [{ a: 'x\\u0000y' }, false],
    [{ a: 'x\\\\u0000y' }, false],
    [{ a: '\\\u0000' }, true],
    [{ a: 'plain', b: [1, null, true] }, false],
  ];
  for (const [value, expected] of cases) {
    const text = JSON.stringify(value);
    t.equal(jsonHoldsNul(text), expected, `${text} as a string`);
    t.equal(jsonHoldsNul(new TextEncoder().encode(text)), expected, `${text} as bytes`);
    t.equal(holdsNul(value), expected, `${text} decoded`);
  }
  const bytes = new TextEncoder().encode(`..${JSON.stringify({ a: 'x\u0000' })}`).subarray(2);
  t.equal(jsonHoldsNul(bytes), true, 'a view into a larger buffer');
});

t.test('id strings refuse control characters; tokens refuse whitespace too', async (t) => {
  const id = IdString({ maxLength: 20 });
  const token = IdToken();
  for (const c of ['\u0000', '\u0001', '\n', '\u001f', '\u007f']) {
    t.notOk(Value.Check(id, `a${c}b`), `id: U+${c.charCodeAt(0).toString(16)}`);
    t.notOk(Value.Check(token, `a${c}b`), `token: U+${c.charCodeAt(0).toString(16)}`);
  }
  t.ok(Value.Check(id, 'run-1 with space é'), 'an id may hold spaces and any printable text');
  t.notOk(Value.Check(token, 'a b'), 'a token may not');
  t.ok(Value.Check(token, 'seat:alice'));
  t.notOk(Value.Check(id, ''), 'never empty');
});
