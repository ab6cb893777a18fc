/**
 * No credential crosses the bus in clear: anyone allowed to subscribe to the prefix (an operator
 * tailing `svc.>`) must not read a trigger secret as it is minted or rotated, an MCP credential as
 * it is stored or used, a chain session key as it is issued or signs a tick, nor a caller's
 * bearer token. A gateway and a worker, each its own system on JetStream + PostgreSQL, do each of
 * these while a subscriber takes everything under the test's prefix; neither what it saw, nor
 * what the streams still hold, nor either side's log lines, carries any of them in any spelling.
 * The caller still gets the trigger secret, once, in the HTTP answer, and it verifies a delivery.
 * A pubsub push's OIDC token, checked in the gateway, stays there too, and so does a connector
 * credential a flow step sends (and its far side echoes back).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { startSystem, dropSchema, dropStreams, type TestSystem } from '../helpers/system.js';
import { skipUnless, uniqueName } from '../helpers/services.js';
import { req } from '../helpers/http.js';
import { leaks, tapPrefix, type WireTap } from '../helpers/wire-tap.js';
import { post, saveFlow, svcHeaders } from '../helpers/triggers.js';
import { startHttpMcp } from '../helpers/mcp-servers.js';
import { chainEnv, chainFixture } from '../helpers/chain-fixture.js';
import { pgQuery } from '../helpers/store-engines.js';
import { AUD, EMAIL, envelope, ISSUER, keySet, token } from '../helpers/pubsub.js';
import { unseal } from '../../kernel/seal.js';

const skip = (await skipUnless('postgres', 'nats')) ?? false;
const SESSION_KEY = 'c3'.repeat(32);

/** A worker, then a gateway, on a prefix and schema of the test's own, with the tap already listening. */
async function split(t: Test, env: Record<string, string>): Promise<{ gw: TestSystem; worker: TestSystem; tap: WireTap; schema: string }> {
  const prefix = uniqueName('t');
  const schema = uniqueName('t_');
  t.teardown(() => dropSchema(schema));
  t.teardown(() => dropStreams(prefix));
  const common = { nats: { prefix }, postgres: { schema }, env: { SVC_SESSION_KEY: SESSION_KEY, LOG_LEVEL: 'debug', ...env } };
  const tap = await tapPrefix(t, prefix);
  const worker = await startSystem(t, { ...common, role: 'worker' });
  const gw = await startSystem(t, { ...common, role: 'gateway' });
  return { gw, worker, tap, schema };
}

async function noLeaks(t: Test, tap: WireTap, systems: TestSystem[], credentials: Record<string, string>): Promise<void> {
  await tap.flush();
  t.same(leaks(tap.seen, credentials), [], 'nothing published under the prefix carries a credential');
  const stored = await tap.stored();
  t.ok(
    stored.some((m) => m.includes('.evt.')),
    'the streams still hold events to search',
  );
  t.same(leaks(stored, credentials), [], 'nothing the streams hold carries a credential');
  t.same(
    leaks(
      systems.flatMap((s) => s.logs),
      credentials,
    ),
    [],
    'no log line of the gateway or the worker carries a credential',
  );
}

t.test('trigger secrets, MCP and connector credentials, push and bearer tokens stay off the bus', { skip }, async (t) => {
  const op = `op-${randomUUID()}`;
  const alice = `seat-${randomUUID()}`;
  const mcpSecret = `sk_mcp_${randomUUID()}`;
  const aliceSecret = `sk_alice_${randomUUID()}`;
  const mcp = await startHttpMcp(t, undefined, { requireAuth: `Bearer ${mcpSecret}` });
  const ks = await keySet();
  t.teardown(ks.close);
  // A connector's far side that echoes the credential the worker sends it.
  const connectorToken = `ghp_${randomUUID()}`;
  const far = http.createServer((r, res) =>
    res.setHeader('content-type', 'application/json').end(JSON.stringify({ got: r.headers.authorization })),
  );
  await new Promise<void>((r) => far.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => far.close(() => r())));
  const connectors = [
    {
      id: 'far',
      baseUrl: `http://127.0.0.1:${(far.address() as AddressInfo).port}`,
      env: { token: 'FAR_TOKEN' },
      headers: { authorization: 'Bearer {{env.token}}' },
      routes: { whoami: { method: 'POST', path: '/whoami' } },
    },
  ];
  const { gw, worker, tap } = await split(t, {
    SVC_ORCH_TOKEN: op,
    SVC_IDENTITIES: JSON.stringify([{ token: alice, seat: 'alice', kind: 'human', workspace: 'ws-a' }]),
    SVC_PUBSUB_JWKS_URL: ks.url,
    SVC_PUBSUB_ISSUER: ISSUER,
    SVC_CONNECTORS: JSON.stringify(connectors),
    FAR_TOKEN: connectorToken,
  });
  const call = (m: string, p: string, b?: unknown, token = op) => req(gw.url, m, p, b, token);
  await saveFlow(worker.store, 'wf', 'webhook');

  const minted = await call('POST', '/flows/triggers', { flowId: 'wf' });
  t.equal(minted.status, 200, minted.status === 200 ? 'minted' : minted.text);
  t.match(minted.body, { trigger: { secretVersion: 1 }, secret: /^whsec_/, secretShownOnce: true }, 'the secret is shown to the caller');
  const id: string = minted.body.trigger.id;
  const rotated = await call('POST', '/flows/triggers/rotate', { id });
  t.equal(rotated.status, 200, rotated.status === 200 ? 'rotated' : rotated.text);
  t.match(rotated.body, { trigger: { id, secretVersion: 2 }, secret: /^whsec_/, secretShownOnce: true });
  t.not(rotated.body.secret, minted.body.secret, 'a new secret');
  const listed = await call('GET', '/flows/triggers');
  t.notOk(listed.text.includes('whsec_'), 'a listing never shows one');

  const raw = JSON.stringify({ hello: 'world' });
  const stale = await post(`${gw.url}/hooks/${id}`, raw, svcHeaders(minted.body.secret, raw));
  t.equal(stale.status, 401, 'the rotated-away secret no longer verifies');
  const accepted = await post(`${gw.url}/hooks/${id}`, raw, svcHeaders(rotated.body.secret, raw));
  t.equal(accepted.status, 202, `the shown secret verifies a delivery: ${accepted.text}`);
  const pushed = await call('POST', '/flows/triggers', {
    flowId: 'wf',
    scheme: 'pubsub',
    config: { audience: AUD, serviceAccountEmail: EMAIL },
  });
  t.equal(pushed.status, 200, pushed.text);
  const pushToken = await token(ks.privateKey);
  const push = await post(`${gw.url}/hooks/${pushed.body.trigger.id}`, envelope({ n: 1 }, randomUUID()), {
    'content-type': 'application/json',
    authorization: `Bearer ${pushToken}`,
  });
  t.equal(push.status, 202, `a pubsub push with its OIDC token: ${push.text}`);

  t.equal((await call('PUT', '/mcp/secrets/gh', { value: mcpSecret })).status, 200);
  t.equal((await call('PUT', '/mcp/secrets/mine', { value: aliceSecret }, alice)).status, 200, 'a seat stores one in its workspace');
  const attached = await call('POST', '/mcp/servers/attach', {
    id: 'gh',
    transport: 'http',
    url: mcp.url,
    auth: { kind: 'secret', secretRef: 'gh' },
  });
  t.equal(attached.status, 200, attached.text);
  t.equal(attached.body.discovery.ok, true, 'the worker opened the sealed credential and discovered with it');
  t.equal((await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' })).status, 200);
  const echoed = await call('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: { hi: 1 } });
  t.equal(echoed.status, 200, echoed.text);
  t.ok(
    mcp.seen.some((s) => s.authorization === `Bearer ${mcpSecret}`),
    'the server got the credential from the worker',
  );
  t.equal((await call('GET', '/mcp/servers', undefined, alice)).status, 200, 'a seat token on a read');
  const ran = await call('POST', '/flows/run', { flow: { id: 'far', steps: [{ id: 'who', kind: 'tool', tool: 'far.whoami', args: {} }] } });
  t.match([ran.status, ran.body.status], [200, 'completed'], ran.text);
  t.match(JSON.stringify(ran.body), 'Bearer [redacted]', 'a flow step reached the connector, which echoed what it got');

  await noLeaks(t, tap, [gw, worker], {
    'minted trigger secret': minted.body.secret,
    'rotated trigger secret': rotated.body.secret,
    'MCP credential': mcpSecret,
    "a seat's MCP credential": aliceSecret,
    'operator token': op,
    'seat token': alice,
    'session key': SESSION_KEY,
  });
  t.ok(
    tap.seen.some((m) => m.includes('.cmd.trigger.create')),
    'the tap saw the create command',
  );
});

t.test('a chain session key stays off the bus, issued and used', { skip }, async (t) => {
  const fx = await chainFixture(t);
  await fx.runEpoch();
  const op = `op-${randomUUID()}`;
  const env: Record<string, string> = { SVC_ORCH_TOKEN: op, ...chainEnv(fx) };
  const { gw, worker, tap, schema } = await split(t, env);
  const [w1] = fx.workers as [`0x${string}`];
  const booted = await req(gw.url, 'POST', '/boot', { agent: w1 }, op);
  t.equal(booted.status, 200, booted.text);
  t.match(booted.body, { agent: w1, key: /^0x[0-9a-fA-F]{40}$/ }, 'the answer names the key by its address');
  const tick = await req(gw.url, 'POST', '/tick', undefined, op);
  t.equal(tick.status, 200, tick.text);
  t.match(tick.body.proposals, [{ agent: w1, txHash: /^0x/ }], 'the worker signed with the issued key');

  const rows = await pgQuery<{ registry: string; key_address: string; sealed_key: string }>(
    `select registry, key_address, sealed_key from "${schema}".chain_session`,
  );
  t.equal(rows.length, 1, 'one key issued');
  const row = rows[0]!;
  const privateKey = unseal(Buffer.from(SESSION_KEY, 'hex'), row.sealed_key, `session/${row.registry}/${row.key_address}`);
  t.match(privateKey, /^0x[0-9a-f]{64}$/, 'the issued key is sealed at rest');

  await noLeaks(t, tap, [gw, worker], {
    'session private key': privateKey!,
    'orchestrator key': env.SVC_ORCH_PRIVATE_KEY!,
    'issuer key': env.SVC_ISSUER_PRIVATE_KEY!,
    'operator token': op,
    'session key': SESSION_KEY,
  });
  t.ok(
    tap.seen.some((m) => m.includes('.cmd.chain.boot')),
    'the tap saw the boot command',
  );
});
