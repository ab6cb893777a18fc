/**
 * `svc chain dev` as a user runs it: the built CLI, its printed variables, the deployment file it
 * wrote, and the chain itself read with viem at the printed RPC. The demo org is there as
 * docs/chain.md "The demo org" says; a custom --org file is honoured; an invalid one is refused (exit 2, one line,
 * no anvil); SIGTERM and SIGINT stop anvil (the guard and anvil itself are gone, the port is silent).
 */
import t, { type Test } from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, getAddress, http, maxUint256, type Abi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  EpochStreamer,
  GovernanceModule,
  MockUSD,
  OrgRegistry,
  SpendCapPolicy,
  Treasury,
  WhitelistPolicy,
} from '../../chain/artifacts/index.js';
import { anvilAccount } from '../../chain/dev/accounts.js';
import { keylessAddress } from '../../chain/dev/deploy.js';
import { BIN, ROOT, requireBuild, runCli } from '../helpers/process.js';
import { until } from '../helpers/poll.js';

const USD = 1_000_000n;
const A = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const dir = mkdtempSync(join(tmpdir(), 'svc-chain-dev-'));

interface Started {
  readonly proc: ChildProcess;
  readonly env: Record<string, string>;
  readonly guardPid: number;
  readonly stdout: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns the CLI and waits for its "running" line: by then the variables are printed. */
async function startDev(t: Test, args: string[]): Promise<Started> {
  requireBuild();
  const proc = spawn(process.execPath, [BIN, 'chain', 'dev', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  t.teardown(async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGKILL');
      await exited;
    }
  });
  await until(
    'svc chain dev to print its variables',
    async () => {
      if (proc.exitCode !== null) throw new Error(`svc chain dev exited ${proc.exitCode}: ${err}`);
      return /^running;/m.test(out);
    },
    { timeoutMs: 90_000, everyMs: 100 },
  );
  const env = Object.fromEntries([...out.matchAll(/^export (\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
  const pid = /pid (\d+)\)/.exec(out)?.[1];
  if (!pid) throw new Error(`no pid in: ${out}`);
  return { proc, env, guardPid: Number(pid), stdout: () => out, exited };
}

/** The guard and every child of it (anvil), read from /proc. */
function processTree(pid: number): number[] {
  const kids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...kids];
}

const alive = (pid: number) => {
  try {
    // A zombie still has a /proc entry; its state letter is Z.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

async function stopsCleanly(t: Test, s: Started, signal: NodeJS.Signals): Promise<void> {
  const tree = processTree(s.guardPid);
  t.ok(tree.length >= 2, `anvil runs under the guard (${tree.join(', ')})`);
  t.ok(tree.every(alive), 'all alive before the signal');
  s.proc.kill(signal);
  t.same(await s.exited, { code: 0, signal: null }, `${signal}: exit 0`);
  await until('anvil and its guard to be gone', async () => !tree.some(alive), { timeoutMs: 10_000, everyMs: 100 });
  t.notOk(await answers(s.env.SVC_CHAIN_RPC!), 'nothing answers at the printed RPC');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });
}

function client(url: string) {
  const pub = createPublicClient({ transport: http(url) });
  return <T>(address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
    pub.readContract({ address, abi, functionName, args } as never) as Promise<T>;
}

interface File {
  chainId: number;
  rpcUrl: string;
  startBlock: string;
  org: Address;
  sessions: Address;
  governance: Address;
  assets: { symbol: string; token: Address; treasury: Address; router: Address; streamer: Address }[];
  policies: Record<string, { spendCap: Address; whitelist: Address }>;
  accounts: { address: Address; anvilIndex?: number; roles: string[] }[];
}

t.test('the demo org: variables printed, file written, the chain seeded with the demo org; SIGTERM stops anvil', async (t) => {
  const out = join(dir, 'demo.json');
  const s = await startDev(t, ['--out', out]);
  t.match(s.env.SVC_CHAIN_RPC, /^http:\/\/127\.0\.0\.1:\d+$/, 'loopback RPC');
  t.equal(s.env.SVC_CHAIN_ID, '31337');
  t.equal(s.env.SVC_CHAIN_DEPLOYMENT, out);
  t.equal(privateKeyToAccount(s.env.SVC_ORCH_PRIVATE_KEY as `0x${string}`).address, anvilAccount(0).address, 'orchestrator key: account 0');
  t.equal(privateKeyToAccount(s.env.SVC_ISSUER_PRIVATE_KEY as `0x${string}`).address, anvilAccount(2).address, 'issuer key: account 2');
  t.match(s.stdout(), /PUBLIC test keys/, 'the printed keys are marked as public dev keys');

  const file = JSON.parse(readFileSync(out, 'utf8')) as File;
  t.notMatch(readFileSync(out, 'utf8'), s.env.SVC_ORCH_PRIVATE_KEY!.slice(2), 'the file holds no key');
  t.equal(file.rpcUrl, s.env.SVC_CHAIN_RPC);
  t.equal(file.chainId, 31337);
  t.match(file.startBlock, /^\d+$/);
  const roles = (a: Address) => file.accounts.find((x) => x.address === a)?.roles ?? [];
  t.same(roles(anvilAccount(0).address), ['deployer', 'orchestrator', 'root', 'seat']);
  t.same(roles(anvilAccount(1).address), ['manager', 'seat']);
  t.same(roles(anvilAccount(2).address), ['issuer']);
  t.same(roles(anvilAccount(3).address), ['relayer']);

  const read = client(s.env.SVC_CHAIN_RPC!);
  const [workerA, workerB] = [keylessAddress('worker 1'), keylessAddress('worker 2')];
  const asset = file.assets[0]!;
  const pol = file.policies[asset.symbol]!;
  t.equal(await read(file.org, OrgRegistry.abi, 'root'), anvilAccount(0).address, 'root is account 0');
  t.equal(await read(file.org, OrgRegistry.abi, 'parentOf', [anvilAccount(1).address]), anvilAccount(0).address, 'manager under root');
  for (const w of [workerA, workerB])
    t.equal(await read(file.org, OrgRegistry.abi, 'parentOf', [w]), anvilAccount(1).address, 'worker under manager');
  t.same(await read(file.org, OrgRegistry.abi, 'getChildren', [anvilAccount(1).address]), [workerA, workerB]);
  t.equal(await read(asset.token, MockUSD.abi, 'balanceOf', [asset.treasury]), 100_000n * USD, 'treasury funded');
  t.equal(await read(pol.spendCap, SpendCapPolicy.abi, 'capOf', [workerA]), 50n * USD, 'worker cap: the default');
  t.equal(await read(pol.spendCap, SpendCapPolicy.abi, 'capOf', [anvilAccount(1).address]), 200n * USD, 'manager cap');
  t.equal(await read(pol.spendCap, SpendCapPolicy.abi, 'capOf', [anvilAccount(0).address]), maxUint256, 'root unlimited');
  t.same(await read(pol.whitelist, WhitelistPolicy.abi, 'allowedTargets'), [keylessAddress('vendor')], 'whitelist: the vendor');
  t.equal(await read(asset.streamer, EpochStreamer.abi, 'grantAmount', [workerA]), 200n * USD, 'grant per worker');
  t.equal(await read(file.org, OrgRegistry.abi, 'owner'), file.governance, 'owners handed to governance');

  // The file is what SVC_CHAIN_DEPLOYMENT reads: svc's own config takes it as is.
  const { loadConfig } = await import('../../runtime/config.js');
  const cfg = loadConfig({
    SVC_CHAIN_RPC: s.env.SVC_CHAIN_RPC,
    SVC_CHAIN_ID: s.env.SVC_CHAIN_ID,
    SVC_CHAIN_DEPLOYMENT: out,
    SVC_ORCH_PRIVATE_KEY: s.env.SVC_ORCH_PRIVATE_KEY,
  });
  t.equal(cfg.chain.deployment?.org, file.org, 'loadConfig reads the written file');

  await stopsCleanly(t, s, 'SIGTERM');
});

t.test('a custom --org file and --port are honoured; SIGINT stops anvil', async (t) => {
  const seedPath = join(dir, 'seed.json');
  const workers = [A(0xa1), A(0xa2), A(0xa3)];
  writeFileSync(
    seedPath,
    JSON.stringify({
      workers,
      vendor: A(0xbeef),
      caps: { default: '7.5', manager: '30' },
      treasury: '1234',
      grantPerWorker: '2',
      seats: [{ account: anvilAccount(0).address, kind: 'human', weight: 1 }],
    }),
  );
  const port = await freePort();
  const out = join(dir, 'custom.json');
  const s = await startDev(t, ['--org', seedPath, '--port', String(port), '--out', out]);
  t.equal(s.env.SVC_CHAIN_RPC, `http://127.0.0.1:${port}`, 'the port asked for');
  const file = JSON.parse(readFileSync(out, 'utf8')) as File;
  const read = client(s.env.SVC_CHAIN_RPC!);
  const asset = file.assets[0]!;
  const pol = file.policies[asset.symbol]!;
  t.same(await read(file.org, OrgRegistry.abi, 'getChildren', [anvilAccount(1).address]), workers, 'three workers under the manager');
  t.equal(await read(asset.token, MockUSD.abi, 'balanceOf', [asset.treasury]), 1234n * USD);
  t.equal(await read(asset.treasury, Treasury.abi, 'liquidBalance'), 1234n * USD);
  t.equal(await read(pol.spendCap, SpendCapPolicy.abi, 'capOf', [workers[2]]), 7_500_000n);
  t.equal(await read(pol.spendCap, SpendCapPolicy.abi, 'capOf', [anvilAccount(1).address]), 30n * USD);
  t.same(await read(pol.whitelist, WhitelistPolicy.abi, 'allowedTargets'), [A(0xbeef)]);
  t.equal(await read(asset.streamer, EpochStreamer.abi, 'grantAmount', [workers[0]]), 2n * USD);
  const managerSeat = await read<readonly unknown[]>(file.governance, GovernanceModule.abi, 'seats', [anvilAccount(1).address]);
  t.equal(Number(managerSeat[0]), 0, 'the manager holds no seat: the file gave only the root one');
  t.same(file.accounts.find((a) => a.address === A(0xbeef))?.roles, ['vendor']);
  await stopsCleanly(t, s, 'SIGINT');
});

t.test('an invalid --org is refused in one line, exit 2, and no anvil starts', async (t) => {
  const seedPath = join(dir, 'bad.json');
  writeFileSync(seedPath, JSON.stringify({ caps: { default: 50 } }));
  const port = await freePort();
  const out = join(dir, 'bad-deployment.json');
  const r = await runCli(['chain', 'dev', '--org', seedPath, '--port', String(port), '--out', out], {});
  t.equal(r.code, 2);
  t.equal(r.stderr, `svc: org seed ${seedPath}: /caps/default must be string\n`);
  t.equal(r.stdout, '');
  t.notOk(existsSync(out), 'no deployment file');
  t.notOk(await answers(`http://127.0.0.1:${port}`), 'nothing listens on the port');
  const anvils = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    })
    .filter((c) => c.includes('anvil') && c.includes(`--port\0${port}\0`));
  t.same(anvils, [], 'no anvil process for that port');

  const unknown = await runCli(['chain', 'dev', '--port', 'x'], {});
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /^svc: --port must be a port number/);
});
