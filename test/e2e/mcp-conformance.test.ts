/**
 * The official MCP conformance suite (pinned, on its own pinned Node 22) against the conformance
 * fixture: every server scenario passes, which is what makes the fixture a fair server to attach
 * behind svc. Then the runner's own contract, as a CI job uses it: a server that fails some
 * scenarios makes it exit non-zero and name them, an expected failure is tolerated, and an
 * expected failure that passes is reported as stale.
 *
 * Installing the suite needs the npm registry once (then it is cached); without it the test skips,
 * except under CI=true where it fails.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConformanceServer } from '../fixtures/conformance-server.js';
import { startHttpMcp } from '../helpers/mcp-servers.js';
import { ROOT } from '../helpers/paths.js';
import { conformanceSuiteOrSkip } from '../helpers/conformance.js';
import { listScenarios, runConformance } from '../../scripts/mcp-conformance.js';

const RUNNER = join(ROOT, 'dist', 'scripts', 'mcp-conformance.js');

const suite = await conformanceSuiteOrSkip(t);

function runner(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const line = (table: string, scenario: string) => table.split('\n').find((l) => l.startsWith(`${scenario} `)) ?? '';

if (suite) {
  const installed = suite;

  t.test('the fixture passes every server scenario of the suite', async (t) => {
    const fixture = await startConformanceServer();
    t.teardown(() => fixture.close());
    const scenarios = listScenarios(installed);
    t.ok(scenarios.length >= 32, `the suite lists its server scenarios (${scenarios.length})`);
    const results = await runConformance(installed, { url: fixture.url, outDir: mkdtempSync(join(tmpdir(), 'conformance-')) });
    t.same(
      results.map((r) => r.scenario),
      scenarios,
      'every scenario ran and wrote its checks',
    );
    t.same(
      results.filter((r) => r.verdict !== 'pass' && r.verdict !== 'warn').map((r) => `${r.scenario}: ${r.message ?? r.verdict}`),
      [],
      'no scenario failed',
    );
    t.ok(
      results.every((r) => r.verdict === 'pass' || r.scenario === 'server-sse-polling'),
      // That scenario asks under protocol 2025-03-26, to which the SDK sends no priming event (warnings only).
      'only the SSE polling scenario warns',
    );
    t.ok(results.reduce((n, r) => n + r.passed, 0) >= 40, 'the checks themselves succeeded');
  });

  t.test('the runner exits non-zero on failures, tolerates expected ones and flags stale ones', async (t) => {
    // A plain tool server: no resources, no Host check.
    const plain = await startHttpMcp(t);
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const scenarios = ['--scenario', 'ping', '--scenario', 'resources-read-text', '--scenario', 'dns-rebinding-protection'];

    const first = await runner([
      '--url',
      plain.url,
      '--out',
      join(out, 'a'),
      ...scenarios,
      '--expect-fail',
      'ping',
      '--expect-fail',
      'resources-read-text',
    ]);
    t.equal(first.code, 1, 'exit 1: a scenario failed unexpectedly and an expected failure passed', first);
    t.match(
      line(first.stdout, 'dns-rebinding-protection'),
      /^\S+\s+fail\s.*localhost-host-rebinding-rejected: Expected HTTP 4xx/,
      'the failure is named',
    );
    t.match(line(first.stdout, 'resources-read-text'), /^\S+\s+expected-fail\s/, 'the expected failure is tolerated');
    t.match(line(first.stdout, 'ping'), /^\S+\s+stale\s/, 'an expected failure that passes is stale');

    const list = join(out, 'expected-failures.yaml');
    writeFileSync(list, 'server:\n  - dns-rebinding-protection # no Host check yet\n');
    const second = await runner([
      '--url',
      plain.url,
      '--out',
      join(out, 'b'),
      ...scenarios,
      '--expect-fail',
      'resources-read-text',
      '--expected-failures',
      list,
    ]);
    t.equal(second.code, 0, 'exit 0 when every failure is expected', second);
    t.match(line(second.stdout, 'ping'), /^\S+\s+pass\s/, 'a passing scenario is a pass');

    const unknown = await runner(['--url', plain.url, '--out', join(out, 'c'), '--scenario', 'no-such-scenario']);
    t.equal(unknown.code, 2, 'an unknown scenario is a usage error', unknown);
    t.match(unknown.stderr, /unknown scenario\(s\): no-such-scenario/, 'and is named');
  });
}
