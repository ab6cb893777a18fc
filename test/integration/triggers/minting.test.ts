/**
 * Where a trigger secret is minted and how it reaches the row: the gateway seals it for the
 * trigger actor, so a worker holding another SVC_SESSION_KEY than the gateway (or none) cannot
 * open it and refuses 503 `webhook_sealing_unavailable`, rather than storing a secret no
 * delivery could verify; and a create command delivered twice (a worker crashed after storing
 * the row) answers the same trigger again instead of a second one or a conflict.
 */
import t from 'tap';
import { startSystem, dropSchema, dropStreams } from '../../helpers/system.js';
import { skipUnless, uniqueName } from '../../helpers/services.js';
import { json, post, saveFlow, svcHeaders } from '../../helpers/triggers.js';
import { loadConfig } from '../../../runtime/config.js';
import { mintSecret, newTriggerId } from '../../../ingress/sealing.js';
import { OPERATOR } from '../../../identity/caller.js';

const skip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('a worker that cannot open what the gateway sealed refuses, and stores nothing', { skip }, async (t) => {
  const prefix = uniqueName('t');
  const schema = uniqueName('t_');
  t.teardown(() => dropSchema(schema));
  t.teardown(() => dropStreams(prefix));
  const on = { nats: { prefix }, postgres: { schema } };
  const worker = await startSystem(t, { ...on, role: 'worker', env: { SVC_SESSION_KEY: '1a'.repeat(32) } });
  const other = await startSystem(t, { ...on, role: 'gateway', env: { SVC_SESSION_KEY: '2b'.repeat(32) } });
  const keyless = await startSystem(t, { ...on, role: 'gateway' });
  await saveFlow(worker.store, 'wf', 'webhook');

  const differs = await json(`${other.url}/flows/triggers`, 'POST', { flowId: 'wf' });
  t.same([differs.status, differs.body.error], [503, 'webhook_sealing_unavailable']);
  t.match(differs.body.message, /different SVC_SESSION_KEY/, 'it says why');
  const none = await json(`${keyless.url}/flows/triggers`, 'POST', { flowId: 'wf' });
  t.same([none.status, none.body.error], [503, 'webhook_sealing_unavailable'], 'a gateway without a key mints nothing');
  t.same((await json(`${other.url}/flows/triggers`, 'GET')).body.triggers, [], 'no trigger was stored');
});

t.test('a create delivered twice answers the same trigger, whose secret verifies', async (t) => {
  const sys = await startSystem(t, { actors: ['trigger', 'run'] });
  await saveFlow(sys.store, 'wf', 'webhook');
  const id = newTriggerId();
  // No database: the ephemeral key of this process, the one the system in it seals with.
  const minted = mintSecret(loadConfig({}), id)!;
  const command = { caller: OPERATOR, body: { flowId: 'wf' }, id, sealed: minted.sealed };
  const first = await sys.bus.call<any>('trigger', 'create', command, { timeoutMs: 10_000 });
  const again = await sys.bus.call<any>('trigger', 'create', command, { timeoutMs: 10_000 });
  t.same(again, first, 'the same record');
  t.notOk(JSON.stringify(first).includes(minted.secret), 'the reply does not carry the secret');
  t.equal((await json(`${sys.url}/flows/triggers`, 'GET')).body.triggers.length, 1, 'one trigger');
  const raw = '{"a":1}';
  t.equal((await post(`${sys.url}/hooks/${id}`, raw, svcHeaders(minted.secret, raw))).status, 202, 'the minted secret verifies');
  const stranger = await sys.bus
    .call('trigger', 'create', { ...command, sealed: mintSecret(loadConfig({}), id)!.sealed }, { timeoutMs: 10_000 })
    .catch((e: { code?: string }) => e.code);
  t.equal(stranger, 'conflict', 'another secret under a taken id is refused');
});
