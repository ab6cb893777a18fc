/**
 * The official MCP conformance suite through svc: the conformance fixture attached to a running
 * svc, everything it publishes allowed, and the suite pointed at that server's own endpoint
 * (`/mcp/servers/<id>/mcp`), where its tools, resources and prompts keep their exact names. Every
 * scenario passes but those the expected-failures file names (each with its reason), and one that
 * passes again while still listed fails the run as stale. With nothing allowed, the same scenarios
 * fail for the allowlist's reason, not for a proxy that broke.
 *
 * The API is open on loopback (no SVC_ORCH_TOKEN), so the suite's client needs no token.
 */
import t, { type Test } from 'tap';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startConformanceServer } from '../fixtures/conformance-server.js';
import { conformanceSuiteOrSkip } from '../helpers/conformance.js';
import { startSystem } from '../helpers/system.js';
import { req } from '../helpers/http.js';
import { ROOT } from '../helpers/paths.js';
import { readExpectedFailures, runConformance, type Suite } from '../../scripts/mcp-conformance.js';

const EXPECTED = join(ROOT, 'test', 'fixtures', 'conformance-expected-failures.txt');
const ID = 'conf';

const suite = await conformanceSuiteOrSkip(t);

async function client(url: string): Promise<Client> {
  const c = new Client({ name: 'setup', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  return c;
}

async function svcWithFixture(t: Test) {
  const fixture = await startConformanceServer();
  t.teardown(() => fixture.close());
  const sys = await startSystem(t);
  const attach = await req(sys.url, 'POST', '/mcp/servers/attach', { id: ID, transport: 'http', url: fixture.url });
  t.equal(attach.status, 200, 'the fixture attaches');
  return { fixture, sys, endpoint: `${sys.url}/mcp/servers/${ID}/mcp` };
}

/** Every tool (as a read), resource, resource template and prompt the fixture publishes, allowed for everyone. */
async function allowEverything(t: Test, sysUrl: string, fixtureUrl: string): Promise<void> {
  const direct = await client(fixtureUrl);
  try {
    const rules = [
      ...(await direct.listTools()).tools.map((x) => ({ kind: 'tool', tool: x.name, effect: 'read' })),
      ...(await direct.listResources()).resources.map((x) => ({ kind: 'resource', tool: x.uri })),
      ...(await direct.listResourceTemplates()).resourceTemplates.map((x) => ({ kind: 'resource', tool: x.uriTemplate })),
      ...(await direct.listPrompts()).prompts.map((x) => ({ kind: 'prompt', tool: x.name })),
    ];
    for (const rule of rules) {
      const r = await req(sysUrl, 'PUT', '/mcp/servers/tools', { server: ID, enabled: true, ...rule });
      t.equal(r.status, 200, `allowed ${rule.kind} ${rule.tool}`);
    }
  } finally {
    await direct.close();
  }
}

/** Scenarios whose checks tell a refusal from an answer (a refused tool call is still a text result, which the simple-text check accepts). */
const ALLOWLISTED = [
  'tools-call-image',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'prompts-get-simple',
  'prompts-get-with-args',
];

if (suite) {
  const installed: Suite = suite;

  t.test('every scenario passes through svc but the listed expected failures', async (t) => {
    const { fixture, sys, endpoint } = await svcWithFixture(t);
    await allowEverything(t, sys.url, fixture.url);
    const expected = readExpectedFailures(EXPECTED);
    t.ok(expected.length > 0, 'the expected-failures file names scenarios');
    const results = await runConformance(installed, {
      url: endpoint,
      outDir: mkdtempSync(join(tmpdir(), 'conformance-svc-')),
      expectFail: expected,
    });
    t.comment(results.map((r) => `${r.scenario} ${r.verdict}${r.message ? ` ${r.message}` : ''}`).join('\n'));
    t.same(
      results
        .filter((r) => !['pass', 'warn', 'expected-fail'].includes(r.verdict))
        .map((r) => `${r.scenario}: ${r.verdict} ${r.message ?? ''}`),
      [],
      'nothing failed unexpectedly and no expected failure is stale',
    );
    t.ok(results.filter((r) => r.verdict === 'pass').length >= 20, 'most scenarios pass outright');
  });

  t.test('with nothing allowed, the same scenarios fail for the allowlist', async (t) => {
    const { sys, endpoint } = await svcWithFixture(t);
    const init = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const unknown = await req(sys.url, 'POST', '/mcp/servers/nope/mcp', init);
    t.equal(unknown.status, 404, 'an unknown server is a 404');
    t.match(unknown.body, { error: 'unknown_external_mcp_tool:nope', message: String });
    t.equal((await req(sys.url, 'POST', '/mcp/servers/Not_An_Id/mcp', init)).status, 400, 'a malformed id is a 400');
    t.equal((await req(sys.url, 'GET', `/mcp/servers/${ID}/mcp`)).status, 405, 'stateless: no GET stream');
    const results = await runConformance(installed, {
      url: endpoint,
      outDir: mkdtempSync(join(tmpdir(), 'conformance-svc-')),
      scenarios: ALLOWLISTED,
    });
    t.same(
      results.filter((r) => r.verdict === 'pass').map((r) => r.scenario),
      [],
      'none passes',
    );
    t.same(
      results
        .filter((r) => r.scenario.startsWith('resources-') || r.scenario.startsWith('prompts-'))
        .filter((r) => !/mcp_not_allowlisted:/.test(r.message ?? '')),
      [],
      'the resource and prompt scenarios fail because nothing is allowlisted',
    );
    const direct = await client(endpoint);
    t.teardown(() => direct.close());
    t.same((await direct.listTools()).tools, [], 'no tool is listed');
    t.match(
      await direct.callTool({ name: 'test_simple_text' }),
      {
        isError: true,
        _meta: { 'svc/error': /^tool_not_allowlisted:/ },
      },
      'a tool call is refused by the allowlist',
    );
    await t.rejects(direct.readResource({ uri: 'test://static-text' }), {
      code: -32602,
      data: { 'svc/error': 'mcp_not_allowlisted:svc-mcp://conf/test%3A%2F%2Fstatic-text' },
    });
    await t.rejects(direct.getPrompt({ name: 'test_simple_prompt' }), {
      code: -32602,
      data: { 'svc/error': 'mcp_not_allowlisted:mcp__conf__test_simple_prompt' },
    });
  });
}
