/**
 * The wake-ups a parent run is owed (store/owed-wakeups.ts), read the same on both engines: a
 * parent parked awaiting_child on a child that ended before the cut-off, and nothing else.
 */
import t from 'tap';
import { engines } from '../helpers/store-engines.js';
import { FlowRun } from '../../store/entities/FlowRun.js';
import { owedWakeups } from '../../store/owed-wakeups.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

function run(id: string, patch: Partial<FlowRun>): FlowRun {
  return {
    id,
    flowId: 'f',
    flow: {},
    principal: 'operator',
    input: null,
    trigger: 'manual',
    status: 'running',
    waitingReason: null,
    waitingStepId: null,
    waitingToken: null,
    cursor: null,
    seq: 0,
    outputs: {},
    trace: [],
    stack: ['f'],
    parentRunId: null,
    parentStepId: null,
    parentKey: null,
    errorCode: null,
    errorMessage: null,
    leaseHolder: null,
    leaseExpiresAt: null,
    pauseRequested: false,
    resumeSignal: null,
    pendingSignal: null,
    traceId: null,
    createdAt: at(0),
    updatedAt: at(0),
    endedAt: null,
    ...patch,
  } as FlowRun;
}

for (const e of engines) {
  t.test(e.engine, { skip: await e.skip() }, async (t) => {
    const store = await e.open(t);
    const parked = (id: string, child: string, reason = 'awaiting_child') =>
      run(id, { status: 'waiting', waitingReason: reason, waitingStepId: 'deleg', waitingToken: child });
    const child = (id: string, parent: string, status: string, endedAt: Date | null) =>
      run(id, { status, endedAt, parentRunId: parent, parentStepId: 'deleg', parentKey: `${parent}/deleg`, traceId: `tr-${id}` });
    const rows = [
      parked('p-done', 'c-done'),
      child('c-done', 'p-done', 'completed', at(10)),
      parked('p-err', 'c-err'),
      child('c-err', 'p-err', 'error', at(5)),
      parked('p-cancel', 'c-cancel'),
      child('c-cancel', 'p-cancel', 'cancelled', at(20)),
      parked('p-fresh', 'c-fresh'),
      child('c-fresh', 'p-fresh', 'completed', at(40)),
      parked('p-live', 'c-live'),
      child('c-live', 'p-live', 'waiting', null),
      parked('p-op', 'c-op', 'operator'),
      child('c-op', 'p-op', 'completed', at(10)),
      run('p-woken', { status: 'running' }),
      child('c-woken', 'p-woken', 'completed', at(10)),
    ];
    const em = store.em();
    for (const r of rows) em.create(FlowRun, r);
    await em.flush();

    const owed = await owedWakeups(store, at(30), 10);
    t.same(
      owed,
      [
        { parentRunId: 'p-err', parentStepId: 'deleg', childRunId: 'c-err', traceId: 'tr-c-err' },
        { parentRunId: 'p-done', parentStepId: 'deleg', childRunId: 'c-done', traceId: 'tr-c-done' },
        { parentRunId: 'p-cancel', parentStepId: 'deleg', childRunId: 'c-cancel', traceId: 'tr-c-cancel' },
      ],
      'parents parked on a child that ended before the cut-off, oldest end first',
    );
    t.equal((await owedWakeups(store, at(30), 1)).length, 1, 'the limit holds');
  });
}
