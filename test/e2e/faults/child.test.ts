/**
 * A side effect never runs twice (test/helpers/faults.ts): kill -9 inside a delegated child run.
 */
import t from 'tap';
import { startSvc } from '../../helpers/process.js';
import { skipUnless } from '../../helpers/services.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { ended, faultOf, flowOf, settled, setup } from '../../helpers/faults.js';
import { OPERATOR } from '../../../identity/caller.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

// The clock's sweeps are kept out of reach: the parent must end on its child's own wake-up.
const timing = { SVC_RUN_LEASE_MS: '1000', SVC_ACK_WAIT_MS: '2500', SVC_CLOCK_TICK_MS: '600000' };
const s = realSkip ? undefined : await setup(t);

// One test per point, each with its own time: two worker processes start in each, which on a
// loaded machine takes most of a minute, and three of them in one budget ran out of it.
for (const p of ['attempt.opened', 'effect.returned', 'boundary.committed'] as const) {
  t.test(
    `kill -9 at ${p} inside a child run: the parent takes its child over and ends with it`,
    { skip: realSkip, timeout: 180_000 },
    async (t) => {
      if (!s) return;
      const sc = `child-${p.replace('.', '-')}`;
      const parent = { id: `parent-${sc}`, steps: [{ id: 'deleg', kind: 'agent', agent: 'bob', flowId: `f-${sc}` }] };
      const victim = await startSvc(t, ['worker', '--actors', 'run'], { ...s.env, ...timing, SVC_FAULTS: `${faultOf(p, sc, 'a')}=crash` });
      await s.bus.call('run', 'save', { flow: flowOf(sc), caller: OPERATOR });
      await s.bus.send(
        'run',
        'start',
        { runId: `parent-${sc}`, flow: parent, principal: 'operator', operator: true },
        { msgId: `start-parent-${sc}` },
      );
      t.match(await victim.exited(), { signal: 'SIGKILL' }, `${sc}: crashed inside the child`);
      const heir = await startSvc(t, ['worker', '--actors', 'run'], { ...s.env, ...timing });
      await settled(s, `parent-${sc}`);
      const child = await pgQuery(`select id from "${s.schema}".flow_run where parent_run_id = $1`, [`parent-${sc}`]);
      t.equal(child.length, 1, `${sc}: one child, found again`);
      // The check reads run-<sc>; the child has its own id.
      const childRow = await settled(s, child[0]!.id as string);
      // The parent may park awaiting its child while another drive finishes the child: its outcome
      // is read once it has ended, not at the first moment it stopped running.
      const parentRow = await ended(s, `parent-${sc}`);
      const n = (x: string) => s.side.count(`${sc}/${x}`);
      t.ok(n('a') <= 1 && n('c') <= 1, `${sc}: no non-idempotent call ran twice`);
      if (p === 'boundary.committed') {
        t.equal(childRow.status, 'completed');
        t.equal(parentRow.status, 'completed');
        t.same([n('a'), n('b'), n('c')], [1, 1, 1]);
      } else {
        t.equal(childRow.error_code, 'flow_step_interrupted', `${sc}: the child failed closed`);
        t.equal(parentRow.status, 'error', `${sc}: the parent reports it`);
        t.equal(n('b') + n('c'), 0);
      }
      heir.proc.kill('SIGTERM');
      await heir.exited();
    },
  );
}
