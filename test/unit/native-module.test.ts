/** A build made under one Node.js major and started under another says how to fix it. */
import t from 'tap';
import { nativeModuleHint } from '../../runtime/native-module.js';

const addon = '/srv/svc/node_modules/better-sqlite3/build/Release/better_sqlite3.node';
// What Node.js throws when it loads an addon built for another major (Node 20's build under Node 22).
const dlopen = (): Error =>
  Object.assign(
    new Error(
      `The module '${addon}'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127. Please try re-compiling or re-installing\nthe module (for instance, using \`npm rebuild\` or \`npm install\`).`,
    ),
    { code: 'ERR_DLOPEN_FAILED' },
  );

t.test('an ABI mismatch names the package and the command that fixes it', async (t) => {
  t.equal(
    nativeModuleHint(dlopen()),
    `the native module better-sqlite3 was built for another Node.js version (built for NODE_MODULE_VERSION 115; Node.js ${process.version} needs 127); run \`npm rebuild better-sqlite3\``,
  );
});

t.test('found when a driver wraps it', async (t) => {
  const wrapped = new Error('could not open the database', { cause: new Error('driver failed', { cause: dlopen() }) });
  t.match(nativeModuleHint(wrapped), /run `npm rebuild better-sqlite3`$/);
});

t.test('a scoped package, and a mismatch whose path is unknown', async (t) => {
  const scoped = Object.assign(new Error(dlopen().message.replace(addon, '/a/node_modules/@scope/addon/build/x.node')), {
    code: 'ERR_DLOPEN_FAILED',
  });
  t.match(nativeModuleHint(scoped), /the native module @scope\/addon .* run `npm rebuild @scope\/addon`$/);
  t.match(nativeModuleHint(new Error('NODE_MODULE_VERSION 115 ... NODE_MODULE_VERSION 137')), /run `npm rebuild`$/);
});

t.test('any other error, including another dlopen failure, is left alone', async (t) => {
  t.equal(nativeModuleHint(new Error('connect ECONNREFUSED 127.0.0.1:5432')), undefined);
  t.equal(nativeModuleHint(Object.assign(new Error(`${addon}: cannot open shared object file`), { code: 'ERR_DLOPEN_FAILED' })), undefined);
  t.equal(nativeModuleHint('a string'), undefined);
});
