/**
 * A `gate` step's cost on the dev chain: the chain port's `proposeSpend` under the
 * worker's cap (authority reads of the principal's stack, the cached session key, `propose`
 * simulated, signed, recorded under its attempt, broadcast, receipt read and routed, audited)
 * against the floor of the same call: a bare viem `writeContract` of `propose` by a session key
 * already issued, and its receipt. Both settle a spend on the same anvil, alternating in blocks so
 * a load change hits both. The store is the embedded engine; the audit rows are written to it.
 * `node dist/bench/chain-gate.js` runs this section alone; BENCH_CHAIN_N sets the calls per side.
 */
import nodeHttp from 'node:http';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createPublicClient, createWalletClient, http, publicActions, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { EpochStreamer, EscalationRouter, SessionRegistry } from '../chain/artifacts/index.js';
import { anvilPrivateKey } from '../chain/dev/accounts.js';
import { demoOrgSeed } from '../chain/dev/deploy.js';
import { devChainUp } from '../chain/dev/up.js';
import { receiptOf } from '../chain/onchain/transact.js';
import { chainFor } from '../chain/select.js';
import { chainTarget } from '../chain/target.js';
import { chainRuntime } from '../chain/runtime.js';
import { loadConfig } from '../runtime/config.js';
import type { Audit } from '../runtime/audit.js';
import { auditOf, openStore } from '../store/index.js';
import { fmt, percentile } from './children.js';

const USD = 1_000_000n;

export interface GateBenchRow {
  readonly name: string;
  readonly n: number;
  readonly p50: number;
  readonly p99: number;
  /** JSON-RPC requests per call, by method: where the difference goes. */
  readonly rpcPerCall: Readonly<Record<string, number>>;
  /** CPU this process spent per call (user + system), which the neighbours' load moves less than time. */
  readonly cpuMs: number;
}

/** Counts every JSON-RPC method either side sends: viem's http transport calls the global fetch,
 * the chain port's transport node:http's `request`. */
function countRpc(): { into(bucket: Record<string, number> | undefined): void; restore(): void } {
  const original = globalThis.fetch;
  const originalRequest = nodeHttp.request;
  let bucket: Record<string, number> | undefined;
  const tally = (text: string) => {
    if (!bucket) return;
    const body = JSON.parse(text) as { method: string } | { method: string }[];
    for (const m of Array.isArray(body) ? body : [body]) bucket[m.method] = (bucket[m.method] ?? 0) + 1;
  };
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (typeof init?.body === 'string') tally(init.body);
    return original(input, init);
  }) as typeof fetch;
  nodeHttp.request = ((...args: Parameters<typeof nodeHttp.request>) => {
    const req = originalRequest(...args);
    const end = req.end.bind(req) as (...a: unknown[]) => nodeHttp.ClientRequest;
    req.end = ((...a: unknown[]) => {
      if (typeof a[0] === 'string') tally(a[0]);
      return end(...a);
    }) as typeof req.end;
    return req;
  }) as typeof nodeHttp.request;
  return {
    into: (b) => void (bucket = b),
    restore: () => {
      globalThis.fetch = original;
      nodeHttp.request = originalRequest;
    },
  };
}

export async function benchChainGate(n: number): Promise<GateBenchRow[]> {
  // The demo org, with a rate limit and grants no benchmark length reaches: every call settles.
  const seed = { ...demoOrgSeed(), rate: { maxActions: 1_000_000n, windowSeconds: 3600n }, grantPerWorker: 50_000n * USD };
  const dev = await devChainUp({ seed });
  const log = pino({ level: 'silent' });
  const store = await openStore({});
  try {
    const { deployment } = dev;
    const client = createPublicClient({ chain: foundry, transport: http(dev.chain.url) });
    const asset = deployment.assets[0]!;
    const worker = seed.workers[0]!;
    const root = wallet(dev.chain.url, anvilPrivateKey(0));
    await receiptOf(client, await root.writeContract({ address: asset.streamer, abi: EpochStreamer.abi, functionName: 'runNextEpoch' }));

    const config = loadConfig({
      SVC_CHAIN_RPC: dev.chain.url,
      SVC_CHAIN_ID: String(foundry.id),
      SVC_CHAIN_DEPLOYMENT: JSON.stringify(dev.file),
      SVC_ORCH_PRIVATE_KEY: anvilPrivateKey(0),
      SVC_ISSUER_PRIVATE_KEY: anvilPrivateKey(2),
    });
    const audit: Audit = {
      record: async (type, data, traceId) => void (await auditOf(store).append({ type, data, ...(traceId ? { traceId } : {}) })),
      publish: async () => {},
    };
    const port = chainFor(config, {
      target: chainTarget(config.chain, undefined),
      store,
      audit,
      log,
      reads: chainRuntime(config.chain).reads,
      resolver: { resolve: () => Promise.reject(new Error('the gate benchmark resolves nothing')) },
    });
    let seq = 0;
    const gate = async () => {
      const i = seq++;
      const o = await port.proposeSpend({
        principal: worker,
        value: String(USD),
        target: seed.vendor,
        runId: `bench-${i}`,
        stepId: 'pay',
        attemptKey: `bench-${i}.pay.1`,
      });
      if (o.verdict !== 'ALLOW') throw new Error(`the gate did not settle: ${o.summary}`);
    };

    const key = generatePrivateKey();
    const keyAddress = privateKeyToAccount(key).address;
    const issuer = wallet(dev.chain.url, anvilPrivateKey(2));
    const expiresAt = BigInt(Math.floor(Date.now() / 1000) + 4 * 3600);
    await receiptOf(
      client,
      await issuer.writeContract({
        address: deployment.sessions,
        abi: SessionRegistry.abi,
        functionName: 'issue',
        args: [worker, keyAddress, expiresAt, 3, 1_000n * USD],
      }),
    );
    await receiptOf(client, await root.sendTransaction({ to: keyAddress, value: 10n ** 19n }));
    const bare = bareSpend(dev.chain.url, key, asset.router, worker, seed.vendor);

    for (let i = 0; i < 5; i++) {
      await gate();
      await bare();
    }
    const times = { gate: [] as number[], bare: [] as number[] };
    const rpc = { gate: {} as Record<string, number>, bare: {} as Record<string, number> };
    const cpu = { gate: 0, bare: 0 };
    const counter = countRpc();
    const block = 10;
    for (let done = 0; done < n; done += block) {
      for (const [name, call] of [
        ['gate', gate],
        ['bare', bare],
      ] as const) {
        for (let i = 0; i < Math.min(block, n - done); i++) {
          counter.into(rpc[name]);
          const c0 = process.cpuUsage();
          const t0 = performance.now();
          await call();
          times[name].push(performance.now() - t0);
          const c = process.cpuUsage(c0);
          cpu[name] += (c.user + c.system) / 1000;
          counter.into(undefined);
        }
      }
    }
    counter.restore();
    return [
      row('svc gate step: authority reads + cached key + simulate + record + send + receipt', times.gate, rpc.gate, cpu.gate),
      row('bare viem writeContract(propose) by a session key + receipt', times.bare, rpc.bare, cpu.bare),
    ];
  } finally {
    await store.close();
    await dev.stop();
  }
}

function row(name: string, lat: number[], rpc: Record<string, number>, cpuMs: number): GateBenchRow {
  const sorted = [...lat].sort((a, b) => a - b);
  const rpcPerCall = Object.fromEntries(Object.entries(rpc).map(([m, c]) => [m, c / sorted.length]));
  return { name, n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), rpcPerCall, cpuMs: cpuMs / sorted.length };
}

function wallet(url: string, key: Hex) {
  return createWalletClient({ account: privateKeyToAccount(key), chain: foundry, transport: http(url) }).extend(publicActions);
}

/** The floor: the same `propose` the gate sends, written by viem as plainly as it allows. */
function bareSpend(url: string, key: Hex, router: Address, agent: Address, target: Address): () => Promise<void> {
  const w = wallet(url, key);
  return async () => {
    const hash = await w.writeContract({
      address: router,
      abi: EscalationRouter.abi,
      functionName: 'propose',
      args: [agent, target, USD, '0x'],
    });
    await w.waitForTransactionReceipt({ hash, pollingInterval: 25 });
  };
}

export function printChainGate(rows: readonly GateBenchRow[]): void {
  console.log('| path | calls | p50 | p99 | CPU per call | JSON-RPC requests per call | by method |\n|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const rpc = Object.entries(r.rpcPerCall)
      .sort(([, a], [, b]) => b - a)
      .map(([m, c]) => `${m} ${fmt(c, 1)}`)
      .join(', ');
    const total = Object.values(r.rpcPerCall).reduce((x, y) => x + y, 0);
    console.log(`| ${r.name} | ${r.n} | ${fmt(r.p50, 1)} ms | ${fmt(r.p99, 1)} ms | ${fmt(r.cpuMs, 2)} ms | ${fmt(total, 1)} | ${rpc} |`);
  }
  const [gate, bare] = rows;
  if (gate && bare) console.log(`\nratio gate/bare: p50 ${fmt(gate.p50 / bare.p50)}, p99 ${fmt(gate.p99 / bare.p99)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = Number(process.env.BENCH_CHAIN_N ?? 100);
  console.log(`\n## Gate step on the dev chain (${n} settled spends per side, anvil automine)\n`);
  printChainGate(await benchChainGate(n));
}
