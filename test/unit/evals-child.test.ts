/**
 * evals/child-process.ts and evals/service.ts with children that misbehave on purpose
 * (test/fixtures/evals): a hung child is killed at the limit (504), a crash is a 500 naming its
 * last stderr line, a deliberate refusal keeps its code, one run at a time (409), the audit event
 * carries counts and timing only, and a shutdown stops a running child.
 */
import t from 'tap';
import { repoPath } from '../helpers/paths.js';
import { pino } from 'pino';
import { runInChild } from '../../evals/child-process.js';
import { createEvals } from '../../evals/service.js';
import { AppError } from '../../schemas/errors.js';
import { openStore } from '../../store/index.js';
import { definitionsOf } from '../../store/definitions/index.js';
import type { SuiteInputs } from '../../schemas/eval-report.js';

const fixture = (name: string) => repoPath('test/fixtures/evals', name);
const INPUTS: SuiteInputs = { request: {}, definitions: {} };
const log = pino({ level: 'silent' });
const SECRET_VAR = 'SVC_EVAL_TEST_SECRET';

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal, got an answer');
}

t.test('a child that hangs is killed at the time limit: 504 eval_timeout', async (t) => {
  const began = Date.now();
  const err = await refusal(runInChild(INPUTS, { timeoutMs: 300, entry: fixture('hang-child.mjs') }));
  const took = Date.now() - began;
  t.equal(err.code, 'eval_timeout');
  t.equal(err.status, 504);
  t.match(err.message, /ran past 300 ms \(SVC_EVAL_TIMEOUT_MS\); its child process was killed/);
  // The answer waits for the child's exit, and the child ignores SIGTERM: only SIGKILL got it there.
  t.ok(took >= 300 && took < 60_000, `answered after the kill (${took} ms)`);
});

t.test('a child that dies before it reports is a 500 eval_crashed naming its last stderr line', async (t) => {
  const err = await refusal(runInChild(INPUTS, { timeoutMs: 10_000, entry: fixture('crash-child.mjs') }));
  t.equal(err.code, 'eval_crashed');
  t.equal(err.status, 500);
  t.equal(err.message, 'the eval child process exited with code 3 before it reported: boom: the suite runner blew up');
});

t.test('a missing child entry is a 500 eval_crashed saying so, not a hung request', async (t) => {
  const err = await refusal(runInChild(INPUTS, { timeoutMs: 10_000, entry: fixture('no-such-child.mjs') }));
  t.equal(err.code, 'eval_crashed');
  t.match(err.message, /no-such-child\.mjs is missing/);
});

t.test("a suite's deliberate refusal keeps its code and status across the process boundary", async (t) => {
  const err = await refusal(runInChild(INPUTS, { timeoutMs: 10_000, entry: fixture('refuse-child.mjs') }));
  t.equal(err.code, 'invalid_flow');
  t.equal(err.status, 400);
  t.equal(err.message, 'step x: unknown kind');
});

t.test('the service: one run at a time, saved definitions sent, FlowEvalRun with counts and timing only', async (t) => {
  const store = await openStore({});
  t.teardown(() => store.close());
  const recorded: { type: string; data: Record<string, unknown>; traceId: string | undefined }[] = [];
  const audit = {
    record: async (type: string, data: Record<string, unknown>, traceId?: string) => void recorded.push({ type, data, traceId }),
  };
  const evals = createEvals({ store, audit, log, config: { timeoutMs: 10_000, dir: undefined }, entry: fixture('slow-child.mjs') });
  process.env[SECRET_VAR] = 'must-not-reach-the-child';
  t.teardown(() => void delete process.env[SECRET_VAR]);

  const first = evals.run({ ids: ['x'] }, 'trace-1');
  const second = await refusal(evals.run({}, 'trace-2'));
  t.equal(second.code, 'eval_already_running');
  t.equal(second.status, 409);
  const report = await first;
  t.equal(report.matched, 1);
  const [inputs, envKeys] = report.results[0]!.failures;
  t.match(JSON.parse(inputs!), { request: { ids: ['x'] } }, 'the child got the request');
  // tap's process-info hook adds its own variables to every child it sees spawned; ours adds none.
  const env = (JSON.parse(envKeys!) as string[]).filter((k) => !k.startsWith('_TAPJS_') && k !== 'NODE_OPTIONS');
  t.same(env, [], `the child inherits no environment: no ${SECRET_VAR}, PATH or HOME`);

  t.equal(recorded.length, 1, 'one audit event, for the run that ran');
  t.equal(recorded[0]!.type, 'FlowEvalRun');
  t.equal(recorded[0]!.traceId, 'trace-1');
  t.same(Object.keys(recorded[0]!.data).sort(), ['durationMs', 'failed', 'matched', 'ok', 'passed', 'uncovered']);
  t.match(recorded[0]!.data, { ok: true, matched: 1, passed: 1, failed: 0, uncovered: 2 });
  t.ok((recorded[0]!.data.durationMs as number) >= 400, 'timed from the parent');

  const again = await evals.run({}, 'trace-3');
  t.equal(again.matched, 1, 'the slot is free again once a run ends');
});

t.test('the slot is freed after a timeout, and a shutdown stops a running child (503)', async (t) => {
  const store = await openStore({});
  t.teardown(() => store.close());
  const audit = { record: async () => undefined };
  const hung = createEvals({ store, audit, log, config: { timeoutMs: 200, dir: undefined }, entry: fixture('hang-child.mjs') });
  t.equal((await refusal(hung.run({}))).code, 'eval_timeout');
  t.equal((await refusal(hung.run({}))).code, 'eval_timeout', 'a second run is not refused as still running');

  const long = createEvals({ store, audit, log, config: { timeoutMs: 60_000, dir: undefined }, entry: fixture('hang-child.mjs') });
  const running = long.run({});
  await new Promise((r) => setTimeout(r, 100));
  long.close();
  const err = await refusal(running);
  t.equal(err.code, 'app_unavailable');
  t.equal(err.status, 503);

  // Closed before the child was even started (still reading the store): refused at once, no child.
  const early = createEvals({ store, audit, log, config: { timeoutMs: 60_000, dir: undefined }, entry: fixture('hang-child.mjs') });
  const began = Date.now();
  const pending = early.run({});
  early.close();
  t.equal((await refusal(pending)).code, 'app_unavailable');
  t.ok(Date.now() - began < 30_000, 'not left to run until the time limit');
});

t.test('saved definitions the scenarios name are read from the store and handed to the child by id', async (t) => {
  const store = await openStore({});
  t.teardown(() => store.close());
  const evals = createEvals({
    store,
    audit: { record: async () => undefined },
    log,
    config: { timeoutMs: 10_000, dir: undefined },
    entry: fixture('slow-child.mjs'),
  });
  const { scenarios } = await evals.list();
  const named = scenarios[0]?.flow.replace(/^definition:/, '');
  t.ok(named, 'a shipped scenario names a flow');
  if (named === undefined) return;
  const flow = { id: named, title: 'saved', trigger: 'manual', scope: { level: 'org' }, steps: [{ id: 's', kind: 'model', prompt: 'p' }] };
  await definitionsOf(store).save(
    { id: named, title: 'saved', trigger: 'manual', scopeLevel: 'org', scopeRef: null, definition: flow, savedBy: 'operator' },
    new Date(),
  );
  const report = await evals.run({});
  const sent = JSON.parse(report.results[0]!.failures[0]!) as SuiteInputs;
  t.same(sent.definitions[named], flow, `the saved ${named} went to the child`);
});
