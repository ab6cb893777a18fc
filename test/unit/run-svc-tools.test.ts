/** The first-party svc_* tools: the approve write refuses honestly while no chain is configured. */
import t from 'tap';
import { callSvcTool, isKnownSvcTool } from '../../tools/svc.js';
import { noChain } from '../../chain/none.js';

const ctx = { principal: 'ann', runId: 'run-1', chain: noChain() };

t.test('svc_approve is a known tool and refuses with no_chain, naming the intent', async (t) => {
  t.ok(isKnownSvcTool('svc_approve'));
  await t.rejects(callSvcTool('svc_approve', { intentId: 'intent-42' }, ctx), {
    code: 'no_chain',
    message: /no chain is configured.*intent-42 was not approved; nothing was written/,
  });
});

t.test('svc_approve without intentId is a bad request, not a chain question', async (t) => {
  await t.rejects(callSvcTool('svc_approve', {}, ctx), { code: 'invalid_request', message: /needs intentId/ });
});

t.test('the reads answer honest empty lists without a chain', async (t) => {
  t.match(await callSvcTool('svc_pending_intents', {}, ctx), { json: { source: 'none', intents: [] }, summary: /no chain is configured/ });
});
