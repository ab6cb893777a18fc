import t from 'tap';
import { relativeTime } from '../../cli/time.js';

const NOW = Date.UTC(2030, 5, 15, 12, 0, 0);
const at = (ms: number) => new Date(NOW + ms).toISOString();

t.test('a table reads times relative to now, past and future', async (t) => {
  t.equal(relativeTime(at(-400), NOW), 'just now');
  t.equal(relativeTime(at(-12_000), NOW), '12s ago');
  t.equal(relativeTime(at(-3 * 60_000 - 5_000), NOW), '3m ago');
  t.equal(relativeTime(at(2 * 3_600_000 + 60_000), NOW), 'in 2h');
  t.equal(relativeTime(at(-47 * 3_600_000), NOW), '47h ago', 'hours up to two days');
  t.equal(relativeTime(at(-3 * 86_400_000), NOW), '3d ago');
  t.equal(relativeTime(at(-90 * 86_400_000), NOW), '2030-03-17', 'past two months, the date');
});

t.test('absent stays absent; text that is not a time is kept', async (t) => {
  t.equal(relativeTime(undefined, NOW), undefined);
  t.equal(relativeTime(null, NOW), undefined);
  t.equal(relativeTime('', NOW), undefined);
  t.equal(relativeTime('never', NOW), 'never');
});
