/**
 * /health and `svc health` say, per actor, whether some worker consumes its work queue now: on
 * the embedded bus (consumers attached in this process) and on JetStream (a gateway with no
 * consumer of its own sees a worker's pulls on the durable consumers).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import t from 'tap';
import { repoPath } from '../helpers/paths.js';
import { claimReal, startSystem } from '../helpers/system.js';
import { req } from '../helpers/http.js';
import { pollFor } from '../helpers/poll.js';

const CLI = repoPath('dist/cli/main.js');

t.test('embedded bus: an actor this process does not run has no live consumer', async (t) => {
  const sys = await startSystem(t, { actors: ['ops', 'clock', 'gate', 'trigger', 'mcp'] });
  const h = await req(sys.url, 'GET', '/health');
  t.equal(h.status, 200, 'not a reason to be degraded');
  t.equal(h.body.actors.run.live, false, 'nobody consumes run');
  for (const a of ['ops', 'clock', 'gate', 'trigger', 'mcp']) t.equal(h.body.actors[a].live, true, `${a} is consumed`);
  // Not spawnSync: the server answering the CLI runs in this very process.
  const cli = await promisify(execFile)(process.execPath, [CLI, 'health'], { env: { ...process.env, SVC_URL: sys.url } });
  t.match(cli.stderr, /no worker is consuming run/, 'svc health tells the user');
  t.notMatch(cli.stderr, /consuming ops/);
});

t.test('JetStream: a gateway sees which actors a worker elsewhere consumes', async (t) => {
  const real = claimReal(t);
  const gw = await startSystem(t, { role: 'gateway', nats: { prefix: real.prefix }, postgres: { schema: real.schema } });
  const before = await req(gw.url, 'GET', '/health');
  t.equal(before.body.actors.ops.live, false, 'no worker yet');
  await startSystem(t, { role: 'worker', actors: ['ops'], nats: { prefix: real.prefix }, postgres: { schema: real.schema } });
  const after = await pollFor(
    'the gateway to see the worker pulling',
    async () => {
      const h = await req(gw.url, 'GET', '/health');
      return h.body.actors.ops.live ? h : undefined;
    },
    { timeoutMs: 15_000, everyMs: 250 },
  );
  t.ok(after.body.actors.ops.waiting >= 1, 'a pull is waiting');
  t.equal(after.body.actors.run.live, false, 'run has no worker');
});
