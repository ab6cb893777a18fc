/**
 * A person pipes a listing into `head`: the reader closes the pipe early and the CLI must stop
 * quietly, not print a Node stack trace about EPIPE.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BIN, requireBuild } from '../helpers/process.js';

requireBuild();

t.test('a reader that closes the pipe early ends the CLI quietly', async (t) => {
  // Far more than a pipe buffer, so the CLI is still writing when the reader goes away.
  const templates = Array.from({ length: 20_000 }, (_, i) => ({ id: `t${i}`, title: `template ${i}`, description: 'x'.repeat(40) }));
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ templates }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const child = spawn(process.execPath, [BIN, 'flows', 'templates'], {
    env: { ...process.env, SVC_URL: url, SVC_ORCH_TOKEN: 'pipe-test-token-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Like `head -1`: read the first chunk, then close the read end.
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));

  t.equal(code, 0, 'exits 0: the reader had what it wanted');
  t.notMatch(stderr, /EPIPE|Error|at /, 'no stack trace');
});
