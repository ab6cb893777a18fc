/**
 * The store contract, once, against both engines: what the rest of the product relies on
 * (unique keys, one winner per claim, transactions that roll back, usage counts) must hold on
 * SQLite in memory exactly as on PostgreSQL.
 */
import t from 'tap';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { auditOf, AuditEvent, Claim, claimWindow, holdLease, releaseClaim } from '../../store/index.js';
import { engines } from '../helpers/store-engines.js';
import { runsOf, type Lease, type NewRun } from '../../store/runs/index.js';
import { pauseAgent } from '../../store/paused.js';
import { mcpOf } from '../../store/mcp/index.js';

const HOUR = 3_600_000;

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`store on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);

    t.test('ready() answers true while open', async (t) => {
      t.equal(store.engine, e.engine);
      t.equal(await store.ready(), true);
    });

    t.test('em() hands out a fresh fork each time', async (t) => {
      t.not(store.em(), store.em());
    });

    t.test('unique key holds: a second insert of the same claim key fails', async (t) => {
      const key = 'unique:1';
      await store.em().insert(Claim, { key, holder: 'a', claimedAt: new Date(), expiresAt: null });
      const err = await store
        .em()
        .insert(Claim, { key, holder: 'b', claimedAt: new Date(), expiresAt: null })
        .then(
          () => undefined,
          (x: unknown) => x,
        );
      t.ok(err instanceof UniqueConstraintViolationException, `UniqueConstraintViolationException, got ${String(err)}`);
      const rows = await store.em().find(Claim, { key });
      t.same(
        rows.map((r) => r.holder),
        ['a'],
        'the first holder is kept',
      );
    });

    t.test('20 concurrent claimWindow calls for one key: exactly one wins', async (t) => {
      const key = 'clock.minute:1';
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => claimWindow(store, key, `w${i}`, HOUR)));
      t.equal(results.filter(Boolean).length, 1);
      const winner = `w${results.indexOf(true)}`;
      t.equal((await store.em().findOneOrFail(Claim, { key })).holder, winner, 'the row names the winner');
      t.equal(await claimWindow(store, key, 'late', HOUR), false, 'an unexpired claim is not taken over');
    });

    t.test('an expired claim is taken over by exactly one of 10 concurrent claimers', async (t) => {
      const key = 'clock.minute:2';
      const past = new Date(Date.now() - HOUR);
      await store.em().insert(Claim, { key, holder: 'gone', claimedAt: past, expiresAt: new Date(past.getTime() + 1000) });
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => claimWindow(store, key, `w${i}`, HOUR)));
      t.equal(results.filter(Boolean).length, 1);
      const row = await store.em().findOneOrFail(Claim, { key });
      t.equal(row.holder, `w${results.indexOf(true)}`);
      t.ok(row.expiresAt && row.expiresAt.getTime() > Date.now(), 'the new claim expires in the future');
    });

    t.test('a claim without ttl never expires; releaseClaim frees it for its holder only', async (t) => {
      const key = 'heartbeat:1';
      t.equal(await claimWindow(store, key, 'a'), true);
      t.equal(await claimWindow(store, key, 'b'), false);
      t.equal(await releaseClaim(store, key, 'b'), false, 'not the holder');
      t.equal(await releaseClaim(store, key, 'a'), true);
      t.equal(await claimWindow(store, key, 'b'), true, 'free again after the release');
    });

    t.test('holdLease: renewed by its holder, refused to others while live, taken once it lapsed', async (t) => {
      const key = 'lease:1';
      t.equal(await holdLease(store, key, 'a', HOUR), true);
      const first = (await store.em().findOneOrFail(Claim, { key })).expiresAt!.getTime();
      await new Promise((r) => setTimeout(r, 5));
      t.equal(await holdLease(store, key, 'a', HOUR), true, 'the holder renews');
      t.ok((await store.em().findOneOrFail(Claim, { key })).expiresAt!.getTime() > first, 'further out');
      t.equal(await holdLease(store, key, 'b', HOUR), false, 'another is refused while it is live');
      await store.em().nativeUpdate(Claim, { key }, { expiresAt: new Date(Date.now() - 1000) });
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => holdLease(store, key, `w${i}`, HOUR)));
      t.equal(results.filter(Boolean).length, 1, 'a lapsed lease is taken by exactly one of 10');
      t.equal(await holdLease(store, key, 'a', HOUR), false, 'the old holder lost it');
    });

    t.test('a transaction that throws after inserting leaves nothing behind', async (t) => {
      const key = 'trx:1';
      const boom = new Error('boom');
      const outcome = store.em().transactional(async (em) => {
        await em.insert(Claim, { key, holder: 'a', claimedAt: new Date(), expiresAt: null });
        em.create(AuditEvent, { type: 'trx.test', at: new Date(), data: { key } });
        await em.flush();
        t.equal(await em.count(Claim, { key }), 1, 'visible inside the transaction');
        t.equal(await em.count(AuditEvent, { type: 'trx.test' }), 1, 'visible inside the transaction');
        throw boom;
      });
      await t.rejects(outcome, boom);
      t.equal(await store.em().count(Claim, { key }), 0);
      t.equal(await store.em().count(AuditEvent, { type: 'trx.test' }), 0);
    });

    t.test('append stores the event; usageCounts counts by type from since on', async (t) => {
      const since = new Date(Date.now() - 60_000);
      const before = new Date(since.getTime() - 1);
      const em = store.em();
      await em.insert(AuditEvent, { type: 'usage.a', at: before, traceId: null, data: {} });
      await em.insert(AuditEvent, { type: 'usage.old', at: before, traceId: null, data: {} });
      await em.insert(AuditEvent, { type: 'usage.a', at: since, traceId: null, data: {} });
      await auditOf(store).append({ type: 'usage.a', data: { n: 1 } });
      await auditOf(store).append({ type: 'usage.b', traceId: 'trace-1', data: { nested: { ok: true }, list: [1, 2] } });

      const counts = await auditOf(store).usageCounts(since);
      t.same(
        Object.fromEntries(Object.entries(counts).filter(([type]) => type.startsWith('usage.'))),
        { 'usage.a': 2, 'usage.b': 1 },
        'the row at exactly `since` counts; rows before it do not',
      );
      t.same(await auditOf(store).usageCounts(new Date(Date.now() + 60_000)), {}, 'nothing from the future');

      const row = await store.em().findOneOrFail(AuditEvent, { type: 'usage.b' });
      t.match(row, { traceId: 'trace-1', data: { nested: { ok: true }, list: [1, 2] } });
      t.type(row.id, 'string', 'the bigint id comes back as a string');
      t.ok(row.at instanceof Date && Math.abs(row.at.getTime() - Date.now()) < 60_000, 'at is now');
    });
  });

  t.test(`run repository on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);
    const runs = runsOf(store);
    const a: Lease = { holder: 'worker-a', ms: 60_000, now: () => Date.now() };
    const b: Lease = { ...a, holder: 'worker-b' };
    const run = (id: string, over: Partial<NewRun> = {}): NewRun => ({
      id,
      flowId: 'f',
      flow: { id: 'f' },
      principal: 'alice',
      input: 'in',
      trigger: 'manual',
      cursor: 's1',
      stack: ['f'],
      traceId: id,
      ...over,
    });
    const started = { audit: { type: 'FlowRun', data: { status: 'running' } }, refusePaused: true };
    const step = (runId: string, seq: number) => ({
      runId,
      seq,
      stepId: `s${seq + 1}`,
      cursor: `s${seq + 2}`,
      outputs: { [`s${seq + 1}`]: seq },
      trace: [],
      principal: 'alice',
      input: 'in',
      attemptKey: undefined,
      attemptOutcome: 'done',
    });

    t.test(
      'insert stores the run, leased, with its audit row; a second insert of the id or of the parent step stores nothing',
      async (t) => {
        const ins = await runs.insert(run('r1'), a, started);
        t.match(ins, { paused: false, audit: { type: 'FlowRun', id: String } });
        const row = await runs.load('r1');
        t.match(row, {
          id: 'r1',
          status: 'running',
          leaseHolder: 'worker-a',
          seq: 0,
          flow: { id: 'f' },
          stack: ['f'],
          pauseRequested: false,
          resumeSignal: null,
        });
        t.ok(row!.createdAt instanceof Date && row!.leaseExpiresAt instanceof Date, 'dates come back as dates');
        t.same(await runs.insert(run('r1'), a, started), { row: null, paused: false, audit: undefined });
        t.ok((await runs.insert(run('c1', { parent: { runId: 'r1', stepId: 's1' } }), a, started)).row);
        t.equal(
          (await runs.insert(run('c2', { parent: { runId: 'r1', stepId: 's1' } }), a, started)).row,
          null,
          'one child per parent step',
        );
        t.equal((await runs.findChild('r1', 's1'))?.id, 'c1');
        t.equal(await runs.load('missing'), null);
      },
    );

    t.test('a paused principal starts nothing when refused', async (t) => {
      await pauseAgent(store, 'bob', 'op');
      t.same(await runs.insert(run('p1', { principal: 'bob' }), a, started), { row: null, paused: true, audit: undefined });
      t.ok((await runs.insert(run('p2', { principal: 'bob' }), a, { ...started, refusePaused: false })).row);
    });

    t.test('leases: renewed by the holder only, taken when free, expired, own or forced', async (t) => {
      await runs.insert(run('l1'), a, started);
      t.equal(await runs.renewLease('l1', a), true);
      t.equal(await runs.renewLease('l1', b), false);
      t.equal(await runs.takeLease('l1', b, false), false, 'held and unexpired');
      t.equal(await runs.takeLease('l1', a, false), true, 'its own');
      t.equal(await runs.takeLease('l1', b, true), true, 'forced');
      t.equal((await runs.load('l1'))!.leaseHolder, 'worker-b');
    });

    t.test('set aside: only an expired lease is dropped; the sweep passes the run by, a takeover still finds it', async (t) => {
      await runs.insert(run('sa1'), a, started);
      t.equal(await runs.setAside('sa1', new Date()), false, 'a live holder keeps its run');
      const later = new Date(Date.now() + 120_000);
      t.ok(
        (await runs.recoverable(later, 100)).some((r) => r.id === 'sa1'),
        'recoverable once its lease expires',
      );
      t.equal(await runs.setAside('sa1', later), true, 'an expired lease is dropped');
      t.match(await runs.load('sa1'), { status: 'running', leaseHolder: null, leaseExpiresAt: null });
      t.notOk(
        (await runs.recoverable(later, 100)).some((r) => r.id === 'sa1'),
        'the sweep no longer sees it',
      );
      t.equal(await runs.takeLease('sa1', b, false), true, 'a takeover by lease takes it');
    });

    t.test('a boundary moves the run only for its holder at its seq; an end stores its audit row', async (t) => {
      await runs.insert(run('b1'), a, started);
      t.same(await runs.writeBoundary(step('b1', 0), b, { status: 'running' }), { ok: false, reason: 'lost' }, 'not the holder');
      t.match(await runs.writeBoundary(step('b1', 0), a, { status: 'running' }), { ok: true, pauseRequested: false });
      t.same(await runs.writeBoundary(step('b1', 0), a, { status: 'running' }), { ok: false, reason: 'lost' }, 'a stale seq');
      const end = await runs.writeBoundary(
        { ...step('b1', 1), cursor: null },
        a,
        { status: 'completed' },
        { type: 'FlowRun', data: { status: 'completed' } },
      );
      t.match(end, { ok: true, audit: { type: 'FlowRun', id: String } });
      t.match(await runs.load('b1'), { status: 'completed', seq: 2, cursor: null, leaseHolder: null, outputs: { s2: 1 } });
      t.ok((await runs.load('b1'))!.endedAt instanceof Date);
    });

    t.test('a pause request is reported at the boundary; a signal that came before the park re-enters the step', async (t) => {
      await runs.insert(run('s1'), a, started);
      t.equal(await runs.requestPause('s1', new Date()), true);
      t.same(await runs.writeBoundary(step('s1', 0), a, { status: 'running' }), { ok: true, pauseRequested: true });
      t.equal(await runs.withdrawPause('s1', new Date()), true);
      t.equal(await runs.leavePendingSignal('s1', 's2', { kind: 'gate' }), true);
      t.equal(await runs.leavePendingSignal('s1', 's2', { kind: 'gate' }), false, 'one pending signal');
      const park = await runs.writeBoundary(step('s1', 1), a, {
        status: 'waiting',
        reason: 'human_gate',
        stepId: 's2',
        token: 't',
        resumeSignal: undefined,
      });
      t.same(park, { ok: false, reason: 'pending', signal: { kind: 'gate' } });
      t.match(await runs.load('s1'), { status: 'running', pendingSignal: null, resumeSignal: { kind: 'gate' } });
    });

    t.test('a parked run is claimed by exactly one waker', async (t) => {
      await runs.insert(run('w1'), a, started);
      t.match(
        await runs.writeBoundary(step('w1', 0), a, {
          status: 'waiting',
          reason: 'human_gate',
          stepId: 's2',
          token: 'tok',
          resumeSignal: undefined,
        }),
        { ok: true },
      );
      t.match(await runs.load('w1'), { status: 'waiting', waitingReason: 'gate', waitingToken: 'tok', leaseHolder: null });
      t.equal(await runs.claimWaiting('w1', a, { token: 'other' }, null, false), false, 'another token');
      const claims = await Promise.all([a, b, a, b].map((l) => runs.claimWaiting('w1', l, { token: 'tok' }, { ok: true }, false)));
      t.equal(claims.filter(Boolean).length, 1);
      t.match(await runs.load('w1'), { status: 'running', resumeSignal: { ok: true }, waitingToken: null });
    });

    t.test('attempts: one per step and seq for the holder; reopened only when the caller allows; interrupted with the run', async (t) => {
      await runs.insert(run('a1'), a, started);
      t.same(await runs.openAttempt('a1', 's1', 0, b, () => true), { ok: false, reason: 'lost' });
      t.same(await runs.openAttempt('a1', 's1', 0, a, () => false), { ok: true, key: 'a1/s1/0' });
      t.same(await runs.openAttempt('a1', 's1', 0, a, () => true), { ok: false, reason: 'taken', key: 'a1/s1/0', open: true });
      await runs.closeAttempt('a1/s1/0', 'abandoned', new Date());
      t.same(await runs.openAttempt('a1', 's1', 0, a, () => false), { ok: false, reason: 'taken', key: 'a1/s1/0', open: false });
      t.same(await runs.openAttempt('a1', 's1', 0, a, (closed) => closed[0]?.outcome === 'abandoned'), { ok: true, key: 'a1/s1/0.r1' });
      t.same(
        (await runs.openAttempts('a1')).map((x) => x.key),
        ['a1/s1/0.r1'],
      );
      t.equal(await runs.interrupt('a1', 'a1/s1/0.r1', 'gone', new Date(), 'worker-b'), false, 'not the holder');
      t.equal(await runs.interrupt('a1', 'a1/s1/0.r1', 'gone', new Date(), 'worker-a'), true);
      t.match(await runs.load('a1'), { status: 'error', errorCode: 'flow_step_interrupted', leaseHolder: null });
      t.same(await runs.openAttempts('a1'), []);
    });

    t.test('a run ends from outside only while running or waiting', async (t) => {
      await runs.insert(run('e1'), a, started);
      t.equal(await runs.endFromOutside('e1', 'cancelled', 'cancelled', 'by op', new Date(), 'worker-b'), false, 'only the holder given');
      t.equal(await runs.endFromOutside('e1', 'cancelled', 'cancelled', 'by op', new Date()), true);
      t.equal(await runs.endFromOutside('e1', 'error', 'x', 'y', new Date()), false, 'already ended');
      t.match(await runs.load('e1'), { status: 'cancelled', errorCode: 'cancelled' });
    });
  });

  t.test(`MCP repository on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);
    const mcp = mcpOf(store);
    const server = (id: string, url: string) => ({ id, transport: 'http', url }) as never;

    t.test("a caller sees its own runtime server before the operator's", async (t) => {
      t.equal(await mcp.putRuntimeServer('', server('srv', 'http://op'), 'op'), false);
      t.equal(await mcp.putRuntimeServer('', server('srv', 'http://op2'), 'op'), true, 'replaced');
      await mcp.putRuntimeServer('alice', server('srv', 'http://alice'), 'alice');
      t.match(await mcp.visibleRuntimeServer('alice', 'srv'), { owner: 'alice', config: { url: 'http://alice' } });
      t.match(await mcp.visibleRuntimeServer('bob', 'srv'), { owner: '', config: { url: 'http://op2' } });
      t.equal(await mcp.visibleRuntimeServer('bob', 'none'), undefined);
      t.same(
        (await mcp.runtimeServers()).map((r) => r.owner),
        ['', 'alice'],
      );
      t.equal(await mcp.deleteRuntimeServer('alice', 'srv'), true);
      t.equal(await mcp.deleteRuntimeServer('alice', 'srv'), false);
    });

    t.test('a call reads whether the catalog lists its tool and the rules that decide it, every write seen at once', async (t) => {
      const rule = {
        owner: '',
        server: 's',
        tool: 'echo',
        level: 'workspace',
        ref: '',
        enabled: true,
        effect: 'read',
        mode: undefined,
      } as const;
      t.same(await mcp.callRules('', 's', 'echo'), { found: false, inputSchema: undefined, rules: [], drifted: false });
      const inputSchema = { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer' } }, required: ['q'] };
      await mcp.putCatalog('', 's', [{ name: 'echo', inputSchema }, { name: 'other' }]);
      t.match(await mcp.catalog('', 's'), { tools: [{ name: 'echo' }, { name: 'other' }] });
      await mcp.upsertRule(rule, 'op');
      await mcp.upsertRule({ ...rule, tool: '*', level: 'agent', ref: '0xa', enabled: false, effect: undefined }, 'op');
      await mcp.upsertRule({ ...rule, tool: 'other' }, 'op');
      const read = await mcp.callRules('', 's', 'echo');
      t.equal(read.found, true);
      t.same(read.inputSchema, inputSchema, 'with the inputSchema the server published for it');
      t.equal((await mcp.callRules('', 's', 'other')).inputSchema, undefined, 'a tool published without one');
      t.same(
        read.rules.map((r) => `${r.level}:${r.tool}:${r.enabled}`).sort(),
        ['agent:*:false', 'workspace:echo:true'],
        'exact and wildcard only',
      );
      t.equal((await mcp.rules('')).length, 3);
      t.same(
        (await mcp.revokeAllows('', 's', ['echo'])).map((r) => r.tool),
        ['echo'],
      );
      t.equal(await mcp.deleteRule('', 's', '*', 'agent', '0xa'), true);
      t.same(await mcp.callRules('', 's', 'echo'), { found: true, inputSchema, rules: [], drifted: false });
      t.equal((await mcp.callRules('', 's', 'missing')).found, false);
    });

    t.test('sealed secrets per owner', async (t) => {
      t.equal(await mcp.putSecret('alice', 'k', 'sealed-1', '1111'), false);
      t.equal(await mcp.putSecret('alice', 'k', 'sealed-2', '2222'), true);
      t.equal(await mcp.sealedSecret('alice', 'k'), 'sealed-2');
      t.equal(await mcp.sealedSecret('bob', 'k'), undefined);
      t.match(await mcp.secrets('alice'), [{ ref: 'k', last4: '2222' }]);
      t.same(await mcp.deleteSecret('alice', 'k'), { last4: '2222' });
      t.equal(await mcp.deleteSecret('alice', 'k'), undefined);
    });
  });

  t.test(`ready() on a closed ${e.engine} store answers false instead of throwing`, { skip }, async (t) => {
    const store = await e.open(t);
    await store.close();
    t.equal(await store.ready(), false);
  });
}
