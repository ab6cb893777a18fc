/**
 * Finding runs whose worker died. The sweep runs once per clock window (across replicas) and
 * sends `run.recover` for every `running` run whose lease has expired; the conditional lease
 * take in the handler makes sure exactly one worker continues it. At boot in single-process
 * mode (no NATS) every `running` run belonged to a previous life of this process, so it is
 * taken over at once without waiting for its lease to run out.
 */
import type { Sweep } from '../actor.js';
import type { RunDeps } from './deps.js';
import { runsOf } from '../../store/runs/index.js';

const BATCH = 500;

export async function sendRecoveries(deps: RunDeps, opts: { force: boolean }): Promise<number> {
  const now = new Date(deps.now());
  const rows = await runsOf(deps.store).recoverable(opts.force ? undefined : now, BATCH);
  for (const r of rows) {
    const stamp = r.leaseExpiresAt ? new Date(r.leaseExpiresAt).getTime() : 0;
    await deps.clients.run.recover.send(
      { runId: r.id, ...(opts.force ? { force: true } : {}) },
      { msgId: `run.recover.${r.id}.${stamp}${opts.force ? '.boot' : ''}` },
    );
  }
  return rows.length;
}

export function recoverySweep(deps: RunDeps): Sweep {
  return {
    name: 'run.recover',
    async run() {
      const n = await sendRecoveries(deps, { force: false });
      if (n > 0) deps.log.info({ runs: n }, 'runs with expired leases sent to recovery');
    },
  };
}

/** At start: in single-process mode take over everything left running; else what has expired. */
export async function bootRecovery(deps: RunDeps): Promise<void> {
  const force = deps.config.natsUrl === undefined;
  const n = await sendRecoveries(deps, { force });
  if (n > 0) deps.log.info({ runs: n, force }, 'boot: runs left running sent to recovery');
}
