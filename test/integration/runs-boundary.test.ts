/**
 * Run starts and step boundaries written at the same moment by many runs of one worker, on each
 * store engine (on PostgreSQL they share statements): every run gets exactly its own row, start
 * audit row, checkpoint, attempt close and end audit row; a paused principal starts nothing; a
 * start repeated at the same moment inserts once; a run that lost its lease or was asked to
 * pause is told so; one boundary the database refuses fails alone, never its neighbours.
 */
import t from 'tap';
import { engines } from '../helpers/store-engines.js';
import { insertRun, openAttempt, type NewRun, writeBoundary, type Boundary, type Lease } from '../../actors/run/engine/records.js';
import { FlowCheckpoint } from '../../store/entities/FlowCheckpoint.js';
import { FlowAttempt } from '../../store/entities/FlowAttempt.js';
import { FlowRun } from '../../store/entities/FlowRun.js';
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import { pauseAgent } from '../../store/paused.js';
import type { Store } from '../../store/types.js';
import { rawSql } from '../../store/raw.js';

const lease: Lease = { holder: 'worker-a', ms: 60_000, now: () => Date.now() };
const flow = {
  id: 'f',
  steps: [
    { id: 's1', kind: 'tool', tool: 'svc_echo', args: { text: 'x' } },
    { id: 's2', kind: 'tool', tool: 'svc_echo', args: { text: 'y' } },
  ],
};

const start = (store: Store, id: string, over: Partial<NewRun> = {}) =>
  insertRun(
    store,
    { id, flowId: 'f', flow, principal: 'alice', input: `in-${id}`, trigger: 'manual', cursor: 's1', stack: ['f'], traceId: id, ...over },
    lease,
    {
      audit: { type: 'FlowRun', data: { runId: id, status: 'running' }, traceId: id },
      refusePaused: true,
    },
  );

async function newRun(store: Store, id: string): Promise<void> {
  if (!(await start(store, id)).row) throw new Error(`run ${id} not inserted`);
}

const step = (runId: string, seq: number, over: Partial<Boundary> = {}): Boundary => ({
  runId,
  seq,
  stepId: 's1',
  cursor: 's2',
  outputs: { s1: { text: runId, summary: 'ok' } },
  trace: [{ stepId: 's1', kind: 'tool', status: 'done', summary: 'ok', at: new Date().toISOString() }],
  principal: 'alice',
  input: `in-${runId}`,
  attemptKey: undefined,
  attemptOutcome: 'done',
  ...over,
});

for (const e of engines) {
  const skip = (await e.skip()) ?? false;
  t.test(`${e.engine}: concurrent boundaries each land on their own run`, { skip }, async (t) => {
    const store = await e.open(t);
    const ids = Array.from({ length: 24 }, (_, i) => `run-${i}`);
    for (const id of ids) await newRun(store, id);
    const opened = await openAttempt(store, 'run-1', 's1', 0, lease, () => false);
    const attemptKey = opened.ok ? opened.key : undefined;
    await store.em().nativeUpdate(FlowRun, { id: 'run-2' }, { pauseRequested: true });
    await store.em().nativeUpdate(FlowRun, { id: 'run-3' }, { leaseHolder: 'worker-b' });

    const results = await Promise.allSettled(
      ids.map((id, i) => {
        if (id === 'run-1') return writeBoundary(store, step(id, 0, { attemptKey }), lease, { status: 'running' });
        if (id === 'run-4') return writeBoundary(store, step(id, 5), lease, { status: 'running' });
        // PostgreSQL refuses a NUL character in JSON: this boundary cannot be written at all.
        if (id === 'run-5')
          return writeBoundary(store, step(id, 0, { outputs: { s1: { text: 'a\u0000b' } } }), lease, { status: 'running' });
        const end = i % 2 === 0;
        return writeBoundary(
          store,
          step(id, 0, end ? { cursor: null } : {}),
          lease,
          end ? { status: 'completed' } : { status: 'running' },
          end ? { type: 'FlowRun', data: { runId: id, status: 'completed' }, traceId: id } : undefined,
        );
      }),
    );
    const value = (id: string) => {
      const r = results[ids.indexOf(id)]!;
      if (r.status === 'rejected') throw r.reason;
      return r.value;
    };

    t.same(value('run-2'), { ok: true, pauseRequested: true }, 'a pause request is reported at the boundary');
    t.same(value('run-3'), { ok: false, reason: 'lost' }, 'another holder: nothing written');
    t.same(value('run-4'), { ok: false, reason: 'lost' }, 'a stale seq: nothing written');
    if (e.engine === 'postgres') t.equal(results[5]!.status, 'rejected', 'the refused boundary fails');
    const attempt = await store.em().fork().findOneOrFail(FlowAttempt, { key: attemptKey });
    t.equal(attempt.outcome, 'done', 'the attempt is closed with its step');

    const em = store.em().fork();
    for (const [i, id] of ids.entries()) {
      if (['run-2', 'run-3', 'run-4', 'run-5'].includes(id)) continue;
      const r = value(id);
      t.equal(r.ok, true, `${id} written`);
      const row = await em.findOneOrFail(FlowRun, { id });
      const cps = await em.find(FlowCheckpoint, { runId: id });
      t.same(
        cps.map((c) => [c.seq, c.cursor, (c.outputs as any).s1.text, c.input]),
        [[1, i % 2 === 0 && id !== 'run-1' ? null : 's2', id, `in-${id}`]],
        `${id}: its own checkpoint`,
      );
      t.equal(row.seq, 1);
      if (i % 2 === 0 && id !== 'run-1') {
        t.equal(row.status, 'completed');
        t.equal(row.leaseHolder, null);
        t.ok(row.endedAt);
        const audit = r.ok ? r.audit : undefined;
        t.ok(audit, `${id}: its end audit row is returned`);
        const stored = await em.findOneOrFail(AuditEvent, { id: audit!.id });
        t.same(stored.data, { runId: id, status: 'completed' }, `${id}: the returned audit id is its own row`);
      } else {
        t.equal(row.status, 'running');
        t.equal(row.leaseHolder, 'worker-a', 'a commit keeps the lease');
        t.equal(r.ok && r.audit, undefined);
      }
    }
    for (const id of ['run-3', 'run-4']) t.equal(await em.count(FlowCheckpoint, { runId: id }), 0, `${id}: no checkpoint`);
    if (e.engine === 'postgres') t.equal((await em.findOneOrFail(FlowRun, { id: 'run-5' })).seq, 0, 'the refused run is unchanged');
  });
}

for (const e of engines) {
  const skip = (await e.skip()) ?? false;
  t.test(`${e.engine}: concurrent starts each insert their own run and audit row`, { skip }, async (t) => {
    const store = await e.open(t);
    await newRun(store, 'old');
    await pauseAgent(store, 'bob', 'operator');
    const parent = { runId: 'old', stepId: 's1' };
    const starts: Array<[string, Partial<NewRun>]> = [
      ...Array.from({ length: 20 }, (_, i): [string, Partial<NewRun>] => [`new-${i}`, {}]),
      ['new-3', {}],
      ['old', {}],
      ['bobs', { principal: 'bob' }],
      ['child-a', { parent }],
      ['child-b', { parent }],
    ];
    const out = await Promise.all(starts.map(([id, over]) => start(store, id, over)));
    const em = store.em().fork();
    const audits = await em.find(AuditEvent, { type: 'FlowRun' });
    for (let i = 0; i < 20; i++) {
      const id = `new-${i}`;
      const made = out.filter((o, j) => starts[j]![0] === id && o.row);
      t.equal(made.length, 1, `${id}: inserted once`);
      t.same(
        audits.filter((a) => a.data.runId === id).map((a) => a.id),
        [made[0]!.audit!.id],
        `${id}: one start audit row, the one returned`,
      );
      t.equal((await em.findOneOrFail(FlowRun, { id })).input, `in-${id}`);
    }
    t.same(out[21], { row: null, paused: false, audit: undefined }, 'an existing run is not inserted again');
    t.same(out[22], { row: null, paused: true, audit: undefined }, 'a paused principal starts nothing');
    t.equal(await em.count(FlowRun, { id: 'bobs' }), 0);
    t.equal([out[23], out[24]].filter((o) => o!.row).length, 1, 'one child per (run, step)');
    t.equal(audits.length, 22, 'a start audit row exactly for each run inserted');
  });
}

for (const e of engines) {
  const skip = (await e.skip()) ?? false;
  t.test(`${e.engine}: concurrent attempt opens each get their own key; a key already taken fails closed`, { skip }, async (t) => {
    const store = await e.open(t);
    for (let i = 0; i < 16; i++) await newRun(store, `run-${i}`);
    await newRun(store, 'run-x');
    const never = () => false;
    t.same(await openAttempt(store, 'run-x', 's1', 0, lease, never), { ok: true, key: 'run-x/s1/0' });
    const opens = await Promise.all([
      ...Array.from({ length: 16 }, (_, i) => openAttempt(store, `run-${i}`, 's1', 0, lease, never)),
      openAttempt(store, 'run-x', 's1', 0, lease, () => true),
      openAttempt(store, 'run-x', 's1', 0, lease, never),
    ]);
    t.same(
      opens.slice(0, 16),
      Array.from({ length: 16 }, (_, i) => ({ ok: true, key: `run-${i}/s1/0` })),
    );
    t.same(
      opens.slice(16),
      [
        { ok: false, reason: 'taken', key: 'run-x/s1/0', open: true },
        { ok: false, reason: 'taken', key: 'run-x/s1/0', open: true },
      ],
      'an open attempt at the same seq is never opened again, whatever the step claims',
    );
    const em = store.em().fork();
    await em.nativeUpdate(FlowAttempt, { key: 'run-x/s1/0' }, { closedAt: new Date(), outcome: 'abandoned' });
    t.same(
      await openAttempt(store, 'run-x', 's1', 0, lease, never),
      { ok: false, reason: 'taken', key: 'run-x/s1/0', open: false },
      'a closed one still fails closed unless the step may run again',
    );
    t.same(
      await openAttempt(store, 'run-x', 's1', 0, lease, (closed) => closed.every((c) => c.outcome === 'abandoned')),
      { ok: true, key: 'run-x/s1/0.r1' },
      'a step that may run again gets a fresh key',
    );
    t.same(await openAttempt(store, 'run-x', 's1', 1, lease, never), { ok: false, reason: 'lost' }, 'a stale seq opens nothing');
    t.same(
      await openAttempt(store, 'run-x', 's1', 0, { ...lease, holder: 'worker-b' }, never),
      { ok: false, reason: 'lost' },
      'nor does a worker that does not hold the run',
    );
    t.same(await openAttempt(store, 'no-such-run', 's1', 0, lease, never), { ok: false, reason: 'lost' });
    t.equal(await em.count(FlowAttempt, {}), 18, 'one record per successful open');
  });
}

for (const e of engines) {
  const skip = (await e.skip()) ?? false;
  t.test(
    `${e.engine}: held checkpoints are written before the boundary's own, at consecutive seqs, with the run's seq past them`,
    { skip },
    async (t) => {
      const store = await e.open(t);
      await newRun(store, 'fast');
      await newRun(store, 'careful');
      await newRun(store, 'lost');
      // A pause request sends a boundary down the careful path (the ORM transaction).
      await store.em().nativeUpdate(FlowRun, { id: 'careful' }, { pauseRequested: true });
      await store.em().nativeUpdate(FlowRun, { id: 'lost' }, { leaseHolder: 'worker-b' });
      const held = [
        { stepId: 'h1', cursor: 'h2', outputs: { h1: { text: '1', summary: 'one' } } },
        { stepId: 'h2', cursor: 's1', outputs: { h1: { text: '1', summary: 'one' }, h2: { text: '2', summary: 'two' } } },
      ];
      const [fast, careful, lost] = await Promise.all(
        ['fast', 'careful', 'lost'].map((id) => writeBoundary(store, step(id, 0, { held, cursor: null }), lease, { status: 'completed' })),
      );
      t.same(fast, { ok: true, pauseRequested: false, audit: undefined });
      t.same(careful, { ok: true, pauseRequested: true });
      t.same(lost, { ok: false, reason: 'lost' }, 'a run held elsewhere gets none of the checkpoints');
      const em = store.em().fork();
      for (const id of ['fast', 'careful']) {
        const cps = await em.find(FlowCheckpoint, { runId: id }, { orderBy: { seq: 'asc' } });
        t.same(
          cps.map((c) => [c.seq, c.stepId, c.cursor, Object.keys(c.outputs)]),
          [
            [1, 'h1', 'h2', ['h1']],
            [2, 'h2', 's1', ['h1', 'h2']],
            [3, 's1', null, ['s1']],
          ],
          `${id}: each step's checkpoint, in order`,
        );
        t.ok(
          cps.every((c) => c.principal === 'alice' && c.input === `in-${id}`),
          `${id}: principal and input on every checkpoint`,
        );
        const run = await em.findOneOrFail(FlowRun, { id });
        t.equal(run.seq, 3, `${id}: the run's seq is the last checkpoint's`);
        t.equal(run.status, 'completed');
      }
      t.equal(await em.count(FlowCheckpoint, { runId: 'lost' }), 0);
      t.equal((await writeBoundary(store, step('fast', 0), lease, { status: 'running' })).ok, false, 'the old seq no longer matches');
    },
  );
}

for (const e of engines) {
  const skip = (await e.skip()) ?? false;
  t.test(
    `${e.engine}: a run inserted after its first steps comes with their checkpoints and, when it ended, its end audit row`,
    { skip },
    async (t) => {
      const store = await e.open(t);
      await pauseAgent(store, 'bob', 'operator');
      const cps = [
        { stepId: 's1', cursor: 's2', outputs: { s1: { text: 'a' } } },
        { stepId: 's2', cursor: null, outputs: { s1: { text: 'a' }, s2: { text: 'b' } } },
      ];
      const trace = cps.map((c) => ({
        stepId: c.stepId,
        kind: 'tool',
        status: 'done' as const,
        summary: 'ok',
        at: new Date().toISOString(),
      }));
      const ended = {
        status: 'completed' as const,
        cursor: null,
        outputs: cps[1]!.outputs,
        trace,
        checkpoints: cps,
        endAudit: { type: 'FlowRun', data: { status: 'completed' }, traceId: 't' },
      };
      const [done, failed, running, paused] = await Promise.all([
        insertRun(
          store,
          { id: 'done', flowId: 'f', flow, principal: 'alice', input: 'in', trigger: 'manual', cursor: 's1', stack: ['f'], traceId: 't' },
          lease,
          { audit: { type: 'FlowRun', data: { status: 'running' }, traceId: 't' }, refusePaused: true, state: ended },
        ),
        insertRun(
          store,
          { id: 'failed', flowId: 'f', flow, principal: 'alice', input: 'in', trigger: 'manual', cursor: 's1', stack: ['f'], traceId: 't' },
          lease,
          {
            audit: { type: 'FlowRun', data: { status: 'running' }, traceId: 't' },
            refusePaused: true,
            state: { ...ended, status: 'error', checkpoints: cps.slice(0, 1), error: { code: 'flow_step_failed', message: 'no' } },
          },
        ),
        insertRun(
          store,
          {
            id: 'running',
            flowId: 'f',
            flow,
            principal: 'alice',
            input: 'in',
            trigger: 'manual',
            cursor: 's1',
            stack: ['f'],
            traceId: 't',
          },
          lease,
          {
            audit: { type: 'FlowRun', data: { status: 'running' }, traceId: 't' },
            refusePaused: true,
            state: { status: 'running', cursor: 's2', outputs: cps[0]!.outputs, trace: trace.slice(0, 1), checkpoints: cps.slice(0, 1) },
          },
        ),
        insertRun(
          store,
          { id: 'bobs', flowId: 'f', flow, principal: 'bob', input: 'in', trigger: 'manual', cursor: 's1', stack: ['f'], traceId: 't' },
          lease,
          { audit: { type: 'FlowRun', data: { status: 'running' }, traceId: 't' }, refusePaused: true, state: ended },
        ),
      ]);
      t.ok(done.endAudit && Number(done.endAudit.id) > Number(done.audit!.id), 'the end audit row comes after the start one');
      t.equal(running.endAudit, undefined);
      t.same(paused, { row: null, paused: true, audit: undefined });
      const em = store.em().fork();
      const row = async (id: string) => em.findOneOrFail(FlowRun, { id });
      t.match(await row('done'), { status: 'completed', seq: 2, cursor: null, leaseHolder: null, endedAt: Date });
      t.match(await row('failed'), { status: 'error', seq: 1, errorCode: 'flow_step_failed', leaseHolder: null });
      t.match(await row('running'), { status: 'running', seq: 1, cursor: 's2', leaseHolder: 'worker-a', endedAt: null });
      t.same(
        (await em.find(FlowCheckpoint, { runId: 'done' }, { orderBy: { seq: 'asc' } })).map((c) => [c.seq, c.stepId, c.cursor, c.input]),
        [
          [1, 's1', 's2', 'in'],
          [2, 's2', null, 'in'],
        ],
      );
      t.equal(await em.count(FlowCheckpoint, { runId: 'running' }), 1);
      t.equal(await em.count(FlowCheckpoint, { runId: 'bobs' }), 0);
      const audits = await em.find(AuditEvent, { type: 'FlowRun' });
      t.equal(audits.length, 5, 'start rows for the three runs, end rows for the two that ended');
      t.equal(failed.endAudit?.type, 'FlowRun');
      const outbox = await rawSql(store).rows(`select count(*) as "n" from ${rawSql(store).table('audit_outbox')}`, []);
      t.equal(Number(outbox[0]!.n), 5, 'each with its outbox row');
    },
  );
}

const pg = engines.find((e) => e.engine === 'postgres')!;
t.test(
  'postgres: a boundary that leaves the run running stays on its page after newer runs filled it',
  { skip: (await pg.skip()) ?? false },
  async (t) => {
    // A new version on the same page, with no indexed column changed, is a HOT update: no index is
    // touched. The run's page keeps room for it however many runs were inserted after it.
    const store = await pg.open(t);
    const sql = rawSql(store);
    const page = async (id: string) =>
      String((await sql.rows(`select "ctid"::text as c from ${sql.table('flow_run')} where "id" = $1`, [id]))[0]!.c).split(',')[0];
    await newRun(store, 'first');
    for (let i = 0; i < 60; i++) await newRun(store, `later-${i}`);
    const before = await page('first');
    t.equal((await page('later-59')) !== before, true, 'newer runs went on to further pages');
    for (let seq = 0; seq < 3; seq++) t.equal((await writeBoundary(store, step('first', seq), lease, { status: 'running' })).ok, true);
    t.equal(await page('first'), before, 'every new version of the row was written on its page');
  },
);
