/** `svc flows templates|list|code|save|delete|run|follow|runs|open|state|pause|resume|cancel|gates` and `svc agents pause|unpause`: thin HTTP calls; run and follow show progress. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { api, apiOk, CliError, refused, type ClientEnv } from '../client.js';
import { printDocument, printList, printResult, renderTable, safeText, wantsDocument, type Column } from '../output.js';
import { finishRun, RunWatch, stepsRan, stepCount } from '../run-progress.js';
import { relativeTime } from '../time.js';
import type { AgentPauseReply, FlowRecord, RunAccepted, RunState as RunStateSchema, RunView, TraceEntry } from '../../schemas/runs.js';
import type { Static } from 'typebox';

type RunState = Static<typeof RunStateSchema>;

const STEP_COLUMNS: Column<TraceEntry>[] = [
  { header: 'step', value: (s) => s.stepId },
  { header: 'kind', value: (s) => s.kind },
  { header: 'status', value: (s) => s.status },
  { header: 'at', value: (s) => relativeTime(s.at) },
  { header: 'next', value: (s) => s.port },
  { header: 'summary', value: (s) => s.summary, max: 80 },
];
import type { GateList } from '../../schemas/gates.js';
import { GATE_COLUMNS, gateStatusOption } from './gates.js';
import type { Flow } from '../../schemas/flows.js';

const stepWord = (n: number) => `${n} step${n === 1 ? '' : 's'}`;

/** Progress is for a person: on stdout, or on stderr when stdout is the --json answer. */
function sayer(json: boolean): (line: string) => void {
  return (line) => void (json ? process.stderr : process.stdout).write(`${safeText(line)}\n`);
}

/** The run as it stopped: its JSON with --json, and the last words (exit 1 for an error). */
function settled(cmd: Command, say: (line: string) => void, view: RunView): void {
  if (wantsDocument(cmd)) printDocument(cmd, view);
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
  { header: 'steps', value: (r) => stepsRan(r.steps) },
  { header: 'updated', value: (r) => relativeTime(r.updatedAt) },
  { header: 'detail', value: runDetail },
  { header: 'created at', value: (r) => r.createdAt, wide: true },
  { header: 'ended at', value: (r) => r.endedAt, wide: true },
  { header: 'parent', value: (r) => (r.parent ? `${r.parent.runId}/${r.parent.stepId}` : undefined), wide: true },
  { header: 'trace', value: (r) => r.traceId, wide: true },
];

const FLOW_COLUMNS: Column<FlowRecord>[] = [
  { header: 'id', value: (f) => f.id },
  { header: 'title', value: (f) => f.title },
  { header: 'trigger', value: (f) => f.trigger },
  { header: 'scope', value: (f) => (f.scope.ref ? `${f.scope.level}:${f.scope.ref}` : f.scope.level) },
  { header: 'saved by', value: (f) => f.savedBy },
  { header: 'updated', value: (f) => relativeTime(f.updatedAt) },
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
    .description('lists the first-party flow templates to start from')
    .action(async (_o, cmd: Command) => {
      const body = await apiOk<{ templates: Template[] }>(env, 'GET', '/flows/templates');
      printList(cmd, body, body.templates, TEMPLATE_COLUMNS);
    });
  flows
    .command('list')
    .description('lists the saved flows you may see')
    .action(async (_o, cmd: Command) => {
      const body = await apiOk<{ flows: FlowRecord[] }>(env, 'GET', '/flows');
      printList(cmd, body, body.flows, FLOW_COLUMNS, '(no saved flows)');
    });
  flows
    .command('code <id>')
    .description('prints a saved flow as TypeScript builder code for the SDK (@svc/sdk)')
    .action(async (id: string) => {
      const body = await apiOk<{ flows: FlowRecord[] }>(env, 'GET', '/flows');
      const found = body.flows.find((f) => f.id === id);
      if (!found) throw new CliError(`no saved flow ${safeText(id)} is visible to this caller`);
      // Loaded here: the SDK brings the schema library, which no other command needs to pay for.
      const { flowModule } = await import('@svc/sdk');
      process.stdout.write(flowModule(found.flow as unknown as Flow));
    });
  flows
    .command('save <file>')
    .description('saves (creates or replaces) a flow definition read from a JSON file (- for stdin)')
    .option('--eval', 'first run the eval scenarios naming the flow against it; refused (flow_eval_failed) when one fails')
    .action(async (file: string, o: { eval?: boolean }, cmd: Command) => {
      const f = await apiOk<FlowRecord>(env, 'POST', o.eval ? '/flows?eval=1' : '/flows', { flow: readFlow(file) });
      const scope = f.scope.ref ? `${f.scope.level}:${f.scope.ref}` : f.scope.level;
      printResult(
        cmd,
        f,
        `saved flow ${f.id} (${stepWord((f.flow as { steps?: unknown[] }).steps?.length ?? 0)}, trigger ${f.trigger}, scope ${scope}) as ${f.savedBy}`,
      );
    });
  flows
    .command('delete <id>')
    .description('deletes a saved flow; exits 1 when there is none by that id')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const r = await apiOk<{ id: string; deleted: boolean }>(env, 'POST', '/flows/delete', { id });
      if (!r.deleted && !wantsDocument(cmd)) throw new CliError(`record_not_found: no saved flow ${id} is visible to you`);
      printResult(cmd, r, `deleted flow ${r.id}`);
      if (!r.deleted) process.exitCode = 1;
    });
  flows
    .command('run [id]')
    .description(
      'runs a saved flow by id, or an inline one with --file; shows each step as it completes; exits 1 when the run ends in error',
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
      const json = wantsDocument(cmd);
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
          if (json) printDocument(cmd, res.body);
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
      const say = sayer(wantsDocument(cmd));
      const watch = await RunWatch.open(env, say, { runId });
      try {
        settled(cmd, say, (await watch.follow())!);
      } finally {
        watch.close();
      }
    });
  flows
    .command('runs')
    .description('lists recent runs, newest first')
    .option('--limit <n>', 'how many', '20')
    .action(async (o: { limit: string }, cmd: Command) => {
      const body = await apiOk<{ runs: RunView[] }>(env, 'GET', `/flows/runs?limit=${encodeURIComponent(o.limit)}`);
      printList(cmd, body, body.runs, RUN_COLUMNS, '(no runs)');
    });
  flows
    .command('open')
    .description('lists the runs still going: in flight, or parked waiting on a person, a webhook or a child')
    .action(async (_o, cmd: Command) => {
      const body = await apiOk<{ runs: RunView[] }>(env, 'GET', '/flows/runs/open');
      printList(cmd, body, body.runs, RUN_COLUMNS, '(no open runs)');
    });
  flows
    .command('state <runId>')
    .description('shows one run: its status, each step it ran, and what it waits on (--json adds checkpoints and attempts)')
    .action(async (runId: string, _o: unknown, cmd: Command) => {
      const st = await apiOk<RunState>(env, 'GET', `/flows/runs/state?runId=${encodeURIComponent(runId)}`);
      if (wantsDocument(cmd)) return printDocument(cmd, st);
      const r = st.run;
      const lines = [
        `run ${r.id} (flow ${r.flowId}, as ${r.principal}, trigger ${r.trigger}): ${r.status}, ${stepCount(r.steps)} ran; updated ${relativeTime(r.updatedAt)}`,
        ...(r.waiting ? [`waiting: ${runDetail(r)}`] : []),
        ...(r.error ? [`error: ${r.error.code}: ${r.error.message}`] : []),
        ...(st.attempts.length ? [`attempts: ${st.attempts.length}`] : []),
        ...st.children.map((c) => `child ${c.id} at step ${c.stepId}: ${c.status}`),
      ].map(safeText);
      process.stdout.write(`${lines.join('\n')}\n`);
      if (r.steps.length) process.stdout.write(`${renderTable(r.steps, STEP_COLUMNS)}\n`);
    });
  const control = async (cmd: Command, verb: string, body: Record<string, unknown>) => {
    const r = await apiOk<RunView>(env, 'POST', `/flows/runs/${verb}`, body);
    const detail = runDetail(r);
    printResult(cmd, r, `run ${r.id} is ${r.status}${r.status === 'completed' || !detail ? '' : `: ${detail}`}`);
  };
  flows
    .command('pause <runId>')
    .description('pauses a run at its next step boundary; resume it with svc flows resume')
    .option('--reason <text>', 'why, recorded with the pause')
    .action((runId: string, o: { reason?: string }, cmd: Command) =>
      control(cmd, 'pause', { runId, ...(o.reason ? { reason: o.reason } : {}) }),
    );
  flows
    .command('resume <runId>')
    .description('continues a paused run from its last checkpoint')
    .action((runId: string, _o: unknown, cmd: Command) => control(cmd, 'resume', { runId }));
  flows
    .command('cancel <runId>')
    .description('ends a run for good, and the runs it delegated to')
    .option('--reason <text>', 'why, recorded with the cancellation')
    .action((runId: string, o: { reason?: string }, cmd: Command) =>
      control(cmd, 'cancel', { runId, ...(o.reason ? { reason: o.reason } : {}) }),
    );
  flows
    .command('gates')
    .description('lists the human gates runs wait on, open ones by default (the same as svc gates)')
    .addOption(gateStatusOption())
    .action(async (o: { status: string }, cmd: Command) => {
      const body = await apiOk<GateList>(env, 'GET', `/flows/gates?status=${encodeURIComponent(o.status)}`);
      printList(cmd, body, body.gates, GATE_COLUMNS, `(no ${o.status} gates)`);
    });

  const agents = program.command('agents').description('pause or unpause an agent seat');
  agents
    .command('pause <seat>')
    .description('stops an agent seat: new runs as it are refused, its parked runs cancelled, its session keys revoked')
    .option('--reason <text>', 'why, recorded with the pause')
    .action(async (agent: string, o: { reason?: string }, cmd: Command) => {
      const r = await apiOk<AgentPauseReply>(env, 'POST', '/agents/pause', { agent, ...(o.reason ? { reason: o.reason } : {}) });
      printResult(cmd, r, [
        `agent ${r.agent} ${r.paused ? 'paused' : 'was already paused'}; ${r.cancelled.length} parked run(s) cancelled`,
        ...(r.revokedSessions?.length ? [`session keys revoked: ${r.revokedSessions.join(', ')}`] : []),
        ...(r.sessionsNotRevoked ? [`session keys NOT revoked (retry the pause): ${r.sessionsNotRevoked}`] : []),
      ]);
    });
  agents
    .command('unpause <seat>')
    .description('lets runs as a paused agent seat start again (operator only)')
    .action(async (agent: string, _o: unknown, cmd: Command) => {
      const r = await apiOk<{ agent: string; unpaused: boolean }>(env, 'POST', '/agents/unpause', { agent });
      printResult(cmd, r, `agent ${r.agent} ${r.unpaused ? 'unpaused' : 'was not paused'}`);
    });
  return flows;
}
