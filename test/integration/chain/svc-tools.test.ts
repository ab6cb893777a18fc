/**
 * The first-party tools on a chain: svc_org_tree and svc_pending_intents answer
 * the chain's org and open intents, and svc_approve resolves an intent only as the seat it waits
 * on, down the path of POST /intents/resolve: the manager settles its worker's over-cap spend; the
 * worker cannot approve its own; an intent waiting on the root is never settled by a tool.
 */
import t from 'tap';
import type { Address } from 'viem';
import { anvilPrivateKey } from '../../../chain/dev/accounts.js';
import { intentResolver } from '../../../chain/onchain/resolve.js';
import { svcToolAccess } from '../../../chain/onchain/tool-access.js';
import { onchainReads } from '../../../chain/reads/onchain/index.js';
import { chainIntentsOf } from '../../../store/chain-intents/index.js';
import { openStore } from '../../../store/index.js';
import { callSvcTool } from '../../../tools/svc.js';
import { chainFixture, orchestratorBinding } from '../../helpers/chain-fixture.js';

const USD = 1_000_000n;

const fx = await chainFixture(t);
const store = await openStore({});
t.teardown(() => store.close());
const binding = orchestratorBinding(fx);
const resolver = intentResolver(() => binding, {
  heldKeys: () => [anvilPrivateKey(1)],
  rootAuthKind: () => undefined,
  history: () => chainIntentsOf(store),
  audit: { record: async () => {} },
  now: Date.now,
});
const reads = onchainReads(binding);
const chain = { configured: true, ...svcToolAccess(async () => reads, resolver) };
const worker = fx.workers[0] as Address;
const manager = fx.manager.account.address;
const root = fx.root.account.address;
const as = (principal: string) => ({ principal, runId: 'run-tools', chain });

async function escalate(value: bigint): Promise<string> {
  const { key } = await fx.sessionKey(worker);
  const { events } = await fx.c.router.write(key, 'propose', [worker, fx.vendor, value, '0x']);
  return String(events.find((e) => e.eventName === 'IntentCreated')!.args.id);
}

t.test('svc_org_tree reads the chain', async (t) => {
  const out = await callSvcTool('svc_org_tree', {}, as(manager));
  t.match(out, { json: { source: 'chain', root }, summary: /4 nodes/ });
  t.same((out!.json as { nodes: { address: string }[] }).nodes.map((n) => n.address).slice(0, 2), [root, manager]);
});

t.test('svc_pending_intents and svc_approve: only the seat an intent waits on approves it', async (t) => {
  await fx.runEpoch();
  const id = await escalate(100n * USD);
  const mine = await callSvcTool('svc_pending_intents', { seat: manager }, as(manager));
  t.match((mine!.json as { intents: unknown[] }).intents, [{ intentId: id, awaitingApprover: manager, value: String(100n * USD) }]);
  t.same((await callSvcTool('svc_pending_intents', { seat: worker }, as(worker)))!.json, { source: 'chain', intents: [] });

  await t.rejects(
    callSvcTool('svc_approve', { intentId: id }, as(worker)),
    { code: 'not_awaiting_approver' },
    'a worker cannot approve its own spend',
  );
  await t.rejects(
    callSvcTool('svc_approve', { intentId: id }, as('ann')),
    { code: 'not_awaiting_approver' },
    'a named seat is not a chain seat',
  );
  const before = await fx.c.treasury.read('allowanceBalance', [worker]);
  const out = await callSvcTool('svc_approve', { intentId: id }, as(manager));
  t.match(out, { json: { intentId: id, outcome: 'settled', approver: manager, authorizedBy: 'approver' }, summary: /settled/ });
  t.equal(await fx.c.treasury.read('allowanceBalance', [worker]), before - 100n * USD, 'the spend settled once');
  await t.rejects(callSvcTool('svc_approve', { intentId: id }, as(manager)), { code: 'intent_not_pending' });
});

t.test('an intent waiting on the root is never settled by a tool, even the root seat calling it', async (t) => {
  await fx.runEpoch();
  await fx.runEpoch();
  const id = await escalate(300n * USD);
  t.match(await callSvcTool('svc_approve', { intentId: id }, as(manager)), { json: { outcome: 'climbed', awaitingApprover: root } });
  await t.rejects(callSvcTool('svc_approve', { intentId: id }, as(root)), { code: 'root_proof_required' });
  t.match((await callSvcTool('svc_pending_intents', { seat: root }, as(root)))!.json, { intents: [{ intentId: id }] });
});
