/**
 * What `svc flows run` and `svc flows follow` show while a run goes on: its id as soon as it
 * starts, then each step as it completes. The gateway's event feed (`FlowRun`, `RunProgress`)
 * says when; what is printed is always read from the run's stored trace, so a step is shown once
 * and in order even when the feed (published without an ack) drops or reorders an event, and a
 * poll keeps it going when no event comes at all.
 */
import { api, CliError, refused, type ClientEnv } from './client.js';
import { openEvents, type EventFeed } from './events.js';
import type { BusEvent } from '../bus/types.js';
import type { RunState, RunView, TraceEntry } from '../schemas/runs.js';
import type { Static } from 'typebox';

type Say = (line: string) => void;

const POLL_MS = 2_000;

export function stepLine(s: Pick<TraceEntry, 'stepId' | 'kind' | 'status' | 'summary' | 'port'>): string {
  const to = s.port ? ` -> ${s.port}` : '';
  return `  ${s.status.padEnd(7)} ${s.stepId} (${s.kind}): ${s.summary}${to}`;
}

/**
 * How many steps a run ran: each step that finished (done or failed) once per time it ran. A
 * gate's trace holds a `parked` entry and, once answered, a `done` one for the same run of the
 * step, and a resumed step a `resumed` entry: those mark waits, not steps.
 */
export function stepsRan(steps: readonly Pick<TraceEntry, 'status'>[]): number {
  return steps.filter((s) => s.status === 'done' || s.status === 'failed').length;
}

export function stepCount(steps: readonly Pick<TraceEntry, 'status'>[]): string {
  const n = stepsRan(steps);
  return `${n} step${n === 1 ? '' : 's'}`;
}

export class RunWatch {
  private printed = 0;
  private announced = false;
  private wake: (() => void) | undefined;
  private stopped = false;
  private readonly feeds: EventFeed[] = [];

  private constructor(
    private readonly env: ClientEnv,
    private readonly say: Say,
    private readonly traceId: string | undefined,
    public runId: string | undefined,
  ) {}

  /** Watches the run started with `traceId` (its id comes from its first event), or `runId`.
   * Without the feed (refused or unreachable) it still works, by polling alone. */
  static async open(env: ClientEnv, say: Say, which: { traceId: string } | { runId: string }): Promise<RunWatch> {
    const w = new RunWatch(env, say, 'traceId' in which ? which.traceId : undefined, 'runId' in which ? which.runId : undefined);
    try {
      for (const filter of ['FlowRun', 'RunProgress']) {
        const feed = await openEvents(env, filter, (evt) => w.onEvent(evt));
        feed.ended.catch(() => undefined);
        w.feeds.push(feed);
      }
    } catch (err) {
      say(`(no live progress: ${(err as Error).message})`);
      w.close();
    }
    return w;
  }

  private onEvent(evt: BusEvent): void {
    const d = evt.data as { runId?: string; status?: string; flowId?: string; principal?: string; parent?: unknown };
    if (evt.type === 'FlowRun' && d.status === 'running' && !d.parent && this.runId === undefined && evt.traceId === this.traceId) {
      this.runId = d.runId;
      this.announced = true;
      this.say(`run ${d.runId} started (flow ${d.flowId}, as ${d.principal})`);
    }
    if (d.runId !== undefined && d.runId === this.runId) this.wake?.();
  }

  /** Prints the entries of the stored trace not shown yet. */
  catchUp(view: RunView): void {
    if (!this.announced) this.say(`run ${view.id} (flow ${view.flowId}, as ${view.principal})`);
    this.announced = true;
    this.runId = view.id;
    for (const s of view.steps.slice(this.printed)) this.say(stepLine(s));
    this.printed = Math.max(this.printed, view.steps.length);
  }

  private async read(): Promise<RunView> {
    const res = await api<Static<typeof RunState>>(this.env, 'GET', `/flows/runs/state?runId=${encodeURIComponent(this.runId!)}`);
    if (res.status !== 200) throw refused(res, 'GET', '/flows/runs/state');
    this.catchUp(res.body.run);
    return res.body.run;
  }

  /** Shows the run until it ends or parks (its view), or until `stop` (undefined). */
  async follow(): Promise<RunView | undefined> {
    this.stopped = false;
    for (;;) {
      if (this.stopped) return undefined;
      if (this.runId !== undefined) {
        const view = await this.read();
        if (view.status !== 'running') return view;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  close(): void {
    this.stop();
    for (const f of this.feeds.splice(0)) f.close();
  }
}

/** The last words on a run that stopped: exits non-zero when it ended in error or was cancelled. */
export function finishRun(view: RunView, say: Say): void {
  const w = view.waiting;
  switch (view.status) {
    case 'completed':
      return say(`run ${view.id} completed (${stepCount(view.steps)})`);
    case 'waiting':
      return say(`run ${view.id} is waiting: ${w?.reason} at step ${w?.stepId}; ${waitingHint(view)}`);
    case 'error':
      throw new CliError(`run ${view.id} ended error at step ${view.cursor ?? '-'}: ${view.error?.code}: ${view.error?.message}`);
    case 'cancelled':
      throw new CliError(`run ${view.id} was cancelled${view.error ? `: ${view.error.message}` : ''}`);
    default:
      return say(`run ${view.id} is ${view.status}; follow it with: svc flows follow ${view.id}`);
  }
}

function waitingHint(view: RunView): string {
  const w = view.waiting!;
  switch (w.reason) {
    case 'human_gate':
    case 'connector_ask':
      return `answer it with: svc gates answer ${w.token} <option>`;
    case 'awaiting_child':
      return `its child is ${w.token}; follow it with: svc flows follow ${view.id}`;
    default:
      return `continue it with: svc flows resume ${view.id}`;
  }
}
