/** `svc flows templates|run|save|runs|open|state|pause|resume|cancel|gates` and `svc agents pause|unpause`: thin HTTP calls. */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { apiOk, CliError, printJson, type ClientEnv } from '../client.js';

function readFlow(file: string): unknown {
  try {
    const parsed = JSON.parse(file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8')) as { flow?: unknown };
    return parsed && typeof parsed === 'object' && 'flow' in parsed ? parsed.flow : parsed;
  } catch (err) {
    throw new CliError(`cannot read a flow from ${file}: ${(err as Error).message}`, 2);
  }
}

export function registerFlowCommands(program: Command, env: ClientEnv): void {
  const flows = program.command('flows').description('flow definitions and runs');
  flows
    .command('templates')
    .description('GET /flows/templates')
    .action(async () => printJson(await apiOk(env, 'GET', '/flows/templates')));
  flows
    .command('list')
    .description('GET /flows')
    .action(async () => printJson(await apiOk(env, 'GET', '/flows')));
  flows
    .command('save <file>')
    .description('POST /flows with a definition from a JSON file (- for stdin)')
    .action(async (file: string) => printJson(await apiOk(env, 'POST', '/flows', { flow: readFlow(file) })));
  flows
    .command('delete <id>')
    .description('POST /flows/delete')
    .action(async (id: string) => printJson(await apiOk(env, 'POST', '/flows/delete', { id })));
  flows
    .command('run [id]')
    .description('POST /flows/run: a saved flow by id, or an inline one with --file')
    .option('--file <file>', 'inline definition (JSON file, - for stdin)')
    .option('--input <text>', 'the run input (a string; JSON for {{input.<key>}})')
    .option('--as <seat>', 'run as this seat (operator only)')
    .action(async (id: string | undefined, o: { file?: string; input?: string; as?: string }) => {
      if ((id === undefined) === (o.file === undefined)) throw new CliError('give a flow id or --file, not both', 2);
      const body = {
        ...(id ? { id } : { flow: readFlow(o.file!) }),
        ...(o.input === undefined ? {} : { input: o.input }),
        ...(o.as ? { as: o.as } : {}),
      };
      printJson(await apiOk(env, 'POST', '/flows/run', body));
    });
  flows
    .command('runs')
    .description('GET /flows/runs (newest first)')
    .option('--limit <n>', 'how many', '20')
    .action(async (o: { limit: string }) => printJson(await apiOk(env, 'GET', `/flows/runs?limit=${encodeURIComponent(o.limit)}`)));
  flows
    .command('open')
    .description('GET /flows/runs/open (in flight or parked)')
    .action(async () => printJson(await apiOk(env, 'GET', '/flows/runs/open')));
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
    .description('GET /flows/gates (pending human gates)')
    .option('--status <s>', 'pending, answered, timed_out, closed or all', 'pending')
    .action(async (o: { status: string }) => printJson(await apiOk(env, 'GET', `/flows/gates?status=${encodeURIComponent(o.status)}`)));

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
}
