/**
 * The client commands as a person and a script use them, against `svc serve` (the built bin):
 * listings print a table by default and the API's answer with --json; gates are listed and
 * answered as the token's seat; a thread is read.
 */
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startSvc } from '../helpers/process.js';

const TOKEN = 'cli-people-operator-0123456789';
const ALICE = 'cli-people-alice-0123456789';
const IDENTITIES = JSON.stringify([{ token: ALICE, seat: 'alice', kind: 'human' }]);

const GATED = {
  id: 'gated',
  title: 'gated',
  trigger: 'manual',
  scope: { level: 'org' },
  steps: [
    {
      id: 'ok',
      kind: 'human',
      prompt: 'Ship {{input}}?',
      options: [
        { id: 'yes', label: 'Ship', port: null },
        { id: 'no', label: 'Hold', port: null },
      ],
    },
  ],
};

t.test('listings, gates and messages', async (t) => {
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN, SVC_IDENTITIES: IDENTITIES });
  const env = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: TOKEN };
  const alice = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: ALICE };
  const dir = t.testdir({ 'gated.json': JSON.stringify(GATED) });

  const empty = await runCli(['flows', 'list'], env);
  t.equal(empty.code, 0, empty.stderr);
  t.equal(empty.stdout, '(no saved flows)\n');
  const saved = await runCli(['flows', 'save', join(dir, 'gated.json')], env);
  t.equal(saved.stdout, 'saved flow gated (1 step, trigger manual, scope org) as operator\n', 'one line, not the document');

  const table = await runCli(['flows', 'list'], env);
  const lines = table.stdout.trimEnd().split('\n');
  t.match(lines[0], /^ID\s+TITLE\s+TRIGGER\s+SCOPE\s+SAVED BY\s+UPDATED$/, 'a header row');
  t.match(lines[1], /^gated\s+gated\s+manual\s+org\s+operator\s+(just now|\d+s ago)$/, 'a relative time');
  t.equal(lines[0]!.indexOf('TRIGGER'), lines[1]!.indexOf('manual'), 'columns line up');
  for (const args of [
    ['flows', 'list', '--json'],
    ['--json', 'flows', 'list'],
  ]) {
    const json = await runCli(args, env);
    t.match(
      JSON.parse(json.stdout),
      { flows: [{ id: 'gated', savedBy: 'operator', updatedAt: /^\d{4}-\d\d-\d\dT/ }] },
      `${args.join(' ')}: the API answer`,
    );
  }

  // Alice starts the run, so its gate is hers to see and answer.
  const run = await runCli(['flows', 'run', 'gated', '--input', 'v2', '--json'], alice);
  t.match(JSON.parse(run.stdout), { status: 'waiting', waiting: { reason: 'human_gate' } });
  const gates = await runCli(['gates'], alice);
  t.equal(gates.code, 0, gates.stderr);
  t.match(
    gates.stdout,
    /^QUESTION\s+STATUS\s+RUN\s+STEP\s+ASSIGNEE\s+OPTIONS\s+DEADLINE\s+PROMPT\n[0-9a-f-]{36}\s+open\s+run-\S+\s+ok\s+any human\s+yes,no\s+in 23h\s+Ship v2\?\n$/,
  );
  const qid = JSON.parse((await runCli(['gates', '--json'], alice)).stdout).gates[0].questionId as string;

  const wrong = await runCli(['gates', 'answer', qid, 'maybe'], alice);
  t.equal(wrong.code, 1);
  t.match(wrong.stderr, /^svc: "maybe" is not an option of question [0-9a-f-]{36} \(it stays open/);
  const answered = await runCli(['gates', 'answer', qid, 'Ship'], alice);
  t.equal(answered.code, 0, answered.stderr);
  t.equal(answered.stdout, `question ${qid} answered yes as alice; the run resumes\n`, 'answered as the seat the token names');
  const again = await runCli(['gates', 'answer', qid, 'no'], alice);
  t.equal(again.code, 1);
  t.match(again.stderr, /is no longer open \(resolved, answered yes\); nothing changed/);
  t.equal((await runCli(['gates'], alice)).stdout, '(no open gates)\n');
  // The filter takes the words the STATUS column shows.
  t.match((await runCli(['gates', '--status', 'resolved'], alice)).stdout, new RegExp(`${qid}\\s+resolved`));
  t.match((await runCli(['flows', 'gates', '--status', 'resolved'], alice)).stdout, new RegExp(`${qid}\\s+resolved`));
  const badStatus = await runCli(['gates', '--status', 'done'], alice);
  t.equal(badStatus.code, 2, 'a status that is not one is a usage error');
  t.match(badStatus.stderr, /choose open, resolved, timed_out, closed, all/);
  const unknown = await runCli(['gates', 'answer', 'no-such-question', 'yes'], alice);
  t.equal(unknown.code, 1);
  t.match(unknown.stderr, /no-such-question/);

  // Her own thread by default; another seat's thread is not hers to read.
  const thread = await runCli(['messages'], alice);
  t.equal(thread.code, 0, thread.stderr);
  t.match(thread.stdout, /^ID\s+AT\s+AUTHOR\s+KIND\s+QUESTION\s+OUTCOME\s+BODY\n/);
  t.match(thread.stdout, /alice \(human\)\s+answer\s+\S+\s+resolved\s+Ship\n/);
  t.equal(JSON.parse((await runCli(['messages', '--json'], alice)).stdout).thread, 'agent:alice');
  const other = await runCli(['messages', '--thread', 'agent:operator'], alice);
  t.equal(other.code, 1);
  t.match(other.stderr, /^svc: record_not_found: /);

  // A cell written by someone else cannot drive the terminal.
  writeFileSync(join(dir, 'evil.json'), JSON.stringify({ ...GATED, id: 'evil', title: 'x\u001b]0;owned\u0007y' }));
  t.equal((await runCli(['flows', 'save', join(dir, 'evil.json')], env)).code, 0);
  const evil = await runCli(['flows', 'list'], env);
  t.notOk(evil.stdout.includes('\u001b'), 'no raw escape');
  t.match(evil.stdout, /x\\u\{1b\}\]0;owned\\u\{07\}y/);
});
