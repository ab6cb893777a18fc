/**
 * The container image (Dockerfile, .dockerignore) and compose.yaml, read as files: no Docker on
 * the machines that run the tests. What they check is what an operator relies on: the image runs
 * as a non-root user with a read-only root filesystem, forwards SIGTERM to the draining process,
 * probes its own health, carries no secret, and ships what the process reads at run time; compose
 * sets only variables the product reads, takes every secret from the environment, migrates once
 * before the gateway and workers start, and gates on /readyz.
 */
import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { repoPath } from '../helpers/paths.js';
import { envAssignments, parseDockerfile, type Stage } from '../helpers/dockerfile.js';
import { EnvSchema } from '../../schemas/config.js';
import { loadConfig } from '../../runtime/config.js';

const KNOWN_ENV = new Set(Object.keys(EnvSchema.properties));
/** Names whose values are secrets. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|API_KEY|SESSION_KEY|PRIVATE_KEY|CREDENTIAL/i;
/** Values that look like a secret: a URL with a password, a long hex or base64 run, a PEM block. */
const SECRET_VALUE = [/:\/\/[^/\s:@]+:[^/\s@$]+@/, /\b[0-9a-f]{32,}\b/i, /[A-Za-z0-9+/]{40,}={0,2}/, /-----BEGIN/];

const dockerfile = parseDockerfile(readFileSync(repoPath('Dockerfile'), 'utf8'));
const final = dockerfile.stages.at(-1)!;
const all = (s: Stage, keyword: string) => s.instructions.filter((i) => i.keyword === keyword);
const runs = (s: Stage) => all(s, 'RUN').map((i) => i.args);

t.test('the Dockerfile builds in one stage and runs from another', async (t) => {
  t.ok(dockerfile.stages.length >= 2, `${dockerfile.stages.length} stages`);
  t.match(
    final.from,
    /^node:(2[0-9])-(bookworm|trixie)-slim$|^node:2[0-9]-alpine/,
    `the runtime base is a slim Node 20+ image (${final.from})`,
  );
  const build = dockerfile.stages.find((s) => runs(s).some((r) => /\bnpm run build\b/.test(r)));
  if (!build) return t.fail('no stage runs `npm run build`');
  t.not(build, final, 'the build happens outside the runtime stage');
  t.ok(
    runs(build).some((r) => /\bnpm ci\b/.test(r)),
    'the build stage installs from the lock file (npm ci)',
  );
  t.ok(
    runs(build).some((r) => /better-sqlite3/.test(r)),
    'the build stage builds the native SQLite binding',
  );

  // Production dependencies only: the runtime installs with --omit=dev, or copies node_modules
  // from a stage that pruned the dev dependencies.
  const ownInstall = runs(final).some((r) => /\bnpm ci\b.*--omit=dev/.test(r));
  const copied = all(final, 'COPY').find((c) => /\bnode_modules\b/.test(c.args));
  const from = copied && /--from=(\S+)/.exec(copied.args)?.[1];
  const source = dockerfile.stages.find((s) => s.name === from);
  t.ok(
    ownInstall || (source !== undefined && runs(source).some((r) => /\bnpm prune\b.*--omit=dev|\bnpm ci\b.*--omit=dev/.test(r))),
    'node_modules in the runtime holds production dependencies only',
  );
  t.notOk(
    runs(final).some((r) => /\bnpm (ci|install)\b(?!.*--omit=dev)/.test(r)),
    'the runtime stage installs no dev dependencies',
  );
});

t.test('the runtime stage runs as a non-root user', async (t) => {
  const users = all(final, 'USER');
  t.ok(users.length > 0, 'the final stage sets USER');
  const user = users.at(-1)?.args ?? 'root';
  const [name] = user.split(':');
  t.notOk(['root', '0', ''].includes(name!), `USER ${user} is not root`);
  t.match(name, /^[1-9][0-9]*$/, "numeric, so Kubernetes' runAsNonRoot can verify it");
  // The Kubernetes manifests run the same uid.
  t.equal(name, '10001', 'the uid the manifests set (runAsUser: 10001)');
});

t.test('signals reach the draining process and children are reaped', async (t) => {
  const entry = all(final, 'ENTRYPOINT').at(-1)?.json;
  if (!entry) return t.fail('the final stage has an exec-form ENTRYPOINT');
  t.match(entry[0], /tini|dumb-init/, `PID 1 is an init (${entry[0]})`);
  const pkg = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { bin: Record<string, string> };
  const program = pkg.bin['svc']!.replace(/^\.\//, '');
  t.ok(entry.includes(program), `then the svc program (${program})`);
  t.ok(
    entry.some((a) => a === 'node'),
    'run by node directly, not through npm (npm would not forward SIGTERM)',
  );
  const cmd = all(final, 'CMD').at(-1)?.json;
  t.same(cmd, ['serve'], 'the default role is serve');
  // What the image relies on: the roles drain on SIGTERM themselves.
  t.match(readFileSync(repoPath('cli/commands/roles.ts'), 'utf8'), /process\.on\('SIGTERM'/, 'svc serve|gateway|worker handle SIGTERM');
});

t.test('the image checks its own health on /livez', async (t) => {
  const hc = all(final, 'HEALTHCHECK').at(-1);
  if (!hc) return t.fail('the final stage has a HEALTHCHECK');
  t.match(hc.args, /\/(livez|readyz)\b/, 'on /livez or /readyz');
  t.match(hc.args, /SVC_WORKER_HEALTH_PORT/, 'a worker is probed on its health port');
  t.match(hc.args, /SVC_ORCH_PORT/, 'the API on its port');
  t.ok(
    all(final, 'EXPOSE').some((e) => e.args.split(' ').includes('8788')),
    'exposes the default API port',
  );
});

t.test('a read-only root filesystem suffices', async (t) => {
  const volumes = all(final, 'VOLUME').flatMap((v) => v.json ?? v.args.split(' '));
  t.ok(volumes.includes('/tmp'), 'the one writable place, /tmp, is a declared volume');
  // The code and dependencies are root's, so the process cannot rewrite them.
  for (const c of all(final, 'COPY')) t.notMatch(c.args, /--chown=(?!root|0)/, `line ${c.line}: COPY keeps root ownership`);
});

t.test('no secret is baked into the image', async (t) => {
  for (const stage of dockerfile.stages) {
    for (const ins of stage.instructions.filter((i) => i.keyword === 'ENV' || i.keyword === 'ARG')) {
      const vars = ins.keyword === 'ENV' ? envAssignments(ins.args) : Object.fromEntries([ins.args.split('=', 2) as [string, string?]]);
      for (const [name, value = ''] of Object.entries(vars)) {
        t.notMatch(name, SECRET_NAME, `line ${ins.line}: ${ins.keyword} ${name} is not a secret`);
        for (const re of SECRET_VALUE) t.notMatch(value, re, `line ${ins.line}: ${name}'s value does not look like a secret`);
        if (ins.keyword === 'ENV' && name.startsWith('SVC_')) t.ok(KNOWN_ENV.has(name), `ENV ${name} is a variable the product reads`);
      }
    }
  }
  const ignore = readFileSync(repoPath('.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const entry of ['**/node_modules', 'dist', '.git', '.env', '.env.*'])
    t.ok(ignore.includes(entry), `.dockerignore leaves out ${entry}`);
});

t.test('what the runtime copies from the tree exists', async (t) => {
  // Build outputs come from the build; everything else must be in the repository.
  const outputs = /^(dist|node_modules|sdk\/dist)(\/|$)/;
  for (const c of all(final, 'COPY').filter((c) => /--from=/.test(c.args))) {
    const sources = c.args
      .split(' ')
      .filter((w) => !w.startsWith('--'))
      .slice(0, -1)
      .map((s) => s.replace(/^\/app\//, ''));
    for (const s of sources) if (!outputs.test(s)) t.ok(existsSync(repoPath(s)), `line ${c.line}: ${s} is in the repository`);
  }
});

// --- compose.yaml

type Obj = Record<string, any>;
const compose = load(readFileSync(repoPath('compose.yaml'), 'utf8'), { schema: CORE_SCHEMA.withTags(mergeTag) }) as Obj;
const services = compose.services as Record<string, Obj>;
/** The services that run the svc image. */
const product = ['migrate', 'gateway', 'worker'];

/** Compose's variable substitution: `${X:?msg}` fails when X is unset, `${X:-d}` falls back to d. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
    const v = env[name];
    if (op === '?' && !v) throw new Error(`${name}: ${arg}`);
    if (op === '-' && !v) return arg ?? '';
    return v ?? '';
  });
}
const SAMPLE = { POSTGRES_PASSWORD: 'pw-from-env', SVC_SESSION_KEY: 'ab'.repeat(32), SVC_ORCH_TOKEN: 'x'.repeat(32) };

t.test('compose: NATS with JetStream, PostgreSQL, one migrate, one gateway, two workers', async (t) => {
  t.ok(services.nats, 'a nats service');
  t.match(String(services.nats?.command), /--jetstream|-js\b/, 'NATS runs JetStream');
  t.ok(services.postgres, 'a postgres service');
  t.same(services.migrate?.command, ['migrate'], 'a one-shot svc migrate');
  t.equal(services.migrate?.restart, 'no', 'that is not restarted once done');
  t.same(services.gateway?.command, ['gateway']);
  t.same(services.worker?.command, ['worker']);
  t.equal(services.worker?.deploy?.replicas, 2, 'two workers');
  for (const s of ['gateway', 'worker']) {
    t.equal(services[s]?.depends_on?.migrate?.condition, 'service_completed_successfully', `${s} starts after the migration succeeded`);
  }
  for (const dep of ['nats', 'postgres']) {
    t.equal(services.migrate?.depends_on?.[dep]?.condition, 'service_healthy', `migrate waits for a healthy ${dep}`);
    t.ok(services[dep]?.healthcheck?.test, `${dep} has a health check`);
  }
  for (const s of product) {
    t.equal(services[s]?.read_only, true, `${s} runs on a read-only root filesystem`);
    t.ok((services[s]?.tmpfs ?? []).includes('/tmp'), `${s} writes only to a /tmp tmpfs`);
  }
});

t.test('compose: the gateway and workers are healthy when /readyz says so, on their own port', async (t) => {
  for (const [s, portVar] of [
    ['gateway', 'SVC_ORCH_PORT'],
    ['worker', 'SVC_WORKER_HEALTH_PORT'],
  ] as const) {
    const test = (services[s]?.healthcheck?.test ?? []).join(' ');
    const port = services[s]?.environment?.[portVar];
    t.ok(port, `${s} sets ${portVar}`);
    t.ok(test.includes(`127.0.0.1:${port}/readyz`), `${s} health check GETs /readyz on ${portVar} (${port})`);
  }
});

t.test('compose: every variable set is one the product reads, and the product accepts them', async (t) => {
  for (const s of product) {
    const env = (services[s]?.environment ?? {}) as Record<string, string>;
    t.ok(Object.keys(env).length > 0, `${s} sets its environment as a map`);
    for (const name of Object.keys(env)) t.ok(KNOWN_ENV.has(name), `${s}: ${name} is declared in schemas/config.ts`);
    const values = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(String(v), SAMPLE)]));
    t.doesNotThrow(() => loadConfig(values), `${s}: loadConfig accepts the environment`);
    const config = loadConfig(values);
    t.ok(config.natsUrl && config.databaseUrl, `${s} runs on NATS and PostgreSQL`);
    t.equal(
      values['DATABASE_URL'],
      `postgres://svc:${SAMPLE.POSTGRES_PASSWORD}@postgres:5432/svc`,
      `${s}: the database URL carries the password from the environment`,
    );
  }
  // Each role's own settings.
  t.ok(services.gateway?.environment?.SVC_ORCH_TOKEN, 'the gateway has the operator token (the API is not open)');
  t.notOk(services.gateway?.environment?.SVC_WORKER_HEALTH_PORT, 'the gateway has no worker health port');
});

t.test('compose: secrets come from the environment, and a missing one stops `up`', async (t) => {
  for (const [s, svc] of Object.entries(services)) {
    for (const [name, raw] of Object.entries((svc.environment ?? {}) as Record<string, unknown>)) {
      const value = String(raw);
      // From the environment when compose starts, or a path to a mounted compose secret.
      if (SECRET_NAME.test(name))
        t.match(value, /^\$\{\w+(:[?-][^}]*)?\}$|^\/run\/secrets\/\w+$/, `${s}: ${name} is read from the environment, not written here`);
      t.notMatch(value.replace(/\$\{[^}]*\}/g, ''), /:\/\/[^/\s:@]+:[^/\s@]+@/, `${s}: ${name} holds no literal password`);
    }
  }
  for (const name of ['SVC_SESSION_KEY', 'SVC_ORCH_TOKEN', 'POSTGRES_PASSWORD']) {
    const { [name]: _, ...without } = SAMPLE as Record<string, string>;
    t.throws(
      () => product.forEach((s) => Object.values(services[s]?.environment ?? {}).forEach((v) => interpolate(String(v), without))),
      `without ${name} compose refuses to start`,
    );
  }
  t.equal(
    services.postgres?.environment?.POSTGRES_PASSWORD_FILE,
    '/run/secrets/postgres_password',
    'PostgreSQL reads its password from a secret',
  );
  t.same(compose.secrets?.postgres_password, { environment: 'POSTGRES_PASSWORD' }, 'a secret filled from the environment');
});
