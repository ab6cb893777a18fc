import t from 'tap';
import { runCli, spawnSvc, startSvc, START_TIMEOUT_MS } from '../helpers/process.js';

const TOKEN = 'cli-test-token-0123456789';

t.test('svc serve (what npm start runs) and the client commands', async (t) => {
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN });
  t.match(serve.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const env = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: TOKEN };

  const health = await runCli(['health', '--json'], env);
  t.equal(health.code, 0, health.stderr);
  t.match(JSON.parse(health.stdout), { status: 'ok', queue: { provider: 'embedded' }, db: { engine: 'sqlite' } });
  const healthTable = await runCli(['health'], env);
  t.equal(healthTable.code, 0, healthTable.stderr);
  t.match(healthTable.stdout, /^status +ok\nversion +\S+\nrole +serve\nstore +sqlite\nbus +embedded\n/, 'a person reads fields, not JSON');

  const ping = await runCli(['ping', '--json'], env);
  t.equal(ping.code, 0, ping.stderr);
  t.equal(JSON.parse(ping.stdout).worker, serve.workerId, 'the serve process handled its own command');
  const pingLine = await runCli(['ping'], env);
  t.match(pingLine.stdout, new RegExp(`^pong from worker ${serve.workerId} in [\\d.]+ ms\\n$`));

  const usage = await runCli(['usage', '--since', '2020-01-01T00:00:00Z', '--json'], env);
  t.equal(usage.code, 0, usage.stderr);
  t.equal(JSON.parse(usage.stdout).since, '2020-01-01T00:00:00.000Z');

  const refused = await runCli(['usage'], { SVC_URL: serve.url!, SVC_ORCH_TOKEN: 'wrong-token-0123456789' });
  t.equal(refused.code, 1);
  t.equal(refused.stderr, 'svc: unauthorized: missing or wrong bearer token\n', 'one line');
  t.equal(refused.stdout, '');

  const badSince = await runCli(['usage', '--since', 'yesterday'], env);
  t.equal(badSince.code, 1);
  t.match(badSince.stderr, /^svc: invalid_request: .*\n$/);

  serve.proc.kill('SIGTERM');
  const exit = await serve.exited();
  t.same(exit, { code: 0, signal: null }, 'SIGTERM drains and exits 0');
  t.ok(serve.lines.some((l) => l.includes('"svc stopped"')));

  const down = await runCli(['health'], env);
  t.equal(down.code, 1);
  t.match(down.stderr, /^svc: cannot reach http:\/\/127\.0\.0\.1:\d+: .*\n$/);
});

t.test('refusals at start are one line and a non-zero exit', async (t) => {
  const badKey = await runCli(['serve'], { SVC_SESSION_KEY: 'tooshort' });
  t.equal(badKey.code, 2);
  t.equal(badKey.stderr, 'svc: config: SVC_SESSION_KEY must be 32 bytes as 64 hex characters or base64 (decodes to 6 bytes)\n');

  const badSchema = await runCli(['serve'], { DATABASE_SCHEMA: 'Bad-Schema' });
  t.equal(badSchema.code, 2);
  t.match(badSchema.stderr, /^svc: config: DATABASE_SCHEMA must be a lowercase identifier/);

  const gateway = await runCli(['gateway'], {});
  t.equal(gateway.code, 2);
  t.match(gateway.stderr, /^svc: role_unavailable: svc gateway needs NATS_URL/);

  const worker = await runCli(['worker', '--actors', 'run,nope'], { NATS_URL: 'nats://127.0.0.1:4222' });
  t.equal(worker.code, 2);
  t.match(worker.stderr, /^svc: unknown actor "nope" \(valid: [a-z, -]+\)\n$/);
  t.match(worker.stderr, /valid: .*\bheartbeat\b/, 'the heartbeat actor is one a worker can run');

  // Without DATABASE_URL each replica would keep a private in-memory store: refused like NATS.
  for (const role of ['gateway', 'worker']) {
    const noDb = await runCli([role], { NATS_URL: 'nats://127.0.0.1:4222' });
    t.equal(noDb.code, 2, role);
    t.match(noDb.stderr, new RegExp(`^svc: role_unavailable: svc ${role} needs DATABASE_URL[^\n]*\n$`), role);
  }
  const schemaOnly = await runCli(['serve'], { DATABASE_SCHEMA: 'svc' });
  t.equal(schemaOnly.code, 2);
  t.equal(schemaOnly.stderr, 'svc: config: DATABASE_SCHEMA is set but DATABASE_URL is not (the embedded store has no schemas)\n');

  // A dependency that fails at boot is exit 1 (docs/operations.md, "Process roles"), not a config error.
  const noPg = await runCli(['serve'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' });
  t.equal(noPg.code, 1);
  t.match(noPg.stderr, /^svc: store_unavailable: cannot open the PostgreSQL store at 127\.0\.0\.1:1\/test[^\n]*\n$/);

  const unknown = await runCli(['frobnicate'], {});
  t.not(unknown.code, 0);
});

t.test('SIGTERM while waiting for NATS at boot exits 0 promptly', async (t) => {
  const p = spawnSvc(t, ['serve'], { NATS_URL: 'nats://127.0.0.1:1' });
  await p.waitFor((r) => r.msg === 'waiting for NATS', START_TIMEOUT_MS);
  const began = Date.now();
  p.proc.kill('SIGTERM');
  t.same(await p.exited(), { code: 0, signal: null });
  t.ok(Date.now() - began < 5000, 'promptly (a drain waits up to 30 s; this has nothing to drain)');
});

t.test('svc events tail prints live events, over HTTP without NATS_URL', async (t) => {
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN, SVC_CLOCK_TICK_MS: '200' });
  const { spawn } = await import('node:child_process');
  const { BIN } = await import('../helpers/process.js');
  const tail = spawn(process.execPath, [BIN, 'events', 'tail', 'ClockMinute'], {
    env: { PATH: process.env.PATH ?? '', SVC_URL: serve.url!, SVC_ORCH_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    tail.kill('SIGKILL');
  });
  const lines: any[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no events within 30 s')), 30_000);
    let buf = '';
    tail.stdout.on('data', (c: Buffer) => {
      buf += c.toString();
      const parts = buf.split('\n');
      buf = parts.pop() ?? '';
      for (const p of parts) if (p) lines.push(JSON.parse(p));
      if (lines.length >= 3) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  t.ok(lines.every((e) => e.type === 'ClockMinute' && e.subject === 'svc.evt.ClockMinute'));
  const windows = lines.map((e) => e.data.window);
  t.same(
    windows,
    [...windows].sort((a, b) => a - b),
    'windows arrive in order',
  );
  t.equal(new Set(windows).size, windows.length, 'each window once');

  const refused = await runCli(['events', 'tail'], { SVC_URL: serve.url!, SVC_ORCH_TOKEN: 'wrong-token-0123456789' });
  t.equal(refused.code, 1);
  t.equal(refused.stderr, 'svc: unauthorized: missing or wrong bearer token\n');
});
