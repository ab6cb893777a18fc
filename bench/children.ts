/**
 * Benchmarks run every server in its own process, so the load generator never shares an event
 * loop with what it measures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = `${ROOT}dist/cli/main.js`;

export interface Child {
  readonly proc: ChildProcess;
  readonly url: string | undefined;
  stop(): Promise<void>;
}

function otelVariables(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('OTEL_') && e[1] !== undefined),
  );
}

/** Spawns a node script that prints one JSON line containing `ready: true` (and optionally `url`). */
export function startChild(args: string[], env: Record<string, string>, isReady: (rec: any) => boolean): Promise<Child> {
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    // The OTEL_* variables pass through, so a bench can measure what tracing costs.
    env: { PATH: process.env.PATH ?? '', ...otelVariables(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    let ready = false;
    proc.stdout!.on('data', (chunk: Buffer) => {
      if (ready) return;
      buf += chunk.toString();
      for (const line of buf.split('\n')) {
        let rec: any;
        try {
          rec = JSON.parse(line);
        } catch {
          continue;
        }
        if (isReady(rec)) {
          ready = true;
          resolve({
            proc,
            url: rec.url,
            stop: () =>
              new Promise((r) => {
                proc.once('exit', () => r());
                proc.kill('SIGTERM');
              }),
          });
        }
      }
      buf = buf.slice(buf.lastIndexOf('\n') + 1);
    });
    proc.once('exit', (code) => {
      if (!ready) reject(new Error(`child ${args.join(' ')} exited with ${code}`));
    });
  });
}

export function startSvc(role: string[], env: Record<string, string>): Promise<Child> {
  return startChild(
    [BIN, ...role],
    { SVC_ORCH_PORT: '0', SVC_ORCH_HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    (r) => r.msg === 'svc started',
  );
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function fmt(n: number, digits = 2): string {
  return Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
}
