/**
 * The dev chain as a child process: anvil from node_modules
 * (`@foundry-rs/anvil`, so `npm ci` is the only install), on 127.0.0.1 only, on a port the
 * kernel picks (`--port 0`, read back from anvil's own "Listening on" line, so two chains never
 * race for one port), answering before `startAnvil` returns, and stopped with its parent.
 *
 * "Stopped with its parent" includes a parent killed with SIGKILL, which runs no handler: anvil is
 * started under a small `sh` guard that holds the read end of a pipe from this process and kills
 * anvil when that pipe closes, which the kernel does whatever way the parent ends. The product
 * (`svc serve` with SVC_CHAIN=dev, `svc chain dev`) and the tests (test/helpers/anvil.ts) use this
 * one module (it replaced an earlier copy that had no guard).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface DevChain {
  readonly url: string;
  readonly port: number;
  readonly chainId: number;
  /** The guard's pid (anvil runs under it). */
  readonly pid: number | undefined;
  /** Ends anvil and waits for it; safe to call twice. */
  stop(): Promise<void>;
}

/** The name the contract tests know it by (test/helpers/anvil.ts). */
export type Anvil = DevChain;

export interface AnvilOptions {
  readonly chainId?: number;
  /** Fixed port; default 0 (the kernel picks a free one). */
  readonly port?: number;
  /** Extra anvil arguments (e.g. `--block-time 1`); host and port are always ours. */
  readonly args?: readonly string[];
  /** How long anvil may take to answer (default 20 s: a loaded CI machine). */
  readonly startTimeoutMs?: number;
}

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/** The platform binary of @foundry-rs/anvil: its `bin.mjs` is a node wrapper that would sit between
 * us and anvil (one more process to orphan), so the binary is started directly. */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = `@foundry-rs/anvil-${process.platform === 'win32' ? 'win32' : process.platform}-${ARCH[process.arch] ?? process.arch}`;
  try {
    const bin = join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    if (existsSync(bin)) return bin;
  } catch {
    // fall through to the error below
  }
  throw new Error(`anvil is not installed for ${process.platform}-${process.arch} (${pkg}); run npm ci`);
}

// $0 is anvil; the guard reads its stdin until EOF (the parent's end of the pipe closed: the
// parent exited or was killed), then ends anvil. TERM to the guard ends anvil too.
const GUARD = [
  '"$0" "$@" & child=$!',
  "trap 'kill $child 2>/dev/null; wait $child; exit 0' TERM INT",
  'while read -r _; do :; done',
  'kill $child 2>/dev/null; wait $child',
].join('\n');

export async function startAnvil(opts: AnvilOptions = {}): Promise<DevChain> {
  const chainId = opts.chainId ?? 31337;
  const args = ['--host', '127.0.0.1', '--port', String(opts.port ?? 0), '--chain-id', String(chainId), ...(opts.args ?? [])];
  const child = spawn('sh', ['-c', GUARD, anvilBinary(), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stopped: Promise<void> | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    })());
  try {
    const port = await listeningPort(child, opts.startTimeoutMs ?? 20_000);
    const url = `http://127.0.0.1:${port}`;
    await answers(url, opts.startTimeoutMs ?? 20_000);
    // After the start, anvil's output is only drained: nobody reads it, and a full pipe would stall anvil.
    child.stdout?.resume();
    child.stderr?.resume();
    return { url, port, chainId, pid: child.pid, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function listeningPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => done(new Error(`anvil did not start listening within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) done(undefined, Number(m[1]));
      else if (out.length > 64_000) out = out.slice(-1000);
    };
    const onExit = (code: number | null) => done(new Error(`anvil exited before listening (code ${code}): ${out.slice(-300).trim()}`));
    function done(err: Error | undefined, port?: number) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(port!);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Listening is not answering: wait for a JSON-RPC reply. */
async function answers(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1000),
      });
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`anvil at ${url} did not answer eth_chainId within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
