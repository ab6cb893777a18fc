/**
 * An eval report as JUnit XML (`svc flows eval --junit <path>`), the format CI systems read test
 * results from: each scenario a test case, a failed one carrying its first one-line reason as the
 * message and every reason in the body. A filter that matched nothing is a failed case of its own,
 * so CI shows the red it is instead of an empty, green suite.
 */
import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import type { EvalReport } from '../schemas/eval-report.js';

// The package is CommonJS with `module.exports = builder` while its types declare an ES default
// export; under NodeNext an ES import is typed one way and behaves the other, require is both.
// Loaded on first use: every other command of the CLI starts without it.
let junit: Builder | undefined;
const newBuilder = (): Builder => (junit ??= createRequire(import.meta.url)('junit-report-builder') as Builder).newBuilder();

const CLASS = 'svc.evals';

export function junitXml(report: EvalReport, suiteName = 'svc flows eval'): string {
  // A fresh builder each time: the package's default one is shared module state.
  const builder = newBuilder();
  const suite = builder.testSuite().name(suiteName);
  for (const r of report.results) {
    const test = suite
      .testCase()
      .className(CLASS)
      .name(r.id)
      .time(r.durationMs / 1000);
    if (!r.ok) test.failure(r.failures[0] ?? 'the scenario failed', 'eval_failure').stacktrace(r.failures.join('\n'));
  }
  if (report.matched === 0)
    suite.testCase().className(CLASS).name('matched').failure('no scenario matched the filter (matched: 0)', 'eval_no_match');
  return builder.build();
}
