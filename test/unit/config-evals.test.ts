/** SVC_EVAL_TIMEOUT_MS and SVC_EVAL_DIR: defaults, and a bad value stops the start naming the variable. */
import { resolve } from 'node:path';
import t from 'tap';
import { loadConfig } from '../../runtime/config.js';

t.test('defaults: two minutes, no operator folder', async (t) => {
  t.same(loadConfig({}).evals, { timeoutMs: 120_000, dir: undefined });
});

t.test('a folder is kept as an absolute path; a tiny limit is allowed (tests)', async (t) => {
  const dir = t.testdir({});
  t.same(loadConfig({ SVC_EVAL_TIMEOUT_MS: '10', SVC_EVAL_DIR: dir }).evals, { timeoutMs: 10, dir: resolve(dir) });
});

const bad: [Record<string, string>, string][] = [
  [{ SVC_EVAL_TIMEOUT_MS: '9' }, 'config: SVC_EVAL_TIMEOUT_MS must be an integer of at least 10'],
  [{ SVC_EVAL_TIMEOUT_MS: 'soon' }, 'config: SVC_EVAL_TIMEOUT_MS must be milliseconds an eval run may take (at least 10)'],
  [{ SVC_EVAL_DIR: '/no/such/eval/folder' }, 'config: SVC_EVAL_DIR must be an existing directory of eval scenario files'],
];
for (const [env, message] of bad) {
  t.test(`refused: ${JSON.stringify(env)}`, async (t) => {
    t.throws(() => loadConfig(env), { name: 'ConfigError', variable: Object.keys(env)[0], message });
  });
}

t.test('a file is not a folder', async (t) => {
  const dir = t.testdir({ 'a.json': '{}' });
  t.throws(() => loadConfig({ SVC_EVAL_DIR: `${dir}/a.json` }), { message: /SVC_EVAL_DIR must be an existing directory/ });
});
