/**
 * A side effect never runs twice (test/helpers/faults.ts): kill -9 at each fault point.
 */
import t from 'tap';
import { startSvc } from '../../helpers/process.js';
import { skipUnless } from '../../helpers/services.js';
import { check, faultOf, flowOf, POINTS, setup, start, type Point } from '../../helpers/faults.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

/**
 * Crash paths: the worker kills itself with SIGKILL at the point; a fresh worker takes the run
 * over, either through the start JetStream redelivers (ack wait shorter than the test) or through
 * the recovery sweep (the redelivery comes far too late to matter).
 */
{
  const path = 'recovery sweep' as 'redelivered start' | 'recovery sweep';
  t.test(`kill -9 at every point, taken over by the ${path}`, { skip: realSkip, timeout: 300_000 }, async (t) => {
    const s = await setup(t);
    const timing =
      path === 'redelivered start'
        ? { SVC_RUN_LEASE_MS: '3000', SVC_ACK_WAIT_MS: '5000', SVC_CLOCK_TICK_MS: '600000' }
        : { SVC_RUN_LEASE_MS: '1000', SVC_ACK_WAIT_MS: '600000', SVC_CLOCK_TICK_MS: '300' };
    const actors = path === 'redelivered start' ? 'run' : 'run,clock';
    const cases = [...POINTS.map((p) => ({ p, target: 'a' as const })), { p: 'effect.returned' as Point, target: 'b' as const }];
    for (const c of cases) {
      const sc = `${path === 'redelivered start' ? 'rd' : 'sw'}-${c.p.replace('.', '-')}-${c.target}`;
      const victim = await startSvc(t, ['worker', '--actors', actors], {
        ...s.env,
        ...timing,
        SVC_FAULTS: `${faultOf(c.p, sc, c.target)}=crash`,
      });
      await start(s, sc, flowOf(sc));
      t.match(await victim.exited(), { signal: 'SIGKILL' }, `${sc}: the worker crashed at ${c.p}`);
      const heir = await startSvc(t, ['worker', '--actors', actors], { ...s.env, ...timing });
      await check(t, s, sc, c.p, c.target);
      heir.proc.kill('SIGTERM');
      await heir.exited();
    }
  });
}
