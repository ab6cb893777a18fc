/**
 * Starts `svc` the way the README does (the compiled bin), reads its JSON log lines, and finds
 * the URL it listens on from the "svc started" line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Test } from 'tap';
import { ROOT as CHECKOUT } from './paths.js';

/** The checkout's root with a trailing slash, from the source tree or compiled under dist/test/. */
export const ROOT = `${CHECKOUT}/`;
export const BIN = `${ROOT}dist/cli/main.js`;

export interface SvcProcess {
  readonly proc: ChildProcess;
  readonly lines: string[];
  readonly stderr: string[];
  /** Resolves with the first log record matching the predicate. */
  waitFor(pred: (rec: any) => boolean, timeoutMs?: number): Promise<any>;
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function requireBuild(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build (npm test does it first)`);
}

/** Minimal environment: only what the test names plus PATH/HOME, never the runner's own secrets. */
export function spawnSvc(t: Test, args: string[], env: Record<string, string>, entry = BIN): SvcProcess {
  requireBuild();
  const proc = spawn(process.execPath, [entry, ...args], {
    cwd: ROOT,
    // Every event a test's process publishes is checked against its schema (a mismatch is refused and logged).
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', SVC_VALIDATE_EVENTS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const stderr: string[] = [];
  const waiters: { pred: (rec: any) => boolean; resolve: (rec: any) => void }[] = [];
  let buf = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    buf += chunk.toString();
    let idx;
    while ((idx = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, idx);
      buf = buf.slice(idx + 1);
      lines.push(line);
      let rec: any;
      try {
        rec = JSON.parse(line);
      } catch {
        continue;
      }
      for (const w of [...waiters]) {
        if (w.pred(rec)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(rec);
        }
      }
    }
  });
  proc.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  t.teardown(async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGKILL');
      await exit;
    }
  });
  return {
    proc,
    lines,
    stderr,
    waitFor(pred, timeoutMs = 20_000) {
      for (const line of lines) {
        try {
          const rec = JSON.parse(line);
          if (pred(rec)) return Promise.resolve(rec);
        } catch {
          /* not JSON */
        }
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `timed out waiting for a log line; stderr: ${stderr.join('').slice(-500)}; stdout tail: ${lines.slice(-5).join('\n')}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          pred,
          resolve: (rec) => {
            clearTimeout(timer);
            resolve(rec);
          },
        });
        exit.then(() => {
          clearTimeout(timer);
          reject(new Error(`process exited before the log line; stderr: ${stderr.join('').slice(-800)}`));
        });
      });
    },
    exited: () => exit,
  };
}

/**
 * How long a process may take to write its first line. Start-up on a loaded machine (several
 * processes loading modules, migrating and creating streams at once) can take far longer than any
 * request; a process that fails to start exits, and waitFor rejects at once with its stderr, so
 * this only bounds a hang.
 */
export const START_TIMEOUT_MS = 120_000;

/** Starts a role and waits for its "svc started" line; returns the URL for gateway roles. */
export async function startSvc(
  t: Test,
  args: string[],
  env: Record<string, string>,
  entry = BIN,
): Promise<SvcProcess & { url: string | undefined; workerId: string }> {
  const p = spawnSvc(t, args, { SVC_ORCH_PORT: '0', SVC_ORCH_HOST: '127.0.0.1', ...env }, entry);
  const rec = await p.waitFor((r) => r.msg === 'svc started', START_TIMEOUT_MS);
  return Object.assign(p, { url: rec.url as string | undefined, workerId: rec.workerId as string });
}

/** Runs the CLI to completion. */
export function runCli(
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  requireBuild();
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    proc.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    proc.stdin.end(input ?? '');
    proc.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
