/**
 * cli/junit.ts: the report as JUnit XML, read back with an XML parser the way a CI system reads it.
 */
import t from 'tap';
import { XMLParser } from 'fast-xml-parser';
import { junitXml } from '../../cli/junit.js';
import type { EvalReport } from '../../schemas/eval-report.js';

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(
    xml,
  );

t.test('each scenario is a test case; a failed one carries its first reason as the message and all of them in the body', async (t) => {
  const report: EvalReport = {
    ok: false,
    passed: 1,
    failed: 1,
    matched: 2,
    results: [
      { id: 'triage.happy', ok: true, failures: [], durationMs: 12 },
      {
        id: 'triage.<deny>',
        ok: false,
        failures: ['status: expected completed, got waiting', 'ran: expected notify after plan, never ran'],
        durationMs: 1500,
      },
    ],
    coverage: { uncovered: ['treasury-pulse'] },
  };
  const doc = parse(junitXml(report));
  const suite = doc.testsuites.testsuite[0];
  t.match(suite, { name: 'svc flows eval', tests: '2', failures: '1' });
  const [pass, fail] = suite.testcase;
  t.match(pass, { classname: 'svc.evals', name: 'triage.happy', time: '0.012' });
  t.notOk(pass.failure, 'a passing case has no failure');
  t.match(fail, { name: 'triage.<deny>', time: '1.5' }, 'a name with markup survives escaping');
  t.equal(fail.failure.message, 'status: expected completed, got waiting');
  t.equal(fail.failure.type, 'eval_failure');
  t.equal(fail.failure['#text'], 'status: expected completed, got waiting\nran: expected notify after plan, never ran');
});

t.test('matched 0 is a failed case of its own, never an empty green suite', async (t) => {
  const doc = parse(junitXml({ ok: false, passed: 0, failed: 0, matched: 0, results: [], coverage: { uncovered: [] } }));
  const suite = doc.testsuites.testsuite[0];
  t.match(suite, { tests: '1', failures: '1' });
  t.match(suite.testcase[0], {
    name: 'matched',
    failure: { message: 'no scenario matched the filter (matched: 0)', type: 'eval_no_match' },
  });
});
