/**
 * The outbox's "published" flags (store/outbox-flags.ts: an audit row's `audit_outbox` row
 * deleted), on each store engine: a flag with no
 * run statement under way gets a statement of its own; flags issued while runs start and step
 * ride along those statements; and a statement the database refuses hands its flags back, so
 * they are still written (a lost flag would make the sweep re-send the event, and its caller
 * would never return).
 */
import t from 'tap';
import { engines } from '../helpers/store-engines.js';
import { insertRun, writeBoundary, type Lease } from '../../actors/run/engine/records.js';
import { auditOf } from '../../store/audit/index.js';
import { flagPublished } from '../../store/outbox-flags.js';
import { AuditOutbox } from '../../store/entities/AuditOutbox.js';
import type { Store } from '../../store/types.js';

const lease: Lease = { holder: 'worker-a', ms: 60_000, now: () => Date.now() };
const flow = { id: 'f', steps: [{ id: 's1', kind: 'tool', tool: 'svc_echo', args: { text: 'x' } }] };

const start = (store: Store, id: string) =>
  insertRun(
    store,
    { id, flowId: 'f', flow, principal: 'alice', input: 'x', trigger: 'manual', cursor: 's1', stack: ['f'], traceId: id },
    lease,
    {
      audit: { type: 'FlowRun', data: { runId: id, status: 'running' }, traceId: id },
      refusePaused: false,
    },
  );

/** `text` of a step's output; PostgreSQL refuses a NUL character in it, so that boundary cannot be written. */
const boundary = (store: Store, runId: string, text: string) =>
  writeBoundary(
    store,
    {
      runId,
      seq: 0,
      stepId: 's1',
      cursor: null,
      outputs: { s1: { text, summary: 'ok' } },
      trace: [],
      principal: 'alice',
      input: 'x',
      attemptKey: undefined,
      attemptOutcome: 'done',
    },
    lease,
    { status: 'running' },
  );

/** Those of `ids` still in the outbox. */
const unpublished = async (store: Store, ids: string[]) =>
  (
    await store
      .em()
      .fork()
      .find(AuditOutbox, { id: { $in: ids } }, { orderBy: { id: 'asc' } })
  ).map((r) => String(r.id));

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`${e.engine}: a flag with no run statement under way is written on its own`, { skip }, async (t) => {
    const store = await e.open(t);
    const rows = await Promise.all([1, 2, 3].map((i) => auditOf(store).append({ type: 'FlowSaved', data: { i } })));
    await Promise.all(rows.map((r) => flagPublished(store, r.id)));
    t.same(
      await unpublished(
        store,
        rows.map((r) => r.id),
      ),
      [],
      'every row flagged once its caller returns',
    );
  });

  t.test(`${e.engine}: flags issued while runs step are written, a refused statement's included`, { skip, timeout: 60_000 }, async (t) => {
    const store = await e.open(t);
    const runs = Array.from({ length: 12 }, (_, i) => `run-${i}`);
    for (const id of runs) await start(store, id);
    const rows = await Promise.all(Array.from({ length: 30 }, (_, i) => auditOf(store).append({ type: 'FlowRun', data: { i } })));
    // Queued first, so the statements started next (the refused one goes first, alone) take them.
    const flagged = rows.slice(0, 20).map((r) => flagPublished(store, r.id));
    const steps = runs.map((id, i) => boundary(store, id, i === 0 ? 'a\u0000b' : id).catch((err: unknown) => err));
    flagged.push(...rows.slice(20).map((r) => flagPublished(store, r.id)));
    await Promise.all(flagged);
    const outcomes = await Promise.all(steps);
    if (e.engine === 'postgres') t.ok(outcomes[0] instanceof Error, 'the NUL boundary is refused');
    t.same(
      outcomes.slice(1),
      runs.slice(1).map(() => ({ ok: true, pauseRequested: false, audit: undefined })),
      'the other runs stepped',
    );
    t.same(
      await unpublished(
        store,
        rows.map((r) => r.id),
      ),
      [],
      'every row flagged once its caller returns',
    );
    const before = await store.em().fork().count(AuditOutbox, {});
    t.equal(before, runs.length, "only the runs' own start rows (never flagged here) are left unpublished");
  });

  t.test(`${e.engine}: a run start carries flags too`, { skip }, async (t) => {
    const store = await e.open(t);
    const rows = await Promise.all([1, 2].map((i) => auditOf(store).append({ type: 'FlowRun', data: { i } })));
    const flagged = rows.map((r) => flagPublished(store, r.id));
    const started = await start(store, 'run-a');
    await Promise.all(flagged);
    t.ok(started.row, 'the run started');
    t.same(
      await unpublished(
        store,
        rows.map((r) => r.id),
      ),
      [],
      'flagged',
    );
  });
}
