/**
 * The eval network block, in a child process as the eval route runs it: every outbound path is
 * stopped and named (fetch, a fetch captured before the block, http, https, net, tls, a bare
 * socket, undici), nothing reaches a loopback server that counts connections, a run that reaches
 * for the network fails its scenario naming the URL, an MCP tool call fails naming the tool, and
 * the shipped scenarios still pass under the block.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { ROOT, requireBuild } from '../helpers/process.js';
import { evalDir } from '../helpers/evals.js';

t.test('nothing leaves the child; each attempt is named; a reaching run fails naming the URL', async (t) => {
  requireBuild();
  let connections = 0;
  const server = createServer((s) => {
    connections += 1;
    s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const port = (server.address() as AddressInfo).port;
  const dir = evalDir(t, {
    scenarios: [
      { id: 'talks', describe: 'a model step', flow: 'talk', expect: {} },
      { id: 'asks-mcp', describe: 'an MCP tool nobody mocked', flow: 'mcp', expect: {} },
      {
        id: 'posts-hook',
        describe: 'a connector route nobody mocked',
        flow: 'hook',
        expect: { status: 'error', called: { 'hooks.post': 1 } },
      },
    ],
  });

  const child = spawn(process.execPath, [`${ROOT}test/fixtures/evals-net-block-child.mjs`, ROOT, String(port), dir], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  t.equal(code, 0, err);
  const got = JSON.parse(out.trim().split('\n').at(-1)!);

  t.equal(connections, 0, 'the loopback server saw no connection');
  for (const [name, outcome] of Object.entries(got.outcomes as Record<string, string>))
    t.match(outcome, /network access is blocked in an eval: /, `${name} is blocked`);
  const h = `127.0.0.1:${port}`;
  t.strictSame(got.attempts, [
    `http://${h}/fetch`,
    `http://${h}/captured`,
    `http://${h}/http-get`,
    `http://${h}/named`,
    `https://${h}/https`,
    h,
    h,
    h,
    h,
    `http://${h}/undici`,
  ]);

  t.strictSame(got.reached.results, [
    {
      id: 'talks',
      ok: false,
      failures: [`network: expected no network access, got an attempt to reach http://${h}/v1/chat/completions`],
      durationMs: got.reached.results[0].durationMs,
    },
  ]);
  const offline = Object.fromEntries(got.offline.results.map((r: { id: string; failures: string[] }) => [r.id, r.failures]));
  t.strictSame(offline['asks-mcp'], [
    'network: expected no MCP server reached, got a call to mcp__remote__search (mock it in mocks.tools)',
  ]);
  t.strictSame(offline['posts-hook'], [], 'an unmocked connector route answers the offline shape and reaches nothing');
  t.strictSame(offline.talks, []);
  t.strictSame(
    got.offline.results.filter((r: { ok: boolean; id: string }) => !r.ok).map((r: { id: string }) => r.id),
    ['asks-mcp'],
    'the shipped scenarios pass under the block',
  );
  t.strictSame(got.after, [], 'the suite read every attempt');
});
