/**
 * What the console needs from the public API, on one open system (no SVC_ORCH_TOKEN) plus a
 * second one with seats: `/ui` served under its CSP without a token, `/whoami`, the runs list's
 * filters and paging, a run's definition in its state, dropping a dead letter. And the console in
 * chromium on the open API: signed in as the operator with no token asked for.
 */
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { launch, openPage, checkPage } from '../../helpers/browser.js';
import { clientOf } from '../../../bus/verbs.js';
import { until } from '../../helpers/poll.js';

const FLOW = (id: string) => ({
  id,
  title: id,
  trigger: 'manual',
  scope: { level: 'org' },
  steps: [{ id: 'say', kind: 'model', prompt: 'hi {{input}}' }],
});

async function call(url: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text, headers: res.headers };
}

t.test('an open API', async (t) => {
  const sys = await startSystem(t);
  const ui = await call(sys.url, '/ui/');
  t.equal(ui.status, 200, '/ui/ is served');
  t.match(ui.headers.get('content-security-policy'), /default-src 'self'.*script-src 'self'.*frame-ancestors 'none'/);
  t.equal(ui.headers.get('cache-control'), 'no-cache', 'the page is revalidated, so a new build is seen');
  const asset = /src="(\/ui\/assets\/[^"]+\.js)"/.exec(ui.body as string)![1]!;
  const js = await fetch(sys.url + asset);
  t.equal(js.status, 200, 'its script is served');
  t.match(js.headers.get('cache-control'), /immutable/, 'hashed assets are cached for good');
  t.equal((await call(sys.url, '/ui/assets/..%2fpackage.json')).status, 404, 'nothing but the built assets');
  const bare = await fetch(`${sys.url}/ui`, { redirect: 'manual' });
  t.same([bare.status, bare.headers.get('location')], [302, '/ui/'], '/ui goes to /ui/');
  t.same((await call(sys.url, '/whoami')).body, { kind: 'operator', seat: 'operator', authorKind: 'human', authRequired: false });

  const browser = await launch(t);
  const cp = await openPage(browser, sys.url);
  await cp.page.goto(`${sys.url}/ui/`);
  await cp.page.getByTestId('who').waitFor();
  t.match(await cp.page.getByTestId('who').textContent(), /operator · open API/, 'signed in as the operator without a token');
  t.equal(await cp.page.getByRole('button', { name: 'Sign out' }).count(), 0, 'with nothing to sign out of');
  await cp.page.goto(`${sys.url}/ui/#/heartbeats`);
  await cp.page.getByTestId('heartbeats').waitFor();
  await checkPage(t, cp, 'heartbeats');
  await cp.page.goto(`${sys.url}/ui/#/mcp`);
  await cp.page.getByRole('heading', { name: 'MCP' }).waitFor();
  await cp.page.getByText('No MCP server is attached.').waitFor();
  await checkPage(t, cp, 'mcp');
  t.same(cp.offences, [], 'no request left svc and no CSP rule broke');
  // The first load of a fresh browser profile on a warm server, to the runs list: reported, not
  // asserted (timings belong to benchmarks, not tests).
  const fresh = await openPage(browser, sys.url);
  const t0 = performance.now();
  await fresh.page.goto(`${sys.url}/ui/#/runs`);
  await fresh.page.getByTestId('runs').waitFor();
  const loaded = performance.now() - t0;
  const bytes = await fresh.page.evaluate(() =>
    performance.getEntriesByType('resource').reduce((n, e) => n + (e as PerformanceResourceTiming).transferSize, 0),
  );
  t.comment(`console first load to the runs list: ${loaded.toFixed(0)} ms, ${bytes} bytes transferred`);

  await t.test('dropping a dead letter', async (t) => {
    await clientOf(sys.bus, 'run').recover.send({ force: true } as never, { msgId: `bad-${randomUUID()}` });
    let id = '';
    await until('the dead letter', async () => {
      id = (await call(sys.url, '/dlq')).body.deadLetters[0]?.id ?? '';
      return id !== '';
    });
    const dropped = await call(sys.url, '/dlq/drop', undefined, { id });
    t.equal(dropped.status, 200);
    t.match(dropped.body, { dropped: { id, actor: 'run', verb: 'recover' } });
    t.same((await call(sys.url, '/dlq')).body.deadLetters, [], 'it is gone');
    t.equal((await call(sys.url, '/dlq/drop', undefined, { id })).body.error, 'record_not_found');
  });
});

t.test('runs: filters, paging and the definition, as a seat sees them', async (t) => {
  const OP = 'op-console-api-0123456789';
  const BOB = 'bob-console-api-0123456789';
  const sys = await startSystem(t, {
    env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: JSON.stringify([{ token: BOB, seat: 'bob', kind: 'agent' }]) },
  });
  t.equal((await call(sys.url, '/whoami')).status, 401, 'whoami needs a token when one is set');
  t.same((await call(sys.url, '/whoami', BOB)).body, { kind: 'seat', seat: 'bob', authorKind: 'agent', authRequired: true });
  await call(sys.url, '/flows', OP, { flow: FLOW('one') });
  await call(sys.url, '/flows', OP, { flow: FLOW('two') });
  const ids: string[] = [];
  for (const [flow, token] of [
    ['one', OP],
    ['two', OP],
    ['one', BOB],
    ['one', OP],
    ['two', BOB],
  ] as const) {
    const r = await call(sys.url, '/flows/run', token, { id: flow, input: 'x' });
    t.equal(r.body.status, 'completed');
    ids.push(r.body.id);
  }
  const list = async (q: string, token = OP) => (await call(sys.url, `/flows/runs?${q}`, token)).body;
  t.same(
    (await list('flowId=one')).runs.map((r: any) => r.id),
    [ids[3], ids[2], ids[0]],
    'by flow, newest first',
  );
  t.same(
    (await list('principal=bob')).runs.map((r: any) => r.id),
    [ids[4], ids[2]],
    'by principal',
  );
  t.same((await list('status=waiting')).runs, [], 'by status');
  t.equal((await list('trigger=manual')).runs.length, 5, 'by trigger');
  t.same((await list('trigger=webhook')).runs, []);
  const future = new Date(Date.now() + 60_000).toISOString();
  t.same((await list(`since=${encodeURIComponent(future)}`)).runs, [], 'by time');
  t.equal((await list(`until=${encodeURIComponent(future)}`)).runs.length, 5);
  const p1 = await list('limit=2');
  t.same(
    p1.runs.map((r: any) => r.id),
    [ids[4], ids[3]],
  );
  t.equal(p1.next, ids[3], 'a full page says where the next begins');
  const p2 = await list(`limit=2&before=${p1.next}`);
  t.same(
    p2.runs.map((r: any) => r.id),
    [ids[2], ids[1]],
  );
  const p3 = await list(`limit=2&before=${p2.next}`);
  t.same(
    p3.runs.map((r: any) => r.id),
    [ids[0]],
  );
  t.equal(p3.next, undefined, 'the last page has no next');
  t.same((await list('principal=operator', BOB)).runs, [], "a seat asking for another's runs sees none");
  t.same(
    (await list('', BOB)).runs.map((r: any) => r.id),
    [ids[4], ids[2]],
    'a seat sees its own',
  );
  t.equal(
    (await call(sys.url, `/flows/runs?before=${ids[0]}`, BOB)).body.error,
    'record_not_found',
    "a seat cannot page from another's run",
  );
  t.equal((await call(sys.url, '/flows/runs?status=lost', OP)).body.error, 'invalid_request');
  t.equal((await call(sys.url, '/flows/runs?since=yesterday', OP)).body.error, 'invalid_request');
  const state = (await call(sys.url, `/flows/runs/state?runId=${ids[0]}`, OP)).body;
  t.same(state.flow, FLOW('one'), "a run's state carries the definition it runs");
});
