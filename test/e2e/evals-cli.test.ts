/**
 * `svc flows eval` and `svc crews eval` as a user and a CI job run them: a scenario for a saved
 * flow passes, the flow is broken and the scenario fails with a one-line reason and exit 1, the
 * JUnit file is read back with an XML parser, eval before save refuses the broken flow, and a
 * filter matching nothing exits 1. A stand-in API checks the coverage warning and the refusals.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import t, { type Test } from 'tap';
import { XMLParser } from 'fast-xml-parser';
import { runCli } from '../helpers/process.js';
import { greetFlow, serveWithEvals } from '../helpers/evals.js';

const TOKEN = 'evals-cli-token-0123456789';
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'testsuite' || n === 'testcase' });

const scenario = {
  id: 'greet.says-hi',
  describe: 'the greeting runs its one model step and completes',
  flow: 'greet',
  input: 'Ada',
  expect: { status: 'completed', ran: ['say'], called: { model: 1 } },
};

t.test('a scenario for a saved flow: pass, break the flow, fail with one line, JUnit for CI, eval before save', async (t) => {
  const { files, env } = await serveWithEvals(t, TOKEN, [scenario], { greet: greetFlow('say'), broken: greetFlow('speak') });

  const list = await runCli(['flows', 'eval', '--list'], env);
  t.equal(list.code, 0, list.stderr);
  t.match(list.stdout, /^ID +FLOW +SOURCE +DESCRIBE\n/);
  t.match(list.stdout, /greet\.says-hi +greet +operator +the greeting runs/);

  t.equal((await runCli(['flows', 'save', `${files}/greet.json`], env)).code, 0);
  const pass = await runCli(['flows', 'eval', '--id', 'greet.says-hi'], env);
  t.equal(pass.code, 0, pass.stderr);
  t.match(pass.stdout, /greet\.says-hi +pass/);
  t.match(pass.stdout, /\n1 passed, 0 failed \(matched 1\)\n$/);

  // Eval before save: the broken definition is refused and the saved one stays.
  const refused = await runCli(['flows', 'save', `${files}/broken.json`, '--eval'], env);
  t.equal(refused.code, 1);
  t.match(
    refused.stderr,
    /^svc: flow_eval_failed: flow greet fails 1 of 1 eval scenarios; it was not saved: greet\.says-hi: ran: [^\n]*\n$/,
  );
  t.equal((await runCli(['flows', 'eval', '--id', 'greet.says-hi'], env)).code, 0, 'the saved flow is still the good one');

  t.equal((await runCli(['flows', 'save', `${files}/broken.json`], env)).code, 0, 'saved without --eval');
  const junitPath = `${files}/report.xml`;
  const fail = await runCli(['flows', 'eval', '--id', 'greet.says-hi', '--junit', junitPath], env);
  t.equal(fail.code, 1, 'a failed scenario exits 1');
  t.match(fail.stdout, /greet\.says-hi +FAIL/);
  t.match(fail.stdout, /\ngreet\.says-hi: ran: [^\n]+\n/, 'each failure on one line');
  t.match(fail.stdout, /0 passed, 1 failed \(matched 1\)\n$/);

  const suite = xml.parse(readFileSync(junitPath, 'utf8')).testsuites.testsuite[0];
  t.match(suite, { tests: '1', failures: '1' });
  t.equal(suite.testcase[0].name, 'greet.says-hi');
  t.match(suite.testcase[0].failure.message, /^ran: /, 'the failure message is its one-line reason');

  // The inline definition (--file) is what runs, not the saved broken one.
  const inline = await runCli(['flows', 'eval', '--file', `${files}/greet.json`], env);
  t.equal(inline.code, 0, inline.stdout + inline.stderr);
  t.match(inline.stdout, /1 passed, 0 failed \(matched 1\)/);

  const none = await runCli(['flows', 'eval', '--id', 'no-such', '--junit', junitPath], env);
  t.equal(none.code, 1, 'matched 0 exits 1');
  t.match(none.stderr, /no scenario matched \(matched: 0\)/);
  t.equal(xml.parse(readFileSync(junitPath, 'utf8')).testsuites.testsuite[0].testcase[0].name, 'matched');

  const json = await runCli(['flows', 'eval', '--id', 'greet.says-hi', '--json'], env);
  t.equal(json.code, 1);
  t.match(JSON.parse(json.stdout), { ok: false, matched: 1, failed: 1, results: [{ id: 'greet.says-hi', ok: false }] });

  const crews = await runCli(['crews', 'eval', `${files}/greet.json`], env);
  t.equal(crews.code, 1, 'a file that is no blueprint fails');
  t.match(crews.stdout, /request\.blueprint +FAIL/);
});

/** A stand-in for the API: answers every request with the given status and body, and records what it was sent. */
async function fakeApi(t: Test, status: number, body: unknown): Promise<{ url: string; sent: unknown[] }> {
  const sent: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      sent.push({ method: req.method, url: req.url, body: text ? JSON.parse(text) : undefined });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent };
}

t.test('uncovered first-party flows warn on stderr without failing', async (t) => {
  const report = {
    ok: true,
    passed: 1,
    failed: 0,
    matched: 1,
    results: [{ id: 'a', ok: true, failures: [], durationMs: 3 }],
    coverage: { uncovered: ['treasury-pulse'] },
  };
  const api = await fakeApi(t, 200, report);
  const res = await runCli(['flows', 'eval', '--id', 'a', '--id', 'b'], { SVC_URL: api.url });
  t.equal(res.code, 0, 'a coverage gap is not a failure');
  t.equal(res.stderr, 'warning: no eval scenario covers the first-party flow treasury-pulse\n');
  t.same(api.sent, [{ method: 'POST', url: '/flows/eval', body: { ids: ['a', 'b'] } }], 'repeated --id values all go');
});

t.test('refusals are one line and exit 1: 409 while one runs, 504 past the limit', async (t) => {
  for (const [status, error] of [
    [409, 'eval_already_running'],
    [504, 'eval_timeout'],
  ] as const) {
    const api = await fakeApi(t, status, { error, message: 'the message' });
    const res = await runCli(['flows', 'eval'], { SVC_URL: api.url });
    t.equal(res.code, 1, error);
    t.equal(res.stderr, `svc: ${error}: the message\n`, 'no idle-worker hint: an eval runs on no worker');
  }
});

t.test('--list with a scenario file that did not load names it and exits 1', async (t) => {
  const api = await fakeApi(t, 200, { scenarios: [], invalid: [{ path: '/evals/bad.json', error: '/expect/notran: unknown property' }] });
  const res = await runCli(['flows', 'eval', '--list'], { SVC_URL: api.url });
  t.equal(res.code, 1);
  t.equal(res.stdout, '(no scenarios)\n');
  t.equal(res.stderr, 'invalid scenario /evals/bad.json: /expect/notran: unknown property\n');
});
