/**
 * The constitutional steps on the demo org (docs/chain.md "Org, budget and governance steps") through the chain port a flow step
 * calls: SpendCapPolicy picks the tier (under the cap Low, over it High), an inactive principal
 * raises nothing (DENY), governance timing on the real GovernanceModule (Low at quorum, High only
 * after the timelock, veto, defeat), a proposal that could only fail is refused before it is
 * raised, and `run-epoch` streams the grants once per epoch.
 */
import t from 'tap';
import type { Address } from 'viem';
import { constitutionPort } from '../../../chain/onchain/constitution.js';
import { chainFixture, orchestratorBinding } from '../../helpers/chain-fixture.js';
import { isolateEach } from '../../helpers/contract.js';

const USD = 1_000_000n;
const DAY = 86_400;

const fx = await chainFixture(t);
isolateEach(t, fx.chain.test);
const binding = orchestratorBinding(fx);
const port = constitutionPort(() => binding, { log: { info: () => undefined } });

const manager = fx.manager.account.address;
const [worker, worker2] = fx.workers as [Address, Address];
const ids = { runId: 'run-1', stepId: 'step-1' };
const org = (principal: Address, action: string, node: string, params: Record<string, string> = {}) =>
  port.org({ principal, action, node, params, ...ids });
const gov = (action: string, proposal: string, params: Record<string, string> = {}) =>
  port.governance({ principal: manager, action, proposal, params, ...ids });
const proposals = () => fx.c.governance.read('proposalCount');
const later = async (seconds: number) => {
  await fx.chain.test.increaseTime({ seconds });
  await fx.chain.test.mine({ blocks: 1 });
};

t.test('under the principal cap: ALLOW, a Low proposal that executes at quorum', async (t) => {
  const out = await org(manager, 'set-cap', worker, { cap: String(100n * USD) });
  t.equal(out.verdict, 'ALLOW');
  t.match(out.json, { tier: 'low', proposalId: '1', txHash: /^0x[0-9a-f]{64}$/ });
  t.match(out.summary, /setAgentCap.*ALLOW.*low-tier proposal 1/);
  await t.rejects(gov('execute', '1'), { code: 'chain_reverted', message: /QuorumNotMet\(1\)/ }, 'not before the vote');
  t.match(await gov('vote', '1'), { json: { support: true, countedWeight: '2' } });
  t.match(await gov('execute', '1'), { json: { state: 'Executed' } });
  t.equal(await fx.c.spendCap.read('capOf', [worker]), 100n * USD);
});

t.test('over the principal cap: ESCALATE, a High proposal that waits for the timelock', async (t) => {
  const out = await org(manager, 'set-cap', worker, { cap: String(500n * USD) });
  t.equal(out.verdict, 'ESCALATE');
  t.match(out.json, { tier: 'high' });
  const id = (out.json as { proposalId: string }).proposalId;
  await gov('vote', id);
  await t.rejects(gov('execute', id), { code: 'chain_reverted', message: /TimelockNotElapsed/ });
  await later(4 * DAY + 1);
  t.match(await gov('execute', id), { json: { state: 'Executed' } });
  t.equal(await fx.c.spendCap.read('capOf', [worker]), 500n * USD);
});

t.test('a scope whose cap is lower makes the stricter verdict: the root scoped to a worker escalates', async (t) => {
  const root = fx.root.account.address;
  const alone = await port.org({ principal: root, action: 'set-cap', node: worker2, params: { cap: String(100n * USD) }, ...ids });
  t.equal(alone.verdict, 'ALLOW', 'the root alone is unlimited');
  const scoped = await port.org({
    principal: root,
    scope: { level: 'agent', ref: worker },
    action: 'set-cap',
    node: worker2,
    params: { cap: String(100n * USD) },
    ...ids,
  });
  t.equal(scoped.verdict, 'ESCALATE');
  t.match(scoped.json, { tier: 'high' });
});

t.test('an inactive principal: DENY, nothing raised', async (t) => {
  await fx.govern(fx.c.org, 'setActive', [worker, false]);
  const before = await proposals();
  const out = await org(worker, 'deactivate', worker2);
  t.equal(out.verdict, 'DENY');
  t.match(out.json, { proposed: false, reason: /not an active org node/ });
  t.equal(await proposals(), before, 'no proposal');
});

t.test('the action mapping: fire removes the node, hire adds one, deactivate keeps it', async (t) => {
  const fired = await org(manager, 'fire', worker);
  t.match(fired.summary, /removeNode/);
  await gov('vote', (fired.json as { proposalId: string }).proposalId);
  await gov('execute', (fired.json as { proposalId: string }).proposalId);
  t.equal(await fx.c.org.read('isNode', [worker]), false);

  const recruit = '0x00000000000000000000000000000000000a11ce';
  const hired = await org(manager, 'hire', recruit);
  t.match(hired.summary, /addNode/);
  await gov('vote', (hired.json as { proposalId: string }).proposalId);
  await gov('execute', (hired.json as { proposalId: string }).proposalId);
  t.match(await fx.c.org.read('getNode', [recruit]), { kind: 3, parent: manager, active: true });

  const off = await org(manager, 'deactivate', worker2);
  await gov('vote', (off.json as { proposalId: string }).proposalId);
  await gov('execute', (off.json as { proposalId: string }).proposalId);
  t.match(await fx.c.org.read('getNode', [worker2]), { active: false });
});

t.test('a proposal that could only fail at execute is refused before it is raised, named', async (t) => {
  const before = await proposals();
  await t.rejects(org(manager, 'hire', worker), { code: 'chain_reverted', message: /NodeAlreadyExists/ });
  await t.rejects(org(manager, 'fire', fx.root.account.address), { code: 'chain_reverted', message: /CannotMutateRoot/ });
  t.equal(await proposals(), before);
  await t.rejects(org(manager, 'set-cap', 'crew-7', { cap: '1' }), { code: 'invalid_request', message: /node must be a 0x address/ });
});

t.test('veto: a human seat ends a proposal, and it never executes', async (t) => {
  const out = await org(manager, 'set-cap', worker, { cap: String(500n * USD) });
  const id = (out.json as { proposalId: string }).proposalId;
  await gov('vote', id);
  t.match(await gov('veto', id), { json: { state: 'Vetoed' } });
  await later(4 * DAY + 1);
  await t.rejects(gov('execute', id), { code: 'chain_reverted', message: /ProposalNotActive/ });
  t.equal(await fx.c.spendCap.read('capOf', [worker]), 50n * USD);
});

t.test('defeat: more no than yes past the deadline closes Defeated, nothing called', async (t) => {
  const out = await org(manager, 'set-cap', worker, { cap: String(10n * USD) });
  const id = (out.json as { proposalId: string }).proposalId;
  await gov('vote', id, { support: 'no' });
  await later(3 * DAY + 1);
  const done = await gov('execute', id);
  t.match(done, { json: { state: 'Defeated' }, summary: /Defeated/ });
  t.equal(await fx.c.spendCap.read('capOf', [worker]), 50n * USD);
});

t.test('budget: a grant under the cap is Low; run-epoch streams the grants once per epoch', async (t) => {
  const grant = await port.budget({
    principal: manager,
    action: 'raise-grant',
    params: { recipient: worker, amount: String(150n * USD) },
    ...ids,
  });
  t.match(grant, { verdict: 'ALLOW', json: { tier: 'low' }, summary: /setGrant/ });

  const reserved = await fx.c.treasury.read('totalReserved');
  const ran = await port.budget({ principal: 'operator', action: 'run-epoch', params: {}, ...ids });
  t.match(ran.json, { epoch: '1', streamed: 2, total: String(400n * USD), txHash: /^0x/ });
  t.equal(await fx.c.treasury.read('totalReserved'), reserved + 400n * USD, 'reserved grows by the grants');
  t.equal(await fx.c.treasury.read('allowanceBalance', [worker]), 200n * USD);
  await t.rejects(port.budget({ principal: 'operator', action: 'run-epoch', params: {}, ...ids }), {
    code: 'chain_reverted',
    message: /runNextEpoch.*EpochAlreadyRun\(1\)/,
  });
});
