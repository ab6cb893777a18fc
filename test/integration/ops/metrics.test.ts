/**
 * GET /metrics as a Prometheus scraper reads it: the text is parsed by a strict parser of the
 * exposition format (written here: every line a comment, a HELP/TYPE pair, or a sample of a
 * declared family with well-formed labels and a number), and the counters an operator alerts on
 * move when a flow runs, a webhook delivery is accepted and an MCP tool is called. No label
 * value is a run id. Without the token it is 401, unless SVC_METRICS_PUBLIC=1.
 */
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { startHttpMcp } from '../../helpers/mcp-servers.js';
import { mint, post, svcHeaders } from '../../helpers/triggers.js';

const OP = 'op-metrics-token-0123456789';
const SESSION_KEY = 'a7'.repeat(32);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Strict: anything outside the text format 0.0.4 throws, naming the line. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: Sample[] = [];
  const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const sampleLine = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?[0-9]+))?$`);
  const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(?:,|$)/;
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      if (!new RegExp(`^${NAME}$`).test(name!)) throw new Error(`bad metric name: ${line}`);
      if (kind === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest!)) throw new Error(`bad type: ${line}`);
        if (types.has(name!)) throw new Error(`TYPE given twice: ${line}`);
        types.set(name!, rest!);
      } else {
        if (helps.has(name!)) throw new Error(`HELP given twice: ${line}`);
        helps.add(name!);
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = sampleLine.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const [, name, rawLabels, rawValue] = m;
    const family = [...types.keys()].find(
      (f) => name === f || (/_(bucket|sum|count|total|created)$/.test(name!) && name!.startsWith(`${f}_`)),
    );
    if (family === undefined) throw new Error(`sample of an undeclared family: ${line}`);
    const labels: Record<string, string> = {};
    let rest = rawLabels ?? '';
    while (rest.length > 0) {
      const l = label.exec(rest);
      if (!l) throw new Error(`bad labels: ${line}`);
      if (l[1]! in labels) throw new Error(`label given twice: ${line}`);
      labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
      rest = rest.slice(l[0].length);
    }
    // Prometheus reads the special values in any case (Go's ParseFloat): prom-client writes a mean
    // with no samples yet (the event loop's lag just after start) as `Nan`.
    const special = rawValue!.toLowerCase();
    const value =
      special === '+inf' || special === 'inf' ? Infinity : special === '-inf' ? -Infinity : special === 'nan' ? NaN : Number(rawValue);
    if (!/^[-+]?(Inf|NaN|[0-9.]+(e[-+]?[0-9]+)?)$/i.test(rawValue!) || (Number.isNaN(value) && special !== 'nan'))
      throw new Error(`bad value: ${line}`);
    samples.push({ name: name!, labels, value });
  }
  return { samples, types };
}

const sum = (samples: Sample[], name: string, match: Record<string, string> = {}): number =>
  samples.filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v)).reduce((a, s) => a + s.value, 0);

t.test('GET /metrics: strict text format, counters that move, bounded labels, the token', async (t) => {
  const mcp = await startHttpMcp(t);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_SESSION_KEY: SESSION_KEY } });
  const call = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, OP);
  const scrape = async () => {
    const res = await fetch(`${sys.url}/metrics`, { headers: { authorization: `Bearer ${OP}` } });
    t.equal(res.status, 200);
    t.match(res.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
    return parseExposition(await res.text());
  };

  const anon = await req(sys.url, 'GET', '/metrics');
  t.equal(anon.status, 401, 'no token, no metrics');
  t.equal(anon.body.error, 'unauthorized');

  const before = await scrape();
  t.equal(before.types.get('svc_http_request_duration_seconds'), 'histogram');
  t.ok(before.types.has('svc_process_cpu_user_seconds_total'), 'process metrics are collected');

  // A flow run.
  const flow = {
    id: 'm-flow',
    title: 'm',
    trigger: 'manual',
    scope: { level: 'org' },
    steps: [{ id: 'say', kind: 'model', prompt: 'hi {{input}}' }],
  };
  t.equal((await call('POST', '/flows', { flow })).status, 200);
  const ran = await call('POST', '/flows/run', { id: 'm-flow', input: 'ada' });
  t.equal(ran.body.status, 'completed', ran.text);
  const runId: string = ran.body.id;

  // A webhook delivery, accepted, then its copy.
  const hooked = { ...flow, id: 'm-hook', trigger: 'webhook' };
  t.equal((await call('POST', '/flows', { flow: hooked })).status, 200);
  const minted = await mint(sys.url, { flowId: 'm-hook' }, OP);
  const raw = JSON.stringify({ n: 1 });
  const headers = svcHeaders(minted.secret, raw, { key: 'delivery-1' });
  t.equal((await post(`${sys.url}/hooks/${minted.trigger.id}`, raw, headers)).status, 202);
  t.equal((await post(`${sys.url}/hooks/${minted.trigger.id}`, raw, headers)).status, 200, 'the copy');
  t.equal(
    (await post(`${sys.url}/hooks/${minted.trigger.id}`, raw, { ...headers, 'x-svc-signature': `sha256=${'0'.repeat(64)}` })).status,
    401,
  );

  // An MCP call.
  const attached = await call('POST', '/mcp/servers/attach', { id: 'mx', transport: 'http', url: mcp.url });
  t.equal(attached.status, 200, attached.text);
  t.equal((await call('PUT', '/mcp/servers/tools', { server: 'mx', tool: 'echo', enabled: true, effect: 'read' })).status, 200);
  const echoed = await call('POST', '/mcp/call', { name: 'mcp__mx__echo', arguments: { hi: 1 } });
  t.equal(echoed.status, 200, echoed.text);

  // The MCP audit row is written after the answer (runtime/detached-audit.ts): read until it shows.
  let after = await scrape();
  for (let i = 0; i < 50 && sum(after.samples, 'svc_mcp_call_duration_seconds_count', { server: 'mx' }) === 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    after = await scrape();
  }
  const moved = (name: string, match: Record<string, string>) => sum(after.samples, name, match) - sum(before.samples, name, match);
  t.equal(moved('svc_runs_total', { flow: 'm-flow', event: 'started' }), 1, 'a run started');
  t.equal(moved('svc_runs_total', { flow: 'm-flow', event: 'completed' }), 1, 'and completed');
  t.ok(moved('svc_step_duration_seconds_count', { kind: 'model', result: 'done' }) >= 1, 'its model step was timed');
  t.ok(moved('svc_model_calls_total', { provider: 'local', outcome: 'ok' }) >= 1, 'the model call counted');
  t.ok(moved('svc_model_tokens_total', { provider: 'local', direction: 'output' }) > 0, 'and its tokens');
  t.equal(moved('svc_webhook_deliveries_total', { scheme: 'svc', outcome: 'accepted' }), 1, 'the delivery accepted');
  t.equal(moved('svc_webhook_deliveries_total', { scheme: 'svc', outcome: 'duplicate' }), 1, 'its copy a duplicate');
  t.equal(moved('svc_webhook_deliveries_total', { scheme: 'svc', outcome: 'webhook_signature_invalid' }), 1, 'a bad signature by its code');
  t.equal(moved('svc_mcp_call_duration_seconds_count', { server: 'mx', outcome: 'ok' }), 1, 'the MCP call by server and outcome');
  t.ok(moved('svc_bus_commands_total', { actor: 'run', verb: 'start', event: 'published' }) >= 1, 'run.start published');
  t.ok(moved('svc_bus_commands_total', { actor: 'run', verb: 'start', event: 'acked' }) >= 1, 'and acked');
  t.ok(
    moved('svc_http_request_duration_seconds_count', { route: '/hooks/:triggerId', method: 'POST', status: '202' }) === 1,
    'HTTP requests by route pattern',
  );
  t.ok(
    after.samples.some((s) => s.name === 'svc_audit_outbox_depth'),
    'the outbox depth is read at scrape',
  );
  t.ok(
    after.samples.some((s) => s.name === 'svc_gates_open'),
    'and the open gates',
  );

  const values = after.samples.flatMap((s) => Object.values(s.labels));
  t.notOk(
    values.some((v) => v.includes(runId) || v.includes(minted.trigger.id) || /run-/.test(v)),
    'no label carries a run id or a trigger id',
  );
  t.notOk(
    values.some((v) => v.startsWith('/hooks/') && v !== '/hooks/:triggerId'),
    'no raw URL as a route',
  );
});

t.test('SVC_METRICS_PUBLIC=1 opens it without the token', async (t) => {
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_METRICS_PUBLIC: '1' } });
  const res = await fetch(`${sys.url}/metrics`);
  t.equal(res.status, 200);
  t.ok(parseExposition(await res.text()).types.size > 10);
});
