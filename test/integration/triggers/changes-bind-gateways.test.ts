/**
 * A change that can turn deliveries away binds every gateway the moment its call answers, though
 * gateways hold the triggers they read (ingress/trigger-cache.ts): two gateways and a worker
 * on real JetStream and PostgreSQL. Before each change both gateways take a delivery, so each holds
 * the trigger as it was; the first delivery after the call answers, to either gateway, is judged by
 * the new state: a rotated-out secret is refused, a disabled or deleted trigger refuses, an enabled
 * one accepts, a flow no longer `trigger: webhook` refuses, a paused principal refuses.
 */
import t from 'tap';
import { claimReal, startSystem } from '../../helpers/system.js';
import { skipUnless } from '../../helpers/services.js';
import { FLOW_STEPS, json, mint, post, saveFlow, svcHeaders } from '../../helpers/triggers.js';

const skip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('rotate, disable, enable, flow changes, pause and delete bind both gateways at once', { skip }, async (t) => {
  const real = claimReal(t);
  const shared = {
    nats: { prefix: real.prefix },
    postgres: { schema: real.schema },
    env: { SVC_SESSION_KEY: 'f'.repeat(64), LOG_LEVEL: 'warn' },
  };
  const worker = await startSystem(t, { ...shared, role: 'worker' });
  const a = await startSystem(t, { ...shared, role: 'gateway' });
  const b = await startSystem(t, { ...shared, role: 'gateway' });
  await saveFlow(worker.store, 'wf', 'webhook');
  const m = await mint(a.url, { flowId: 'wf', principal: 'agent-9' });
  const id = m.trigger.id;
  const raw = '{"n":1}';
  let secret = m.secret;
  const deliver = (url: string, s = secret) => post(`${url}/hooks/${id}`, raw, svcHeaders(s, raw));
  const gateways = [a.url, b.url];
  /** Both gateways take a delivery, so each holds the trigger as it is now. */
  const warm = async (status: number) => {
    for (const url of gateways) t.equal((await deliver(url)).status, status, `warm-up at ${url === a.url ? 'A' : 'B'}: ${status}`);
  };
  const first = async (label: string, expected: { status: number; code?: string }, s = secret) => {
    for (const url of gateways) {
      const r = await deliver(url, s);
      t.same(
        { status: r.status, code: r.body?.error },
        { status: expected.status, code: expected.code },
        `${label} at ${url === a.url ? 'A' : 'B'}`,
      );
    }
  };
  const call = async (url: string, path: string, body: unknown) => {
    const r = await json(`${url}${path}`, 'POST', body);
    t.equal(r.status, 200, `${path} answered`);
    return r.body;
  };

  await warm(202);
  const old = secret;
  secret = (await call(a.url, '/flows/triggers/rotate', { id })).secret;
  await first('the rotated-out secret, right after the rotation', { status: 401, code: 'webhook_signature_invalid' }, old);
  await first('the new secret', { status: 202 });

  await warm(202);
  await call(b.url, '/flows/triggers/enabled', { id, enabled: false });
  await first('right after the disable', { status: 403, code: 'webhook_trigger_disabled' });
  await warm(403);
  await call(a.url, '/flows/triggers/enabled', { id, enabled: true });
  await first('right after the enable', { status: 202 });

  await warm(202);
  await call(b.url, '/flows', { flow: { id: 'wf', title: 'wf', trigger: 'manual', steps: FLOW_STEPS } });
  await first('right after the flow was saved as manual', { status: 409, code: 'webhook_flow_unavailable' });
  await warm(409);
  await call(a.url, '/flows', { flow: { id: 'wf', title: 'wf', trigger: 'webhook', steps: FLOW_STEPS } });
  await first('right after the flow was saved as webhook again', { status: 202 });

  await warm(202);
  await call(a.url, '/agents/pause', { agent: 'agent-9' });
  await first('right after the principal was paused', { status: 403, code: 'webhook_principal_paused' });
  await warm(403);
  await call(b.url, '/agents/unpause', { agent: 'agent-9' });
  await first('right after the principal was resumed', { status: 202 });

  await warm(202);
  await call(b.url, '/flows/delete', { id: 'wf' });
  await first('right after the flow was deleted', { status: 409, code: 'webhook_flow_unavailable' });
  await call(a.url, '/flows', { flow: { id: 'wf', title: 'wf', trigger: 'webhook', steps: FLOW_STEPS } });
  await first('right after the flow was saved again', { status: 202 });

  await warm(202);
  await call(a.url, '/flows/triggers/delete', { id });
  await first('right after the delete', { status: 404, code: 'webhook_trigger_not_found' });
});
