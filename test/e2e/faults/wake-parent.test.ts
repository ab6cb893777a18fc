/**
 * A parent run parked on its delegate is woken when the delegate ends, even when the wake-up's
 * first send is lost: NATS cut between the child's final commit and the send (the worker reaches
 * NATS through a proxy the test cuts), or the worker killed -9 at that moment (fault seam
 * `wake.before-send`). The child's end is the outbox entry (store/owed-wakeups.ts) and the
 * wake-up sweep (actors/run/wakeups.ts) sends it once NATS is back. JetStream + PostgreSQL.
 */
import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSvc } from '../../helpers/process.js';
import { skipUnless, TEST_NATS_URL } from '../../helpers/services.js';
import { claimReal } from '../../helpers/system.js';
import { pollFor } from '../../helpers/poll.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { startProxy } from '../../helpers/tcp-proxy.js';
import { createJetStreamBus, names, type Bus } from '../../../bus/index.js';
import { createLogger } from '../../../runtime/log.js';
import { OPERATOR } from '../../../identity/caller.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

/** A connector route whose answers the test releases, so it chooses when the child ends. */
async function heldServer(t: Test) {
  let calls = 0;
  let arrived: () => void = () => undefined;
  const held: Array<() => void> = [];
  const srv = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      held.push(() => {
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
      arrived();
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  t.teardown(
    () =>
      new Promise<void>((r) => {
        srv.closeAllConnections();
        srv.close(() => r());
      }),
  );
  return {
    port: (srv.address() as AddressInfo).port,
    calls: () => calls,
    arrival: () =>
      new Promise<void>((r) => {
        if (held.length) r();
        else arrived = r;
      }),
    release: () => held.splice(0).forEach((answer) => answer()),
  };
}

async function setup(t: Test) {
  const side = await heldServer(t);
  const { prefix, schema, env: real } = claimReal(t);
  const env = {
    ...real,
    LOG_LEVEL: 'info',
    SVC_CLOCK_TICK_MS: '500',
    SVC_ACK_WAIT_MS: '5000',
    SVC_RUN_LEASE_MS: '2000',
    SVC_CONNECTORS: JSON.stringify([
      { id: 'side', baseUrl: `http://127.0.0.1:${side.port}`, routes: { effect: { method: 'POST', path: '/effect' } } },
    ]),
  };
  const bus: Bus = createJetStreamBus({ servers: TEST_NATS_URL, names: names(prefix), log: createLogger('silent') });
  t.teardown(() => bus.close());
  const row = async (id: string) => (await pgQuery(`select id, status, waiting_reason from "${schema}".flow_run where id = $1`, [id]))[0];
  const childOf = async (parent: string) =>
    (await pgQuery(`select id, status from "${schema}".flow_run where parent_run_id = $1`, [parent]))[0];
  return { side, env, bus, row, childOf };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Starts a parent whose delegate parks on a `wait`, and returns once both are parked. */
async function parkedPair(s: Setup, sc: string): Promise<{ parent: string; child: string }> {
  const child = {
    id: `f-child-${sc}`,
    steps: [
      { id: 'w', kind: 'wait', for: 'human' },
      { id: 'call', kind: 'tool', tool: 'side.effect', args: { key: sc } },
    ],
  };
  const parent = { id: `f-parent-${sc}`, steps: [{ id: `deleg_${sc}`, kind: 'agent', agent: 'bob', flowId: child.id }] };
  await s.bus.call('run', 'save', { flow: child, caller: OPERATOR }, { timeoutMs: 60_000 });
  const parentId = `run-parent-${sc}`;
  await s.bus.send(
    'run',
    'start',
    { runId: parentId, flow: parent, principal: 'operator', operator: true },
    { msgId: `start-${parentId}` },
  );
  const childRow = await pollFor(
    'the child to park',
    async () => {
      const c = await s.childOf(parentId);
      return c?.status === 'waiting' ? c : undefined;
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
  await pollFor('the parent to park on its child', async () => (await s.row(parentId))?.waiting_reason === 'awaiting_child' || undefined, {
    timeoutMs: 30_000,
    everyMs: 100,
  });
  return { parent: parentId, child: childRow.id as string };
}

async function ended(s: Setup, id: string, timeoutMs: number): Promise<string> {
  return pollFor(
    `run ${id} to end`,
    async () => {
      const r = await s.row(id);
      return r && r.status !== 'running' && r.status !== 'waiting' ? (r.status as string) : undefined;
    },
    { timeoutMs, everyMs: 150 },
  );
}

t.test(
  "NATS cut between the child's end and its wake-up: the parent is woken once NATS is back",
  { skip: realSkip, timeout: 180_000 },
  async (t) => {
    const s = await setup(t);
    const proxy = await startProxy('127.0.0.1', Number(new URL(TEST_NATS_URL).port || 4222));
    t.teardown(() => proxy.close());
    const worker = await startSvc(t, ['worker', '--actors', 'run,clock'], { ...s.env, NATS_URL: `nats://127.0.0.1:${proxy.port}` });
    const { parent, child } = await parkedPair(s, 'cut');

    await s.bus.send('run', 'resume', { runId: child, caller: OPERATOR });
    await s.side.arrival();
    proxy.cut();
    await worker.waitFor((r) => r.msg === 'disconnected from NATS; reconnecting');
    s.side.release();
    t.equal(await ended(s, child, 30_000), 'completed', 'the child ends while NATS is away');
    // The end's audit event fails first (its publish waits out its timeout), then the wake-up is
    // sent into the dead connection: whatever the client buffered is dropped when it reconnects.
    await worker.waitFor((r) => r.msg?.startsWith('audit event not published yet') && r.type === 'FlowRun', 30_000);
    await new Promise((r) => setTimeout(r, 1_000));
    t.equal((await s.row(parent))?.status, 'waiting', 'the parent is still parked while NATS is away');
    proxy.restore();

    t.equal(await ended(s, parent, 45_000), 'completed', 'the parent is woken and completes once NATS is back');
    t.equal(s.side.calls(), 1, "the child's call went out once");
    worker.proc.kill('SIGTERM');
    await worker.exited();
  },
);

t.test(
  "worker killed -9 between the child's end and its wake-up: another worker wakes the parent",
  { skip: realSkip, timeout: 180_000 },
  async (t) => {
    const s = await setup(t);
    const victim = await startSvc(t, ['worker', '--actors', 'run'], { ...s.env, SVC_FAULTS: 'wake.before-send:deleg_crash=crash' });
    const { parent, child } = await parkedPair(s, 'crash');

    await s.bus.send('run', 'resume', { runId: child, caller: OPERATOR });
    await s.side.arrival();
    s.side.release();
    t.match(await victim.exited(), { signal: 'SIGKILL' }, "killed after the child's end, before the wake-up");
    t.equal(await ended(s, child, 30_000), 'completed', "the child's end was committed");
    t.equal((await s.row(parent))?.status, 'waiting', 'the parent was not woken');

    const heir = await startSvc(t, ['worker', '--actors', 'run,clock'], s.env);
    t.equal(await ended(s, parent, 45_000), 'completed', 'the wake-up sweep wakes the parent');
    t.equal(s.side.calls(), 1, "the child's call went out once");
    heir.proc.kill('SIGTERM');
    await heir.exited();
  },
);
