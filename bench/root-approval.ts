/**
 * The root approval round trip a person makes with a passkey root, on `svc serve` with
 * SVC_CHAIN=dev (its own process, the embedded store): ask a challenge, sign it into a WebAuthn
 * assertion with a software passkey, send the approval; the intent settles on anvil and the
 * treasury pays. Each intent is escalated to the root beforehand (a worker's spend over the
 * manager's cap, passed up by the manager), outside the timing.
 * `node dist/bench/root-approval.js` runs it; BENCH_ROOT_N sets the approvals (default 20).
 */
import { createPublicClient, createTestClient, createWalletClient, http, maxUint256, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { EpochStreamer, EscalationRouter, SessionRegistry } from '../chain/artifacts/index.js';
import { anvilAccount } from '../chain/dev/accounts.js';
import { keylessAddress } from '../chain/dev/deploy.js';
import { passkeyAssert, passkeyEnv, passkeyKeygen } from '../identity/root-auth/dev-credentials.js';
import { fmt, percentile, startSvc } from './children.js';

const USD = 1_000_000n;

async function post(url: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}
async function get(url: string, path: string): Promise<any> {
  return (await fetch(url + path)).json();
}

export async function rootApprovalBench(
  n = Number(process.env.BENCH_ROOT_N ?? 20),
): Promise<{ n: number; p50: number; p99: number; challengeP50: number; resolveP50: number }> {
  const cred = passkeyKeygen('localhost', 'http://localhost:8788');
  const svc = await startSvc(['serve'], { SVC_CHAIN: 'dev', ...passkeyEnv(cred) });
  try {
    const url = svc.url!;
    for (let i = 0; ; i++) {
      if ((await get(url, '/health')).mode === 'chain') break;
      if (i > 600) throw new Error('the dev chain did not come up');
      await new Promise((r) => setTimeout(r, 100));
    }
    const rpc = (await get(url, '/health')).chain.rpc as string;
    const asset = (await get(url, '/assets')).assets[0] as { router: Address; streamer: Address };
    const transport = http(rpc);
    const pub = createPublicClient({ chain: foundry, transport, pollingInterval: 20 });
    const test = createTestClient({ chain: foundry, transport, mode: 'anvil' });
    const as = (i: number) => createWalletClient({ chain: foundry, transport, account: anvilAccount(i) });
    const sessions = await pub.readContract({ address: asset.router, abi: EscalationRouter.abi, functionName: 'sessions' });
    const workers = [keylessAddress('worker 1'), keylessAddress('worker 2')];
    const vendor = keylessAddress('vendor');
    // Enough allowance for every approval: each epoch grants 200 per worker.
    for (let e = 0; e < Math.ceil((n * 201) / 400) + 1; e++) {
      await test.increaseTime({ seconds: 3600 });
      await test.mine({ blocks: 1 });
      await pub.waitForTransactionReceipt({
        hash: await as(0).writeContract({ address: asset.streamer, abi: EpochStreamer.abi, functionName: 'runNextEpoch' }),
      });
    }
    const keys = await Promise.all(
      workers.map(async (worker) => {
        const key = privateKeyToAccount(generatePrivateKey());
        await test.setBalance({ address: key.address, value: parseEther('10') });
        return { worker, key };
      }),
    );
    for (const { worker, key } of keys) {
      const now = (await pub.getBlock()).timestamp;
      await pub.waitForTransactionReceipt({
        hash: await as(2).writeContract({
          address: sessions,
          abi: SessionRegistry.abi,
          functionName: 'issueScopedTimed',
          args: [worker, key.address, now + 86_400n, 3, maxUint256, [], 0, 0, 0, 0],
        }),
      });
    }
    const total: number[] = [];
    const challengeMs: number[] = [];
    const resolveMs: number[] = [];
    for (let i = 0; i < n; i++) {
      const { worker, key } = keys[i % keys.length]!;
      const { request, result } = await pub.simulateContract({
        account: key,
        address: asset.router,
        abi: EscalationRouter.abi,
        functionName: 'propose',
        args: [worker, vendor, 201n * USD, '0x'],
      });
      await pub.waitForTransactionReceipt({
        hash: await createWalletClient({ chain: foundry, transport, account: key }).writeContract(request),
      });
      const intentId = String(result[0]);
      const climbed = await post(url, '/intents/resolve', { intentId, approved: true });
      if (climbed.body.outcome !== 'climbed') throw new Error(`the manager did not pass it up: ${JSON.stringify(climbed.body)}`);

      const t0 = performance.now();
      const c = await post(url, '/root-auth/challenge', { action: 'intent:approve', subject: intentId });
      const t1 = performance.now();
      const rootProof = passkeyAssert(cred, c.body.challenge);
      const t2 = performance.now();
      const r = await post(url, '/intents/resolve', { intentId, approved: true, challenge: c.body.challenge, rootProof });
      const t3 = performance.now();
      if (r.body.authorizedBy !== 'root:passkey' || r.body.outcome !== 'settled') throw new Error(`not settled: ${JSON.stringify(r.body)}`);
      total.push(t3 - t0);
      challengeMs.push(t1 - t0);
      resolveMs.push(t3 - t2);
    }
    const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
    return {
      n,
      p50: percentile(sorted(total), 50),
      p99: percentile(sorted(total), 99),
      challengeP50: percentile(sorted(challengeMs), 50),
      resolveP50: percentile(sorted(resolveMs), 50),
    };
  } finally {
    await svc.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await rootApprovalBench();
  process.stdout.write(
    `root approval round trip (passkey, SVC_CHAIN=dev, embedded store), ${r.n} approvals: p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms ` +
      `(challenge p50 ${fmt(r.challengeP50, 1)} ms, verify + resolve + read-back p50 ${fmt(r.resolveP50, 1)} ms)\n`,
  );
}
