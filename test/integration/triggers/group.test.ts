/**
 * The group commit under the delivery path: concurrent callers share batches, and a batch never
 * answers a caller that arrived after it started (so a rotation answered before a delivery
 * arrived is always seen by that delivery, on every gateway).
 */
import t from 'tap';
import { groupCommit } from '../../../kernel/group-commit.js';

t.test('callers arriving during a batch go in the next one, all together', async (t) => {
  const batches: number[][] = [];
  let release: () => void = () => undefined;
  let version = 1;
  const read = groupCommit(async (items: number[]) => {
    batches.push(items);
    const seen = version;
    if (batches.length === 1)
      await new Promise<void>((r) => {
        release = r;
      });
    return items.map(() => seen);
  });
  const first = read(0);
  version = 2; // a rotation committed while the first batch is in flight
  const later = [1, 2, 3].map((i) => read(i));
  release();
  t.equal(await first, 1);
  t.same(await Promise.all(later), [2, 2, 2], 'callers that arrived after the rotation see it');
  t.same(batches, [[0], [1, 2, 3]], 'one batch for everyone who waited');
});

t.test('a failing batch fails its callers only', async (t) => {
  let n = 0;
  const op = groupCommit(async (items: string[]) => {
    if (n++ === 0) throw new Error('store away');
    return items.map((s) => s.toUpperCase());
  });
  const a = op('a');
  const b = op('b');
  await t.rejects(a, /store away/);
  t.equal(await b, 'B');
});
