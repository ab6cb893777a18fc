/**
 * A side effect never runs twice (test/helpers/faults.ts): kill -9 in a run driven by a resume.
 */
import t from 'tap';
import { startSvc } from '../../helpers/process.js';
import { skipUnless } from '../../helpers/services.js';
import { pollFor } from '../../helpers/poll.js';
import { check, faultOf, flowOf, runRow, setup, start } from '../../helpers/faults.js';
import { OPERATOR } from '../../../identity/caller.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('kill -9 in a resumed run: the sweep takes it over and fails it closed', { skip: realSkip, timeout: 120_000 }, async (t) => {
  const s = await setup(t);
  const timing = { SVC_RUN_LEASE_MS: '1000', SVC_ACK_WAIT_MS: '600000', SVC_CLOCK_TICK_MS: '300' };
  for (const p of ['effect.returned', 'boundary.committed'] as const) {
    const sc = `resume-${p.replace('.', '-')}`;
    const victim = await startSvc(t, ['worker', '--actors', 'run'], { ...s.env, ...timing, SVC_FAULTS: `${faultOf(p, sc, 'a')}=crash` });
    await start(s, sc, flowOf(sc, { wait: true }));
    await pollFor('the run to park', async () => (await runRow(s, `run-${sc}`))?.status === 'waiting' || undefined, {
      timeoutMs: 30_000,
      everyMs: 100,
    });
    await s.bus.send('run', 'resume', { runId: `run-${sc}`, caller: OPERATOR });
    t.match(await victim.exited(), { signal: 'SIGKILL' });
    const heir = await startSvc(t, ['worker', '--actors', 'run,clock'], { ...s.env, ...timing });
    await check(t, s, sc, p, 'a');
    heir.proc.kill('SIGTERM');
    await heir.exited();
  }
});
