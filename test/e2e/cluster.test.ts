/**
 * The local cluster the way an operator starts it: deploy/cluster.sh start runs a 3-node NATS
 * JetStream cluster, 2 gateways and 2 workers (dist/cli/main.js, built by `npm test`'s pretest).
 * A ping through either gateway reaches one of the workers over the work queue; it still does
 * after one NATS node is killed with SIGKILL; `cluster.sh stop` drains everything and exits 0.
 * Everything is isolated: its own directory, ports, bus prefix and database schema.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import t from 'tap';
import { ROOT } from '../helpers/paths.js';
import pg from 'pg';
import { skipUnless, TEST_DATABASE_URL, uniqueName } from '../helpers/services.js';

const SCRIPT = join(ROOT, 'deploy/cluster.sh');
const MAIN = join(ROOT, 'dist/cli/main.js');
const NATS_NODES = ['nats-1', 'nats-2', 'nats-3'] as const;
const GATEWAYS = ['gateway-1', 'gateway-2'] as const;
const WORKERS = ['worker-1', 'worker-2'] as const;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cluster(cmd: 'start' | 'stop' | 'status', env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Run> {
  return new Promise((resolve) => {
    execFile('bash', [SCRIPT, cmd], { cwd: ROOT, env, timeout: timeoutMs, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) + (err && code === -1 ? `\n${err.message}` : '') });
    });
  });
}

/** Ports free right now on 127.0.0.1 (held open together so they are distinct). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const s = net.createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** Alive and not a zombie (the cluster's processes are not our children). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

function findNatsServer(): string | undefined {
  if (process.env.NATS_SERVER) return existsSync(process.env.NATS_SERVER) ? process.env.NATS_SERVER : undefined;
  const found = spawnSync('bash', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : undefined;
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

const natsServer = findNatsServer();
if (natsServer === undefined && process.env.CI === 'true') throw new Error('CI needs nats-server on PATH or at /usr/sbin/nats-server');
const skip = (await skipUnless('postgres')) ?? (natsServer === undefined ? 'nats-server not found (set NATS_SERVER)' : undefined);

t.test('deploy/cluster.sh: 3 NATS nodes, 2 gateways, 2 workers', { timeout: 170_000, skip: skip ?? false }, async (t) => {
  if (!existsSync(MAIN)) {
    t.fail(`${MAIN} is missing: run \`npm run build\` first (\`npm test\` does it in pretest)`);
    return;
  }

  const dir = mkdtempSync(join(tmpdir(), 'svc-cluster-'));
  const schema = uniqueName('t_cluster_');
  const prefix = uniqueName('tc');
  const token = randomBytes(24).toString('hex');
  const ports = await freePorts(11);
  const natsPorts = ports.slice(0, 3);
  const httpPorts = ports.slice(6, 9);
  const gatewayPorts = ports.slice(9, 11);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NATS_SERVER: natsServer!,
    SVC_CLUSTER_DIR: dir,
    SVC_CLUSTER_NAME: prefix,
    SVC_CLUSTER_NATS_PORTS: natsPorts.join(','),
    SVC_CLUSTER_ROUTE_PORTS: ports.slice(3, 6).join(','),
    SVC_CLUSTER_HTTP_PORTS: httpPorts.join(','),
    SVC_CLUSTER_GATEWAY_PORTS: gatewayPorts.join(','),
    SVC_CLUSTER_START_TIMEOUT: '60',
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    SVC_BUS_PREFIX: prefix,
    SVC_ORCH_HOST: '127.0.0.1',
    SVC_ORCH_TOKEN: token,
    LOG_LEVEL: 'info',
    SVC_STREAM_REPLICAS: '3',
  };
  for (const inherited of ['NATS_URL', 'SVC_ORCH_PORT', 'SVC_SESSION_KEY', 'SVC_ROOT_AUTH']) delete env[inherited];

  const readPid = (name: string): number => Number(readFileSync(join(dir, `${name}.pid`), 'utf8').trim());
  const logTail = (name: string): string => {
    try {
      return readFileSync(join(dir, `${name}.log`), 'utf8')
        .split('\n')
        .slice(-15)
        .join('\n');
    } catch {
      return '(no log)';
    }
  };
  const allLogs = () => [...NATS_NODES, ...GATEWAYS, ...WORKERS].map((n) => `--- ${n}\n${logTail(n)}`).join('\n');

  t.teardown(async () => {
    const stopped = await cluster('stop', env, 60_000);
    if (stopped.code !== 0) t.comment(`teardown: cluster.sh stop exited ${stopped.code}: ${stopped.stderr}`);
    await dropSchema(schema).catch((err: unknown) => t.comment(`teardown: could not drop schema ${schema}: ${String(err)}`));
    if (t.passing()) rmSync(dir, { recursive: true, force: true });
    else t.comment(`cluster logs kept in ${dir}`);
  });

  const started = Date.now();
  const start = await cluster('start', env, 150_000);
  if (start.code !== 0) {
    t.fail(`cluster.sh start exited ${start.code}`, { stdout: start.stdout, stderr: start.stderr });
    return;
  }
  t.pass(`cluster started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  t.match(start.stdout, /gateway-1\s+running/, 'the summary lists the gateways');

  const pids = Object.fromEntries([...NATS_NODES, ...GATEWAYS, ...WORKERS].map((n) => [n, readPid(n)])) as Record<string, number>;
  for (const [name, pid] of Object.entries(pids)) t.ok(alive(pid), `${name} runs (pid ${pid})`);
  const workerIds = new Set(WORKERS.map((w) => `${hostname()}:${pids[w]}`));

  const status = await cluster('status', env, 30_000);
  t.equal(status.code, 0, 'status: everything runs');

  async function ping(port: number, auth = true): Promise<{ status: number; body: any }> {
    const res = await fetch(`http://127.0.0.1:${port}/ops/ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      body: '{}',
      signal: AbortSignal.timeout(12_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep the text
    }
    return { status: res.status, body };
  }

  const seen = new Set<string>();
  for (const [i, port] of gatewayPorts.entries()) {
    for (let n = 0; n < 3; n++) {
      const r = await ping(port);
      t.equal(r.status, 200, `gateway-${i + 1} ping ${n + 1}: 200`, { body: r.body });
      t.ok(workerIds.has(r.body?.worker), `gateway-${i + 1} ping ${n + 1}: answered by a cluster worker (${r.body?.worker})`, {
        workers: [...workerIds],
      });
      seen.add(r.body?.worker);
    }
  }
  t.comment(`workers that answered: ${[...seen].join(', ')}`);
  t.equal((await ping(gatewayPorts[0]!, false)).status, 401, 'a ping without the token is refused');

  // Every stream and the bucket live on all three nodes (a node lists the streams it holds a
  // replica of), so losing any one node loses nothing.
  const monitor = async (port: number, path: string): Promise<any> =>
    (await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) })).json();
  const jsz = await Promise.all(httpPorts.map((p) => monitor(p, '/jsz?streams=true')));
  const streamOn = (j: any, name: string): any =>
    (j.account_details ?? []).flatMap((a: any) => a.stream_detail ?? []).find((s: any) => s.name === name);
  const upper = prefix.toUpperCase();
  for (const stream of [`${upper}_CMD`, `${upper}_EVT`]) {
    t.equal(jsz.filter((j) => streamOn(j, stream) !== undefined).length, 3, `${stream} is replicated on all 3 nodes`);
  }
  const cmdLeader: string | undefined = jsz.map((j) => streamOn(j, `${upper}_CMD`)?.cluster?.leader).find(Boolean);

  // Kill -9 the node with the most client connections (the clients must fail over); between
  // equals, the command stream's leader (JetStream must elect a new one).
  const connections: number[] = await Promise.all(
    httpPorts.map(async (p) => ((await monitor(p, '/varz')) as { connections?: number }).connections ?? 0),
  );
  const score = (i: number) => connections[i]! * 2 + (NATS_NODES[i] === cmdLeader ? 1 : 0);
  const victim = [0, 1, 2].reduce((best, i) => (score(i) > score(best) ? i : best), 0);
  const victimName = NATS_NODES[victim]!;
  t.comment(`client connections per node: ${connections.join(', ')}; ${upper}_CMD leader ${cmdLeader}; killing ${victimName}`);
  process.kill(pids[victimName]!, 'SIGKILL');
  t.ok(await waitGone(pids[victimName]!, 5000), `${victimName} is gone after SIGKILL`);

  const killedAt = Date.now();
  for (const [i, port] of gatewayPorts.entries()) {
    const deadline = Math.max(killedAt + 20_000, Date.now() + 3_000);
    let last: unknown;
    let ok = false;
    let attempts = 0;
    while (Date.now() < deadline) {
      attempts++;
      try {
        const r = await ping(port);
        if (r.status === 200 && workerIds.has(r.body?.worker)) {
          ok = true;
          break;
        }
        last = r;
      } catch (err) {
        last = String(err);
      }
      await sleep(500);
    }
    t.ok(ok, `gateway-${i + 1}: ping works again ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill (${attempts} attempts)`, {
      last,
      logs: ok ? undefined : allLogs(),
    });
  }
  for (const [i, port] of gatewayPorts.entries()) {
    for (let n = 0; n < 3; n++) {
      const r = await ping(port);
      t.equal(r.status, 200, `gateway-${i + 1}: ping ${n + 1} on two NATS nodes`, { body: r.body });
      t.ok(workerIds.has(r.body?.worker), `gateway-${i + 1}: answered by a cluster worker (${r.body?.worker})`);
    }
    const health = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(5000) });
    t.equal(health.status, 200, `gateway-${i + 1}: /health is 200 on two NATS nodes`);
  }
  for (const name of [...GATEWAYS, ...WORKERS]) t.ok(alive(pids[name]!), `${name} survived the loss of ${victimName}`);

  const stopAt = Date.now();
  const stop = await cluster('stop', env, 60_000);
  t.equal(stop.code, 0, `cluster.sh stop exits 0 (${((Date.now() - stopAt) / 1000).toFixed(1)} s)`, {
    stdout: stop.stdout,
    stderr: stop.stderr,
  });
  for (const [name, pid] of Object.entries(pids)) {
    t.notOk(alive(pid), `${name} (pid ${pid}) is gone`);
    t.notOk(existsSync(join(dir, `${name}.pid`)), `${name}.pid is removed`);
  }
  for (const name of [...GATEWAYS, ...WORKERS]) {
    t.match(readFileSync(join(dir, `${name}.log`), 'utf8'), /"svc stopped"/, `${name} drained and logged its stop`);
  }
  const again = await cluster('stop', env, 30_000);
  t.equal(again.code, 0, 'a second stop is a no-op that exits 0');
  const after = await cluster('status', env, 30_000);
  t.equal(after.code, 3, 'status: nothing runs');
});
