/**
 * `svc flows eval --update-snapshots` through `svc serve` and its eval child: the flag records the
 * trace beside the operator's scenario file, a plain run checks it, and a changed flow fails with
 * the snapshot's one-line first divergence although every assertion still passes. The flag's
 * refusals (with --file, with --list) exit 2 before any request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { runCli } from '../helpers/process.js';
import { greetFlow, serveWithEvals } from '../helpers/evals.js';

const TOKEN = 'evals-snapshots-token-0123456789';
// No `ran`: only the snapshot can see that the step was renamed.
const scenario = {
  id: 'greet.hello',
  describe: 'greets',
  flow: 'greet',
  input: 'Ada',
  expect: { status: 'completed', called: { model: 1 } },
};

t.test('--update-snapshots records the trace; a changed flow then fails on its first divergence', async (t) => {
  const { dir, files, env } = await serveWithEvals(t, TOKEN, [scenario], { greet: greetFlow('say'), renamed: greetFlow('speak') });
  const snap = join(dir, '__snapshots__', 'greet.hello.snap.json');

  t.equal((await runCli(['flows', 'save', `${files}/greet.json`], env)).code, 0);
  const plain = await runCli(['flows', 'eval', '--id', 'greet.hello'], env);
  t.equal(plain.code, 0, plain.stdout + plain.stderr);
  t.notOk(existsSync(snap), 'a plain run never creates a snapshot');

  const update = await runCli(['flows', 'eval', '--id', 'greet.hello', '--update-snapshots'], env);
  t.equal(update.code, 0, update.stdout + update.stderr);
  t.match(JSON.parse(readFileSync(snap, 'utf8')), {
    scenario: 'greet.hello',
    steps: [{ step: 'say', status: 'done' }],
    calls: { model: 1 },
  });

  t.equal((await runCli(['flows', 'eval', '--id', 'greet.hello'], env)).code, 0, 'the same flow checks clean');
  t.equal((await runCli(['flows', 'save', `${files}/renamed.json`], env)).code, 0);
  const diverged = await runCli(['flows', 'eval', '--id', 'greet.hello'], env);
  t.equal(diverged.code, 1);
  t.match(diverged.stdout, /\ngreet\.hello: snapshot: step 1 expected say→null, got speak→null\n/);
});

t.test('--update-snapshots is refused with --file and with --list', async (t) => {
  const env = { SVC_URL: 'http://127.0.0.1:9', SVC_ORCH_TOKEN: TOKEN };
  const withFile = await runCli(['flows', 'eval', '--file', 'x.json', '--update-snapshots'], env);
  t.equal(withFile.code, 2);
  t.equal(withFile.stderr, 'svc: --update-snapshots takes no --file: an inline flow is never snapshotted\n');
  const withList = await runCli(['flows', 'eval', '--list', '--update-snapshots'], env);
  t.equal(withList.code, 2);
});
