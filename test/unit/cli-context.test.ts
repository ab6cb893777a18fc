import t, { type Test } from 'tap';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configPath, readConfig, resolveTarget, writeConfig, DEFAULT_URL } from '../../cli/context.js';
import { CliError } from '../../cli/errors.js';

const PROD = { url: 'https://prod.example.com', token: 'prod-token-0123456789' };
const DEV = { url: 'http://127.0.0.1:9000', token: 'dev-token-0123456789' };

function setup(t: Test, current = 'prod'): string {
  const path = join(t.testdir({}), 'svc', 'config.json');
  writeConfig(path, { current, contexts: { prod: PROD, dev: DEV } });
  return path;
}

t.test('the file is where XDG says unless SVC_CONFIG names it', async (t) => {
  t.equal(configPath({ SVC_CONFIG: '/x/c.json', XDG_CONFIG_HOME: '/xdg' }), '/x/c.json');
  t.equal(configPath({ XDG_CONFIG_HOME: '/xdg', HOME: '/h' }), '/xdg/svc/config.json');
  t.equal(configPath({ HOME: '/h' }), '/h/.config/svc/config.json');
});

t.test('written 0600 in a 0700 directory, and read back', async (t) => {
  const path = setup(t);
  t.equal(statSync(path).mode & 0o777, 0o600, 'file 0600');
  t.equal(statSync(join(path, '..')).mode & 0o777, 0o700, 'directory 0700');
  t.same(readConfig(path), { current: 'prod', contexts: { prod: PROD, dev: DEV } });
});

t.test('precedence: flag, then environment, then the context, then the default', async (t) => {
  const path = setup(t);
  t.same(resolveTarget({}, {}, path), { url: PROD.url, token: PROD.token, context: 'prod' }, 'the current context');
  t.same(resolveTarget({}, { SVC_ORCH_TOKEN: 'env-token-0123456789' }, path).token, 'env-token-0123456789', 'env token over the context');
  t.same(
    resolveTarget({ token: 'flag-token-0123456789' }, { SVC_ORCH_TOKEN: 'env-token-0123456789' }, path).token,
    'flag-token-0123456789',
  );
  t.same(resolveTarget({}, { SVC_URL: 'http://env.example.com' }, path), {
    url: 'http://env.example.com',
    token: undefined,
    context: undefined,
  });
  t.same(resolveTarget({ url: 'http://flag.example.com/' }, { SVC_URL: 'http://env.example.com' }, path).url, 'http://flag.example.com');
  t.same(
    resolveTarget({ context: 'dev' }, { SVC_URL: 'http://env.example.com', SVC_ORCH_TOKEN: 'env-token-0123456789' }, path),
    {
      url: DEV.url,
      token: DEV.token,
      context: 'dev',
    },
    '--context names the target outright',
  );
  t.same(
    resolveTarget({}, {}, join(t.testdir({}), 'none.json')),
    { url: DEFAULT_URL, token: undefined, context: undefined },
    'the default',
  );
});

t.test("a context's token never goes to another URL", async (t) => {
  const path = setup(t);
  t.equal(resolveTarget({ url: 'https://elsewhere.example.com' }, {}, path).token, undefined, '--url');
  t.equal(resolveTarget({ context: 'prod', url: 'https://elsewhere.example.com' }, {}, path).token, undefined, '--context with --url');
  t.equal(resolveTarget({ url: PROD.url }, {}, path).token, undefined, 'an explicit --url is not the current context');
});

t.test('an unknown context or a broken file is one clear error, never the content', async (t) => {
  const path = setup(t);
  t.throws(() => resolveTarget({ context: 'nope' }, {}, path), new CliError(`no context nope in ${path} (svc context list)`, 2));
  writeFileSync(path, `{"contexts": {"prod": {"token": "${PROD.token}"`);
  const err = t.throws(() => readConfig(path)) as Error;
  t.notMatch(err.message, PROD.token);
  t.throws(() => resolveTarget({ url: 'ftp://x' }, {}, setup(t)), new CliError('"ftp://x" is not an http(s) URL', 2));
});
