/**
 * JetStream bus rpc: an answerer that works longer than the caller's silence limit keeps the
 * request alive with heartbeats, and one that dies mid-request (kill -9 of its process) is given
 * up after that silence, not at the request's own timeout (an MCP call waits up to 310 s).
 */
import { spawn } from 'node:child_process';
import t from 'tap';
import { ROOT, repoPath } from '../helpers/paths.js';
import { pino } from 'pino';
import { createJetStreamBus, names } from '../../bus/index.js';
import type { AppError } from '../../schemas/errors.js';
import { skipUnless, TEST_NATS_URL, uniqueName } from '../helpers/services.js';

const DIST_BUS = repoPath('dist/bus/index.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('rpc heartbeats and a dead answerer', { skip: (await skipUnless('nats')) ?? false }, async (t) => {
  const prefix = uniqueName('rpc');
  const bus = (o: { rpcHeartbeatMs?: number; rpcSilenceMs?: number }) =>
    createJetStreamBus({ servers: TEST_NATS_URL, names: names(prefix), log: pino({ level: 'silent' }), ...o });
  const caller = bus({ rpcSilenceMs: 600 });
  const server = bus({ rpcHeartbeatMs: 100 });
  t.teardown(() => Promise.allSettled([caller.close(), server.close()]));

  t.test('a handler working past the silence limit still answers', async (t) => {
    await server.serve('slow', async () => {
      await sleep(2_000);
      return { done: true };
    });
    t.same(
      await caller.request('slow', {}, { timeoutMs: 20_000 }),
      { done: true },
      'heartbeats kept it alive, and none was taken for the answer',
    );
  });

  t.test('an answerer killed mid-request is given up after the silence, not at the timeout', async (t) => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      const { pino } = await import('pino');
      const { createJetStreamBus, names } = await import(${JSON.stringify(DIST_BUS)});
      const bus = createJetStreamBus({ servers: ${JSON.stringify(TEST_NATS_URL)}, names: names(${JSON.stringify(prefix)}), log: pino({ level: 'silent' }), rpcHeartbeatMs: 100 });
      await bus.serve('stuck', () => new Promise(() => process.stdout.write('taken\\n')));
      process.stdout.write('ready\\n');
    `,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    t.teardown(() => {
      child.kill('SIGKILL');
    });
    const lines: string[] = [];
    child.stdout!.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)));
    for (let i = 0; i < 200 && !lines.includes('ready'); i++) await sleep(50);
    t.ok(lines.includes('ready'), 'the answerer serves');
    const started = Date.now();
    let settled = false;
    const outcome = caller
      .request('stuck', {}, { timeoutMs: 60_000 })
      .catch((e: unknown) => e as AppError)
      .finally(() => {
        settled = true;
      });
    for (let i = 0; i < 200 && !lines.includes('taken'); i++) await sleep(20);
    t.ok(lines.includes('taken'), 'the request reached it');
    await sleep(1_000);
    t.notOk(settled, 'alive past the silence limit while its answerer beats');
    child.kill('SIGKILL');
    const err = (await outcome) as AppError;
    const waited = Date.now() - started;
    t.equal(err.code, 'command_timeout');
    t.match(err.message, /went silent/);
    t.ok(waited < 15_000, `given up after ${waited} ms, far from the 60 s timeout`);
  });
});
