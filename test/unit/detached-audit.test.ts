/** Audit rows nobody waits for: started at once, stored before their event, retried, and awaited at close. */
import t from 'tap';
import { Writable } from 'node:stream';
import { createLogger } from '../../runtime/log.js';
import { DetachedAudit } from '../../runtime/detached-audit.js';
import type { AuditInput, StoredAudit } from '../../store/audit/index.js';
import type { Store } from '../../store/types.js';
import type { EventData } from '../../schemas/events.js';

/** An ExternalMcpCalled event's data, with the fields a case names. */
const called = (over: Partial<EventData<'ExternalMcpCalled'>>): EventData<'ExternalMcpCalled'> => ({
  server: 'srv',
  tool: 'tool',
  seat: 'seat-a',
  owner: null,
  effect: null,
  mode: null,
  askSurface: false,
  outcome: 'ok',
  wentOut: true,
  durationMs: 1,
  ...over,
});

function setup(insert: (row: AuditInput) => Promise<StoredAudit>) {
  const lines: any[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  const published: StoredAudit[] = [];
  const audit = new DetachedAudit({
    store: {} as Store,
    audit: {
      publish: async (row) => {
        published.push(row);
      },
    },
    log: createLogger('info', sink),
    insert: (_store, row) => insert(row),
    retryMs: 5,
    retryMaxMs: 20,
  });
  return { audit, lines, published };
}

const stored = (row: AuditInput, id = '1'): StoredAudit => ({
  id,
  type: row.type,
  at: row.at!,
  traceId: row.traceId ?? null,
  data: row.data,
});

t.test('write() returns before the row is stored; the event follows the row; settle() waits for it', async (t) => {
  let commit!: () => void;
  const inserted: AuditInput[] = [];
  const { audit, published } = setup(
    (row) =>
      new Promise((resolve) => {
        inserted.push(row);
        commit = () => resolve(stored(row));
      }),
  );
  audit.write('ExternalMcpCalled', called({ tool: 'echo' }), 'trace-1');
  t.equal(audit.pending, 1, 'the caller goes on while the row is on its way');
  t.same(published, [], 'no event before the row is stored');
  await new Promise((r) => setImmediate(r));
  t.equal(inserted.length, 1, 'the insert started within the turn');
  let settled = false;
  const done = audit.settle().then(() => {
    settled = true;
  });
  await new Promise((r) => setTimeout(r, 10));
  t.notOk(settled, 'settle() waits for the commit');
  commit();
  await done;
  t.equal(audit.pending, 0);
  t.match(published, [{ type: 'ExternalMcpCalled', traceId: 'trace-1', data: { tool: 'echo' } }]);
});

t.test('a failed insert is retried until stored, keeping the time of the event', async (t) => {
  const attempts: AuditInput[] = [];
  const { audit, lines, published } = setup(async (row) => {
    attempts.push(row);
    if (attempts.length < 3) throw new Error('store away');
    return stored(row);
  });
  audit.write('ExternalMcpCalled', called({ tool: 'echo' }));
  await audit.settle();
  t.equal(attempts.length, 3);
  t.equal(attempts[2]!.at, attempts[0]!.at, 'the row keeps the time it was written, not the time it was stored');
  t.equal(published.length, 1);
  t.equal(lines.filter((l) => l.msg === 'audit row not stored yet; retrying' && l.level === 40).length, 2);
});

t.test('at the settle deadline a row the store never took is logged with its content', async (t) => {
  const { audit, lines, published } = setup(async () => {
    throw new Error('store away');
  });
  audit.write('ExternalMcpCalled', called({ server: 'gh', tool: 'echo', outcome: 'ok' }), 'trace-9');
  await audit.settle(50);
  t.equal(audit.pending, 0);
  t.same(published, []);
  t.match(
    lines.find((l) => l.level === 50),
    {
      msg: 'audit row lost: the store did not take it before shutdown',
      type: 'ExternalMcpCalled',
      traceId: 'trace-9',
      data: { server: 'gh', tool: 'echo', outcome: 'ok' },
    },
  );
});

t.test('an insert that never returns does not hold settle() past its deadline and grace', async (t) => {
  const { audit } = setup(() => new Promise(() => undefined));
  audit.write('ExternalMcpCalled', called({ tool: 'echo' }));
  const started = Date.now();
  await audit.settle(20);
  t.ok(Date.now() - started < 3_000, `settled in ${Date.now() - started} ms`);
});
