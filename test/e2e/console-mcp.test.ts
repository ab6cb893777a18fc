/**
 * The console's MCP page in a real browser: a local MCP server attached from the page (pinged,
 * refreshed, a secret set from a password field, detached at the end), its tool blocked (and a
 * flow calling it refused before the server is reached), allowed from the page by keyboard, then
 * called from a flow, whose confirmation (an allowed tool of unknown effect asks first) the
 * operator gives from the inbox; the page shows the state the API holds.
 */
import t from 'tap';
import { startSystem } from '../helpers/system.js';
import { req } from '../helpers/http.js';
import { checkPage, launch, openPage, signIn } from '../helpers/browser.js';
import { startHttpMcp } from '../helpers/mcp-servers.js';
import { pollFor } from '../helpers/poll.js';

const OPERATOR = 'op-console-mcp-token-0123456789';

t.test('a tool allowed from the console, then called from a flow', async (t) => {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OPERATOR, SVC_SESSION_KEY: 'c'.repeat(64) } });
  const api = async (method: string, path: string, body?: unknown) => req(sys.url, method, path, body, OPERATOR);

  const browser = await launch(t);
  const cp = await openPage(browser, sys.url);
  const { page } = cp;
  page.on('dialog', (d) => void d.accept());
  await signIn(cp, sys.url, OPERATOR);
  await page.goto(`${sys.url}/ui/#/mcp`);
  await page.getByText('No MCP server is attached.').waitFor();
  const kb = page.keyboard;
  const press = async (name: string): Promise<void> => {
    await page.getByRole('button', { name, exact: true }).focus();
    await kb.press('Enter');
  };
  await page.getByLabel('Server id').focus();
  await kb.type('fake');
  await page.getByLabel('URL (streamable HTTP)').focus();
  await kb.type(fake.url);
  await press('Attach');
  await page
    .getByRole('status')
    .getByText(/^fake: attached; \d+ tool\(s\), every one blocked until allowed\.$/)
    .waitFor();
  t.ok(
    (await api('GET', '/mcp/servers')).body.servers.some((s: any) => s.id === 'fake' && s.url === fake.url),
    'attached from the console: the API lists it',
  );
  await press('Ping fake');
  await page
    .getByRole('status')
    .getByText(/^fake: reachable in \d+ ms, \d+ tool\(s\) published\.$/)
    .waitFor();
  await press('Refresh all');
  await page.getByRole('status').getByText('Servers rediscovered; new tools land blocked.').waitFor();

  const flow = { id: 'uses-echo', steps: [{ id: 'look', kind: 'tool', tool: 'mcp__fake__echo', args: { q: '{{input}}' } }] };
  const runToEnd = async (input: string) => {
    const started = await api('POST', '/flows/run', { flow, input });
    return pollFor(`run ${started.body.id} to end`, async () => {
      const s = (await api('GET', `/flows/runs/state?runId=${encodeURIComponent(started.body.id)}`)).body;
      const run = s.run ?? s;
      return run.status === 'running' ? undefined : run;
    });
  };
  const echoes = () => fake.seen.filter((s) => s.tool === 'echo').length;

  const refused = await runToEnd('before');
  t.equal(refused.status, 'error', 'blocked at first: the run fails');
  t.match(refused.error?.code ?? refused.errorCode ?? JSON.stringify(refused), /not_allowlisted|blocked|mcp_/, 'for the allowlist');
  t.equal(echoes(), 0, 'and the server was never called');

  await page.goto(`${sys.url}/ui/#/mcp`);
  const row = page.locator('tr', { has: page.locator('code', { hasText: /^echo$/ }) });
  await row.waitFor();
  t.match(await row.locator('td').nth(1).textContent(), /blocked/, 'the page shows the tool blocked');
  await checkPage(t, cp, 'mcp');

  await row.getByRole('button', { name: 'Allow' }).focus();
  await page.keyboard.press('Enter');
  await page
    .getByRole('status')
    .getByText(/fake\.echo: rule .* for the workspace/)
    .waitFor();
  await pollFor('the row to show the tool allowed', async () =>
    (await row.locator('td').nth(1).textContent())?.includes('allowed') ? true : undefined,
  );
  const listed = (await api('GET', '/mcp/servers')).body.servers.find((s: any) => s.id === 'fake');
  t.equal(listed.tools.find((x: any) => x.name === 'echo').state, 'allowed', 'the API holds what the page shows');

  // Allowed but never classified, the tool asks before each call: the operator confirms from the inbox.
  const started = await api('POST', '/flows/run', { flow, input: 'after' });
  const runId: string = started.body.id;
  const parked = await pollFor('the run to park on the confirmation', async () => {
    const run = (await api('GET', `/flows/runs/state?runId=${encodeURIComponent(runId)}`)).body;
    return (run.run ?? run).status === 'waiting' ? (run.run ?? run) : undefined;
  });
  t.equal(parked.waiting.reason, 'connector_ask', 'an unclassified tool asks before its call');
  t.equal(echoes(), 0, 'nothing was called before the answer');
  await page.goto(`${sys.url}/ui/#/gates`);
  const card = page.locator('[data-testid="gates"] li', { hasText: `Allow fake.echo for run ${runId}?` });
  await card.waitFor();
  await card.locator('button[data-option="yes"]').focus();
  await page.keyboard.press('Enter');
  const ran = await pollFor('the run to end', async () => {
    const run = (await api('GET', `/flows/runs/state?runId=${encodeURIComponent(runId)}`)).body;
    const r = run.run ?? run;
    return r.status === 'completed' || r.status === 'error' ? r : undefined;
  });
  t.equal(ran.status, 'completed', `the flow called the tool: ${JSON.stringify(ran).slice(0, 400)}`);
  t.equal(echoes(), 1, 'the server got exactly that one call');
  await checkPage(t, cp, 'mcp-confirmed');

  await page.goto(`${sys.url}/ui/#/mcp`);
  const SECRET = 'sk-console-secret-value-9876';
  await page.getByLabel('Ref', { exact: true }).focus();
  await kb.type('api-key');
  await page.getByLabel('Value', { exact: true }).focus();
  await kb.type(SECRET);
  t.equal(await page.getByLabel('Value', { exact: true }).getAttribute('type'), 'password', 'typed into a password field');
  await press('Set secret');
  await page.getByRole('status').getByText('api-key: stored sealed, ending ····9876.').waitFor();
  await page
    .getByTestId('secrets')
    .getByText(/api-key/)
    .waitFor();
  t.equal(await page.getByLabel('Value', { exact: true }).inputValue(), '', 'the field is emptied once sent');
  t.notMatch(await page.content(), SECRET, 'the value is nowhere on the page, only its last four');
  t.notMatch(sys.logs.join(''), SECRET, 'nor in the server log');
  await press('Detach fake');
  await page.getByRole('status').getByText('fake: detached.').waitFor();
  t.notOk(
    (await api('GET', '/mcp/servers')).body.servers.some((s: any) => s.id === 'fake'),
    'detached from the console (after its confirmation): gone from the API',
  );
});
