/**
 * `svc flows run` and `svc mcp` as a person uses them against `svc serve` (the built bin), with a
 * real stdio MCP server the CLI attaches: the run id at once and each step as it completes, exit 1
 * when the run ends in error, the gateway's 202 answered with how to follow the run, and
 * `svc flows follow` to its end; tool calls, and allow refusing what does not exist.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { BIN, runCli, startSvc } from '../helpers/process.js';
import { STDIO_FIXTURE } from '../helpers/mcp-servers.js';

const TOKEN = 'cli-run-operator-0123456789';
const ALICE = 'cli-run-alice-0123456789ab';
const IDENTITIES = JSON.stringify([{ token: ALICE, seat: 'alice', kind: 'human' }]);

/** Runs the CLI and records when each stdout line arrived. */
function timedCli(args: string[], env: Record<string, string>) {
  const began = Date.now();
  const proc = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: { at: number; text: string }[] = [];
  let buf = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => {
    buf += c.toString();
    const parts = buf.split('\n');
    buf = parts.pop()!;
    for (const text of parts) lines.push({ at: Date.now() - began, text });
  });
  proc.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const done = new Promise<{ code: number | null; lines: typeof lines; stderr: string }>((resolve) =>
    proc.on('exit', (code) => resolve({ code, lines, stderr })),
  );
  return { proc, lines, done };
}

t.test('svc mcp and svc flows run against a served runtime', async (t) => {
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN, SVC_IDENTITIES: IDENTITIES });
  const env = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: TOKEN };
  const alice = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: ALICE };

  t.test('attach a stdio server (operator only), allow, call', async (t) => {
    const refused = await runCli(['mcp', 'attach', 'fx', '--command', process.execPath, '--arg', STDIO_FIXTURE], alice);
    t.equal(refused.code, 1);
    t.match(refused.stderr, /^svc: \S+: .*only the operator may attach one/);
    const both = await runCli(['mcp', 'attach', 'fx', '--command', 'node', '--endpoint', 'https://example.com/mcp'], env);
    t.equal(both.code, 2, 'one transport');

    const attached = await runCli(['mcp', 'attach', 'fx', '--command', process.execPath, '--arg', STDIO_FIXTURE], env);
    t.equal(attached.code, 0, attached.stderr);
    t.equal(attached.stdout, 'attached fx: 6 tool(s) found, every one blocked until allowed (svc mcp allow fx.<tool>)\n');
    const servers = await runCli(['mcp', 'servers'], env);
    t.match(servers.stdout, /^SERVER\s+TRANSPORT\s+ORIGIN.*\nfx\s+stdio\s+runtime\s+-\s+6\s+6\s+(just now|\d+s ago)\n/);
    t.match(servers.stdout, /\nfx\.echo\s+blocked\s+write \(unclassified\)/);

    const ghost = await runCli(['mcp', 'allow', 'ghost.echo'], env);
    t.equal(ghost.code, 1);
    t.equal(ghost.stderr, 'svc: no MCP server ghost (servers: fx)\n');
    const typo = await runCli(['mcp', 'allow', 'fx.ecko'], env);
    t.equal(typo.code, 1);
    t.match(typo.stderr, /^svc: server fx has no tool ecko \(tools: env, echo, slow, flood, pid, grandchild\)\n$/);
    const none = JSON.parse((await runCli(['mcp', 'servers', '--json'], env)).stdout);
    t.equal(none.servers[0].tools.filter((x: any) => x.state === 'allowed').length, 0, 'nothing was allowed by the refused commands');
    for (const tool of ['echo', 'slow'])
      t.equal((await runCli(['mcp', 'allow', `fx.${tool}`, '--effect', 'read'], env)).code, 0, `allow fx.${tool}`);
    t.equal((await runCli(['mcp', 'allow', 'fx.*'], env)).code, 1, 'a wildcard allow names no tool: refused like a typo');

    const call = await runCli(['mcp', 'call', 'fx.echo', '--args', '{"q":"hi"}'], env);
    t.equal(call.code, 0, call.stderr);
    t.equal(call.stdout, '(untrusted: written by an external server)\n{"q":"hi"}\n');
    const json = await runCli(['mcp', 'call', 'mcp__fx__echo', '--args', '{"q":1}', '--json'], env);
    t.match(JSON.parse(json.stdout), { status: 'ok', name: 'mcp__fx__echo', untrusted: true, result: { content: [{ text: '{"q":1}' }] } });
    const first = await runCli(['mcp', 'call', 'svc_echo', '--args', '{"x":"y"}'], env);
    t.equal(first.code, 0, first.stderr);
    t.notMatch(first.stdout, /untrusted/, 'a first-party tool is not flagged');
    const blocked = await runCli(['mcp', 'call', 'fx.env'], env);
    t.equal(blocked.code, 1);
    t.match(blocked.stderr, /^svc: tool_not_allowlisted:fx\.env: /);
    const badArgs = await runCli(['mcp', 'call', 'fx.echo', '--args', '[1]'], env);
    t.equal(badArgs.code, 2);
    t.equal(badArgs.stderr, 'svc: --args must be a JSON object\n');
  });

  t.test('a run that ends in error: each step, then exit 1 saying so', async (t) => {
    const dir = t.testdir({
      'bad.json': JSON.stringify({
        id: 'bad',
        title: 'bad',
        trigger: 'manual',
        scope: { level: 'org' },
        steps: [
          { id: 'think', kind: 'model', prompt: 'about {{input}}' },
          { id: 'secrets', kind: 'tool', tool: 'mcp__fx__env' },
        ],
      }),
    });
    const run = await runCli(['flows', 'run', '--file', `${dir}/bad.json`, '--input', 'x'], env);
    t.equal(run.code, 1);
    const lines = run.stdout.trimEnd().split('\n');
    // "started" when the run's first event came before the gateway's answer; it cannot be later.
    t.match(lines[0], /^run run-\S+ (started )?\(flow bad, as operator\)$/, 'the run id first');
    const runId = /^run (run-\S+)/.exec(lines[0]!)![1];
    t.match(lines.slice(1), [/^ {2}done +think \(model\): local: .* -> secrets$/, /^ {2}failed +secrets \(tool\): .*tool_not_allowlisted/]);
    t.equal(lines.length, 3, 'each step once');
    t.match(run.stderr, new RegExp(`^svc: run ${runId} ended error at step secrets: tool_not_allowlisted: .*\\n$`));

    const json = await runCli(['flows', 'run', '--file', `${dir}/bad.json`, '--json'], env);
    t.equal(json.code, 1);
    t.match(JSON.parse(json.stdout), { status: 'error', error: { code: 'tool_not_allowlisted' } }, 'stdout is the run, as JSON');
    t.match(json.stderr, /^run run-\S+ [^]*svc: run run-\S+ ended error/, 'progress goes to stderr');
  });

  t.test('a run longer than the gateway waits: progress live, 202 says how to follow; follow to the end', async (t) => {
    const dir = t.testdir({
      'slow.json': JSON.stringify({
        id: 'slow',
        title: 'slow',
        trigger: 'manual',
        scope: { level: 'org' },
        steps: ['a', 'b', 'c'].map((id) => ({ id, kind: 'tool', tool: 'mcp__fx__slow' })),
      }),
    });
    const run = timedCli(['flows', 'run', '--file', `${dir}/slow.json`], env);
    t.teardown(() => void run.proc.kill('SIGKILL'));
    const out = await run.done;
    t.equal(out.code, 0, out.stderr);
    const [started, ...rest] = out.lines;
    t.match(started!.text, /^run run-\S+ started/);
    t.ok(started!.at < 8_000, `the run id at once (${started!.at} ms), not when the gateway answers`);
    const runId = /^run (run-\S+)/.exec(started!.text)![1]!;
    const a = rest.find((l) => /^ {2}done +a \(tool\)/.test(l.text));
    t.ok(a && a.at < 24_000, `step a shown as it completed (${a?.at} ms), before the 25 s answer`);
    t.equal(rest.at(-1)!.text, `run ${runId} is still running; follow it with: svc flows follow ${runId} (or svc flows state ${runId})`);

    const follow = await runCli(['flows', 'follow', runId], env);
    t.equal(follow.code, 0, follow.stderr);
    const lines = follow.stdout.trimEnd().split('\n');
    t.match(lines, [
      new RegExp(`^run ${runId} \\(flow slow, as operator\\)$`),
      /^ {2}done +a \(tool\): .* -> b$/,
      /^ {2}done +b \(tool\): .* -> c$/,
      /^ {2}done +c \(tool\): /,
      new RegExp(`^run ${runId} completed \\(3 steps\\)$`),
    ]);
    t.equal(lines.length, 5, 'each step once, from the trace or the feed');
  });
});
