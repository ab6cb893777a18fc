/**
 * A nats-server of a test's own: its own configuration file, store dir and free loopback port,
 * for what the shared server on 4222 cannot show (authentication, TLS, permissions).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface OwnNatsServer {
  readonly port: number;
  /** Where the configuration, the store and anything the test writes (certificates, seeds) live. */
  readonly dir: string;
  /** Everything the server logged so far (permission violations show up here). */
  log(): string;
  stop(): Promise<void>;
}

export function natsServerBinary(): string | undefined {
  if (process.env.NATS_SERVER) return existsSync(process.env.NATS_SERVER) ? process.env.NATS_SERVER : undefined;
  const found = spawnSync('bash', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : undefined;
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** A scratch dir for the files a server's configuration names (made before the server starts). */
export function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-nats-'));
}

/**
 * Starts nats-server on `configOf(port, storeDir)` and resolves once it says it is ready (or
 * rejects with its log when it exits first). `env` reaches the server (config variables).
 */
export async function startNatsServer(o: {
  dir?: string;
  configOf: (port: number, storeDir: string) => string;
  env?: Record<string, string>;
}): Promise<OwnNatsServer> {
  const bin = natsServerBinary();
  if (bin === undefined) throw new Error('nats-server not found (set NATS_SERVER)');
  const dir = o.dir ?? scratchDir();
  const port = await freePort();
  const conf = join(dir, 'server.conf');
  writeFileSync(conf, o.configOf(port, join(dir, 'store')));
  let out = '';
  const child: ChildProcess = spawn(bin, ['-c', conf], { env: { ...process.env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Server is ready')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      rmSync(dir, { recursive: true, force: true });
      reject(new Error(`nats-server exited (${code}) before it was ready:\n${out}`));
    });
  });
  return {
    port,
    dir,
    log: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A CA and a server certificate it signed for 127.0.0.1, made with the openssl CLI. */
export function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const ca = join(dir, 'ca.pem');
  const cert = join(dir, 'server.pem');
  const key = join(dir, 'server.key');
  const run = (args: string[]) => {
    const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.stderr}`);
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run(['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', ca, '-days', '1', '-subj', '/CN=svc test CA']);
  run(['req', ...ec, '-keyout', key, '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    ca,
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    cert,
    '-days',
    '1',
    '-extfile',
    'san.ext',
  ]);
  return { ca, cert, key };
}
