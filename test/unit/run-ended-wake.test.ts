/**
 * A child's end is committed before its audit row is written. When that write fails (the store
 * away), the parent must still be woken: the command is redelivered, finds the run ended and
 * sends nothing, and the parent would wait for a sweep.
 */
import t from 'tap';
import { pino } from 'pino';
import { runEnded } from '../../actors/run/engine/events.js';
import { parseFaults } from '../../runtime/faults.js';
import type { RunDeps } from '../../actors/run/deps.js';
import type { RunView } from '../../schemas/runs.js';

t.test("a child's failed audit write still wakes its parent, and the failure is not swallowed", async (t) => {
  const sent: { actor: string; verb: string; input: any; opts: any }[] = [];
  const deps = {
    config: { faults: parseFaults(undefined) },
    log: pino({ level: 'silent' }),
    bus: {
      send: async (actor: string, verb: string, input: unknown, opts: unknown) => {
        sent.push({ actor, verb, input, opts });
        return { seq: 1, duplicate: false };
      },
    },
    audit: {
      record: async () => {
        throw new Error('store unavailable');
      },
      publish: async () => undefined,
    },
  } as unknown as RunDeps;
  const view = { id: 'run-child', flowId: 'f-child', status: 'error', steps: [] } as unknown as RunView;
  await t.rejects(runEnded(deps, { parentRunId: 'run-parent', parentStepId: 'deleg' }, view, 'trace-1'), /store unavailable/);
  t.equal(sent.length, 1, 'one wake-up sent');
  t.match(sent[0], {
    actor: 'run',
    verb: 'signal',
    input: { runId: 'run-parent', stepId: 'deleg', signal: { kind: 'child_finished', childRunId: 'run-child' } },
    opts: { msgId: 'child_finished.run-child' },
  });
});
