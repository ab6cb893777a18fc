/** `svc budgets set --limit`: dollars as people type them become whole micro-dollars; anything else is refused before a request. */
import t from 'tap';
import { microDollarsOf } from '../../cli/commands/budgets.js';

t.test('dollars to micro-dollars', async (t) => {
  t.equal(microDollarsOf('5'), 5_000_000);
  t.equal(microDollarsOf('0.25'), 250_000);
  t.equal(microDollarsOf('$1.50'), 1_500_000);
  t.equal(microDollarsOf('0.000001'), 1);
  t.equal(microDollarsOf('0'), 0);
  for (const bad of ['', '-1', '1e3', '0.0000001', 'five', '1,5'])
    t.throws(() => microDollarsOf(bad), /--limit must be dollars/, `"${bad}" is refused`);
});
