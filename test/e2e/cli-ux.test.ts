/**
 * The CLI as people who know gh or kubectl expect it, through the built bin: completion that
 * loads in bash and completes, `svc help <group> <command>`, exit codes a script can tell apart,
 * colour only on a terminal, named contexts whose token is never printed, and a run's step count.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, runCli, startSvc } from '../helpers/process.js';

const TOKEN = 'cli-ux-operator-token-0123456789';
const ESC = '\u001b[';

function sh(
  shell: string,
  script: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(shell, ['-c', script], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

t.test('bash completion loads and completes commands, subcommands and options', async (t) => {
  const script = `set -e
svc() { :; }
source <("${process.execPath}" "${BIN}" completion bash)
c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _svc_completion; echo "\${COMPREPLY[*]}"; }
c svc fl
c svc flows tr
c svc flows triggers c
c svc flows run --f
c svc --json flows run --input flows --
c svc help flows r
c svc gates --status r
c svc completion ""
c svc flows runs -o w
complete -p svc`;
  const res = await sh('bash', script);
  t.equal(res.code, 0, res.stderr);
  t.equal(res.stderr, '', 'loads without a word on stderr');
  t.same(res.stdout.trimEnd().split('\n'), [
    'flows',
    'triggers',
    'create curl',
    '--file --follow',
    '--file --input --as --follow --version --json --output --url --token --context --no-color --help',
    'run runs resume',
    'resolved',
    'bash zsh fish',
    'wide',
    'complete -o default -F _svc_completion svc',
  ]);
  const bad = await runCli(['completion', 'tcsh'], {});
  t.equal(bad.code, 2);
});

t.test('help per command, exit codes', async (t) => {
  const help = await runCli(['help', 'flows', 'run'], {});
  t.equal(help.code, 0);
  t.match(help.stdout, /^Usage: svc flows run \[options\] \[id\]\n\nruns a saved flow/);
  t.match(help.stdout, /\nExamples:\n {2}\$ svc flows run hello --input v1\.2\n/);
  t.equal((await runCli(['flows', 'help', 'run'], {})).stdout, help.stdout, 'svc flows help run says the same');
  const top = await runCli(['--help'], {});
  t.match(top.stdout, /Exit codes:\n {2}0 {2}done\n {2}1 {2}the server refused[^\n]*\n {2}2 {2}usage error/);

  for (const args of [['help', 'flows', 'nope'], ['frobnicate'], ['flows', 'run', '--bogus'], ['gates', 'answer', 'q1'], ['flows']]) {
    const res = await runCli(args, {});
    t.equal(res.code, 2, `${args.join(' ')}: a usage error`);
  }
  const down = await runCli(['flows', 'list', '--url', 'http://127.0.0.1:1'], {});
  t.equal(down.code, 1, 'a server out of reach');
});

t.test('colour only on a terminal; NO_COLOR and --no-color turn it off', async (t) => {
  const config = join(t.testdir({}), 'config.json');
  const env = { SVC_CONFIG: config };
  t.equal((await runCli(['context', 'set', 'a', '--url', 'http://127.0.0.1:1'], env)).code, 0);
  const plain = await runCli(['context', 'list'], env);
  t.notOk(plain.stdout.includes(ESC), 'a pipe gets no escapes');
  t.match(plain.stdout, /^CURRENT +NAME +URL +TOKEN\n/);
  const forced = await runCli(['context', 'list'], { ...env, FORCE_COLOR: '1' });
  t.ok(forced.stdout.includes(`${ESC}1mCURRENT`), 'FORCE_COLOR: a bold header');
  t.notOk((await runCli(['context', 'list'], { ...env, FORCE_COLOR: '1', NO_COLOR: '1' })).stdout.includes(ESC), 'NO_COLOR wins');

  // A real terminal: script(1) runs the CLI on a pseudo-terminal.
  const onTty = (extra: string, vars: Record<string, string> = {}) =>
    sh('sh', `script -qec "'${process.execPath}' '${BIN}' context list ${extra}" /dev/null`, { ...env, TERM: 'xterm', ...vars });
  const tty = await onTty('');
  t.equal(tty.code, 0, tty.stderr);
  t.ok(tty.stdout.includes(`${ESC}1mCURRENT`), 'a terminal gets colour');
  t.notOk((await onTty('', { NO_COLOR: '1' })).stdout.includes(ESC), 'NO_COLOR on a terminal');
  t.notOk((await onTty('--no-color')).stdout.includes(ESC), '--no-color on a terminal');
});

t.test('contexts against a server that wants a token; the token is never printed', async (t) => {
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN });
  const dir = t.testdir({});
  const config = join(dir, 'svc', 'config.json');
  const env = { SVC_CONFIG: config };
  const outputs: string[] = [];
  const cli = async (args: string[], extra: Record<string, string> = {}, input?: string) => {
    const res = await runCli(args, { ...env, ...extra }, input);
    outputs.push(res.stdout, res.stderr);
    return res;
  };

  const set = await cli(['context', 'set', 'local', '--url', serve.url!, '--token', '-'], {}, `${TOKEN}\n`);
  t.equal(set.code, 0, set.stderr);
  t.equal(set.stdout, `context local: ${serve.url}, token set (current)\n`);
  t.equal(statSync(config).mode & 0o777, 0o600, 'the file is 0600');
  t.equal(statSync(join(dir, 'svc')).mode & 0o777, 0o700, 'its directory 0700');
  t.ok(readFileSync(config, 'utf8').includes(TOKEN), 'the token is stored for later commands');
  t.equal((await cli(['context', 'set', 'down', '--url', 'http://127.0.0.1:1'])).code, 0);

  t.equal((await cli(['flows', 'list'])).code, 0, 'the current context: its URL and token');
  t.equal((await cli(['context', 'current'])).stdout, 'local\n');
  const list = await cli(['context', 'list']);
  t.match(list.stdout, new RegExp(`\\n\\s+down\\s+http://127.0.0.1:1\\s+unset\\n\\*\\s+local\\s+${serve.url}\\s+set\\n$`));
  t.same(JSON.parse((await cli(['context', 'list', '--json'])).stdout).contexts[1], {
    name: 'local',
    url: serve.url,
    token: 'set',
    current: true,
  });

  const wrongFlag = await cli(['flows', 'list', '--token', 'wrong-token-0123456789']);
  t.equal(wrongFlag.code, 1, '--token outranks the context');
  t.match(wrongFlag.stderr, /unauthorized/);
  t.equal((await cli(['flows', 'list'], { SVC_ORCH_TOKEN: 'wrong-token-0123456789' })).code, 1, 'SVC_ORCH_TOKEN outranks the context');
  t.equal((await cli(['flows', 'list', '--url', serve.url!])).code, 1, "--url: the context's token stays behind");
  t.equal((await cli(['flows', 'list', '--url', serve.url!, '--token', TOKEN])).code, 0, '--url with --token');
  const other = await cli(['flows', 'list', '--context', 'down']);
  t.equal(other.code, 1);
  t.match(other.stderr, /cannot reach http:\/\/127\.0\.0\.1:1/, '--context picks another target');
  t.equal((await cli(['context', 'use', 'down'])).code, 0);
  t.equal((await cli(['flows', 'list'])).code, 1, 'now the current context is down');
  t.equal((await cli(['flows', 'list', '--context', 'local'])).code, 0);
  t.equal((await cli(['context', 'use', 'nope'])).code, 2, 'an unknown context is a usage error');
  t.equal((await cli(['context', 'delete', 'down'])).code, 0);
  t.equal((await cli(['context', 'current'])).stdout, '(none: commands use SVC_URL or the default URL)\n');

  // A two-step flow whose second step is a gate: the gate is one step, though it parks first.
  writeFileSync(
    join(dir, 'two.json'),
    JSON.stringify({
      id: 'two',
      steps: [
        { id: 'plan', kind: 'model', prompt: 'plan {{input}}' },
        { id: 'ok', kind: 'human', prompt: 'ship?', options: [{ id: 'yes', label: 'Ship', port: null }] },
      ],
    }),
  );
  const target = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: TOKEN };
  t.equal((await cli(['flows', 'save', join(dir, 'two.json')], target)).code, 0);
  t.match((await cli(['flows', 'run', 'two'], target)).stdout, /is waiting: human_gate at step ok/);
  const gate = JSON.parse((await cli(['gates', '--json'], target)).stdout).gates[0];
  t.equal((await cli(['gates', 'answer', gate.questionId, 'yes'], target)).code, 0);
  const follow = await cli(['flows', 'follow', gate.runId], target);
  t.match(follow.stdout, new RegExp(`\\nrun ${gate.runId} completed \\(2 steps\\)\\n$`));
  const runs = await cli(['flows', 'runs'], target);
  t.match(runs.stdout, new RegExp(`${gate.runId}\\s+two\\s+completed\\s+operator\\s+manual\\s+2\\s+`), 'the STEPS column agrees');
  const state = await cli(['flows', 'state', gate.runId], target);
  t.match(state.stdout, new RegExp(`^run ${gate.runId} \\(flow two, as operator, trigger manual\\): completed, 2 steps ran; updated `));
  t.match(state.stdout, /\nSTEP +KIND +STATUS +AT +NEXT +SUMMARY\nplan +model +done +/);

  // The names svc heartbeat presets lists are what --schedule takes.
  const presets = JSON.parse((await cli(['heartbeat', 'presets', '--json'], target)).stdout).presets as {
    name: string;
    schedule: string;
  }[];
  const hourly = presets.find((p) => p.name === 'hourly')!;
  const hb = ['heartbeat', 'set', '--crew', 'ux', '--timezone', 'UTC', '--flow', 'two', '--schedule'];
  const saved = await cli([...hb, 'hourly'], target);
  t.equal(saved.code, 0, saved.stderr);
  t.equal(saved.stdout, `saved heartbeat ux: ${hourly.schedule} in UTC, 1 items, disabled\n`, "saved as the preset's cron");
  const typo = await cli([...hb, 'hourlyy'], target);
  t.equal(typo.code, 2);
  t.match(typo.stderr, /^svc: --schedule hourlyy: no preset by that name \(every-10-minutes, .*hourly.*\), nor 5-field cron\n$/);

  t.notOk(outputs.join('\n').includes(TOKEN), 'no output ever shows the token');
});
