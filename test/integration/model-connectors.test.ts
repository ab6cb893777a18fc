/**
 * The model provider against an OpenAI-compatible server this test runs on 127.0.0.1 (exact
 * prompt and model received, usage metered, priced by longest prefix, unpriced never free),
 * the offline provider's determinism, `POST /model/complete` (with its model-call row), and connectors: `GET /connectors`
 * shows set/unset vars without values, a call carries the credential, and the credential
 * never shows up in a response or a log line.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { loadConfig } from '../../runtime/config.js';
import { createModelProvider, localCompletion, priceFor } from '../../model/index.js';
import { createConnectors } from '../../connectors/index.js';
import { startSystem } from '../helpers/system.js';
import { pollFor } from '../helpers/poll.js';
import { ModelCall } from '../../store/entities/ModelCall.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function fakeServer(
  t: Test,
  answer: (seen: Seen) => { status?: number; json?: unknown; text?: string },
): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const s = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      const a = answer(s);
      res.writeHead(a.status ?? 200, { 'content-type': a.json === undefined ? 'text/plain' : 'application/json' });
      res.end(a.json === undefined ? (a.text ?? '') : JSON.stringify(a.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function openaiAnswer(seen: Seen) {
  const req = JSON.parse(seen.body) as { model: string };
  return {
    json: {
      id: 'x',
      model: req.model,
      choices: [{ message: { role: 'assistant', content: 'four' } }],
      usage: { prompt_tokens: 1000, completion_tokens: 200 },
    },
  };
}

const OPENAI_KEY = 'sk-test-openai-key-0123456789';

t.test('openai-compatible provider: exact request, usage, prices', async (t) => {
  const fake = await fakeServer(t, openaiAnswer);
  const config = loadConfig({
    OPENAI_API_KEY: OPENAI_KEY,
    OPENAI_BASE_URL: `${fake.url}/v1`,
    SVC_MODEL_PRICES: JSON.stringify({
      'gpt-4': { inputPerMTok: 10, outputPerMTok: 30 },
      'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
    }),
  });
  t.equal(config.model.provider, 'openai', 'the first configured key wins');
  const model = createModelProvider(config);
  const out = await model.complete({ prompt: 'What is 2+2?', system: 'Be brief.', model: 'gpt-4o-mini' });
  t.equal(out.text, 'four');
  t.equal(fake.seen.length, 1);
  t.equal(fake.seen[0]!.method, 'POST');
  t.equal(fake.seen[0]!.url, '/v1/chat/completions');
  t.equal(fake.seen[0]!.headers.authorization, `Bearer ${OPENAI_KEY}`);
  t.same(JSON.parse(fake.seen[0]!.body), {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is 2+2?' },
    ],
  });
  t.same(out.usage, { inputTokens: 1000, outputTokens: 200 });
  t.equal(out.microDollars, 1000 * 2.5 + 200 * 10, 'longest prefix (gpt-4o) prices it');

  const unpriced = await model.complete({ prompt: 'hi', model: 'o3-mini' });
  t.equal(unpriced.microDollars, null, 'no prefix matches: unpriced, not free');
  const u = model.usage();
  t.equal(u.calls, 2);
  t.equal(u.unpricedCalls, 1);
  t.equal(u.inputTokens, 2000);
  t.equal(u.outputTokens, 400);
  t.equal(u.microDollars, 4500);

  t.equal(priceFor({ a: { inputPerMTok: 1, outputPerMTok: 1 }, ab: { inputPerMTok: 2, outputPerMTok: 2 } }, 'abc')?.inputPerMTok, 2);
});

t.test('a failing model server is model_unavailable and never echoes the key', async (t) => {
  const fake = await fakeServer(t, () => ({ status: 401, json: { error: { message: `Incorrect API key provided: ${OPENAI_KEY}` } } }));
  const model = createModelProvider(loadConfig({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: fake.url }));
  const err = await model.complete({ prompt: 'x' }).then(
    () => new Error('resolved') as Error & { code?: string },
    (e: unknown) => e as Error & { code?: string },
  );
  t.equal(err.code, 'model_unavailable');
  t.notMatch(err.message, OPENAI_KEY);
  t.equal(model.usage().failedCalls, 1);
});

t.test('bad SVC_MODEL_PRICES is refused naming the variable', async (t) => {
  t.throws(() => loadConfig({ SVC_MODEL_PRICES: '{"gpt": {"inputPerMTok": -1, "outputPerMTok": 1}}' }), /SVC_MODEL_PRICES/);
  t.throws(() => loadConfig({ SVC_MODEL_PRICES: '{not json' }), /SVC_MODEL_PRICES/);
});

t.test('local provider is the default, deterministic and offline', async (t) => {
  const config = loadConfig({});
  t.equal(config.model.provider, 'local');
  const model = createModelProvider(config, {
    fetch: () => {
      throw new Error('no network');
    },
  });
  const a = await model.complete({ prompt: 'Summarize the week\nmore', system: 's' });
  const b = await model.complete({ prompt: 'Summarize the week\nmore', system: 's' });
  t.same(a, b, 'same input, same answer');
  t.match(a.text, /^\[local [0-9a-f]{8}\] Summarize the week$/);
  t.equal(a.text, localCompletion('Summarize the week\nmore', 's').text);
  t.equal(a.microDollars, 0, 'the offline model is priced at zero by a built-in entry');
  t.equal(model.usage().unpricedCalls, 0);
});

t.test('POST /model/complete through a worker, metered', async (t) => {
  const fake = await fakeServer(t, openaiAnswer);
  const sys = await startSystem(t, {
    env: {
      SVC_MODEL_PROVIDER: 'openai',
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: fake.url,
      SVC_MODEL_PRICES: '{"gpt-4o-mini": {"inputPerMTok": 0.15, "outputPerMTok": 0.6}}',
    },
  });
  const res = await fetch(`${sys.url}/model/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'Say four' }),
  });
  t.equal(res.status, 200);
  const body = (await res.json()) as Record<string, unknown>;
  t.same(body, {
    text: 'four',
    provider: 'openai',
    model: 'gpt-4o-mini',
    usage: { inputTokens: 1000, outputTokens: 200 },
    microDollars: 1000 * 0.15 + 200 * 0.6,
  });
  t.same(JSON.parse(fake.seen[0]!.body).messages, [{ role: 'user', content: 'Say four' }]);
  const [row] = await pollFor('the model-call row', async () => {
    const rows = await sys.store.em().find(ModelCall, {});
    return rows.length > 0 ? rows : undefined;
  });
  t.match(
    row,
    { provider: 'openai', model: 'gpt-4o-mini', inputTokens: 1000, outputTokens: 200, runId: null },
    'the call is in the ledger',
  );
  t.equal(row!.microDollars, 1000 * 0.15 + 200 * 0.6);
  const empty = await fetch(`${sys.url}/model/complete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  t.equal(empty.status, 400);
  t.notMatch(sys.logs.join(''), OPENAI_KEY, 'the key is never logged');
});

const SECRET = 'ghp_connector-secret-value-42';

t.test('connectors: listing, credentials at call time, redaction', async (t) => {
  // The fake echoes everything it received, headers included: the worst case for a leak.
  const far = await fakeServer(t, (s) => ({ json: { got: s.headers.authorization, url: s.url, body: s.body } }));
  const connectors = [
    {
      id: 'tracker',
      baseUrl: far.url,
      env: { token: 'TRACKER_TOKEN', org: 'TRACKER_ORG' },
      headers: { authorization: 'Bearer {{env.token}}' },
      routes: {
        create: { method: 'POST', path: '/repos/{{args.repo}}/issues', body: 'json-args' },
        list: { method: 'GET', path: '/issues' },
      },
    },
  ];
  const env = { SVC_CONNECTORS: JSON.stringify(connectors), TRACKER_TOKEN: SECRET };
  const sys = await startSystem(t, { env });

  const listing = await fetch(`${sys.url}/connectors`);
  const text = await listing.text();
  t.equal(listing.status, 200);
  t.notMatch(text, SECRET, 'no value in the listing');
  t.same(JSON.parse(text), {
    connectors: [
      {
        id: 'tracker',
        baseUrl: far.url,
        routes: [
          { name: 'tracker.create', method: 'POST', path: '/repos/{{args.repo}}/issues' },
          { name: 'tracker.list', method: 'GET', path: '/issues' },
        ],
        env: [
          { placeholder: 'token', variable: 'TRACKER_TOKEN', set: true },
          { placeholder: 'org', variable: 'TRACKER_ORG', set: false },
        ],
      },
    ],
  });

  const c = createConnectors(loadConfig(env));
  t.equal(c.has('tracker.create'), true);
  t.equal(c.has('tracker.nope'), false);
  const created = await c.call('tracker.create', { repo: 'a b', title: 'Fix it' });
  t.equal(far.seen[0]!.headers.authorization, `Bearer ${SECRET}`, 'the credential reached the far side');
  t.equal(far.seen[0]!.url, '/repos/a%20b/issues');
  t.same(JSON.parse(far.seen[0]!.body), { title: 'Fix it' }, 'args the path used are not repeated in the body');
  t.equal(created.ok, true);
  t.equal(created.status, 200);
  t.notMatch(JSON.stringify(created), SECRET, 'an echoed credential is redacted');
  t.match(created.body, { got: 'Bearer [redacted]' });

  const listed = await c.call('tracker.list', { state: 'open' });
  t.equal(far.seen[1]!.url, '/issues?state=open');
  t.equal(listed.ok, true);

  t.same(await c.call('ghost.route', {}), {
    ok: false,
    status: 404,
    body: { error: 'connector_not_registered', message: 'no connector route ghost.route is registered (SVC_CONNECTORS)' },
  });
  t.notMatch(sys.logs.join(''), SECRET, 'never in a log line');
  t.notMatch(JSON.stringify(loadConfig(env)), SECRET, 'serializing the config carries no credential');
});

t.test('bad SVC_CONNECTORS is refused naming the variable', async (t) => {
  t.throws(() => loadConfig({ SVC_CONNECTORS: '[{"id": "x", "baseUrl": "ftp://x", "routes": {}}]' }), /SVC_CONNECTORS/);
  t.throws(
    () =>
      loadConfig({
        SVC_CONNECTORS: '[{"id": "x", "baseUrl": "http://x", "routes": {}}, {"id": "x", "baseUrl": "http://y", "routes": {}}]',
      }),
    /repeats the connector id x/,
  );
});

t.test('model steps in a flow: the exact interpolated prompt for every form, keyless OpenAI-compatible server', async (t) => {
  let n = 0;
  const fake = await fakeServer(t, (seen) => {
    if (seen.url === '/data') return { json: { a: { b: 'deep' }, n: 3 } };
    n++;
    return {
      json: {
        model: 'm',
        choices: [{ message: { content: n === 1 ? 'first answer' : 'second answer' } }],
        usage: { prompt_tokens: 1, completion_tokens: 1 },
      },
    };
  });
  // No key: a local OpenAI-compatible server named by OPENAI_BASE_URL is chosen all the same.
  const sys = await startSystem(t, {
    env: {
      OPENAI_BASE_URL: `${fake.url}/v1`,
      SVC_CONNECTORS: JSON.stringify([{ id: 'fake', baseUrl: fake.url, routes: { data: { method: 'GET', path: '/data' } } }]),
    },
  });
  const health = (await (await fetch(`${sys.url}/health`)).json()) as { model: unknown };
  t.same(health.model, { provider: 'openai', configured: true }, '/health names the provider actually selected');

  const flow = {
    id: 'prompts',
    steps: [
      {
        id: 'first',
        kind: 'model',
        system: 'sys {{input.k}}',
        prompt: 'in={{input}}|k={{input.k}}|obj={{input.obj}}|nested={{input.obj.x}}|missing={{input.missing}}|proto={{input.__proto__}}',
      },
      { id: 'data', kind: 'tool', tool: 'fake.data' },
      { id: 'spend', kind: 'gate', value: '5', onEscalate: 'second' },
      {
        id: 'second',
        kind: 'model',
        prompt:
          't={{steps.first.text}}|j={{steps.data.json}}|p={{steps.data.json.a.b}}|n={{steps.data.json.n}}|v={{steps.spend.verdict}}|u={{steps.nope.text}}|bad={{steps.data.json.a.zz}}|c={{steps.data.json.constructor}}|o={{ steps.first.text }}',
      },
    ],
  };
  const input = '{"k":"v","obj":{"x":1}}';
  const res = await fetch(`${sys.url}/flows/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flow, input }),
  });
  const run = (await res.json()) as { status: string; steps: { stepId: string }[] };
  t.equal(run.status, 'completed', JSON.stringify(run).slice(0, 400));
  const calls = fake.seen.filter((s) => s.url === '/v1/chat/completions');
  t.equal(calls.length, 2);
  t.notOk(calls[0]!.headers.authorization, 'no key, no authorization header');
  t.same(
    JSON.parse(calls[0]!.body).messages,
    [
      { role: 'system', content: 'sys v' },
      { role: 'user', content: `in=${input}|k=v|obj={"x":1}|nested=|missing=|proto=` },
    ],
    '{{input}}, {{input.<key>}} (top level only, objects as JSON), unknown and prototype references empty',
  );
  t.same(
    JSON.parse(calls[1]!.body).messages,
    [{ role: 'user', content: 't=first answer|j={"a":{"b":"deep"},"n":3}|p=deep|n=3|v=ESCALATE|u=|bad=|c=|o=first answer' }],
    'steps.<id>.text, .json, .json.<path>, .verdict; unknown steps and paths empty; own properties only',
  );
});
