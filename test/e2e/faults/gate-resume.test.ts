/**
 * A run parked on a human gate resumes once its answer is committed, even when NATS is cut
 * between the answer's commit and the `run.signal` that resumes the run (the worker reaches NATS
 * through a proxy the test cuts, and a table lock holds the gate handler right after the
 * question's update). The answered question with no `signaledAt` is the outbox entry; the gate
 * sweep re-sends its signal a clock window later. JetStream + PostgreSQL.
 */
import t from 'tap';
import pg from 'pg';
import { startSvc } from '../../helpers/process.js';
import { skipUnless, TEST_DATABASE_URL, TEST_NATS_URL } from '../../helpers/services.js';
import { claimReal } from '../../helpers/system.js';
import { pollFor } from '../../helpers/poll.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { startProxy } from '../../helpers/tcp-proxy.js';
import { createJetStreamBus, names } from '../../../bus/index.js';
import { createLogger } from '../../../runtime/log.js';
import type { GateMessageRequest } from '../../../schemas/gates.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

t.test(
  'NATS cut between a gate answer and its run signal: the run resumes once NATS is back',
  { skip: realSkip, timeout: 180_000 },
  async (t) => {
    const { prefix, schema, env: real } = claimReal(t);
    const bus = createJetStreamBus({ servers: TEST_NATS_URL, names: names(prefix), log: createLogger('silent') });
    t.teardown(() => bus.close());
    const proxy = await startProxy('127.0.0.1', Number(new URL(TEST_NATS_URL).port || 4222));
    t.teardown(() => proxy.close());
    const env = {
      ...real,
      LOG_LEVEL: 'info',
      SVC_CLOCK_TICK_MS: '500',
      SVC_ACK_WAIT_MS: '5000',
      NATS_URL: `nats://127.0.0.1:${proxy.port}`,
    };
    const worker = await startSvc(t, ['worker', '--actors', 'run,gate,clock'], env);
    const row = async (id: string) => (await pgQuery(`select status, waiting_reason from "${schema}".flow_run where id = $1`, [id]))[0];

    const runId = 'run-gate-cut';
    const flow = {
      id: 'f-gate-cut',
      steps: [{ id: 'ask', kind: 'human', prompt: 'go?', options: [{ id: 'yes', label: 'Yes', port: null }] }],
    };
    await bus.send('run', 'start', { runId, flow, principal: 'operator', operator: true }, { msgId: `start-${runId}` });
    await pollFor('the run to park on its gate', async () => (await row(runId))?.waiting_reason === 'human_gate' || undefined, {
      timeoutMs: 60_000,
      everyMs: 100,
    });
    const [question] = await pgQuery(`select id from "${schema}".gate_question where run_id = $1`, [runId]);

    // The answer's first write after the question's update is its message row: hold it there.
    const lock = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await lock.connect();
    t.teardown(() => lock.end());
    await lock.query('begin');
    await lock.query(`lock table "${schema}".message in exclusive mode`);
    const answer: GateMessageRequest = {
      replyTo: question!.id as string,
      body: 'yes',
      caller: { kind: 'seat', seat: 'alice', authorKind: 'human' },
    };
    await bus.send('gate', 'message', answer);
    await pollFor(
      'the question to be resolved',
      async () =>
        (await pgQuery(`select status from "${schema}".gate_question where id = $1`, [question!.id]))[0]?.status === 'resolved' ||
        undefined,
      { timeoutMs: 30_000, everyMs: 100 },
    );
    proxy.cut();
    await worker.waitFor((r) => r.msg === 'disconnected from NATS; reconnecting');
    await lock.query('commit');
    await worker.waitFor((r) => r.msg?.startsWith('gate signal not sent'), 30_000);
    t.equal((await row(runId))?.status, 'waiting', 'the run is still parked while NATS is away');
    proxy.restore();

    const ended = await pollFor(
      'the run to end',
      async () => {
        const r = await row(runId);
        return r && r.status !== 'waiting' && r.status !== 'running' ? r.status : undefined;
      },
      { timeoutMs: 30_000, everyMs: 150 },
    );
    t.equal(ended, 'completed', 'the gate sweep re-sent the signal and the run completed');
    worker.proc.kill('SIGTERM');
    await worker.exited();
  },
);
