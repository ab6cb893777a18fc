/**
 * Tool results, driven as a user would: a real MCP server (the SDK's, over HTTP) and
 * flows run over HTTP. A tool that answers `isError: true` fails the flow step with
 * `mcp_tool_error:<server>.<tool>` and its text, and `/mcp/call` answers it as an error. An `mcp__*`
 * step takes JSON arguments (strings interpolated at any depth), checked against the tool's
 * published inputSchema before anything is sent; `{{steps.<id>.text}}` is the tool's text.
 */
import t from 'tap';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startSystem } from '../../helpers/system.js';
import { startHttpMcp, type FakeTool } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { runCli } from '../../helpers/process.js';
import { callAudit } from '../../helpers/mcp-audit.js';

const OP = 'operator-token-0123456789';
const text = (s: string): CallToolResult => ({ content: [{ type: 'text', text: s }] });

const TOOLS: FakeTool[] = [
  {
    name: 'quota',
    description: 'always refuses, the way a tool reports its own failure',
    run: () => ({ content: [{ type: 'text', text: 'rate limited: 0 of 100 requests left' }], isError: true }),
  },
  {
    name: 'label',
    description: 'typed parameters, nested',
    inputSchema: {
      properties: {
        issue: { type: 'integer' },
        labels: { type: 'array', items: { type: 'string' } },
        meta: { type: 'object', properties: { weight: { type: 'number' }, by: { type: 'string' } }, required: ['weight'] },
        dryRun: { type: 'boolean' },
      },
      required: ['issue', 'labels'],
      additionalProperties: false,
    },
    run: (a) => ({ ...text(`labelled #${String(a.issue)} with ${(a.labels as string[]).join(', ')}`), structuredContent: { args: a } }),
  },
];

t.test('tool errors and typed arguments', async (t) => {
  const fake = await startHttpMcp(t, TOOLS);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP } });
  const op = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, OP);
  t.equal((await op('POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url })).status, 200);
  for (const tool of ['quota', 'label']) await op('PUT', '/mcp/servers/tools', { server: 'gh', tool, enabled: true, effect: 'read' });
  const run = async (steps: unknown[], input?: unknown) =>
    (await op('POST', '/flows/run', { flow: { id: 'f', steps }, ...(input === undefined ? {} : { input }) })).body;

  t.test('isError fails the step with the tool text', async (t) => {
    const r = await run([
      { id: 'q', kind: 'tool', tool: 'mcp__gh__quota', args: {} },
      { id: 'after', kind: 'tool', tool: 'svc_echo', args: { text: 'must not run' } },
    ]);
    t.equal(r.status, 'error', JSON.stringify(r).slice(0, 400));
    t.match(r.error, { code: 'mcp_tool_error:gh.quota', message: /rate limited: 0 of 100 requests left/ });
    t.match(r.steps, [{ stepId: 'q', status: 'failed' }]);
    t.notOk(
      r.steps.some((s: { stepId: string }) => s.stepId === 'after'),
      'the run stopped at the failed step',
    );
  });

  t.test('/mcp/call answers a tool error as an error', async (t) => {
    const r = await op('POST', '/mcp/call', { name: 'mcp__gh__quota', arguments: {} });
    t.equal(r.status, 422);
    t.same(r.body, { error: 'mcp_tool_error:gh.quota', message: 'rate limited: 0 of 100 requests left' });
    const row = await callAudit(sys.store, r);
    t.match(row, { server: 'gh', tool: 'quota', outcome: 'tool_error', wentOut: true }, 'the audit trail says the tool failed, not ok');
  });

  t.test('svc mcp call says the tool failed and exits non-zero', async (t) => {
    const env = { SVC_URL: sys.url, SVC_ORCH_TOKEN: OP };
    const failed = await runCli(['mcp', 'call', 'gh.quota'], env);
    t.not(failed.code, 0);
    t.match(failed.stderr, /mcp_tool_error:gh\.quota: rate limited: 0 of 100 requests left/);
    const ok = await runCli(['mcp', 'call', 'gh.label', '--args', '{"issue": 3, "labels": ["x"]}'], env);
    t.equal(ok.code, 0, ok.stderr);
    t.match(ok.stdout, /labelled #3 with x/);
  });

  t.test('JSON arguments, interpolated at any depth, and the text of an MCP step', async (t) => {
    const r = await run(
      [
        {
          id: 'l',
          kind: 'tool',
          tool: 'mcp__gh__label',
          args: { issue: 7, labels: ['{{input.kind}}', 'triage'], meta: { weight: 0.5, by: 'bot {{input.kind}}' }, dryRun: false },
        },
        { id: 'say', kind: 'tool', tool: 'svc_echo', args: { text: 'said: {{steps.l.text}}' } },
      ],
      JSON.stringify({ kind: 'bug' }),
    );
    t.equal(r.status, 'completed', JSON.stringify(r).slice(0, 400));
    const { outputs } = (await op('GET', `/flows/runs/state?runId=${r.id}`)).body;
    t.match(outputs.l.json, {
      structuredContent: { args: { issue: 7, labels: ['bug', 'triage'], meta: { weight: 0.5, by: 'bot bug' } } },
    });
    t.equal(outputs.l.text, 'labelled #7 with bug, triage', 'the text content, not the result JSON');
    t.equal(outputs.say.text, 'said: labelled #7 with bug, triage');
  });

  t.test("arguments that do not fit the tool's inputSchema fail the step before anything is sent", async (t) => {
    const before = fake.calls().length;
    const wrongType = await run([{ id: 'l', kind: 'tool', tool: 'mcp__gh__label', args: { issue: 'seven', labels: [] } }]);
    t.equal(wrongType.status, 'error');
    t.match(wrongType.error, { code: /^mcp_arguments_invalid/, message: /args\.issue must be integer/ });
    const nested = await run([{ id: 'l', kind: 'tool', tool: 'mcp__gh__label', args: { issue: 1, labels: [1], meta: {} } }]);
    t.match(nested.error, { code: /^mcp_arguments_invalid/, message: /args\.labels\.0 must be string/ });
    t.match(nested.error.message, /args\.meta\.weight is required/);
    const extra = await run([{ id: 'l', kind: 'tool', tool: 'mcp__gh__label', args: { issue: 1, labels: [], colour: 'red' } }]);
    t.match(extra.error, { message: /args\.colour is not a parameter of the tool/ });
    t.equal(fake.calls().length, before, 'the server saw none of them');
    const direct = await op('POST', '/mcp/call', { name: 'mcp__gh__label', arguments: { issue: 'seven', labels: [] } });
    t.equal(direct.status, 400);
    t.match(direct.body, { error: 'mcp_arguments_invalid:gh.label', message: /args\.issue must be integer/ });
    t.equal(fake.calls().length, before);
  });

  t.test('connector and first-party tools keep string arguments', async (t) => {
    for (const tool of ['github.issues', 'svc_echo']) {
      const r = await op('POST', '/flows/run', { flow: { id: 'f', steps: [{ id: 's', kind: 'tool', tool, args: { n: 1 } }] } });
      t.equal(r.status, 400, `${tool}: ${JSON.stringify(r.body)}`);
      t.match(r.body, { error: 'invalid_flow', message: /args\.n.*string|string.*args\.n/ });
    }
  });
});
