/**
 * Starts anvil from node_modules (npm `@foundry-rs/anvil` ships the binary in a per-platform
 * optional dependency, so nothing is downloaded at install or run time). It listens on loopback
 * only, on a port the OS picks (`--port 0`) so parallel test files never race for one; the port is
 * read back from anvil's own "Listening on" line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': 'anvil-linux-amd64',
  'linux-arm64': 'anvil-linux-arm64',
  'darwin-x64': 'anvil-darwin-amd64',
  'darwin-arm64': 'anvil-darwin-arm64',
  'win32-x64': 'anvil-win32-amd64',
};

/** The platform binary itself, not the package's node wrapper: one process to stop, no signal forwarding. */
export function anvilBinary(): string {
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) throw new Error(`anvil has no npm build for ${process.platform}-${process.arch}`);
  return require.resolve(`@foundry-rs/${pkg}/bin/anvil${process.platform === 'win32' ? '.exe' : ''}`);
}

export interface AnvilOptions {
  readonly chainId?: number;
  /** Fixed port; default 0 (the OS picks a free one). */
  readonly port?: number;
  /** Milliseconds to wait for anvil to listen and answer. */
  readonly startTimeoutMs?: number;
}

export interface Anvil {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** Kills anvil and resolves once it has exited; safe to call twice. */
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const args = ['--host', '127.0.0.1', '--port', String(options.port ?? 0), '--chain-id', String(options.chainId ?? 31337)];
  const timeoutMs = options.startTimeoutMs ?? 20_000;
  const proc = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  };
  let output = '';
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`anvil did not listen within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', onData);
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`anvil exited (${code ?? signal}) before listening:\n${output}`));
      });
      proc.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    // Past the banner nothing is read: drop the output so a long-lived anvil does not fill a pipe.
    proc.stdout!.removeAllListeners('data').resume();
    proc.stderr!.removeAllListeners('data').resume();
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + timeoutMs;
    while (!(await answers(url))) {
      if (Date.now() > deadline) throw new Error(`anvil at ${url} did not answer eth_chainId`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return { url, port, process: proc, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
