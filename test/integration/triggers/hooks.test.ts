/**
 * POST /hooks/:triggerId over real HTTP, every row of the spec's error table for the svc scheme
 * (codehost and pubsub have their own files), input mapping, the delivery log, rotation, and the
 * secret never showing after creation, in any response or log line.
 */
import http from 'node:http';
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { json, mint, post, saveFlow, svcHeaders } from '../../helpers/triggers.js';
import { pauseAgent, resumeAgent } from '../../../store/paused.js';
import { settleLeases } from '../../../store/triggers/lease.js';
import { AuditEvent } from '../../../store/entities/AuditEvent.js';
import { skipUnless } from '../../helpers/services.js';
import type { StartRunCommand } from '../../../schemas/runs.js';
import { acceptedDeliveries } from '../../../ingress/accepted.js';

const MAX = 4096;

t.test('POST /hooks/:triggerId (svc scheme, embedded)', async (t) => {
  const sys = await startSystem(t, { env: { SVC_WEBHOOK_MAX_BYTES: String(MAX) }, actors: ['trigger', 'clock', 'ops'] });
  const commands: StartRunCommand[] = [];
  // Stands in for the run actor: keeps the commands, and logs each accepted delivery as the run actor does before it starts a run.
  const logAccepted = acceptedDeliveries(sys);
  await sys.bus.consume('run', {
    start: async (ctx, p: StartRunCommand) => {
      if (p.delivery) await logAccepted({ ...p, delivery: p.delivery }, ctx.deliveryCount);
      if (p.trigger === 'webhook') commands.push(p);
      return {};
    },
  });
  await saveFlow(sys.store, 'wf', 'webhook');
  await saveFlow(sys.store, 'cronflow', 'cron', '* * * * *');
  const responses: string[] = [];
  const secrets: string[] = [];

  const created = await mint(sys.url, { flowId: 'wf', principal: 'agent-7', input: { fields: { repo: 'repository.name', n: 'count' } } });
  secrets.push(created.secret);
  t.match(created, {
    trigger: { id: /^trg_/, secretVersion: 1, scheme: 'svc', enabled: true, principal: 'agent-7', events: [] },
    secret: /^whsec_/,
    secretShownOnce: true,
  });
  const id = created.trigger.id;
  const hook = `${sys.url}/hooks/${id}`;
  const send = async (raw: string | Buffer, headers: Record<string, string>) => {
    const r = await post(hook, raw, headers);
    responses.push(r.text);
    return r;
  };

  t.test('trigger records', async (t) => {
    const list = await json(`${sys.url}/flows/triggers`, 'GET');
    responses.push(list.text);
    t.equal(list.status, 200);
    t.equal(list.body.triggers.length, 1);
    t.notOk('secret' in list.body.triggers[0], 'a listing has no secret field');
    t.same((await json(`${sys.url}/flows/triggers`, 'POST', { flowId: 'nope' })).body.error, 'record_not_found');
    const wrong = await json(`${sys.url}/flows/triggers`, 'POST', { flowId: 'cronflow' });
    t.equal(wrong.status, 400, 'a cron flow cannot take a webhook trigger');
    const ps = await json(`${sys.url}/flows/triggers`, 'POST', { flowId: 'wf', scheme: 'pubsub', config: { audience: 'a' } });
    t.same([ps.status, ps.body.error], [400, 'invalid_request'], 'pubsub needs both config fields');
  });

  t.test('accepted, then duplicate', async (t) => {
    const raw = JSON.stringify({ repository: { name: 'svc' }, count: 3, other: true });
    const h = svcHeaders(created.secret, raw, { key: 'delivery-1' });
    const first = await send(raw, h);
    t.equal(first.status, 202);
    t.match(first.body, { accepted: true, runId: /^run-wh-/ });
    const again = await send(raw, h);
    t.same([again.status, again.body], [200, { duplicate: true }]);
    await waitFor(() => commands.length >= 1);
    t.equal(commands.length, 1, 'one run.start');
    t.match(commands[0], {
      runId: first.body.runId,
      flowId: 'wf',
      principal: 'agent-7',
      trigger: 'webhook',
      delivery: { triggerId: id, deliveryKey: 'delivery-1', bytes: raw.length, eventType: null },
    });
    t.same(JSON.parse(commands[0]!.input!), { repo: 'svc', n: 3 }, 'fields mapping');
  });

  t.test('error rows', async (t) => {
    const raw = '{"a":1}';
    const good = svcHeaders(created.secret, raw);
    const expect = async (name: string, r: { status: number; body: any }, status: number, code: string) => {
      t.equal(r.status, status, `${name}: status`);
      t.equal(r.body?.error, code, `${name}: code`);
      t.type(r.body?.message, 'string');
    };
    await expect('unknown trigger', await post(`${sys.url}/hooks/trg_nope`, raw, good), 404, 'webhook_trigger_not_found');
    const { 'x-svc-signature': _s, ...unsigned } = good;
    await expect('missing', await send(raw, unsigned), 401, 'webhook_signature_missing');
    await expect('malformed', await send(raw, { ...good, 'x-svc-signature': 'sha1=abc' }), 401, 'webhook_signature_malformed');
    await expect('no timestamp', await send(raw, { ...good, 'x-svc-timestamp': '' }), 401, 'webhook_signature_malformed');
    await expect('wrong secret', await send(raw, svcHeaders('whsec_wrong', raw)), 401, 'webhook_signature_invalid');
    await expect('tampered body', await send('{"a":2}', good), 401, 'webhook_signature_invalid');
    await expect(
      'stale',
      await send(raw, svcHeaders(created.secret, raw, { ts: Math.floor(Date.now() / 1000) - 301 })),
      401,
      'webhook_timestamp_stale',
    );
    await expect(
      'future',
      // Well past the 300 s window: a slow request must not age a future stamp back inside it.
      await send(raw, svcHeaders(created.secret, raw, { ts: Math.floor(Date.now() / 1000) + 330 })),
      401,
      'webhook_timestamp_stale',
    );
    await expect('not JSON', await send('not json', svcHeaders(created.secret, 'not json')), 400, 'webhook_body_invalid');
    await expect(
      'declared too large',
      await declaredOnly(hook, MAX + 1, svcHeaders(created.secret, 'x'.repeat(MAX + 1))),
      413,
      'webhook_body_too_large',
    );
    const streamed = await chunked(hook, MAX * 4);
    t.same([streamed.status, JSON.parse(streamed.text).error], [413, 'webhook_body_too_large'], 'no length declared: cut while streaming');
    t.ok(streamed.sent < MAX * 4, 'the producer was stopped before sending everything');

    // Written straight to the store (this system runs no run actor to take `/agents/pause`), so
    // each change waits out the gateway's trigger lease itself, as the API's answer would.
    await pauseAgent(sys.store, 'agent-7', 'operator');
    await settleLeases();
    await expect('principal paused', await send(raw, svcHeaders(created.secret, raw)), 403, 'webhook_principal_paused');
    await resumeAgent(sys.store, 'agent-7');
    await settleLeases();
    const dis = await json(`${sys.url}/flows/triggers/enabled`, 'POST', { id, enabled: false });
    responses.push(dis.text);
    t.equal(dis.body.trigger.enabled, false);
    await expect('disabled', await send(raw, svcHeaders(created.secret, raw)), 403, 'webhook_trigger_disabled');
    await json(`${sys.url}/flows/triggers/enabled`, 'POST', { id, enabled: true });
    t.equal((await send(raw, svcHeaders(created.secret, raw))).status, 202, 'enabled again');
  });

  t.test('a retry after a rejection is accepted (rejections are logged under their own key)', async (t) => {
    const raw = '{"retry":true}';
    const stale = await send(raw, svcHeaders(created.secret, raw, { key: 'retry-key', ts: 1000 }));
    t.equal(stale.status, 401);
    const retry = await send(raw, svcHeaders(created.secret, raw, { key: 'retry-key' }));
    t.equal(retry.status, 202);
    const listed = () => json(`${sys.url}/flows/triggers/deliveries?triggerId=${id}&limit=200`, 'GET');
    // The accepted row is the worker's, written when it takes the command.
    let log = await listed();
    for (const end = Date.now() + 5000; !log.text.includes('"retry-key"') && Date.now() < end; log = await listed())
      await new Promise((r) => setTimeout(r, 20));
    responses.push(log.text);
    const rows = log.body.deliveries as { deliveryKey: string; status: string; reason?: string; runId?: string; bytes: number }[];
    t.equal(rows.filter((r) => r.deliveryKey === 'retry-key').length, 1, 'only the accepted copy carries the producer key');
    t.match(
      rows.find((r) => r.deliveryKey === 'retry-key'),
      { status: 'accepted', runId: retry.body.runId, bytes: raw.length },
    );
    t.ok(rows.some((r) => r.status === 'rejected' && r.reason === 'webhook_timestamp_stale' && r.deliveryKey.startsWith('rejected:')));
    t.ok(rows.some((r) => r.status === 'rejected' && r.reason === 'webhook_body_too_large'));
    t.notOk(log.text.includes('"retry":true'), 'no body in the log');
  });

  t.test('rotate: the old secret stops verifying at once', async (t) => {
    const rot = await json(`${sys.url}/flows/triggers/rotate`, 'POST', { id });
    t.equal(rot.status, 200);
    t.equal(rot.body.trigger.secretVersion, 2);
    t.not(rot.body.secret, created.secret);
    secrets.push(rot.body.secret);
    const raw = '{}';
    t.equal((await send(raw, svcHeaders(created.secret, raw))).body.error, 'webhook_signature_invalid');
    t.equal((await send(raw, svcHeaders(rot.body.secret, raw))).status, 202);
  });

  t.test('path mapping and no mapping', async (t) => {
    const p = await mint(sys.url, { flowId: 'wf', input: { path: 'repository' } });
    const n = await mint(sys.url, { flowId: 'wf' });
    secrets.push(p.secret, n.secret);
    const raw = JSON.stringify({ repository: { name: 'x' }, z: 1 });
    const a = await post(`${sys.url}/hooks/${p.trigger.id}`, raw, svcHeaders(p.secret, raw));
    const b = await post(`${sys.url}/hooks/${n.trigger.id}`, raw, svcHeaders(n.secret, raw));
    responses.push(a.text, b.text);
    await waitFor(() => commands.some((c) => c.runId === a.body.runId) && commands.some((c) => c.runId === b.body.runId));
    t.equal(commands.find((c) => c.runId === a.body.runId)!.input, '{"name":"x"}');
    t.equal(commands.find((c) => c.runId === b.body.runId)!.input, raw, 'the whole body as a JSON string');
    t.equal(commands.find((c) => c.runId === b.body.runId)!.principal, 'operator', 'default principal: the minting seat');
  });

  t.test('audit events and delete', async (t) => {
    const del = await json(`${sys.url}/flows/triggers/delete`, 'POST', { id });
    t.same(del.body, { id, deleted: true });
    t.equal((await post(hook, '{}', svcHeaders('x', '{}'))).status, 404);
    const rows = await sys.store.em().find(AuditEvent, { type: { $in: ['WebhookTriggerChanged', 'WebhookDelivery'] } });
    const changes = rows.filter((r) => r.type === 'WebhookTriggerChanged').map((r) => (r.data as { change: string }).change);
    for (const c of ['created', 'disabled', 'enabled', 'rotated', 'deleted']) t.ok(changes.includes(c), `WebhookTriggerChanged ${c}`);
    t.ok(rows.filter((r) => r.type === 'WebhookDelivery').length >= 4, 'WebhookDelivery per accepted delivery');
    t.notOk(JSON.stringify(rows).includes('whsec_'), 'no secret in an audit row');
  });

  t.test('no secret after creation in any response or log line', async (t) => {
    const logs = sys.logs.join('');
    t.ok(logs.length > 0);
    for (const s of secrets) {
      t.notOk(
        responses.some((r) => r.includes(s)),
        'no response shows it',
      );
      t.notOk(logs.includes(s), 'no log line shows it');
    }
  });
});

t.test(
  'minting with a database and no SVC_SESSION_KEY fails webhook_sealing_unavailable',
  { skip: (await skipUnless('postgres')) ?? false },
  async (t) => {
    const sys = await startSystem(t, { postgres: true, actors: ['ops', 'trigger'] });
    await saveFlow(sys.store, 'wf', 'webhook');
    const res = await json(`${sys.url}/flows/triggers`, 'POST', { flowId: 'wf' });
    t.same([res.status, res.body.error], [503, 'webhook_sealing_unavailable']);
    const ps = await json(`${sys.url}/flows/triggers`, 'POST', {
      flowId: 'wf',
      scheme: 'pubsub',
      config: { audience: 'a', serviceAccountEmail: 'sa@x' },
    });
    t.equal(ps.status, 200, 'pubsub has no shared secret to seal');
    t.equal(ps.body.secret, '');
  },
);

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sends only the headers, declaring `length` bytes, and waits for the answer without writing
 * any body: the refusal must come from the declared length alone (and no body write can race
 * the server's close). */
function declaredOnly(url: string, length: number, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { ...headers, 'content-length': String(length) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.flushHeaders();
  });
}

/** Streams `total` bytes with no Content-Length; reports how many were written before the answer. */
function chunked(url: string, total: number): Promise<{ status: number; text: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    let sent = 0;
    let answered = false;
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
          'x-svc-signature': 'sha256=' + '0'.repeat(64),
          'x-svc-timestamp': '1',
        },
      },
      (res) => {
        answered = true;
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, sent }));
      },
    );
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const chunk = Buffer.alloc(512, 'x');
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return req.once('drain', () => setTimeout(pump, 5));
        return setTimeout(pump, 5);
      }
      if (!answered) req.end();
    };
    pump();
  });
}
