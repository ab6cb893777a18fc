/**
 * The suite around the scenarios: where they come from (shipped, the operator's folder) and how
 * an invalid file is reported, which scenarios a request selects (ids, an inline flow, an inline
 * blueprint), `matched: 0`, coverage, determinism, and the shipped scenarios passing.
 */
import t from 'tap';
import { listScenarios, runSuite, EVAL_EPOCH } from '../../evals/suite.js';
import { runScenario } from '../../evals/harness.js';
import { evalEngine } from '../../main/eval-engine.js';
import { TEMPLATES } from '../../flows/templates.js';
import type { Flow } from '../../schemas/flows.js';
import type { Scenario } from '../../schemas/evals.js';
import type { EvalReport } from '../../schemas/eval-report.js';
import { evalDir, failuresById, runScenarios } from '../helpers/evals.js';

const hello: Flow = { id: 'hello', steps: [{ id: 'say', kind: 'model', prompt: 'Say hi to {{input}} from {{crew.name}}' }] };
const helloScenario = {
  id: 'hello-greets',
  describe: 'greets',
  flow: 'hello',
  input: 'Ada',
  mocks: { model: [{ when: 'Say hi to Ada', reply: 'hi' }] },
  expect: { status: 'completed', called: { model: 1 } },
};
const withoutTimes = (r: EvalReport) => ({ ...r, results: r.results.map(({ durationMs: _d, ...rest }) => rest) });

t.test('the shipped scenarios cover every template and all pass', async (t) => {
  const report = await runSuite({ request: {}, definitions: {} }, { engine: evalEngine });
  t.strictSame(
    report.results.filter((r) => !r.ok),
    [],
    'no shipped scenario fails',
  );
  t.equal(report.ok, true);
  t.equal(report.matched, report.results.length);
  t.strictSame(report.coverage.uncovered, []);
  const listed = await listScenarios({});
  t.strictSame(listed.invalid, []);
  for (const tpl of TEMPLATES)
    t.ok(
      listed.scenarios.some((s) => s.flow === tpl.id && s.source === 'first-party'),
      `${tpl.id} has a scenario`,
    );
});

t.test(
  'the operator folder is listed beside the shipped scenarios; an invalid file is reported with its path, never skipped',
  async (t) => {
    const dir = evalDir(t, {
      scenarios: [helloScenario, { ...helloScenario, id: 'typo', expect: { notran: ['x'] } }],
      blueprints: [{ id: 'bad-bp', crew: {}, targets: { t1: { address: '0x1' } } }],
      files: { 'broken.json': '{ "id": ', 'dup.json': JSON.stringify({ ...helloScenario, describe: 'same id' }) },
    });
    const listed = await listScenarios({ evalDir: dir });
    t.match(listed.scenarios, [{ source: 'first-party' }]);
    t.strictSame(
      listed.scenarios.filter((s) => s.source === 'operator'),
      [{ id: 'hello-greets', describe: 'same id', flow: 'hello', source: 'operator' }],
      'dup.json sorts first and keeps the id',
    );
    t.strictSame(
      listed.invalid.map((i) => i.path.slice(dir.length + 1)),
      ['broken.json', 'typo.json', 'hello-greets.json', 'blueprints/bad-bp.json'],
    );
    t.match(listed.invalid[0]!.error, /^not JSON: /);
    t.equal(
      listed.invalid[1]!.error,
      '/expect must not have additional properties ("notran")',
      'the schema error names the unknown assertion',
    );
    t.equal(listed.invalid[2]!.error, `scenario id hello-greets is also used by ${dir}/dup.json`);
    t.equal(listed.invalid[3]!.error, '/targets/t1 must have required properties whitelisted');

    const report = await runSuite({ request: { ids: ['hello-greets'] }, definitions: { hello }, evalDir: dir }, { engine: evalEngine });
    t.equal(report.ok, false, 'the invalid files fail the suite');
    t.equal(report.matched, 1);
    t.strictSame(
      report.results.map((r) => [r.id.startsWith(dir) ? r.id.slice(dir.length + 1) : r.id, r.ok]),
      [
        ['broken.json', false],
        ['typo.json', false],
        ['hello-greets.json', false],
        ['blueprints/bad-bp.json', false],
        ['hello-greets', true],
      ],
    );
    t.strictSame(report.results[1]!.failures, ['invalid: /expect must not have additional properties ("notran")']);

    const shapes = await listScenarios({
      evalDir: evalDir(t, {
        scenarios: [
          { ...helloScenario, id: 'a-mock', mocks: { tools: { crm: { result: { ok: true } } } } },
          { ...helloScenario, id: 'b-count', expect: { called: { modle: 1 } } },
          { ...helloScenario, id: 'c-step', expect: { port: { 'no spaces': null } } },
        ],
      }),
    });
    t.strictSame(
      shapes.invalid.map((i) => i.error),
      [
        '/mocks/tools must not have additional properties ("crm")',
        '/expect/called must not have additional properties ("modle")',
        '/expect/port must not have additional properties ("no spaces")',
      ],
      'a key that could never match is refused, not left to assert nothing',
    );

    const missing = await listScenarios({ evalDir: `${dir}/nope` });
    t.strictSame(
      missing.invalid,
      [{ path: `${dir}/nope`, error: 'cannot read the folder (ENOENT)' }],
      'a mistyped SVC_EVAL_DIR is reported',
    );
  },
);

t.test('a filter matching nothing reports matched 0 and ok false', async (t) => {
  const report = await runScenarios(t, { scenarios: [helloScenario] }, { hello }, { ids: ['no-such-scenario'] });
  t.strictSame(withoutTimes(report), { ok: false, passed: 0, failed: 0, matched: 0, results: [], coverage: { uncovered: [] } });
});

t.test('flow references: a template, a saved definition, definition:<id>, and one that names nothing', async (t) => {
  const shadow: Flow = { id: 'treasury-pulse', steps: [{ id: 'only', kind: 'tool', tool: 'svc_echo', args: { text: 'saved' } }] };
  const report = await runScenarios(
    t,
    {
      scenarios: [
        { id: 'by-template', describe: 'd', flow: 'treasury-pulse', expect: { ran: ['intents'] } },
        { id: 'by-definition', describe: 'd', flow: 'definition:treasury-pulse', expect: { ran: ['only'] } },
        { id: 'by-saved-id', describe: 'd', flow: 'hello', expect: { ran: ['say'] } },
        { id: 'nothing', describe: 'd', flow: 'definition:gone', expect: {} },
        { id: 'no-blueprint', describe: 'd', flow: 'hello', blueprint: 'gone', expect: {} },
      ],
    },
    { 'treasury-pulse': shadow, hello },
  );
  t.strictSame(failuresById(report), {
    'by-template': [],
    'by-definition': [],
    'by-saved-id': [],
    nothing: ['flow: expected a saved definition gone, got none'],
    'no-blueprint': ['blueprint: expected blueprint gone, got none loaded'],
  });
});

t.test('an inline flow runs only the scenarios that name its id, against it', async (t) => {
  const other = { ...helloScenario, id: 'other', flow: 'triage-and-delegate' };
  const fixture = { scenarios: [helloScenario, other] };
  const good = await runScenarios(t, fixture, {}, { flow: hello });
  t.strictSame(failuresById(good), { 'hello-greets': [] }, 'the saved definitions are not needed, and other scenarios do not run');
  const broken: Flow = { id: 'hello', steps: [{ id: 'say', kind: 'tool', tool: 'svc_echo', args: { text: 'no model' } }] };
  const bad = await runScenarios(t, fixture, { hello }, { flow: broken });
  t.strictSame(
    failuresById(bad),
    { 'hello-greets': ['called: expected model 1 call, got 0 calls'] },
    'the inline flow replaces the saved one',
  );
  const invalid = await runScenarios(t, fixture, { hello }, { flow: { id: 'hello', steps: [] } });
  t.match(invalid, { ok: false, matched: 0, results: [{ id: 'request.flow', ok: false, failures: [/^invalid: flow \/steps /] }] });
});

t.test('an inline blueprint runs only the scenarios bound to it, with it', async (t) => {
  const bound = {
    ...helloScenario,
    id: 'bound',
    blueprint: 'night',
    mocks: { model: [{ when: 'from Inline crew', reply: 'hi' }] },
    expect: { status: 'completed', notCalled: ['x.y'] },
  };
  const fixture = {
    scenarios: [helloScenario, bound],
    blueprints: [{ id: 'night', crew: { name: 'Folder crew' }, targets: {} }],
  };
  const inline = { id: 'night', crew: { name: 'Inline crew' }, targets: {} };
  const report = await runScenarios(t, fixture, { hello }, { blueprint: inline });
  t.strictSame(failuresById(report), { bound: [] });
  t.equal(report.matched, 1);
  const invalid = await runScenarios(t, fixture, { hello }, { blueprint: { id: 'night', crew: {} } });
  t.match(invalid, { ok: false, matched: 0, results: [{ id: 'request.blueprint', failures: [/^invalid: \/ .*targets/] }] });
});

t.test('determinism: run ids derive from the scenario, the clock is injected, and a scenario gives the same result twice', async (t) => {
  const first = await runSuite({ request: {}, definitions: {} }, { engine: evalEngine });
  const second = await runSuite({ request: {}, definitions: {} }, { engine: evalEngine });
  t.strictSame(withoutTimes(second), withoutTimes(first));

  const s: Scenario = {
    id: 'twice',
    describe: 'd',
    flow: 'triage-and-delegate',
    input: 'x',
    expect: {},
  };
  const flow = TEMPLATES.find((x) => x.id === 'triage-and-delegate')!.flow;
  const a = await runScenario(s, flow, undefined, { engine: evalEngine, now: () => EVAL_EPOCH });
  const b = await runScenario(s, flow, undefined, { engine: evalEngine, now: () => EVAL_EPOCH });
  t.equal(a.run?.id, 'eval-twice');
  t.equal(a.run?.createdAt, new Date(EVAL_EPOCH).toISOString(), 'the run reads the injected clock');
  t.match(a.run?.steps.at(-1)?.summary, /run eval-twice\.ops\b/, 'a delegate run id derives from its parent and step');
  t.strictSame(b.run, a.run);
  t.strictSame(b.audit, a.audit);
});

t.test(
  'an agent step delegating to a saved flow finds it (the definitions are stored), and an inline flow replaces it there too',
  async (t) => {
    const child: Flow = { id: 'child', steps: [{ id: 'work', kind: 'model', prompt: 'work on {{input}}' }] };
    const parent: Flow = { id: 'parent', steps: [{ id: 'hand', kind: 'agent', agent: 'helper', flowId: 'child', prompt: '{{input}}' }] };
    const scenario = {
      id: 'delegates',
      describe: 'd',
      flow: 'parent',
      input: 'the report',
      mocks: { model: [{ when: 'work on the report', reply: 'done' }] },
      expect: { status: 'completed', called: { model: 1 }, port: { hand: null } },
    };
    const saved = await runScenarios(t, { scenarios: [scenario] }, { parent, child });
    t.strictSame(failuresById(saved), { delegates: [] });
    const replaced: Flow = { id: 'child', steps: [{ id: 'work', kind: 'tool', tool: 'svc_echo', args: { text: 'no model' } }] };
    const inline = await runScenarios(
      t,
      { scenarios: [{ ...scenario, flow: 'child', id: 'child-direct', expect: {} }, scenario] },
      { parent, child },
      { flow: replaced },
    );
    t.strictSame(failuresById(inline), { 'child-direct': [] }, 'only the scenario naming the inline flow runs');
    const both = await runScenarios(t, { scenarios: [scenario] }, { parent, child: replaced });
    t.strictSame(
      failuresById(both),
      { delegates: ['called: expected model 1 call, got 0 calls'] },
      'the delegate ran the stored definition',
    );
  },
);
