import t from 'tap';
import { interpolate, readPath } from '../../flows/interpolate.js';
import type { StepOutput } from '../../flows/outputs.js';

const outputs: Record<string, StepOutput> = {
  fetch: {
    text: 'hello',
    json: { count: 3, items: [{ name: 'a' }, { name: 'b' }], nested: { deep: { v: true } }, nil: null },
    summary: 's',
  },
  policy: { text: 'ESCALATE', verdict: 'ESCALATE', summary: 's' },
  plain: { summary: 'no text' },
};
const scope = { input: '{"user":"ann","n":2,"obj":{"k":"v"}}', outputs };
const r = (tpl: string, s = scope) => interpolate(tpl, s);

t.test('{{input}} renders the whole input string', async (t) => {
  t.equal(r('in: {{input}}'), 'in: {"user":"ann","n":2,"obj":{"k":"v"}}');
  t.equal(r('{{ input }}'), '{"user":"ann","n":2,"obj":{"k":"v"}}', 'spaces inside braces are allowed');
  t.equal(interpolate('[{{input}}]', { input: undefined, outputs: {} }), '[]', 'no input renders empty');
  t.equal(interpolate('{{input}}', { input: 'plain text', outputs: {} }), 'plain text');
});

t.test('{{input.<key>}} reads top-level keys only', async (t) => {
  t.equal(r('{{input.user}}'), 'ann');
  t.equal(r('{{input.n}}'), '2');
  t.equal(r('{{input.obj}}'), '{"k":"v"}', 'objects render as JSON');
  t.equal(r('{{input.obj.k}}'), '', 'nested paths are not read (top level only)');
  t.equal(r('{{input.missing}}'), '');
  t.equal(interpolate('{{input.user}}', { input: 'not json', outputs: {} }), '', 'non-JSON input has no keys');
  t.equal(interpolate('{{input.length}}', { input: '"abc"', outputs: {} }), '', 'a JSON string has no keys');
  t.equal(interpolate('{{input.0}}', { input: '[1,2]', outputs: {} }), '', 'an array input has no keys');
});

t.test('{{steps.<id>.text|json|verdict}}', async (t) => {
  t.equal(r('{{steps.fetch.text}}'), 'hello');
  t.equal(r('{{steps.fetch.json}}'), JSON.stringify(outputs.fetch!.json));
  t.equal(r('{{steps.policy.verdict}}'), 'ESCALATE');
  t.equal(r('{{steps.fetch.verdict}}'), '', 'no verdict renders empty');
  t.equal(r('{{steps.plain.text}}'), '', 'no text renders empty');
  t.equal(r('{{steps.plain.json}}'), '', 'no json renders empty');
  t.equal(r('{{steps.nope.text}}'), '', 'unknown step renders empty');
  t.equal(r('{{steps.fetch.summary}}'), '', 'unknown field renders empty');
});

t.test('{{steps.<id>.json.<path>}} walks own properties', async (t) => {
  t.equal(r('{{steps.fetch.json.count}}'), '3');
  t.equal(r('{{steps.fetch.json.items.1.name}}'), 'b', 'array index');
  t.equal(r('{{steps.fetch.json.items.length}}'), '2', 'an array length is an own property');
  t.equal(r('{{steps.fetch.json.nested.deep.v}}'), 'true');
  t.equal(r('{{steps.fetch.json.nested.deep}}'), '{"v":true}');
  t.equal(r('{{steps.fetch.json.nil}}'), 'null');
  t.equal(r('{{steps.fetch.json.missing.x}}'), '');
  t.equal(r('{{steps.fetch.json.items.9.name}}'), '');
});

t.test('prototype properties are never read', async (t) => {
  t.equal(r('{{steps.fetch.json.constructor}}'), '');
  t.equal(r('{{steps.fetch.json.constructor.name}}'), '');
  t.equal(r('{{steps.fetch.json.__proto__}}'), '');
  t.equal(r('{{steps.fetch.json.toString}}'), '');
  t.equal(r('{{steps.fetch.json.hasOwnProperty}}'), '');
  t.equal(r('{{input.constructor}}'), '');
  t.equal(r('{{input.__proto__}}'), '');
  t.equal(r('{{steps.__proto__.text}}'), '', 'step ids are own properties of the outputs too');
  t.equal(r('{{steps.constructor.text}}'), '');
  const evil = JSON.parse('{"__proto__":{"polluted":"yes"}}');
  t.equal(readPath(evil, ['__proto__', 'polluted']), undefined, 'an own __proto__ key is still refused');
});

t.test('unknown references and text around them', async (t) => {
  t.equal(r('a {{nope}} b {{steps}} c {{input.user}}'), 'a  b  c ann');
  t.equal(r('no braces'), 'no braces');
  t.equal(r('{{steps.fetch.text}}-{{steps.policy.verdict}}'), 'hello-ESCALATE');
  t.equal(r('{single} {{ }}'), '{single} ', 'an empty reference renders empty');
});

t.test('bindings the host supplies ({{crew.*}}, {{target.*}}) render by dotted path; input and steps stay the run’s own', async (t) => {
  const bound = {
    ...scope,
    bindings: {
      crew: { name: 'Night crew', lead: { seat: 'alice' } },
      target: { payroll: { address: '0xabc', whitelisted: true } },
      input: 'shadow',
      steps: { fetch: { text: 'shadow' } },
    },
  };
  t.equal(r('{{crew.name}} led by {{crew.lead.seat}}', bound), 'Night crew led by alice');
  t.equal(r('{{target.payroll.address}} {{target.payroll.whitelisted}}', bound), '0xabc true');
  t.equal(r('{{target.payroll}}', bound), '{"address":"0xabc","whitelisted":true}');
  t.equal(r('{{crew.missing}}|{{target.vendor.address}}|{{other.x}}', bound), '||', 'unknown references render empty');
  t.equal(r('{{crew.constructor}}{{crew.__proto__}}{{crew.toString}}', bound), '', 'own properties only');
  t.equal(r('{{input.user}} {{steps.fetch.text}}', bound), 'ann hello', 'a binding cannot shadow input or steps');
  t.equal(r('{{steps.x}}', bound), '', 'a short steps reference is not read from the bindings');
  t.equal(r('{{crew.name}}'), '', 'without bindings (every production run) they render empty');
});
