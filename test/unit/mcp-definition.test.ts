/**
 * The pinned form of a published tool: the hash does not depend on how a server orders its keys,
 * changes with any pinned field, ignores what is not pinned, and the diff names the fields.
 */
import t from 'tap';
import { changedFields, definitionHash, definitionOf } from '../../actors/mcp-dispatch/definition.js';

const tool = {
  name: 'add',
  description: 'adds two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  annotations: { readOnlyHint: true },
};
const reordered = {
  annotations: { readOnlyHint: true },
  inputSchema: { required: ['a', 'b'], properties: { b: { type: 'number' }, a: { type: 'number' } }, type: 'object' },
  description: 'adds two numbers',
  name: 'add',
};

t.test('the hash is over canonical JSON', async (t) => {
  const h = definitionHash(definitionOf('calc', tool));
  t.match(h, /^sha256:[0-9a-f]{64}$/);
  t.equal(definitionHash(definitionOf('calc', reordered)), h, 'key order does not matter');
  t.equal(definitionHash(definitionOf('calc', { ...tool, _meta: { x: 1 }, icons: [] } as typeof tool)), h, 'unpinned fields do not count');
  t.not(definitionHash(definitionOf('other', tool)), h, "the server's id is part of it");
  t.not(definitionHash(definitionOf('calc', { ...tool, description: 'adds two numbers.' })), h, 'one character of description');
  t.not(definitionHash(definitionOf('calc', { ...tool, title: 'Add' })), h, 'a title');
  t.not(definitionHash(definitionOf('calc', { ...tool, outputSchema: { type: 'object' } })), h, 'an output schema');
  const required = { ...tool, inputSchema: { ...tool.inputSchema, required: ['b', 'a'] } };
  t.not(definitionHash(definitionOf('calc', required)), h, 'array order is content');
});

t.test('changedFields names what differs, side by side', async (t) => {
  const a = definitionOf('calc', tool);
  t.same(changedFields(a, definitionOf('calc', reordered)), []);
  t.same(changedFields(a, definitionOf('calc', { ...tool, description: 'x', title: 'T' })), [
    { field: 'title', seen: 'T' },
    { field: 'description', approved: 'adds two numbers', seen: 'x' },
  ]);
});
