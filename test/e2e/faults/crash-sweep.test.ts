/**
 * A side effect never runs twice (test/helpers/faults.ts): kill -9 at each fault point, the run
 * taken over by the recovery sweep.
 */
import t from 'tap';
import { skipUnless } from '../../helpers/services.js';
import { crashAtEveryPoint } from '../../helpers/faults.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('kill -9 at every point, taken over by the recovery sweep', { skip: realSkip, timeout: 300_000 }, (t) =>
  crashAtEveryPoint(t, 'recovery sweep'),
);
