/**
 * Runs one eval suite in a child Node process and answers its report, so the fetch block never touches the
 * orchestrator's own process.
 * The child is where the network block lives: it patches `fetch`, `node:http(s)`, `net` and `tls`
 * for the whole process, which the orchestrator's own sockets (NATS, PostgreSQL, the model
 * provider) must never feel. A child also bounds the damage of a suite that hangs or crashes: past
 * the time limit it is killed with SIGKILL (a hung event loop ignores anything gentler), and a
 * child that dies without a report is an answer of its own, never a request left waiting.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, errorCatalog, fromWire, type ErrorBody } from '../schemas/errors.js';
import type { EvalReport, SuiteInputs } from '../schemas/eval-report.js';

/** The one message the parent sends. */
export interface RunMessage {
  readonly kind: 'run';
  readonly inputs: SuiteInputs;
}

/** The one message the child sends back: the report, or why the suite could not run. */
export type ChildAnswer = { readonly kind: 'report'; readonly report: EvalReport } | { readonly kind: 'error'; readonly error: ErrorBody };

export interface ChildOptions {
  readonly timeoutMs: number;
  /** The script to fork (default CHILD_ENTRY); tests point it at a child that misbehaves on purpose. */
  readonly entry?: string;
  /** Aborted when the orchestrator shuts down: the child is killed and the run answers 503. */
  readonly signal?: AbortSignal;
}

const here = fileURLToPath(import.meta.url);

/**
 * The compiled child entry, `main/eval-child.js` under `dist/` (the entry picks the engine). When this module runs from its
 * TypeScript source (the tests, under tap's loader) the compiled one is used all the same: the
 * child is forked without the parent's loader flags, so it must be plain JavaScript.
 */
export const CHILD_ENTRY = here.endsWith('.js')
  ? join(dirname(here), '..', 'main', 'eval-child.js')
  : join(dirname(here), '..', 'dist', 'main', 'eval-child.js');

/** Once the report is in, how long the child may take to exit on its own before it is killed. */
const EXIT_GRACE_MS = 2000;
const SHUTDOWN = 'the orchestrator is shutting down; the eval was stopped';
/** The tail of the child's stderr kept for the crash message and the log. */
const STDERR_TAIL = 4096;

export function runInChild(inputs: SuiteInputs, opts: ChildOptions): Promise<EvalReport> {
  const entry = opts.entry ?? CHILD_ENTRY;
  if (!existsSync(entry))
    return Promise.reject(new AppError('eval_crashed', { message: `the eval child entry ${entry} is missing (run npm run build)` }));
  // Shut down while the parent was still reading definitions: no child is started at all.
  if (opts.signal?.aborted) return Promise.reject(new AppError('app_unavailable', { message: SHUTDOWN }));
  return new Promise((resolve, reject) => {
    // No inherited loader flags or environment: the child needs neither, and a secret in the
    // orchestrator's environment (SVC_ORCH_TOKEN, DATABASE_URL) has no business in it.
    const child = fork(entry, [], { execArgv: [], env: {}, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    let stderr = '';
    let answer: ChildAnswer | undefined;
    let timedOut = false;
    let aborted = false;
    let grace: NodeJS.Timeout | undefined;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('message', (msg: ChildAnswer) => {
      if (answer !== undefined) return;
      answer = msg;
      grace = setTimeout(kill, EXIT_GRACE_MS);
    });
    // Spawn failures also end in 'exit' or 'close'; only the reason is kept here.
    child.on('error', (err) => {
      stderr = `${stderr}\n${err.message}`.slice(-STDERR_TAIL);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(grace);
      opts.signal?.removeEventListener('abort', onAbort);
      if (answer?.kind === 'report') return resolve(answer.report);
      if (answer?.kind === 'error') return reject(childError(answer.error));
      if (timedOut)
        return reject(
          new AppError('eval_timeout', {
            message: `the eval ran past ${opts.timeoutMs} ms (SVC_EVAL_TIMEOUT_MS); its child process was killed`,
          }),
        );
      if (aborted) return reject(new AppError('app_unavailable', { message: SHUTDOWN }));
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const last = lastLine(stderr);
      reject(new AppError('eval_crashed', { message: `the eval child process ${how} before it reported${last ? `: ${last}` : ''}` }));
    });
    child.send({ kind: 'run', inputs } satisfies RunMessage, (err) => {
      // The child died before it could read its inputs: 'close' says how.
      if (err) kill();
    });
  });
}

/** A refusal the suite made on purpose (a bad inline flow) keeps its code and status; anything else is a crash. */
function childError(body: ErrorBody): AppError {
  const code = body.error.split(':')[0] ?? '';
  return code in errorCatalog && code !== 'internal_error'
    ? fromWire(body)
    : new AppError('eval_crashed', { message: `the eval suite failed: ${body.message}` });
}

function lastLine(text: string): string | undefined {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1)
    ?.slice(0, 300);
}
