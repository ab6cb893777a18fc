/**
 * A child's end is committed before its audit row is written. When that write fails (the store
 * away), the parent must still be woken: the command is redelivered, finds the run ended and
 * sends nothing, and the parent would wait for a sweep.
 */
import t from 'tap';
import { pino } from 'pino';
import { runEnded, sendWakeup } from '../../actors/run/engine/events.js';
import { parseFaults } from '../../kernel/faults.js';
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

t.test("a sweep's re-send is not a copy of the first send in the stream's eyes, and one window's re-sends are", async (t) => {
  const ids: string[] = [];
  const bus = {
    send: async (_a: string, _v: string, _i: unknown, opts: { msgId: string }) => {
      ids.push(opts.msgId);
      return { seq: 1, duplicate: false };
    },
  } as unknown as RunDeps['bus'];
  const w = { parentRunId: 'p', parentStepId: 's', childRunId: 'c', traceId: null };
  await sendWakeup(bus, w);
  await sendWakeup(bus, w, 7);
  await sendWakeup(bus, w, 7);
  await sendWakeup(bus, w, 8);
  t.equal(new Set(ids).size, 3, 'first send, window 7, window 8');
  t.not(ids[1], ids[0], "a taken-then-lost first send cannot swallow the sweep's");
  t.equal(ids[2], ids[1], 'two replicas sweeping one window send one command');
});
