/**
 * Runs the official MCP conformance suite's server scenarios against an MCP endpoint and prints one
 * line per scenario: passed, warned, failed (with its first error), expected to fail, or stale (on
 * the expected-failure list but passing now, so the list must shrink). Exits 0 only when nothing
 * failed unexpectedly and no expected failure is stale; 1 otherwise; 2 when the suite could not be
 * installed or run at all.
 *
 *   node dist/scripts/mcp-conformance.js --url http://127.0.0.1:8080/mcp [--out DIR]
 *     [--scenario NAME]... [--expect-fail NAME]... [--expected-failures FILE] [--cache DIR] [--verbose]
 *
 * The suite needs Node 22, so a pinned Node and a pinned suite are installed side by side with npm
 * into a cache folder ($MCP_CONFORMANCE_CACHE, else $XDG_CACHE_HOME/svc-conformance, else
 * ~/.cache/svc-conformance), once per pair of versions, and reused after.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

export const NODE_VERSION = '22.23.3';
export const SUITE_VERSION = '0.1.16';
const SUITE_PACKAGE = '@modelcontextprotocol/conformance';
const PARALLEL_RUNS = 3;

export interface Suite {
  readonly dir: string;
  readonly node: string;
  readonly cli: string;
}

/** npm could not reach its registry: the caller decides whether that is a skip or a failure. */
export class RegistryUnreachable extends Error {}

export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env['MCP_CONFORMANCE_CACHE']) return env['MCP_CONFORMANCE_CACHE'];
  return join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'svc-conformance');
}

function versionOf(pkgJson: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(pkgJson, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

function suiteIn(dir: string): Suite | undefined {
  const node = join(dir, 'node_modules', '.bin', 'node');
  const cli = join(dir, 'node_modules', SUITE_PACKAGE, 'dist', 'index.js');
  if (versionOf(join(dir, 'node_modules', 'node', 'package.json')) !== NODE_VERSION) return undefined;
  if (versionOf(join(dir, 'node_modules', SUITE_PACKAGE, 'package.json')) !== SUITE_VERSION) return undefined;
  if (!existsSync(node) || !existsSync(cli)) return undefined;
  const probe = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return probe.stdout.trim() === `v${NODE_VERSION}` ? { dir, node, cli } : undefined;
}

const UNREACHABLE = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT)\b/;

/**
 * The pinned Node and suite, installed under `root` unless they already are. The install goes to
 * a private folder that is renamed into place, so two runs at once never see half an install.
 */
export async function ensureSuite(root = cacheRoot(), log: (s: string) => void = () => {}): Promise<Suite> {
  const dir = join(root, `node-${NODE_VERSION}_conformance-${SUITE_VERSION}`);
  const ready = suiteIn(dir);
  if (ready) return ready;
  mkdirSync(root, { recursive: true });
  const staging = mkdtempSync(join(root, '.install-'));
  log(`installing node@${NODE_VERSION} and ${SUITE_PACKAGE}@${SUITE_VERSION} into ${dir}`);
  const npm = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(
      'npm',
      [
        'install',
        '--prefix',
        staging,
        '--save-exact',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        // An unreachable registry should be reported within the test's time, not after npm's 5-minute default.
        '--fetch-timeout=60000',
        '--fetch-retries=1',
        `node@${NODE_VERSION}`,
        `${SUITE_PACKAGE}@${SUITE_VERSION}`,
      ],
      { cwd: staging, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
  if (npm.code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const tail = npm.stderr.trim().split('\n').slice(-5).join('\n');
    if (UNREACHABLE.test(npm.stderr)) throw new RegistryUnreachable(`the npm registry is unreachable:\n${tail}`);
    throw new Error(`npm install failed (exit ${npm.code}):\n${tail}`);
  }
  try {
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } catch {
    // Another run finished first; its install is as good as this one.
    rmSync(staging, { recursive: true, force: true });
  }
  const installed = suiteIn(dir);
  if (!installed) throw new Error(`the install in ${dir} does not hold node ${NODE_VERSION} and the suite ${SUITE_VERSION}`);
  return installed;
}

/** The server scenarios this version of the suite knows, pending ones included. */
export function listScenarios(suite: Suite): string[] {
  const out = spawnSync(suite.node, [suite.cli, 'list', '--server'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`conformance list failed: ${out.stderr}`);
  return [...out.stdout.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
}

export interface Check {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  readonly errorMessage?: string;
  /** Some warnings explain themselves here instead of in errorMessage. */
  readonly details?: { readonly message?: unknown };
}

export type Verdict = 'pass' | 'warn' | 'fail' | 'expected-fail' | 'stale' | 'missing';

export interface ScenarioResult {
  readonly scenario: string;
  readonly verdict: Verdict;
  readonly passed: number;
  readonly failed: number;
  readonly warnings: number;
  /** The first failure's message, else the first warning's. */
  readonly message?: string;
}

/** The checks each scenario wrote under `outDir` (folders named server-<scenario>-<timestamp>). */
export function readChecks(outDir: string): Map<string, Check[]> {
  const found = new Map<string, Check[]>();
  for (const entry of readdirSync(outDir, { withFileTypes: true })) {
    const m = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry.name);
    const file = join(outDir, entry.name, 'checks.json');
    if (!entry.isDirectory() || !m || !existsSync(file)) continue;
    found.set(m[1]!, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
  }
  return found;
}

export function judge(scenarios: readonly string[], checks: Map<string, Check[]>, expectFail: ReadonlySet<string>): ScenarioResult[] {
  return scenarios.map((scenario) => {
    const list = checks.get(scenario);
    if (!list) return { scenario, verdict: 'missing', passed: 0, failed: 0, warnings: 0, message: 'the suite wrote no checks for it' };
    const count = (s: string) => list.filter((c) => c.status === s).length;
    const [passed, failed, warnings] = [count('SUCCESS'), count('FAILURE'), count('WARNING')];
    const first = list.find((c) => c.status === 'FAILURE') ?? list.find((c) => c.status === 'WARNING');
    const why = first?.errorMessage ?? (typeof first?.details?.message === 'string' ? first.details.message : '(no message)');
    const message = first ? `${first.id}: ${why}` : undefined;
    const broken = failed > 0;
    const verdict: Verdict = expectFail.has(scenario)
      ? broken
        ? 'expected-fail'
        : 'stale'
      : broken
        ? 'fail'
        : warnings > 0
          ? 'warn'
          : 'pass';
    return { scenario, verdict, passed, failed, warnings, ...(message !== undefined && { message }) };
  });
}

/** Whether the run is a success: nothing failed unexpectedly and the expected failures all still fail. */
export function succeeded(results: readonly ScenarioResult[]): boolean {
  return results.every((r) => r.verdict === 'pass' || r.verdict === 'warn' || r.verdict === 'expected-fail');
}

export function table(results: readonly ScenarioResult[]): string {
  const width = Math.max(...results.map((r) => r.scenario.length), 'scenario'.length);
  const lines = [`${'scenario'.padEnd(width)}  result         checks  first problem`];
  for (const r of results) {
    const checks = `${r.passed}/${r.passed + r.failed}`;
    lines.push(`${r.scenario.padEnd(width)}  ${r.verdict.padEnd(13)}  ${checks.padStart(6)}  ${r.message ?? ''}`.trimEnd());
  }
  const n = (v: Verdict) => results.filter((r) => r.verdict === v).length;
  lines.push(
    `${results.length} scenarios: ${n('pass')} passed, ${n('warn')} passed with warnings, ${n('fail') + n('missing')} failed, ` +
      `${n('expected-fail')} failed as expected, ${n('stale')} expected to fail but passed`,
  );
  return lines.join('\n');
}

/** One scenario name a line; `#` starts a comment, and a leading `- ` (a YAML list) is allowed. */
export function readExpectedFailures(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim().replace(/^- /, '').trim())
    .filter((l) => l !== '' && !l.endsWith(':'));
}

export interface RunOptions {
  readonly url: string;
  readonly outDir: string;
  readonly scenarios?: readonly string[];
  readonly expectFail?: readonly string[];
  /** Where the suite's own output goes; default: a log file in outDir. */
  readonly echo?: boolean;
}

/** Runs the scenarios (all of them by default) against `url` and judges what they wrote. */
export async function runConformance(suite: Suite, o: RunOptions): Promise<ScenarioResult[]> {
  const known = listScenarios(suite);
  const unknown = [...(o.scenarios ?? []), ...(o.expectFail ?? [])].filter((s) => !known.includes(s));
  if (unknown.length > 0) throw new Error(`unknown scenario(s): ${unknown.join(', ')}; the suite knows: ${known.join(', ')}`);
  const scenarios = o.scenarios && o.scenarios.length > 0 ? o.scenarios : known;
  mkdirSync(o.outDir, { recursive: true });
  // The suite takes one --scenario at a time: a subset runs as that many runs, a few at once.
  const runs = o.scenarios && o.scenarios.length > 0 ? scenarios.map((s) => ['--scenario', s]) : [['--suite', 'all']];
  const runOne = (extra: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(suite.node, [suite.cli, 'server', '--url', o.url, '-o', o.outDir, ...extra], {
        cwd: o.outDir,
        stdio: ['ignore', o.echo ? 'inherit' : 'pipe', o.echo ? 'inherit' : 'pipe'],
      });
      let log = '';
      child.stdout?.on('data', (b: Buffer) => (log += b.toString()));
      child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
      child.on('error', reject);
      // The suite's exit status is not used: the checks it wrote are judged here, with warnings.
      child.on('close', () => {
        if (!o.echo) appendFileSync(join(o.outDir, 'suite-output.log'), log);
        resolve();
      });
    });
  const queue = [...runs];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_RUNS, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await runOne(next);
    }),
  );
  return judge(scenarios, readChecks(o.outDir), new Set(o.expectFail ?? []));
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      out: { type: 'string' },
      scenario: { type: 'string', multiple: true },
      'expect-fail': { type: 'string', multiple: true },
      'expected-failures': { type: 'string' },
      cache: { type: 'string' },
      verbose: { type: 'boolean' },
    },
  });
  if (!values.url) {
    process.stderr.write(
      'usage: mcp-conformance --url <mcp endpoint> [--out DIR] [--scenario NAME]... [--expect-fail NAME]... [--expected-failures FILE] [--cache DIR] [--verbose]\n',
    );
    return 2;
  }
  const expectFail = [
    ...(values['expect-fail'] ?? []),
    ...(values['expected-failures'] ? readExpectedFailures(values['expected-failures']) : []),
  ];
  const outDir = values.out ?? mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  let results: ScenarioResult[];
  try {
    const suite = await ensureSuite(values.cache ?? cacheRoot(), (s) => process.stderr.write(`${s}\n`));
    results = await runConformance(suite, {
      url: values.url,
      outDir,
      ...(values.scenario && { scenarios: values.scenario }),
      expectFail,
      echo: values.verbose ?? false,
    });
  } catch (e) {
    process.stderr.write(`mcp-conformance: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  process.stdout.write(`${table(results)}\nchecks and the suite's output: ${outDir}\n`);
  return succeeded(results) ? 0 : 1;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replaceAll('\\', '/'))) process.exitCode = await main();
