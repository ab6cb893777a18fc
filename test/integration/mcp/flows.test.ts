/**
 * A flow's MCP tool step goes through the same mcp actor as /mcp/call, as its principal: it sees
 * the servers of the principal's workspace (as that seat's token would) and meets its rules.
 */
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { startHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';

const OP = 'operator-token-0123456789';
const A = 'workspace-a-token-0123456789';

t.test("a flow step calls a server of its principal's workspace", async (t) => {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, {
    env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: JSON.stringify([{ token: A, seat: 'alice', kind: 'human', workspace: 'ws-a' }]) },
  });
  const a = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, A);
  t.equal((await a('POST', '/mcp/servers/attach', { id: 'priv', transport: 'http', url: fake.url })).status, 200);
  await a('PUT', '/mcp/servers/tools', { server: 'priv', tool: 'echo', enabled: true, effect: 'read' });
  const flow = { id: 'f', steps: [{ id: 'e', kind: 'tool', tool: 'mcp__priv__echo', args: { q: 'hi' } }] };
  const mine = await a('POST', '/flows/run', { flow });
  t.equal(mine.status, 200);
  t.equal(mine.body.status, 'completed', JSON.stringify(mine.body));
  t.same(fake.calls(), ['echo'], 'the step reached the server');
  const theirs = await req(sys.url, 'POST', '/flows/run', { flow }, OP);
  t.match(theirs.body.status, /^(failed|error)$/, 'the operator does not see a workspace-owned server');
  t.same(fake.calls(), ['echo']);
});

t.test('an ask-mode write parks the run on a question in the principal thread; yes calls it once', async (t) => {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, {
    env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: JSON.stringify([{ token: A, seat: 'alice', kind: 'human', workspace: 'ws-a' }]) },
  });
  const a = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, A);
  t.equal((await a('POST', '/mcp/servers/attach', { id: 'priv', transport: 'http', url: fake.url })).status, 200);
  await a('PUT', '/mcp/servers/tools', { server: 'priv', tool: 'create_issue', enabled: true });
  const run = (
    await a('POST', '/flows/run', {
      flow: { id: 'w', steps: [{ id: 'c', kind: 'tool', tool: 'mcp__priv__create_issue', args: { title: 't' } }] },
    })
  ).body;
  t.equal(run.status, 'waiting', JSON.stringify(run).slice(0, 300));
  t.match(run.waiting, { reason: 'connector_ask', stepId: 'c', token: String });
  t.same(fake.calls(), [], 'nothing was called before the answer');
  const answer = await a('POST', '/messages', { replyTo: run.waiting.token, body: 'yes' });
  t.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 300));
  let state: any;
  for (let i = 0; i < 160; i++) {
    state = (await a('GET', `/flows/runs/state?runId=${run.id}`)).body;
    state = state.run ?? state;
    if (state.status !== 'waiting' && state.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  t.equal(state.status, 'completed', JSON.stringify(state).slice(0, 300));
  t.same(fake.calls(), ['create_issue'], 'called once, after the yes');
});
