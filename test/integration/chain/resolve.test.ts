/**
 * Escalation on the demo org (docs/chain.md "Resolving escalated intents"): a worker's over-cap spend waits on the manager,
 * whose held key resolves it (settled within the manager's cap, climbing to the root above it);
 * root depth is open without SVC_ROOT_AUTH (recorded `unauthenticated`), refused with it and
 * never settled by an agent tool; a DENY at the root's stack binds; each resolution is in the
 * history (a real store) and audited.
 */
import t from 'tap';
import type { Address } from 'viem';
import { anvilPrivateKey } from '../../../chain/dev/accounts.js';
import { intentResolver, type ResolverDeps } from '../../../chain/onchain/resolve.js';
import { chainIntentsOf } from '../../../store/chain-intents/index.js';
import { openStore } from '../../../store/index.js';
import { chainFixture, orchestratorBinding } from '../../helpers/chain-fixture.js';
import { isolateEach } from '../../helpers/contract.js';

const USD = 1_000_000n;

const fx = await chainFixture(t);
isolateEach(t, fx.chain.test);
const store = await openStore({});
t.teardown(() => store.close());
const binding = orchestratorBinding(fx);
const audited: Record<string, unknown>[] = [];
const deps = (over: Partial<ResolverDeps> = {}): ResolverDeps => ({
  heldKeys: () => [anvilPrivateKey(1)],
  rootAuthKind: () => undefined,
  history: () => chainIntentsOf(store),
  audit: { record: async (_type, data) => void audited.push(data) },
  now: Date.now,
  ...over,
});
const resolver = intentResolver(() => binding, deps());
const worker = fx.workers[0] as Address;
const manager = fx.manager.account.address;
const root = fx.root.account.address;

/** A worker's spend through its session key: over its 50 cap it becomes an intent for the manager. */
async function escalate(value: bigint): Promise<string> {
  const { key } = await fx.sessionKey(worker);
  const { events } = await fx.c.router.write(key, 'propose', [worker, fx.vendor, value, '0x']);
  const created = events.find((e) => e.eventName === 'IntentCreated');
  return String(created!.args.id);
}
const resolve = (intentId: string, approved = true) => resolver.resolve({ intentId, approved, via: 'route' });

t.test('manager depth: the held key settles within the manager cap', async (t) => {
  await fx.runEpoch();
  const id = await escalate(100n * USD);
  const before = await fx.c.treasury.read('allowanceBalance', [worker]);
  const r = await resolve(id);
  t.match(r, {
    intentId: id,
    asset: 'mUSD',
    approved: true,
    outcome: 'settled',
    approver: manager,
    authorizedBy: 'approver',
    txHash: /^0x/,
  });
  t.equal(await fx.c.treasury.read('allowanceBalance', [worker]), before - 100n * USD, 'the spend settled');
  t.match((await chainIntentsOf(store).list(1))[0], { intentId: id, outcome: 'settled', authorizedBy: 'approver' });
  t.match(audited.at(-1), { intentId: id, approver: manager, authorizedBy: 'approver' });
  await t.rejects(resolve(id), { code: 'intent_not_pending' }, 'one resolution per intent');
  await t.rejects(resolve('999'), { code: 'intent_not_found' });
});

t.test('a rejection closes the intent, nothing moves', async (t) => {
  const id = await escalate(100n * USD);
  t.match(await resolve(id, false), { approved: false, outcome: 'rejected' });
});

t.test('worker -> manager -> root: above the manager cap it climbs; the root settles it, unauthenticated', async (t) => {
  await fx.runEpoch();
  await fx.runEpoch();
  const id = await escalate(300n * USD);
  const climbed = await resolve(id);
  t.match(climbed, { outcome: 'climbed', approved: true, approver: manager, awaitingApprover: root });
  const viaTool = intentResolver(() => binding, deps());
  await t.rejects(viaTool.resolve({ intentId: id, approved: true, via: 'tool' }), {
    code: 'root_proof_required',
    message: /agent tool never settles root depth/,
  });
  const proofNeeded = intentResolver(() => binding, deps({ rootAuthKind: () => 'wallet' }));
  await t.rejects(proofNeeded.resolve({ intentId: id, approved: true, via: 'route' }), {
    code: 'root_proof_required',
    message: /nothing was sent/,
  });
  const settled = await resolve(id);
  t.match(settled, { outcome: 'settled', approved: true, approver: root, authorizedBy: 'unauthenticated' });
});

t.test('a DENY at the root binds: approved false, policy_deny, nothing moves', async (t) => {
  await fx.runEpoch();
  await fx.runEpoch();
  const id = await escalate(300n * USD);
  await resolve(id);
  // The vendor leaves the whitelist while the intent waits on the root: its stack now says DENY.
  await fx.govern(fx.c.whitelist, 'setAllowed', [fx.vendor, false]);
  const before = await fx.c.treasury.read('allowanceBalance', [worker]);
  const denied = await resolve(id);
  t.match(denied, { approved: false, outcome: 'denied', reason: 'policy_deny', approver: root });
  t.equal(await fx.c.treasury.read('allowanceBalance', [worker]), before, 'nothing moved');
  t.match(await fx.c.router.read('getIntent', [BigInt(id)]), { resolved: true, approved: false });
});

t.test('no key held for the waiting seat: 409 no_signer_for_approver, nothing sent', async (t) => {
  const id = await escalate(100n * USD);
  const keyless = intentResolver(() => binding, deps({ heldKeys: () => [] }));
  await t.rejects(keyless.resolve({ intentId: id, approved: true, via: 'route' }), {
    code: 'no_signer_for_approver',
    message: new RegExp(manager),
  });
  t.match(await fx.c.router.read('getIntent', [BigInt(id)]), { resolved: false, awaitingApprover: manager });
});
