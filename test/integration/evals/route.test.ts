/**
 * `GET|POST /flows/eval` on a started system (the gateway in this process, the suite in a real
 * child from dist/): the listing, matched 0, one run at a time (409), the time limit (504), the
 * operator-only rule, and the FlowEvalRun audit event; on the embedded defaults and on NATS +
 * PostgreSQL.
 */
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { skipUnless } from '../../helpers/services.js';
import { req } from '../../helpers/http.js';
import { requireBuild } from '../../helpers/process.js';
import { evalDir } from '../../helpers/evals.js';
import { createServer, type AddressInfo } from 'node:net';

requireBuild();
const realSkip = (await skipUnless('postgres', 'nats')) ?? false;
const TOKEN = 'evals-route-token-0123456789';
const SEAT_TOKEN = 'evals-seat-token-0123456789';
const env = { SVC_ORCH_TOKEN: TOKEN, SVC_IDENTITIES: JSON.stringify([{ token: SEAT_TOKEN, seat: 'alice', kind: 'human' }]) };

for (const mode of ['embedded', 'nats+postgres'] as const) {
  t.test(`the eval routes (${mode})`, { skip: mode === 'embedded' ? false : realSkip }, async (t) => {
    const sys = await startSystem(t, { env, ...(mode === 'embedded' ? {} : { nats: true, postgres: true }) });

    const list = await req(sys.url, 'GET', '/flows/eval', undefined, TOKEN);
    t.equal(list.status, 200, list.text);
    t.ok(list.body.scenarios.length > 0, 'the shipped scenarios are listed');
    for (const s of list.body.scenarios) t.same(Object.keys(s).sort(), ['describe', 'flow', 'id', 'source'], s.id);
    t.same(list.body.invalid, [], 'every shipped scenario file loads');

    const none = await req(sys.url, 'POST', '/flows/eval', { ids: ['no-such-scenario'] }, TOKEN);
    t.equal(none.status, 200, none.text);
    t.match(none.body, { ok: false, matched: 0, passed: 0, failed: 0, results: [] }, 'a filter matching nothing is never a pass');

    const usage = await req(sys.url, 'GET', '/usage', undefined, TOKEN);
    t.equal(usage.body.counts.FlowEvalRun, 1, 'the run was audited');

    for (const [method, body] of [
      ['GET', undefined],
      ['POST', {}],
    ] as const) {
      const seat = await req(sys.url, method, '/flows/eval', body, SEAT_TOKEN);
      t.equal(seat.status, 403, `${method}: a seat may not`);
      t.same(seat.body, { error: 'operator_only', message: 'only the operator lists or runs evals' });
    }
  });
}

t.test('a second request while one runs is 409 eval_already_running; the slot frees once it ends', async (t) => {
  const sys = await startSystem(t, { env });
  const body = { ids: ['no-such-scenario'] };
  const both = await Promise.all([req(sys.url, 'POST', '/flows/eval', body, TOKEN), req(sys.url, 'POST', '/flows/eval', body, TOKEN)]);
  const statuses = both.map((r) => r.status).sort();
  t.same(statuses, [200, 409], both.map((r) => r.text).join(' | '));
  const refused = both.find((r) => r.status === 409)!;
  t.same(refused.body, {
    error: 'eval_already_running',
    message: 'an eval is already running in this process; one runs at a time, try again when it ends',
  });
  const after = await req(sys.url, 'POST', '/flows/eval', body, TOKEN);
  t.equal(after.status, 200, 'runs again once the first ended');
});

t.test('past SVC_EVAL_TIMEOUT_MS the child is killed and the answer is 504 eval_timeout', async (t) => {
  const sys = await startSystem(t, { env: { ...env, SVC_EVAL_TIMEOUT_MS: '10' } });
  const res = await req(sys.url, 'POST', '/flows/eval', {}, TOKEN);
  t.equal(res.status, 504, res.text);
  t.same(res.body, { error: 'eval_timeout', message: 'the eval ran past 10 ms (SVC_EVAL_TIMEOUT_MS); its child process was killed' });
  const again = await req(sys.url, 'POST', '/flows/eval', {}, TOKEN);
  t.equal(again.status, 504, 'the next run is not refused as still running');
  const health = await req(sys.url, 'GET', '/health');
  t.equal(health.status, 200, 'the orchestrator is unharmed');
});

t.test('bad request bodies are 400 invalid_request naming the field', async (t) => {
  const sys = await startSystem(t, { env });
  const cases: [unknown, RegExp][] = [
    [{ ids: [] }, /body\/ids must NOT have fewer than 1 items/],
    [{ ids: [''] }, /body\/ids\/0 must NOT have fewer than 1 characters/],
    [{ nope: 1 }, /unknown property "nope"/],
    [{ flow: 'x' }, /body\/flow must be object/],
  ];
  for (const [body, message] of cases) {
    const res = await req(sys.url, 'POST', '/flows/eval', body, TOKEN);
    t.equal(res.status, 400, JSON.stringify(body));
    t.match(res.body, { error: 'invalid_request', message }, JSON.stringify(body));
  }
  // "none runs everything": a POST with no body at all is the same as `{}`.
  const bare = await fetch(`${sys.url}/flows/eval`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
  t.equal(bare.status, 200, await bare.clone().text());
  t.ok(((await bare.json()) as { matched: number }).matched > 0, 'an empty POST runs every scenario');
});

t.test("nothing leaves the route's child: saved flows reaching for a loopback server and an MCP tool", async (t) => {
  let connections = 0;
  const server = createServer((sock) => {
    connections += 1;
    sock.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = evalDir(t, {
    scenarios: [
      {
        id: 'posts-hook',
        describe: 'a connector route nobody mocked',
        flow: 'hook',
        expect: { status: 'error', called: { 'hooks.post': 1 } },
      },
      { id: 'asks-mcp', describe: 'an MCP tool nobody mocked', flow: 'definition:mcp', expect: {} },
    ],
  });
  const sys = await startSystem(t, { env: { ...env, SVC_EVAL_DIR: dir } });
  const flow = (id: string, tool: string, args: Record<string, string>) => ({
    id,
    title: id,
    trigger: 'manual',
    scope: { level: 'org' },
    steps: [{ id: 'call', kind: 'tool', tool, args }],
  });
  for (const f of [flow('hook', 'hooks.post', { url: `${url}/hook` }), flow('mcp', 'mcp__remote__search', { q: url })]) {
    const saved = await req(sys.url, 'POST', '/flows', { flow: f }, TOKEN);
    t.equal(saved.status, 200, saved.text);
  }
  const res = await req(sys.url, 'POST', '/flows/eval', { ids: ['posts-hook', 'asks-mcp'] }, TOKEN);
  t.equal(res.status, 200, res.text);
  const byId = Object.fromEntries(res.body.results.map((r: { id: string; failures: string[] }) => [r.id, r.failures]));
  t.same(byId['posts-hook'], [], 'the saved definition ran, its unmocked route answered offline');
  t.same(byId['asks-mcp'], ['network: expected no MCP server reached, got a call to mcp__remote__search (mock it in mocks.tools)']);
  t.match(res.body, { ok: false, matched: 2, passed: 1, failed: 1 });
  t.equal(connections, 0, 'the loopback server saw no connection');
});

t.test("POST /flows?eval=1 is the operator's; a flow no scenario names is refused and not saved", async (t) => {
  const sys = await startSystem(t, { env });
  const flow = {
    id: 'lonely',
    title: 'lonely',
    trigger: 'manual',
    scope: { level: 'org' },
    steps: [{ id: 's', kind: 'model', prompt: 'hi' }],
  };
  const seat = await req(sys.url, 'POST', '/flows?eval=1', { flow }, SEAT_TOKEN);
  t.same([seat.status, seat.body], [403, { error: 'operator_only', message: 'only the operator runs evals (?eval=1)' }]);
  const res = await req(sys.url, 'POST', '/flows?eval=1', { flow }, TOKEN);
  t.equal(res.status, 422, res.text);
  t.same(res.body, {
    error: 'flow_eval_failed',
    message: 'no eval scenario names flow lonely, so nothing vouches for it; it was not saved',
  });
  const list = await req(sys.url, 'GET', '/flows', undefined, TOKEN);
  t.same(list.body.flows, [], 'nothing was saved');
  const bad = await req(sys.url, 'POST', '/flows?eval=yes', { flow }, TOKEN);
  t.equal(bad.status, 400, 'the query value is checked');
});
