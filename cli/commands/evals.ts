/**
 * `svc flows eval [--list] [--id <id>...] [--file <flow.json>] [--junit <path>]` and
 * `svc crews eval <blueprint-file>` (docs/evals.md): thin calls of `GET|POST /flows/eval`, made
 * for CI. Any failed scenario, and a filter that matched none, exits 1; first-party flows no
 * scenario covers are a warning on stderr, never a failure. `--junit` writes the report
 * as JUnit XML whatever the outcome, so CI shows each scenario as a test case.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { api, CliError, refused, type ClientEnv } from '../client.js';
import { printDocument, printList, renderTable, safeText, wantsDocument, type Column } from '../output.js';
import { junitXml } from '../junit.js';
import { readFlow } from './flows.js';
import type { EvalReport, EvalRequest, ScenarioListing, ScenarioResult, SnapshotMode } from '../../schemas/eval-report.js';
import type { EvalScenarioList } from '../../schemas/eval-api.js';

const SCENARIO_COLUMNS: Column<ScenarioListing>[] = [
  { header: 'id', value: (s) => s.id, max: 60 },
  { header: 'flow', value: (s) => s.flow },
  { header: 'source', value: (s) => s.source },
  { header: 'describe', value: (s) => s.describe, max: 80 },
];

const RESULT_COLUMNS: Column<ScenarioResult>[] = [
  { header: 'scenario', value: (r) => r.id, max: 60 },
  { header: 'result', value: (r) => (r.ok ? 'pass' : 'FAIL') },
  { header: 'ms', value: (r) => Math.round(r.durationMs) },
  { header: 'first failure', value: (r) => r.failures[0], max: 100 },
];

const warn = (line: string) => void process.stderr.write(`${safeText(line)}\n`);

function readBlueprint(file: string): unknown {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { blueprint?: unknown };
    return parsed && typeof parsed === 'object' && 'blueprint' in parsed ? parsed.blueprint : parsed;
  } catch (err) {
    throw new CliError(`cannot read a blueprint from ${file}: ${(err as Error).message}`, 2);
  }
}

/** Runs the suite, prints the report, writes the JUnit file, and exits 1 unless every selected scenario passed. */
async function runEval(
  cmd: Command,
  env: ClientEnv,
  request: EvalRequest & { snapshots?: SnapshotMode },
  junitPath: string | undefined,
): Promise<void> {
  // Not apiOk: its 504 hint names idle workers, and an eval never runs on a worker.
  const res = await api<EvalReport>(env, 'POST', '/flows/eval', request);
  if (res.status !== 200) throw refused(res, 'POST', '/flows/eval');
  const report = res.body;
  if (junitPath !== undefined) {
    try {
      writeFileSync(junitPath, junitXml(report));
    } catch (err) {
      throw new CliError(`cannot write the JUnit report to ${junitPath}: ${(err as Error).message}`);
    }
  }
  if (wantsDocument(cmd)) printDocument(cmd, report);
  else {
    if (report.results.length) process.stdout.write(`${renderTable(report.results, RESULT_COLUMNS)}\n`);
    for (const r of report.results.filter((x) => !x.ok)) for (const f of r.failures) process.stdout.write(`${safeText(`${r.id}: ${f}`)}\n`);
    process.stdout.write(`${report.passed} passed, ${report.failed} failed (matched ${report.matched})\n`);
  }
  for (const flow of report.coverage.uncovered) warn(`warning: no eval scenario covers the first-party flow ${flow}`);
  if (report.matched === 0) warn('svc: no scenario matched (matched: 0), which is never a pass');
  if (!report.ok) process.exitCode = 1;
}

export function registerEvalCommands(program: Command, flows: Command, env: ClientEnv): void {
  flows
    .command('eval')
    .description(
      'runs the eval scenarios offline (mocked tools, model, policy, gates) and reports each; exits 1 on any failure or none matched',
    )
    .option('--list', 'list the scenarios (and the files that did not load) instead of running them')
    .option('--id <id...>', 'run only these scenario ids')
    .option('--file <flow.json>', 'an inline flow definition: runs the scenarios that name its id against it')
    .option('--junit <path>', 'also write the report as JUnit XML (one test case per scenario)')
    .option(
      '--update-snapshots',
      "record each scenario's step trace beside its file (__snapshots__/<file>.snap.json) instead of checking it",
    )
    .action(async (o: { list?: boolean; id?: string[]; file?: string; junit?: string; updateSnapshots?: boolean }, cmd: Command) => {
      if (o.list) {
        if (o.id || o.file || o.junit || o.updateSnapshots)
          throw new CliError('--list takes no --id, --file, --junit or --update-snapshots', 2);
        const res = await api<EvalScenarioList>(env, 'GET', '/flows/eval');
        if (res.status !== 200) throw refused(res, 'GET', '/flows/eval');
        printList(cmd, res.body, res.body.scenarios, SCENARIO_COLUMNS, '(no scenarios)');
        // A file that did not load is a scenario that will not run: said, and a failure.
        for (const bad of res.body.invalid) warn(`invalid scenario ${bad.path}: ${bad.error}`);
        if (res.body.invalid.length) process.exitCode = 1;
        return;
      }
      // An inline flow is never snapshotted (docs/evals.md): the flag would silently do nothing.
      if (o.updateSnapshots && o.file) throw new CliError('--update-snapshots takes no --file: an inline flow is never snapshotted', 2);
      const request: EvalRequest = { ...(o.id ? { ids: o.id } : {}), ...(o.file ? { flow: readFlow(o.file) } : {}) };
      await runEval(cmd, env, { ...request, ...(o.updateSnapshots ? { snapshots: 'update' as const } : {}) }, o.junit);
    });

  const crews = program.command('crews').description('crew blueprints');
  crews
    .command('eval <blueprint-file>')
    .description("runs the eval scenarios bound to a crew blueprint's id with that blueprint; exits 1 on any failure or none matched")
    .option('--junit <path>', 'also write the report as JUnit XML (one test case per scenario)')
    .action(async (file: string, o: { junit?: string }, cmd: Command) => {
      await runEval(cmd, env, { blueprint: readBlueprint(file) }, o.junit);
    });
}
