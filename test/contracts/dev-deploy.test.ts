/**
 * chain/dev/deploy.ts seeds the demo org (docs/chain.md "The demo org") and hands every owner to governance:
 * read back from the chain, not from the deployment record it returns.
 */
import t from 'tap';
import { maxUint256 } from 'viem';
import { chainFixture } from '../helpers/chain-fixture.js';
import { rejectsWith } from '../helpers/contract.js';

const USD = 1_000_000n;
const fx = await chainFixture(t);
const { c, root, manager, issuer, vendor, deployment: d, asset: a } = fx;
const [w1, w2] = fx.workers;

t.test('every owned contract belongs to the GovernanceModule; the deployer keeps no setter', async (t) => {
  for (const [name, bound] of Object.entries(c)) {
    if (name === 'governance' || name === 'rateLimit' || name === 'workerStack') continue; // not owned
    t.equal(await bound.read('owner'), d.governance, `${name} is governed`);
  }
  await rejectsWith(t, c.whitelist.write(root, 'setAllowed', [root.account.address, true]), 'OwnableUnauthorizedAccount');
  await rejectsWith(t, c.token.write(root, 'mint', [root.account.address, 1n]), 'OwnableUnauthorizedAccount');
});

t.test('the org: root, a manager under it, two workers under the manager', async (t) => {
  t.equal(await c.org.read('root'), root.account.address);
  t.same(await c.org.read('getChildren', [root.account.address]), [manager.account.address]);
  t.same(await c.org.read('getChildren', [manager.account.address]), [w1, w2]);
});

t.test('policies: caps 50 / 200 / unlimited, the vendor whitelisted, stacks bound', async (t) => {
  t.equal(await c.spendCap.read('capOf', [w1]), 50n * USD);
  t.equal(await c.spendCap.read('capOf', [manager.account.address]), 200n * USD);
  t.equal(await c.spendCap.read('capOf', [root.account.address]), maxUint256);
  t.same(await c.whitelist.read('allowedTargets'), [vendor]);
  t.same([await c.rateLimit.read('maxActions'), await c.rateLimit.read('windowSeconds')], [10n, 3600n]);
  t.equal(await c.workerStack.read('moduleCount'), 4n);
  t.equal(await c.router.read('policy'), a.policies.workerStack, 'the worker stack is the default');
  t.equal(await c.router.read('policyOf', [manager.account.address]), a.policies.managerStack);
  t.equal(await c.router.read('rateRecorder'), a.policies.rateLimit);
});

t.test('money and keys: 100,000 mUSD in the treasury, 200 per worker per epoch, issuer and router set', async (t) => {
  t.equal(await c.token.read('balanceOf', [a.treasury]), 100_000n * USD);
  t.same(await c.streamer.read('recipients'), [w1, w2]);
  t.equal(await c.streamer.read('grantAmount', [w1]), 200n * USD);
  t.equal(await c.streamer.read('operator'), root.account.address);
  t.equal(await c.treasury.read('spender'), a.router);
  t.equal(await c.treasury.read('streamer'), a.streamer);
  t.equal(await c.sessions.read('issuer'), issuer.account.address);
  t.equal(await c.sessions.read('isRouter', [a.router]), true);
  t.same(await c.governance.read('seats', [root.account.address]), [1, 2n]);
  t.same(await c.governance.read('seats', [manager.account.address]), [2, 1n]);
  t.equal(d.chainId, 31337);
});
