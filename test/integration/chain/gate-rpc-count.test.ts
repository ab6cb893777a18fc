/**
 * What a settled gate step asks the chain, counted by method through a JSON-RPC proxy in front of
 * a real anvil (the demo org, the embedded store): a regression guard on the request kinds, not a
 * timing. A warm step reads its authority and the cached key's validity in one multicall
 * `eth_call`, has the node fill its transaction (which runs it to estimate its gas: the
 * simulation), broadcasts and reads the receipt; a block header for chain time is read at most
 * every half minute, the key's gas again (and topped up) only every several steps, and nothing
 * asks for the chain id, a transaction by hash, a nonce or a gas estimate on its own. Before these
 * were batched and cached a step sent 17 requests, then 6.6 with a separate simulation and a block
 * header every step.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import pino from 'pino';
import { foundry } from 'viem/chains';
import { createPublicClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { EpochStreamer } from '../../../chain/artifacts/index.js';
import { anvilPrivateKey } from '../../../chain/dev/accounts.js';
import { demoOrgSeed } from '../../../chain/dev/deploy.js';
import { devChainUp } from '../../../chain/dev/up.js';
import { receiptOf } from '../../../chain/onchain/transact.js';
import { chainFor } from '../../../chain/select.js';
import { chainRuntime } from '../../../chain/runtime.js';
import { chainTarget } from '../../../chain/target.js';
import { loadConfig } from '../../../runtime/config.js';
import { auditOf, openStore } from '../../../store/index.js';

const USD = 1_000_000n;
const STEPS = 18;

/** Per step, at most (averaged over the steps). */
const BOUNDS: Record<string, number> = {
  eth_call: 1.2,
  eth_fillTransaction: 1.2,
  eth_sendRawTransaction: 1.2,
  // Polled: a receipt asked for before the block is mined is asked for again (more often on a busy machine).
  eth_getTransactionReceipt: 2,
  eth_getBlockByNumber: 0.2,
  eth_getBalance: 0.2,
  eth_gasPrice: 0.2,
};
/** Every method but the polled receipt, together, per step (5.6 before the fill was the simulation
 * and chain time was carried forward). */
const UNPOLLED = 3.5;

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

t.test('a warm gate step sends a bounded set of JSON-RPC requests', { timeout: 180_000 }, async (t) => {
  const seed = { ...demoOrgSeed(), rate: { maxActions: 1_000_000n, windowSeconds: 3600n }, grantPerWorker: 50_000n * USD };
  const dev = await devChainUp({ seed });
  t.teardown(() => dev.stop());
  const counts: Record<string, number> = {};
  let counting = false;
  const proxy = createServer((req, res) => {
    void (async () => {
      const text = await body(req);
      if (counting) {
        const parsed = JSON.parse(text) as { method: string } | { method: string }[];
        for (const m of Array.isArray(parsed) ? parsed : [parsed]) counts[m.method] = (counts[m.method] ?? 0) + 1;
      }
      const answer = await fetch(dev.chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    })();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const store = await openStore({});
  t.teardown(() => store.close());
  const root = createWalletClient({ account: privateKeyToAccount(anvilPrivateKey(0)), chain: foundry, transport: http(dev.chain.url) });
  const direct = createPublicClient({ chain: foundry, transport: http(dev.chain.url) });
  const epoch = await root.writeContract({
    address: dev.deployment.assets[0]!.streamer,
    abi: EpochStreamer.abi,
    functionName: 'runNextEpoch',
  });
  await receiptOf(direct, epoch);

  const config = loadConfig({
    SVC_CHAIN_RPC: url,
    SVC_CHAIN_ID: String(foundry.id),
    SVC_CHAIN_DEPLOYMENT: JSON.stringify(dev.file),
    SVC_ORCH_PRIVATE_KEY: anvilPrivateKey(0),
    SVC_ISSUER_PRIVATE_KEY: anvilPrivateKey(2),
  });
  const port = chainFor(config, {
    target: chainTarget(config.chain, undefined),
    store,
    audit: { record: async (type, data) => void (await auditOf(store).append({ type, data })), publish: async () => {} },
    log: pino({ level: 'silent' }),
    reads: chainRuntime(config.chain).reads,
    resolver: { resolve: () => Promise.reject(new Error('nothing is resolved here')) },
  });
  let seq = 0;
  const step = async () => {
    const i = seq++;
    const o = await port.proposeSpend({
      principal: seed.workers[0]!,
      value: String(USD),
      target: seed.vendor,
      runId: `count-${i}`,
      stepId: 'pay',
      attemptKey: `count-${i}.pay.1`,
    });
    t.equal(o.verdict, 'ALLOW', `step ${i} settles`);
  };

  // Cold: the key is issued and funded, the stacks' cap modules found.
  for (let i = 0; i < 3; i++) await step();
  counting = true;
  for (let i = 0; i < STEPS; i++) await step();
  counting = false;

  const perStep = Object.fromEntries(Object.entries(counts).map(([m, c]) => [m, c / STEPS]));
  t.comment(`JSON-RPC requests per step: ${JSON.stringify(perStep)}`);
  for (const [method, n] of Object.entries(perStep))
    t.ok(method in BOUNDS && n <= BOUNDS[method]!, `${method}: ${n.toFixed(2)} per step (bound ${BOUNDS[method] ?? 0})`);
  const unpolled = Object.entries(perStep)
    .filter(([method]) => method !== 'eth_getTransactionReceipt')
    .reduce((a, [, n]) => a + n, 0);
  t.ok(unpolled <= UNPOLLED, `${unpolled.toFixed(2)} requests per step besides the receipt (bound ${UNPOLLED})`);
  const total = Object.values(perStep).reduce((a, b) => a + b, 0);
  t.ok(total <= 5.5, `${total.toFixed(2)} requests per step in all (bound 5.5; 17 before the gate's reads were batched, then 6.6)`);
});
