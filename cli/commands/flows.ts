/** `svc flows templates|list|code|save|delete|run|follow|runs|open|state|pause|resume|cancel|gates` and `svc agents pause|unpause`: thin HTTP calls; run and follow show progress. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { api, apiOk, CliError, refused, type ClientEnv } from '../client.js';
import { printJson, printList, safeText, wantsJson, type Column } from '../output.js';
import { finishRun, RunWatch } from '../run-progress.js';
import type { FlowRecord, RunAccepted, RunView } from '../../schemas/runs.js';
import type { GateList } from '../../schemas/gates.js';
import { GATE_COLUMNS } from './gates.js';
import { flowModule } from '../../sdk/code.js';
import type { Flow } from '../../schemas/flows.js';

/** Progress is for a person: on stdout, or on stderr when stdout is the --json answer. */
function sayer(json: boolean): (line: string) => void {
  return (line) => void (json ? process.stderr : process.stdout).write(`${safeText(line)}\n`);
}

/** The run as it stopped: its JSON with --json, and the last words (exit 1 for an error). */
function settled(cmd: Command, say: (line: string) => void, view: RunView): void {
  if (wantsJson(cmd)) printJson(view);
  finishRun(view, say);
}

/** What a run is doing or why it stopped, in one cell. */
export function runDetail(r: RunView): string | undefined {
  if (r.error) return `${r.error.code}: ${r.error.message}`;
  if (r.waiting) return `${r.waiting.reason} at ${r.waiting.stepId}${r.waiting.token ? ` (${r.waiting.token})` : ''}`;
  return r.steps.at(-1)?.summary;
}

const RUN_COLUMNS: Column<RunView>[] = [
  { header: 'id', value: (r) => r.id, max: 80 },
  { header: 'flow', value: (r) => r.flowId },
  { header: 'status', value: (r) => r.status },
  { header: 'principal', value: (r) => r.principal },
  { header: 'trigger', value: (r) => r.trigger },
  { header: 'steps', value: (r) => r.steps.length },
  { header: 'updated', value: (r) => r.updatedAt },
  { header: 'detail', value: runDetail },
];

const FLOW_COLUMNS: Column<FlowRecord>[] = [
  { header: 'id', value: (f) => f.id },
  { header: 'title', value: (f) => f.title },
  { header: 'trigger', value: (f) => f.trigger },
  { header: 'scope', value: (f) => (f.scope.ref ? `${f.scope.level}:${f.scope.ref}` : f.scope.level) },
  { header: 'saved by', value: (f) => f.savedBy },
  { header: 'updated', value: (f) => f.updatedAt },
];

interface Template {
  id: string;
  title: string;
  description: string;
}
const TEMPLATE_COLUMNS: Column<Template>[] = [
  { header: 'id', value: (t) => t.id },
  { header: 'title', value: (t) => t.title },
  { header: 'description', value: (t) => t.description, max: 80 },
];

export function readFlow(file: string): unknown {
  try {
    const parsed = JSON.parse(file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8')) as { flow?: unknown };
    return parsed && typeof parsed === 'object' && 'flow' in parsed ? parsed.flow : parsed;
  } catch (err) {
    throw new CliError(`cannot read a flow from ${file}: ${(err as Error).message}`, 2);
  }
}

/** Registers `svc flows ...` and `svc agents ...`; answers the `flows` command so others can add to it. */
export function registerFlowCommands(program: Command, env: ClientEnv): Command {
  const flows = program.command('flows').description('flow definitions and runs');
  flows
    .command('templates')
    .description('GET /flows/templates')
    .action(async (_o, cmd: Command) => {
      const body = await apiOk<{ templates: Template[] }>(env, 'GET', '/flows/templates');
      printList(cmd, body, body.templates, TEMPLATE_COLUMNS);
    });
  flows
    .command('list')
    .description('GET /flows')
    .action(async (_o, cmd: Command) => {
      const body = await apiOk<{ flows: FlowRecord[] }>(env, 'GET', '/flows');
      printList(cmd, body, body.flows, FLOW_COLUMNS, '(no saved flows)');
    });
  flows
    .command('code <id>')
    .description('prints a saved flow as SDK builder code (svc/sdk)')
    .action(async (id: string) => {
      const body = await apiOk<{ flows: FlowRecord[] }>(env, 'GET', '/flows');
      const found = body.flows.find((f) => f.id === id);
      if (!found) throw new CliError(`no saved flow ${safeText(id)} is visible to this caller`);
      process.stdout.write(flowModule(found.flow as unknown as Flow));
    });
  flows
    .command('save <file>')
    .description('POST /flows with a definition from a JSON file (- for stdin)')
    .option('--eval', 'first run the eval scenarios naming the flow against it; refused (flow_eval_failed) when one fails')
    .action(async (file: string, o: { eval?: boolean }) =>
      printJson(await apiOk(env, 'POST', o.eval ? '/flows?eval=1' : '/flows', { flow: readFlow(file) })),
    );
  flows
    .command('delete <id>')
    .description('POST /flows/delete')
    .action(async (id: string) => printJson(await apiOk(env, 'POST', '/flows/delete', { id })));
  flows
    .command('run [id]')
    .description(
      'POST /flows/run: a saved flow by id, or an inline one with --file; shows each step as it completes; exits 1 when the run ends in error',
    )
    .option('--file <file>', 'inline definition (JSON file, - for stdin)')
    .option('--input <text>', 'the run input (a string; JSON for {{input.<key>}})')
    .option('--as <seat>', 'run as this seat (operator only)')
    .option('--follow', "keep following a run still going after the gateway's wait (202), until it ends or parks")
    .action(async (id: string | undefined, o: { file?: string; input?: string; as?: string; follow?: boolean }, cmd: Command) => {
      if ((id === undefined) === (o.file === undefined)) throw new CliError('give a flow id or --file, not both', 2);
      const body = {
        ...(id ? { id } : { flow: readFlow(o.file!) }),
        ...(o.input === undefined ? {} : { input: o.input }),
        ...(o.as ? { as: o.as } : {}),
      };
      const json = wantsJson(cmd);
      const say = sayer(json);
      // The request id becomes the run's trace id: how the run's first event is told apart from others.
      const traceId = `cli-${randomUUID()}`;
      const watch = await RunWatch.open(env, say, { traceId });
      // Steps as they complete while the gateway holds the request; progress only, never the outcome.
      const live = watch.follow().catch(() => undefined);
      try {
        const res = await api<RunView | RunAccepted>(env, 'POST', '/flows/run', body, { 'x-request-id': traceId });
        watch.stop();
        await live;
        if (res.status === 202) {
          const runId = (res.body as RunAccepted).id;
          watch.runId = runId;
          if (o.follow) return settled(cmd, say, (await watch.follow())!);
          say(`run ${runId} is still running; follow it with: svc flows follow ${runId} (or svc flows state ${runId})`);
          if (json) printJson(res.body);
          return;
        }
        if (res.status !== 200) throw refused(res, 'POST', '/flows/run');
        watch.catchUp(res.body as RunView);
        settled(cmd, say, res.body as RunView);
      } finally {
        watch.close();
      }
    });
  flows
    .command('follow <runId>')
    .description('shows a run step by step until it ends or parks; exits 1 when it ends in error')
    .action(async (runId: string, _o, cmd: Command) => {
      const say = sayer(wantsJson(cmd));
      const watch = await RunWatch.open(env, say, { runId });
      try {
        settled(cmd, say, (await watch.follow())!);
      } finally {
        watch.close();
      }
    });
  flows
    .command('runs')
    .description('GET /flows/runs (newest first)')
    .option('--limit <n>', 'how many', '20')
    .action(async (o: { limit: string }, cmd: Command) => {
      const body = await apiOk<{ runs: RunView[] }>(env, 'GET', `/flows/runs?limit=${encodeURIComponent(o.limit)}`);
      printList(cmd, body, body.runs, RUN_COLUMNS, '(no runs)');
    });
  flows
    .command('open')
    .description('GET /flows/runs/open (in flight or parked)')
    .action(async (_o, cmd: Command) => {
      const body = await apiOk<{ runs: RunView[] }>(env, 'GET', '/flows/runs/open');
      printList(cmd, body, body.runs, RUN_COLUMNS, '(no open runs)');
    });
  flows
    .command('state <runId>')
    .description('GET /flows/runs/state: state, checkpoint trail, attempts')
    .action(async (runId: string) => printJson(await apiOk(env, 'GET', `/flows/runs/state?runId=${encodeURIComponent(runId)}`)));
  flows
    .command('pause <runId>')
    .description('stop at the next step boundary')
    .option('--reason <text>')
    .action(async (runId: string, o: { reason?: string }) =>
      printJson(await apiOk(env, 'POST', '/flows/runs/pause', { runId, ...(o.reason ? { reason: o.reason } : {}) })),
    );
  flows
    .command('resume <runId>')
    .description('continue from the last checkpoint')
    .action(async (runId: string) => printJson(await apiOk(env, 'POST', '/flows/runs/resume', { runId })));
  flows
    .command('cancel <runId>')
    .description('end for good (delegates too)')
    .option('--reason <text>')
    .action(async (runId: string, o: { reason?: string }) =>
      printJson(await apiOk(env, 'POST', '/flows/runs/cancel', { runId, ...(o.reason ? { reason: o.reason } : {}) })),
    );
  flows
    .command('gates')
    .description('GET /flows/gates (pending human gates; the same as svc gates)')
    .option('--status <s>', 'pending, answered, timed_out, closed or all', 'pending')
    .action(async (o: { status: string }, cmd: Command) => {
      const body = await apiOk<GateList>(env, 'GET', `/flows/gates?status=${encodeURIComponent(o.status)}`);
      printList(cmd, body, body.gates, GATE_COLUMNS, `(no ${o.status} gates)`);
    });

  const agents = program.command('agents').description('pause or unpause an agent seat');
  agents
    .command('pause <seat>')
    .description('POST /agents/pause: refuse new runs as the seat, cancel its parked runs')
    .option('--reason <text>')
    .action(async (agent: string, o: { reason?: string }) =>
      printJson(await apiOk(env, 'POST', '/agents/pause', { agent, ...(o.reason ? { reason: o.reason } : {}) })),
    );
  agents
    .command('unpause <seat>')
    .description('POST /agents/unpause (operator): runs as the seat start again')
    .action(async (agent: string) => printJson(await apiOk(env, 'POST', '/agents/unpause', { agent })));
  return flows;
}
