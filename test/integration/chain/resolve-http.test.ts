/**
 * `POST /intents/resolve` against `svc serve` with SVC_CHAIN=dev and a PostgreSQL store: a
 * worker's over-cap spend climbs worker -> manager (the dev manager key the process holds) ->
 * root (open without SVC_ROOT_AUTH, `unauthenticated`), where a DENY at the root's stack binds;
 * `/intents/history` serves what was recorded; bad input and a resolved intent are refused with
 * the spec's codes; no private key reaches a response or a log line.
 */
import t from 'tap';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  http,
  maxUint256,
  parseEther,
  type Address,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { EscalationRouter, GovernanceModule, SessionRegistry } from '../../../chain/artifacts/index.js';
import { anvilAccount, anvilPrivateKey } from '../../../chain/dev/accounts.js';
import { keylessAddress } from '../../../chain/dev/deploy.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { until } from '../../helpers/poll.js';
import { skipUnless } from '../../helpers/services.js';

const USD = 1_000_000n;

t.test('POST /intents/resolve on the dev chain', { skip: (await skipUnless('postgres')) ?? false }, async (t) => {
  const sys = await startSystem(t, { env: { SVC_CHAIN: 'dev' }, postgres: true });
  await until('the dev deploy', async () => (await req(sys.url, 'GET', '/health')).body.mode === 'chain', {
    timeoutMs: 60_000,
    everyMs: 250,
  });
  const rpc = (await req(sys.url, 'GET', '/health')).body.chain.rpc as string;
  const router = (await req(sys.url, 'GET', '/assets')).body.assets[0].router as Address;
  const transport = http(rpc);
  const pub = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
  const test = createTestClient({ chain: foundry, transport, mode: 'anvil' });
  const as = (index: number) => createWalletClient({ chain: foundry, transport, account: anvilAccount(index) });
  const sessions = await pub.readContract({ address: router, abi: EscalationRouter.abi, functionName: 'sessions' });
  const worker = keylessAddress('worker 1');
  const [root, manager] = [anvilAccount(0).address, anvilAccount(1).address];

  // A worker session key (the issuer is anvil account 2), funded for gas.
  const key = privateKeyToAccount(generatePrivateKey());
  await test.setBalance({ address: key.address, value: parseEther('1') });
  const now = (await pub.getBlock()).timestamp;
  const args = [worker, key.address, now + 3600n, 3, maxUint256, [], 0, 0, 0, 0] as const;
  await pub.waitForTransactionReceipt({
    hash: await as(2).sendTransaction({
      to: sessions,
      data: encodeFunctionData({ abi: SessionRegistry.abi, functionName: 'issueScopedTimed', args }),
    }),
  });
  const propose = async (value: bigint): Promise<string> => {
    const vendor = keylessAddress('vendor');
    const { request, result } = await pub.simulateContract({
      account: key,
      address: router,
      abi: EscalationRouter.abi,
      functionName: 'propose',
      args: [worker, vendor, value, '0x'],
    });
    await pub.waitForTransactionReceipt({
      hash: await createWalletClient({ chain: foundry, transport, account: key }).writeContract(request),
    });
    return String(result[0]);
  };
  const resolve = (body: unknown) => req(sys.url, 'POST', '/intents/resolve', body);

  const id = await propose(300n * USD);
  const climbed = await resolve({ intentId: id, approved: true });
  t.equal(climbed.status, 200, JSON.stringify(climbed.body));
  t.match(climbed.body, {
    intentId: id,
    asset: 'mUSD',
    approved: true,
    outcome: 'climbed',
    approver: manager,
    authorizedBy: 'approver',
    awaitingApprover: root,
  });

  // The vendor leaves the whitelist (a Low proposal by the root, passed and executed) while the intent waits on the root.
  const whitelist = (await req(sys.url, 'GET', `/policies?node=${root}`)).body.policies[0].modules.find(
    (m: { kind: string }) => m.kind === 'whitelist',
  ).address as Address;
  const govAbi = GovernanceModule.abi;
  const governor = await pub.readContract({
    address: whitelist,
    abi: [{ type: 'function', name: 'owner', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' }],
    functionName: 'owner',
  });
  const data = encodeFunctionData({
    abi: [
      { type: 'function', name: 'setAllowed', inputs: [{ type: 'address' }, { type: 'bool' }], outputs: [], stateMutability: 'nonpayable' },
    ],
    functionName: 'setAllowed',
    args: [keylessAddress('vendor'), false],
  });
  for (const [functionName, a] of [
    ['propose', [0, whitelist, data]],
    ['vote', [1n, true]],
    ['execute', [1n, data]],
  ] as const) {
    const { request } = await pub.simulateContract({
      account: anvilAccount(0),
      address: governor,
      abi: govAbi,
      functionName,
      args: a as never,
    });
    await pub.waitForTransactionReceipt({ hash: await as(0).writeContract(request as never) });
  }

  const denied = await resolve({ intentId: id, approved: true });
  t.equal(denied.status, 200, JSON.stringify(denied.body));
  t.match(denied.body, { approved: false, outcome: 'denied', reason: 'policy_deny', approver: root, authorizedBy: 'unauthenticated' });
  t.match((await resolve({ intentId: id, approved: true })).body, { error: 'intent_not_pending' });
  t.match((await resolve({ intentId: '999', approved: true })).body, { error: 'intent_not_found' });
  t.equal((await resolve({ intentId: 'abc', approved: true })).status, 400);
  t.match((await resolve({ intentId: '1', approved: true, asset: 'NOPE' })).body, { error: 'unknown_asset' });

  const history = await req(sys.url, 'GET', '/intents/history');
  t.equal(history.status, 200);
  t.match(history.body.intents, [
    { intentId: id, outcome: 'denied', approved: false, approver: root, authorizedBy: 'unauthenticated' },
    { intentId: id, outcome: 'climbed', approved: true, approver: manager, authorizedBy: 'approver', awaitingApprover: root },
  ]);

  const all = JSON.stringify([climbed.body, denied.body, history.body]) + sys.logs.join('\n');
  for (const i of [0, 1, 2]) t.notOk(all.includes(anvilPrivateKey(i).slice(2)), `anvil key ${i} is in no response or log line`);
});
