/**
 * The definition repository's contract, once, against both engines: a save inserts or overwrites
 * (keeping when the flow was first saved), reads give the row back as saved, lists are by id, and
 * a trigger kind finds exactly its flows.
 */
import t from 'tap';
import { definitionsOf, type SavedDefinition } from '../../store/definitions/index.js';
import { engines } from '../helpers/store-engines.js';

const def = (id: string, over: Partial<SavedDefinition> = {}): SavedDefinition => ({
  id,
  title: null,
  trigger: 'manual',
  scopeLevel: 'org',
  scopeRef: null,
  definition: { id, steps: [{ id: 'a', kind: 'noop' }] },
  savedBy: 'operator',
  ...over,
});

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`definitions on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);
    const defs = definitionsOf(store);

    t.test('a first save inserts; get and load give it back', async (t) => {
      const at = new Date('2026-01-01T00:00:00.000Z');
      const d = def('first', {
        title: 'First',
        scopeLevel: 'crew',
        scopeRef: 'crew-a',
        definition: { id: 'first', nested: { n: [1, 2] } },
      });
      const saved = await defs.save(d, at);
      t.match(saved, { ...d });
      t.equal(new Date(saved.createdAt).getTime(), at.getTime());
      t.equal(new Date(saved.updatedAt).getTime(), at.getTime());
      const got = await defs.get('first');
      t.match(got, { ...d });
      t.same(got!.definition, d.definition, 'the JSON document round-trips');
      t.same(await defs.load('first'), { definition: d.definition, scopeLevel: 'crew', scopeRef: 'crew-a' });
    });

    t.test('a second save overwrites every field and moves updatedAt; createdAt stays the first save', async (t) => {
      const first = new Date('2026-01-01T00:00:00.000Z');
      const second = new Date('2026-01-02T00:00:00.000Z');
      await defs.save(def('again', { title: 'v1', trigger: 'cron', savedBy: 'seat-a' }), first);
      const d2 = def('again', {
        title: null,
        trigger: 'epoch',
        scopeLevel: 'agent',
        scopeRef: 'ag',
        definition: { v: 2 },
        savedBy: 'seat-b',
      });
      const saved = await defs.save(d2, second);
      t.match(saved, { ...d2, title: null, scopeRef: 'ag' });
      t.equal(new Date(saved.createdAt).getTime(), first.getTime(), 'createdAt kept');
      t.equal(new Date(saved.updatedAt).getTime(), second.getTime(), 'updatedAt moved');
      t.same((await defs.load('again'))!.definition, { v: 2 });
      t.same(
        (await defs.byTrigger('cron')).map((r) => r.id),
        [],
        'the old trigger no longer finds it',
      );
    });

    t.test('a missing id: get null, load undefined, delete false', async (t) => {
      t.equal(await defs.get('nope'), null);
      t.equal(await defs.load('nope'), undefined);
      t.equal(await defs.delete('nope'), false);
    });

    t.test('delete removes the row once', async (t) => {
      await defs.save(def('gone'), new Date());
      t.equal(await defs.delete('gone'), true);
      t.equal(await defs.get('gone'), null);
      t.equal(await defs.load('gone'), undefined);
      t.equal(await defs.delete('gone'), false);
    });

    t.test('list is by id and stops at the limit; byTrigger finds exactly its kind, by id', async (t) => {
      const own = await e.open(t);
      const mine = definitionsOf(own);
      for (const [id, trigger] of [
        ['c', 'cron'],
        ['a', 'epoch'],
        ['d', 'manual'],
        ['b', 'cron'],
        ['e', 'epoch'],
      ] as const)
        await mine.save(def(id, { trigger }), new Date());
      t.same(
        (await mine.list(1000)).map((r) => r.id),
        ['a', 'b', 'c', 'd', 'e'],
      );
      t.same(
        (await mine.list(2)).map((r) => r.id),
        ['a', 'b'],
      );
      t.same(
        (await mine.byTrigger('cron')).map((r) => r.id),
        ['b', 'c'],
      );
      t.same(
        (await mine.byTrigger('epoch')).map((r) => r.id),
        ['a', 'e'],
      );
      t.same(await mine.byTrigger('webhook'), []);
    });
  });
}
