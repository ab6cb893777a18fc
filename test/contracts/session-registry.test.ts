/**
 * SessionRegistry on anvil (contracts/README.md): who may issue and revoke, the bounds a key carries and
 * their validation, expiry, and the router-only proposal count. How the router enforces a key's
 * bounds at `propose` is in escalation-router-sessions.test.ts.
 */
import t from 'tap';
import { getAddress, zeroAddress } from 'viem';
import { SessionRegistry } from '../../chain/artifacts/index.js';
import { startTestChain } from '../helpers/anvil.js';
import { bind, eventNames, isolateEach, rejectsWith, type Wallet } from '../helpers/contract.js';

const chain = await startTestChain(t);
const publicClient = chain.public;
const testClient = chain.test;
const [root, governor, issuer, stranger, agent, router] = [0, 1, 2, 3, 4, 5].map((i) => chain.wallet(i)) as Wallet[];
const MAX = 2n ** 256n - 1n;
const keyA = getAddress('0x00000000000000000000000000000000000000a1');
const keyB = getAddress('0x00000000000000000000000000000000000000b2');
const vendor = getAddress('0x00000000000000000000000000000000000000c3');

const registry = bind(
  publicClient,
  await chain.deploy(SessionRegistry, [governor!.account.address, root!.account.address, zeroAddress], 1),
  SessionRegistry.abi,
);
const send = async (w: Wallet | undefined, functionName: string, args: readonly unknown[]) => {
  const written = await registry.write(w!, functionName, args);
  return { result: written.result, logs: written.events, names: eventNames(written) };
};
const read = (functionName: string, args: readonly unknown[] = []) => registry.read(functionName, args);
const now = async () => (await publicClient.getBlock()).timestamp;

isolateEach(t, testClient);

t.test('root issues a key: stored bounds, listed for the agent, SessionIssued', async (t) => {
  const exp = (await now()) + 3600n;
  const { result, logs } = await send(root, 'issue', [agent!.account.address, keyA, exp, 3, 200_000_000n]);
  t.equal(result, 1n, 'ids start at 1');
  t.same(
    logs.map((l) => l.eventName),
    ['SessionIssued'],
  );
  const s = await read('sessions', [1n]);
  t.same(s, [agent!.account.address, keyA, exp, 3, false, 0, 0, 200_000_000n]);
  t.same(await read('sessionsOf', [agent!.account.address]), [1n]);
  t.equal(await read('sessionIdOfKey', [keyA]), 1n);
  t.same(await read('allowedTargetsOf', [1n]), [], 'no pins: any target');
  t.equal(await read('isTargetAllowed', [1n, vendor]), true);
  t.equal(await read('isValid', [1n]), true);
});

t.test('only the root or the issuer issues; only the root names the issuer', async (t) => {
  const exp = (await now()) + 3600n;
  const args = [agent!.account.address, keyA, exp, 3, MAX];
  await rejectsWith(t, send(issuer, 'issue', args), 'NotAuthorized');
  await rejectsWith(t, send(governor, 'setIssuer', [issuer!.account.address]), 'NotAuthorized');
  await send(root, 'setIssuer', [issuer!.account.address]);
  t.equal(await read('issuer'), issuer!.account.address);
  const { result } = await send(issuer, 'issue', args);
  t.equal(result, 1n, 'the named issuer may issue');
  await rejectsWith(t, send(stranger, 'issue', [agent!.account.address, keyB, exp, 3, MAX]), 'NotAuthorized');
});

t.test('bounds are validated at issue', async (t) => {
  const a = agent!.account.address;
  const exp = (await now()) + 3600n;
  await rejectsWith(t, send(root, 'issue', [a, keyA, await now(), 3, MAX]), 'InvalidExpiry');
  await rejectsWith(t, send(root, 'issue', [a, keyA, exp, 0, MAX]), 'InvalidScopeMask');
  await rejectsWith(t, send(root, 'issue', [a, keyA, exp, 4, MAX]), 'InvalidScopeMask');
  await rejectsWith(t, send(root, 'issue', [a, zeroAddress, exp, 3, MAX]), 'InvalidKey');
  const timed = (ws: number, we: number, max: number, win: number) =>
    send(root, 'issueScopedTimed', [a, keyA, exp, 3, MAX, [], ws, we, max, win]);
  await rejectsWith(t, timed(100, 100, 0, 0), 'InvalidWindow');
  await rejectsWith(t, timed(100, 50, 0, 0), 'InvalidWindow');
  await rejectsWith(t, timed(0, 86401, 0, 0), 'InvalidWindow');
  await rejectsWith(t, timed(0, 0, 5, 0), 'InvalidRateLimit');
  await rejectsWith(t, timed(0, 0, 0, 60), 'InvalidRateLimit');
  await send(root, 'issue', [a, keyA, exp, 1, MAX]);
  await rejectsWith(t, send(root, 'issue', [a, keyA, exp, 3, MAX]), 'InvalidKey', []);
});

t.test('issueScoped pins targets; issueScopedTimed adds a window and a rate', async (t) => {
  const exp = (await now()) + 3600n;
  const { logs } = await send(root, 'issueScoped', [agent!.account.address, keyA, exp, 3, MAX, [vendor]]);
  t.same(
    logs.map((l) => l.eventName),
    ['SessionIssued', 'SessionTargetsPinned'],
  );
  t.same(await read('allowedTargetsOf', [1n]), [vendor]);
  t.equal(await read('isTargetAllowed', [1n, vendor]), true);
  t.equal(await read('isTargetAllowed', [1n, keyB]), false);

  await send(root, 'issueScopedTimed', [agent!.account.address, keyB, exp, 1, 5n, [], 3600, 7200, 2, 600]);
  const s = await read('sessions', [2n]);
  t.same([s[3], s[5], s[6], s[7]], [1, 3600, 7200, 5n]);
  t.same(await read('rateLimits', [2n]), [2, 600, 0n, 0]);
});

t.test('revoke: root or issuer, once; a revoked key is invalid', async (t) => {
  const exp = (await now()) + 3600n;
  await send(root, 'issue', [agent!.account.address, keyA, exp, 3, MAX]);
  await rejectsWith(t, send(stranger, 'revoke', [1n]), 'NotAuthorized');
  await rejectsWith(t, send(root, 'revoke', [9n]), 'SessionNotFound', [9n]);
  const { logs } = await send(root, 'revoke', [1n]);
  t.equal(logs[0]?.eventName, 'SessionRevoked');
  t.equal(await read('isValid', [1n]), false);
  await rejectsWith(t, send(root, 'revoke', [1n]), 'AlreadyRevoked', [1n]);
});

t.test('a key is valid strictly before expiresAt', async (t) => {
  const exp = (await now()) + 100n;
  await send(root, 'issue', [agent!.account.address, keyA, exp, 3, MAX]);
  t.equal(await read('isValid', [1n]), true);
  await testClient.setNextBlockTimestamp({ timestamp: exp });
  await testClient.mine({ blocks: 1 });
  t.equal(await read('isValid', [1n]), false, 'expired at expiresAt');
});

t.test('recordProposal: routers only (set by the governor), counted against the key rate', async (t) => {
  const exp = (await now()) + 3600n;
  await send(root, 'issueScopedTimed', [agent!.account.address, keyA, exp, 3, MAX, [], 0, 0, 2, 600]);
  await rejectsWith(t, send(router, 'recordProposal', [1n]), 'NotRouter');
  await rejectsWith(t, send(root, 'setRouter', [router!.account.address, true]), 'OwnableUnauthorizedAccount');
  await send(governor, 'setRouter', [router!.account.address, true]);
  await send(router, 'recordProposal', [1n]);
  t.equal(await read('isRateLimited', [1n]), false);
  await send(router, 'recordProposal', [1n]);
  t.equal(await read('isRateLimited', [1n]), true, 'two of two used');
  await rejectsWith(t, send(router, 'recordProposal', [1n]), 'RateLimitExceeded', [agent!.account.address, 2, 600]);
  await testClient.increaseTime({ seconds: 600 });
  await testClient.mine({ blocks: 1 });
  t.equal(await read('isRateLimited', [1n]), false, 'a new window opens');
  await send(router, 'recordProposal', [1n]);
  t.equal((await read('rateLimits', [1n]))[3], 1, 'the count restarts');
});

t.test('ownership cannot be renounced', async (t) => {
  await rejectsWith(t, send(governor, 'renounceOwnership', []), 'RenounceDisabled');
});
