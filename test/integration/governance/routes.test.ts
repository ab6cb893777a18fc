/**
 * The governance routes against `svc serve` bound to the demo org on one anvil (embedded bus and
 * store): every propose route raises a real GovernanceModule proposal whose calldata is what it
 * claims, a composition or value the chain already holds proposes nothing (`unchanged: true`),
 * unknown nodes and assets are refused, attach-policy-module refuses a codeless address and says
 * `alreadyBound` for a module in the stack, and a proposal passes vote, timelock and execute
 * through the routes to change the node's stack on chain. A process without a chain answers 409.
 */
import t, { type Test } from 'tap';
import { decodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { EscalationRouter, GovernanceModule, PolicyStack, SpendCapPolicy, WhitelistPolicy } from '../../../chain/artifacts/index.js';
import { chainEnv, chainFixture } from '../../helpers/chain-fixture.js';
import { isolateEach } from '../../helpers/contract.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';

const DAY = 86_400;
const fx = await chainFixture(t);
isolateEach(t, fx.chain.test);
const sys = await startSystem(t, { env: chainEnv(fx) });
const [worker] = fx.workers as [Address];
const manager = fx.manager.account.address;
const stranger = fx.stranger.account.address;
const post = (path: string, body?: unknown) => req(sys.url, 'POST', path, body);

/** The calldata the module's ProposalCreated event carries for `id`: what execute will call. */
async function created(t: Test, id: string): Promise<{ target: Address; data: Hex; tier: number }> {
  const logs = await fx.chain.public.getContractEvents({
    address: fx.deployment.governance,
    abi: GovernanceModule.abi,
    eventName: 'ProposalCreated',
    args: { id: BigInt(id) },
    fromBlock: 0n,
  });
  t.equal(logs.length, 1, `proposal ${id} was raised once`);
  const a = logs[0]!.args;
  return { target: getAddress(a.target!), data: a.data!, tier: Number(a.tier) };
}

t.test('propose-set-whitelist raises setAllowed on the whitelist; an entry already so is unchanged', async (t) => {
  const res = await post('/governance/propose-set-whitelist', { target: stranger, allowed: true });
  t.equal(res.status, 200, res.text);
  t.match(res.body, { asset: 'mUSD', unchanged: false, proposals: [{ tier: 'high', target: fx.asset.policies.whitelist }] });
  const ev = await created(t, res.body.proposals[0].proposalId);
  t.equal(ev.target, fx.asset.policies.whitelist);
  t.equal(ev.tier, 1, 'High by default');
  t.same(decodeFunctionData({ abi: WhitelistPolicy.abi, data: ev.data }), { functionName: 'setAllowed', args: [stranger, true] });

  const same = await post('/governance/propose-set-whitelist', { target: fx.vendor, allowed: true });
  t.match(same.body, { unchanged: true, proposals: [] }, 'the vendor is already allowed');
  t.equal(await fx.c.governance.read('proposalCount'), 1n, 'nothing more was raised');
});

t.test('propose-set-agent-cap raises setAgentCap on the agent cap module; the cap it already has is unchanged', async (t) => {
  const res = await post('/governance/propose-set-agent-cap', { agent: worker, cap: '77000000', tier: 'low' });
  t.equal(res.status, 200, res.text);
  const ev = await created(t, res.body.proposals[0].proposalId);
  t.equal(ev.target, fx.asset.policies.spendCap);
  t.equal(ev.tier, 0, 'the tier asked for');
  t.same(decodeFunctionData({ abi: SpendCapPolicy.abi, data: ev.data }), { functionName: 'setAgentCap', args: [worker, 77_000_000n] });
  t.match((await post('/governance/propose-set-agent-cap', { agent: manager, cap: '200000000' })).body, { unchanged: true, proposals: [] });
});

t.test('unknown nodes and assets are refused with their codes, nothing raised', async (t) => {
  const cases: [string, unknown, string][] = [
    ['/governance/propose-set-agent-cap', { agent: stranger, cap: '1' }, 'unknown_node'],
    ['/governance/propose-node-stack', { node: stranger, modules: [{ kind: 'whitelist' }] }, 'unknown_node'],
    ['/governance/attach-policy-module', { node: stranger, listing: { name: 'w', kind: 'whitelist' } }, 'unknown_node'],
    ['/governance/propose-set-whitelist', { target: stranger, allowed: true, node: stranger }, 'unknown_node'],
    ['/governance/propose-set-whitelist', { target: stranger, allowed: true, asset: 'NOPE' }, 'unknown_asset'],
    ['/governance/propose-node-stack', { node: worker, asset: 'NOPE', modules: [{ kind: 'whitelist' }] }, 'unknown_asset'],
    ['/governance/propose-node-stack', { node: worker, modules: [] }, 'invalid_request'],
  ];
  for (const [path, body, code] of cases) {
    const res = await post(path, body);
    t.equal(res.status, 400, `${path} ${JSON.stringify(body)}`);
    t.equal(res.body.error, code);
  }
  t.equal(await fx.c.governance.read('proposalCount'), 0n);
});

t.test(
  'propose-node-stack: the bound composition is unchanged; a new one deploys, proposes, and binds after vote and timelock',
  async (t) => {
    const current = [fx.asset.policies.timeWindow, fx.asset.policies.whitelist, fx.asset.policies.spendCap, fx.asset.policies.rateLimit];
    const same = await post('/governance/propose-node-stack', {
      node: worker,
      modules: [
        { kind: 'time_window', start: 0, end: 86_400 },
        { kind: 'whitelist' },
        { kind: 'spend_cap' },
        { kind: 'rate_limit', maxActions: 10, windowSeconds: 3600 },
      ],
    });
    t.equal(same.status, 200, same.text);
    t.match(same.body, { unchanged: true, proposals: [], deployed: [], modules: current });

    const body = {
      node: worker,
      modules: [{ kind: 'whitelist' }, { kind: 'spend_cap' }, { kind: 'rate_limit', maxActions: 5, windowSeconds: 600 }],
    };
    const res = await post('/governance/propose-node-stack', body);
    t.equal(res.status, 200, res.text);
    t.equal(res.body.unchanged, false);
    t.equal(res.body.deployed.length, 2, 'a rate module of those parameters and the stack');
    const [rate, stack] = res.body.deployed as [Address, Address];
    t.same(res.body.modules, [fx.asset.policies.whitelist, fx.asset.policies.spendCap, rate]);
    t.same(await fx.chain.public.readContract({ address: stack, abi: PolicyStack.abi, functionName: 'moduleCount' }), 3n);
    t.equal(res.body.proposals.length, 2, 'the custom rate recorder, then the policy');
    const [rec, bind] = await Promise.all(res.body.proposals.map((p: { proposalId: string }) => created(t, p.proposalId)));
    t.same(decodeFunctionData({ abi: EscalationRouter.abi, data: rec!.data }), {
      functionName: 'setNodeRateRecorder',
      args: [worker, rate],
    });
    t.same(decodeFunctionData({ abi: EscalationRouter.abi, data: bind!.data }), { functionName: 'setNodePolicy', args: [worker, stack] });

    // Through the routes: read, vote, wait out the timelock, execute.
    const list = await req(sys.url, 'GET', '/governance/proposals');
    t.match(list.body.proposals, [
      { proposalId: '2', state: 'Active', clearance: 'short_of_quorum', action: `setNodePolicy(${worker}, ${stack})` },
      { proposalId: '1' },
    ]);
    for (const p of res.body.proposals)
      t.match((await post(`/governance/proposals/${p.proposalId}/vote`, { support: true })).body, { state: 'Active', countedWeight: '2' });
    t.match((await req(sys.url, 'GET', '/governance/proposals/2')).body, { clearance: 'timelocked' });
    t.match((await post('/governance/proposals/2/execute')).body, { error: 'chain_reverted:TimelockNotElapsed' });
    await fx.chain.test.increaseTime({ seconds: 4 * DAY + 1 });
    await fx.chain.test.mine({ blocks: 1 });
    t.match((await req(sys.url, 'GET', '/governance/proposals/1')).body, { clearance: 'cleared' });
    for (const id of ['1', '2']) t.match((await post(`/governance/proposals/${id}/execute`)).body, { proposalId: id, state: 'Executed' });
    t.equal(await fx.c.router.read('policyOf', [worker]), stack);
    t.equal(await fx.c.router.read('rateRecorderOf', [worker]), rate);
    const again = await post('/governance/propose-node-stack', body);
    t.match(again.body, { unchanged: true, deployed: [], proposals: [] }, 'the bound rate module is reused, nothing proposed');
  },
);

t.test('attach-policy-module: appends and proposes at high tier; refuses no code; alreadyBound for a module in the stack', async (t) => {
  const noCode = await post('/governance/attach-policy-module', {
    node: manager,
    listing: { name: 'ghost', kind: 'custom', chainId: 31337, address: stranger },
  });
  t.equal(noCode.status, 400);
  t.equal(noCode.body.error, 'policy_module_no_code');
  const otherChain = await post('/governance/attach-policy-module', {
    node: manager,
    listing: { name: 'elsewhere', kind: 'whitelist', chainId: 1, address: fx.asset.policies.whitelist },
  });
  t.equal(otherChain.body.error, 'invalid_listing');
  const wrongKind = await post('/governance/attach-policy-module', {
    node: manager,
    listing: { name: 'liar', kind: 'rate_limit', chainId: 31337, address: fx.asset.policies.whitelist },
  });
  t.equal(wrongKind.body.error, 'invalid_listing', 'the listing is revalidated against the module');

  const bound = await post('/governance/attach-policy-module', {
    node: manager,
    listing: { name: 'shared whitelist', kind: 'whitelist', chainId: 31337, address: fx.asset.policies.whitelist },
  });
  t.match(bound.body, { alreadyBound: true, unchanged: true, proposals: [] });
  t.equal(await fx.c.governance.read('proposalCount'), 0n);

  const res = await post('/governance/attach-policy-module', {
    node: manager,
    listing: { name: 'office hours', kind: 'time_window', params: { start: 0, end: 43_200 } },
  });
  t.equal(res.status, 200, res.text);
  t.equal(res.body.alreadyBound, false);
  const [window, stack] = res.body.deployed as [Address, Address];
  t.same(res.body.modules, [fx.asset.policies.whitelist, fx.asset.policies.spendCap, window], "the manager's stack, the module last");
  const ev = await created(t, res.body.proposals[0].proposalId);
  t.equal(ev.tier, 1);
  t.same(decodeFunctionData({ abi: EscalationRouter.abi, data: ev.data }), { functionName: 'setNodePolicy', args: [manager, stack] });
  t.equal(await fx.c.router.read('policyOf', [manager]), fx.asset.policies.managerStack, 'proposed, never bound by the route itself');
});

t.test('veto closes a proposal; an id past the count is 404', async (t) => {
  const res = await post('/governance/propose-set-whitelist', { target: stranger, allowed: true });
  const id = res.body.proposals[0].proposalId;
  t.match((await post(`/governance/proposals/${id}/veto`)).body, { state: 'Vetoed' });
  t.match((await post(`/governance/proposals/${id}/execute`)).body, { error: 'chain_reverted:ProposalNotActive' });
  const missing = await req(sys.url, 'GET', '/governance/proposals/99');
  t.equal(missing.status, 404);
  t.equal(missing.body.error, 'proposal_not_found');
  t.equal((await post('/governance/proposals/99/vote', { support: true })).body.error, 'proposal_not_found');
});

t.test('without a chain every governance write is 409 no_chain and the list is empty', async (t) => {
  const bare = await startSystem(t);
  for (const [path, body] of [
    ['/governance/attach-policy-module', { node: manager, listing: { name: 'w', kind: 'whitelist' } }],
    ['/governance/propose-node-stack', { node: manager, modules: [{ kind: 'whitelist' }] }],
    ['/governance/propose-set-agent-cap', { agent: manager, cap: '1' }],
    ['/governance/proposals/1/execute', undefined],
  ] as const) {
    const res = await req(bare.url, 'POST', path, body);
    t.equal(res.status, 409, path);
    t.equal(res.body.error, 'no_chain');
  }
  t.same((await req(bare.url, 'GET', '/governance/proposals')).body.proposals, []);
});
