/**
 * A side effect never runs twice (test/helpers/faults.ts): a worker whose write fails at each fault
 * point (as a dropped database connection would) re-enters its own run through the takeover.
 */
import t from 'tap';
import { startSvc } from '../../helpers/process.js';
import { skipUnless } from '../../helpers/services.js';
import { check, faultOf, flowOf, POINTS, setup, start } from '../../helpers/faults.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('a worker re-entering its own run after a failed write (every point)', { skip: realSkip, timeout: 180_000 }, async (t) => {
  const s = await setup(t);
  const cases = POINTS.flatMap((p) =>
    (['a', 'b'] as const)
      .filter((x) => x === 'a' || ['attempt.opened', 'effect.returned', 'boundary.before-commit'].includes(p))
      .map((target) => ({ p, target, sc: `self-${p.replace('.', '-')}-${target}` })),
  );
  // One worker for all: each fault names its own scenario's step, so each run meets only its own.
  const faults = cases
    .map((c) => `${faultOf(c.p, c.sc, c.target)}=fail`)
    .filter((f, i, all) => all.indexOf(f) === i)
    .join(',');
  await startSvc(t, ['worker', '--actors', 'run'], { ...s.env, SVC_FAULTS: faults, SVC_RUN_LEASE_MS: '1000' });
  for (const c of cases) await start(s, c.sc, flowOf(c.sc));
  for (const c of cases) await check(t, s, c.sc, c.p, c.target);
});
