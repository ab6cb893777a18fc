/**
 * evals/definitions.ts: what the orchestrator hands the eval child from the store: the saved flows
 * the scenarios name and those they delegate to (followed through, from an inline flow too), and
 * nothing else.
 */
import t from 'tap';
import { openStore } from '../../store/index.js';
import { definitionsOf } from '../../store/definitions/index.js';
import { definitionsFor } from '../../evals/definitions.js';

const flow = (id: string, delegateTo?: string) => ({
  id,
  title: id,
  trigger: 'manual',
  scope: { level: 'org' },
  steps: delegateTo
    ? [{ id: 'hand', kind: 'agent', agent: 'helper', flowId: delegateTo, next: null }]
    : [{ id: 'say', kind: 'model', prompt: 'hi' }],
});

t.test('named flows and their delegates, followed through; an unrelated one stays in the store', async (t) => {
  const store = await openStore({});
  t.teardown(() => store.close());
  for (const f of [flow('a', 'b'), flow('b', 'c'), flow('c', 'a'), flow('d'), flow('e')]) {
    await definitionsOf(store).save(
      { id: f.id, title: f.id, trigger: 'manual', scopeLevel: 'org', scopeRef: null, definition: f, savedBy: 'operator' },
      new Date(0),
    );
  }
  const got = await definitionsFor(store, ['definition:a', 'triage-and-delegate', 'missing']);
  t.same(Object.keys(got).sort(), ['a', 'b', 'c'], 'a cycle ends; a template or a missing id adds nothing');
  t.same(got.b, flow('b', 'c'));

  const inline = await definitionsFor(store, ['x'], flow('x', 'd'));
  t.same(Object.keys(inline), ['d'], "an inline flow's delegate is read from the store");
  t.same(await definitionsFor(store, ['x'], { id: 'x', steps: [null, { kind: 'agent' }] }), {}, 'a malformed inline flow adds nothing');
});
