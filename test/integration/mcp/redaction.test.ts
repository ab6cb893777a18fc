/**
 * Only a secret's ref and last four characters ever leave the orchestrator, and that
 * holds when an attached server echoes the credential it was sent. Servers here hand back the
 * Authorization header (sealed secret or bearer from the environment) or their stdio environment
 * every way they can; the value must not appear in an HTTP answer, on the bus, or in a log line.
 */
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { connect } from '@nats-io/transport-node';
import { startSystem, dropSchema, dropStreams } from '../../helpers/system.js';
import { skipUnless, TEST_NATS_URL, uniqueName } from '../../helpers/services.js';
import { ECHO_AUTH_TOOLS, startHttpMcp, STDIO_FIXTURE } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';

const OP = 'operator-token-0123456789';
const KEY = 'b'.repeat(64);

t.test(
  'an echoed credential is redacted on JetStream + PostgreSQL',
  { skip: (await skipUnless('postgres', 'nats')) ?? false },
  async (t) => {
    const sealed = `sk_sealed_${randomUUID()}`;
    const bearer = `sk_bearer_${randomUUID()}`;
    const childToken = `sk_child_${randomUUID()}`;
    const schema = uniqueName('t_mcp_');
    const prefix = uniqueName('t');
    t.teardown(() => dropSchema(schema));
    t.teardown(() => dropStreams(prefix));
    const fake = await startHttpMcp(t, ECHO_AUTH_TOOLS, { requireAuth: `Bearer ${sealed}` });
    const fakeEnv = await startHttpMcp(t, ECHO_AUTH_TOOLS, { requireAuth: `Bearer ${bearer}` });
    const sys = await startSystem(t, {
      postgres: { schema },
      nats: { prefix },
      env: { SVC_ORCH_TOKEN: OP, SVC_SESSION_KEY: KEY, MCP_BEARER: bearer, CHILD_TOKEN: childToken },
    });
    const op = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, OP);

    // Everything under the test's prefix: rpc requests and their replies, commands, events.
    const nc = await connect({ servers: TEST_NATS_URL });
    t.teardown(() => nc.close());
    const wire: string[] = [];
    const dec = new TextDecoder();
    nc.subscribe(`${prefix}.>`, {
      callback: (_e, m) => {
        wire.push(`${m.subject} ${m.headers?.toString() ?? ''} ${dec.decode(m.data)}`);
      },
    });
    await nc.flush();

    t.equal((await op('PUT', '/mcp/secrets/gh', { value: sealed })).status, 200);
    const answers: string[] = [];
    const keep = async (r: ReturnType<typeof op>) => {
      const x = await r;
      answers.push(x.text);
      return x;
    };
    const attached = await keep(
      op('POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url, auth: { kind: 'secret', secretRef: 'gh' } }),
    );
    t.equal(attached.body.discovery.ok, true, 'discovered with the sealed credential');
    const attachedEnv = await keep(
      op('POST', '/mcp/servers/attach', {
        id: 'envgh',
        transport: 'http',
        url: fakeEnv.url,
        auth: { kind: 'bearer', tokenEnv: 'MCP_BEARER' },
      }),
    );
    t.equal(attachedEnv.body.discovery.ok, true, 'discovered with the bearer from the environment');
    t.equal(
      (
        await keep(
          op('POST', '/mcp/servers/attach', {
            id: 'kid',
            transport: 'stdio',
            command: process.execPath,
            args: [STDIO_FIXTURE],
            env: ['CHILD_TOKEN'],
            timeoutMs: 5000,
          }),
        )
      ).status,
      200,
    );
    for (const server of ['gh', 'envgh']) {
      for (const tool of ECHO_AUTH_TOOLS) await op('PUT', '/mcp/servers/tools', { server, tool: tool.name, enabled: true, effect: 'read' });
    }
    await op('PUT', '/mcp/servers/tools', { server: 'kid', tool: 'env', enabled: true, effect: 'read' });

    for (const server of ['gh', 'envgh']) {
      const ok = await keep(op('POST', '/mcp/call', { name: `mcp__${server}__whoami`, arguments: {} }));
      t.equal(ok.status, 200, `${server}: the echo answered`);
      t.match(
        ok.body.result.content[0].text,
        /^you sent Bearer \[redacted\]$/,
        `${server}: the text says what was echoed, without the value`,
      );
      t.same(
        ok.body.result.structuredContent.seen,
        { header: 'Bearer [redacted]', all: ['Bearer [redacted]', { deeper: 'Bearer [redacted]' }] },
        `${server}: nested structured content too`,
      );
      t.ok('Bearer [redacted]' in ok.body.result.structuredContent, `${server}: and an object key`);
      const isError = await keep(op('POST', '/mcp/call', { name: `mcp__${server}__whoami_is_error`, arguments: {} }));
      t.same(
        [isError.status, isError.body],
        [422, { error: `mcp_tool_error:${server}.whoami_is_error`, message: 'refused for Bearer [redacted]' }],
        `${server}: a tool error result`,
      );
      const thrown = await keep(op('POST', '/mcp/call', { name: `mcp__${server}__whoami_throws`, arguments: {} }));
      t.equal(thrown.status, 502, `${server}: a JSON-RPC error fails the call`);
      t.match(thrown.body.message, /\[redacted\]/, `${server}: its message keeps its shape without the value`);
      const http = await keep(op('POST', '/mcp/call', { name: `mcp__${server}__whoami_http_error`, arguments: {} }));
      t.equal(http.status, 502, `${server}: an HTTP error fails the call`);
      t.match(http.body.message, /no entry for Bearer \[redacted\]/, `${server}: the error body it quotes is redacted`);
    }
    const flow = await sys.bus.call<any>('mcp', 'call', { name: 'mcp__gh__whoami', arguments: {}, seat: 'operator', askSurface: true });
    answers.push(JSON.stringify(flow));
    t.equal(flow.result.content[0].text, 'you sent Bearer [redacted]', 'a flow run (the work queue) gets the redacted result too');
    const mcp = await fetch(`${sys.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OP}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'mcp__envgh__whoami_throws', arguments: {} } }),
    });
    answers.push(await mcp.text());
    const child = await keep(op('POST', '/mcp/call', { name: 'mcp__kid__env', arguments: {} }));
    t.equal(JSON.parse(child.body.result.content[0].text).CHILD_TOKEN, '[redacted]', 'a value put in a stdio child environment');
    for (const p of ['/mcp/servers', '/mcp/tools', '/mcp/secrets']) answers.push((await op('GET', p)).text);
    t.ok(answers.join('\n').includes('lists as Bearer [redacted]'), 'a tool description that echoed the credential is listed redacted');

    await nc.flush();
    await sys.close();
    t.ok(
      wire.some((m) => m.includes(`${prefix}.rpc.mcp.call`)) && wire.some((m) => m.includes('[redacted]')),
      'the bus carried the calls and their redacted answers',
    );
    for (const [what, texts] of [
      ['HTTP answers', answers],
      ['the bus', wire],
      ['log lines', sys.logs],
    ] as const) {
      const all = texts.join('\n');
      for (const [name, value] of [
        ['sealed secret', sealed],
        ['env bearer', bearer],
        ['child env value', childToken],
      ]) {
        t.notOk(all.includes(value!), `no ${name} in ${what}`);
      }
    }
  },
);
