/**
 * Cron triggers: 5-field UTC, minute resolution, at most once per matching minute.
 * The clock fans sweeps out once per window; this sweep takes the minute from the window's own
 * timestamp (`at`), never from a wall clock, so tests that shorten windows and inject `now`
 * walk through simulated minutes. Each (flow, minute) is claimed with a durable store key
 * (`cron:<flowId>:<minute>`) before `run.start` is sent with msgId `run-cron-<flowId>-<minute>`:
 * several windows mapping to one minute, a redelivered clock command and concurrent replicas all
 * collapse to one run. A minute in which no worker was alive is not replayed: the clock sends
 * only live windows (with a short catch-up), and a cron run that fires late is worse than one
 * that is skipped, since its inputs are "now".
 */
import { Cron } from 'croner';
import { definitionsOf } from '../../store/definitions/index.js';
import { claimWindow, releaseClaim } from '../../store/claims.js';
import type { Sweep } from '../actor.js';
import type { TriggerDeps } from './deps.js';
import type { StartRunCommand } from '../../schemas/runs.js';

const CLAIM_TTL_MS = 24 * 3600_000;
const compiled = new Map<string, Cron | null>();

/** True when the 5-field UTC expression matches this minute (a bad expression never matches). */
export function cronMatches(expr: string, minuteStart: Date): boolean {
  let cron = compiled.get(expr);
  if (cron === undefined) {
    try {
      cron = expr.trim().split(/\s+/).length === 5 ? new Cron(expr, { paused: true, timezone: 'UTC' }) : null;
    } catch {
      cron = null;
    }
    compiled.set(expr, cron);
  }
  if (!cron) return false;
  const next = cron.nextRun(new Date(minuteStart.getTime() - 1000));
  return next !== null && next.getTime() === minuteStart.getTime();
}

export function minuteOf(at: Date): number {
  return Math.floor(at.getTime() / 60_000);
}

export function cronSweep(deps: TriggerDeps): Sweep {
  return {
    name: 'trigger.cron',
    async run(_window, at) {
      const minute = minuteOf(at);
      const start = new Date(minute * 60_000);
      const flows = await definitionsOf(deps.store).byTrigger('cron');
      for (const flow of flows) {
        const schedule = flow.definition.schedule;
        if (typeof schedule !== 'string' || !cronMatches(schedule, start)) continue;
        const claim = `cron:${flow.id}:${minute}`;
        if (!(await claimWindow(deps.store, claim, deps.workerId, CLAIM_TTL_MS))) continue;
        const runId = `run-cron-${flow.id}-${minute}`;
        const cmd: StartRunCommand = { runId, flowId: flow.id, principal: flow.savedBy, trigger: 'cron' };
        try {
          await deps.clients.run.start.send(cmd, { msgId: runId });
          deps.log.info({ flowId: flow.id, minute: start.toISOString(), runId }, 'cron trigger fired');
        } catch (err) {
          // Not stored: give the minute back so a redelivered clock command may still fire it.
          await releaseClaim(deps.store, claim, deps.workerId).catch(() => undefined);
          deps.log.error({ err, flowId: flow.id, minute: start.toISOString() }, 'cron trigger could not send its run');
        }
      }
    },
  };
}
