/**
 * The chain settings (runtime/chain-config.ts): the three kinds, half a configuration refused at
 * boot naming the variable, the deployment and watchlist validated, private keys checked and
 * never quoted, and no credential in what the config serializes to.
 */
import t, { type Test } from 'tap';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../../runtime/config.js';

const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const DEPLOYMENT = {
  org: A(1),
  sessions: A(2),
  governance: A(3),
  assets: [{ symbol: 'mUSD', decimals: 6, token: A(4), router: A(5), treasury: A(6), streamer: A(7) }],
};
// anvil's well-known dev account 0: a valid key that must still never be quoted.
const KEY = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const RPC = {
  SVC_CHAIN_RPC: 'https://user:pw@rpc.example.com/v3/0123456789abcdef0123',
  SVC_CHAIN_ID: '31337',
  SVC_CHAIN_DEPLOYMENT: JSON.stringify(DEPLOYMENT),
};

function refused(t: Test, env: Record<string, string>, variable: string, problem: RegExp): void {
  const err = t.throws(() => loadConfig(env), ConfigError, variable) as unknown as ConfigError;
  t.equal(err.variable, variable, `${variable} is named`);
  t.match(err.message, problem);
  t.notOk(err.message.includes(KEY) || err.message.includes(KEY.slice(0, 20)), 'no key in the message');
  t.notOk(err.message.includes(':pw@'), 'no RPC credential in the message');
}

t.test('unset: mock mode, an empty watchlist, no keys', async (t) => {
  const c = loadConfig({}).chain;
  t.equal(c.kind, 'none');
  t.equal(c.rpcUrl(), undefined);
  t.equal(c.deployment, undefined);
  t.same(c.watchlist(), []);
  t.equal(c.orchestratorKey(), undefined);
});

t.test('an RPC with its chain id and deployment, inline or from a file', async (t) => {
  const c = loadConfig({ ...RPC, SVC_ORCH_PRIVATE_KEY: KEY, SVC_ISSUER_PRIVATE_KEY: `0x${KEY.toUpperCase()}` }).chain;
  t.equal(c.kind, 'rpc');
  t.equal(c.chainId, 31337);
  t.same(c.deployment, DEPLOYMENT);
  t.equal(c.orchestratorKey(), `0x${KEY}`, 'normalized to 0x-prefixed lowercase');
  t.equal(c.issuerKey(), `0x${KEY}`);
  const dir = mkdtempSync(join(tmpdir(), 'svc-chain-'));
  writeFileSync(join(dir, 'deployment.json'), JSON.stringify({ ...DEPLOYMENT, chainId: 31337, startBlock: 0, extra: 'kept' }));
  t.equal(loadConfig({ ...RPC, SVC_CHAIN_DEPLOYMENT: join(dir, 'deployment.json') }).chain.deployment?.org, A(1));
});

t.test('no credential in the serialized config', async (t) => {
  const watch = JSON.stringify([{ chainId: 1, rpcUrl: 'https://eth.example.com/v2/WATCHs3cretWATCHs3cret', tokens: [] }]);
  const c = loadConfig({ ...RPC, SVC_ORCH_PRIVATE_KEY: KEY, SVC_ISSUER_PRIVATE_KEY: KEY, WALLET_WATCHLIST: watch });
  const text = JSON.stringify(c);
  for (const secret of [KEY, 'user:pw', '0123456789abcdef0123', 'WATCHs3cret']) t.notOk(text.includes(secret), `no ${secret.slice(0, 8)}…`);
  t.equal(c.chain.watchlist()[0]?.rpcUrl, 'https://eth.example.com/v2/WATCHs3cretWATCHs3cret', 'still readable through the function');
});

t.test('SVC_CHAIN=dev: chain 31337, its own RPC', async (t) => {
  const c = loadConfig({ SVC_CHAIN: 'dev', SVC_ORCH_PRIVATE_KEY: KEY }).chain;
  t.equal(c.kind, 'dev');
  t.equal(c.chainId, 31337);
});

t.test('half a configuration, a malformed value or a bad key stops the boot naming the variable', async (t) => {
  refused(t, { SVC_CHAIN: 'prod' }, 'SVC_CHAIN', /`dev` or unset/);
  refused(t, { SVC_CHAIN: 'dev', SVC_CHAIN_RPC: 'http://127.0.0.1:8545' }, 'SVC_CHAIN_RPC', /starts its own chain/);
  refused(t, { SVC_CHAIN_RPC: 'ftp://x' }, 'SVC_CHAIN_RPC', /http\(s\) URL/);
  refused(t, { ...RPC, SVC_CHAIN_ID: undefined as never }, 'SVC_CHAIN_ID', /required with SVC_CHAIN_RPC/);
  refused(t, { ...RPC, SVC_CHAIN_ID: '0x7a69' }, 'SVC_CHAIN_ID', /positive integer/);
  refused(t, { ...RPC, SVC_CHAIN_DEPLOYMENT: undefined as never }, 'SVC_CHAIN_DEPLOYMENT', /required with SVC_CHAIN_RPC/);
  refused(t, { SVC_CHAIN_ID: '1' }, 'SVC_CHAIN_ID', /SVC_CHAIN_RPC is not/);
  refused(t, { ...RPC, SVC_CHAIN_DEPLOYMENT: '{"org": "0x1"' }, 'SVC_CHAIN_DEPLOYMENT', /valid JSON/);
  refused(t, { ...RPC, SVC_CHAIN_DEPLOYMENT: '/nonexistent/deployment.json' }, 'SVC_CHAIN_DEPLOYMENT', /cannot be read/);
  refused(
    t,
    { ...RPC, SVC_CHAIN_DEPLOYMENT: JSON.stringify({ ...DEPLOYMENT, governance: '0x12' }) },
    'SVC_CHAIN_DEPLOYMENT',
    /problem at \/governance/,
  );
  refused(
    t,
    { ...RPC, SVC_CHAIN_DEPLOYMENT: JSON.stringify({ ...DEPLOYMENT, assets: [] }) },
    'SVC_CHAIN_DEPLOYMENT',
    /problem at \/assets/,
  );
  refused(
    t,
    { ...RPC, SVC_CHAIN_DEPLOYMENT: JSON.stringify({ ...DEPLOYMENT, chainId: 1 }) },
    'SVC_CHAIN_DEPLOYMENT',
    /written for chain 1/,
  );
  refused(t, { ...RPC, SVC_ORCH_PRIVATE_KEY: KEY.slice(2) }, 'SVC_ORCH_PRIVATE_KEY', /64 hex/);
  refused(t, { ...RPC, SVC_ORCH_PRIVATE_KEY: `${KEY}00` }, 'SVC_ORCH_PRIVATE_KEY', /64 hex/);
  refused(t, { ...RPC, SVC_ISSUER_PRIVATE_KEY: '0'.repeat(64) }, 'SVC_ISSUER_PRIVATE_KEY', /not a valid secp256k1/);
  refused(t, { ...RPC, SVC_ISSUER_PRIVATE_KEY: 'f'.repeat(64) }, 'SVC_ISSUER_PRIVATE_KEY', /not a valid secp256k1/);
  refused(t, { SVC_ORCH_PRIVATE_KEY: KEY }, 'SVC_ORCH_PRIVATE_KEY', /no chain is configured/);
});

t.test('WALLET_WATCHLIST: the spec entry shape, one entry per chain', async (t) => {
  const ok = [
    { chainId: 1, rpcUrl: 'https://eth.example.com', tokens: [{ symbol: 'USDC', address: A(9), decimals: 6 }] },
    { chainId: 8453, tokens: [], wallets: [A(10)] },
  ];
  t.same(loadConfig({ WALLET_WATCHLIST: JSON.stringify(ok) }).chain.watchlist(), ok);
  refused(t, { WALLET_WATCHLIST: JSON.stringify({ chainId: 1 }) }, 'WALLET_WATCHLIST', /must be an array/);
  refused(t, { WALLET_WATCHLIST: JSON.stringify([{ chainId: 1 }]) }, 'WALLET_WATCHLIST', /tokens/);
  refused(t, { WALLET_WATCHLIST: JSON.stringify([{ chainId: 1, tokens: [], extra: 1 }]) }, 'WALLET_WATCHLIST', /problem at/);
  refused(t, { WALLET_WATCHLIST: JSON.stringify([{ chainId: 1, rpcUrl: 'ws://x', tokens: [] }]) }, 'WALLET_WATCHLIST', /rpcUrl/);
  refused(t, { WALLET_WATCHLIST: JSON.stringify([ok[0], ok[0]]) }, 'WALLET_WATCHLIST', /chain 1 twice/);
});

t.test('SVC_HELD_SEAT_KEYS: a JSON array of keys, inline or in a file, behind a function, never quoted', async (t) => {
  const KEY2 = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
  const c = loadConfig({ ...RPC, SVC_HELD_SEAT_KEYS: JSON.stringify([KEY, `0x${KEY2.toUpperCase()}`]) });
  t.same(c.chain.heldSeatKeys(), [`0x${KEY}`, `0x${KEY2}`], 'normalized');
  t.notOk(JSON.stringify(c).includes(KEY2), 'not in the serialized config');
  const dir = mkdtempSync(join(tmpdir(), 'svc-seats-'));
  writeFileSync(join(dir, 'seats.json'), JSON.stringify([KEY]));
  t.same(loadConfig({ ...RPC, SVC_HELD_SEAT_KEYS: join(dir, 'seats.json') }).chain.heldSeatKeys(), [`0x${KEY}`]);
  t.same(loadConfig(RPC).chain.heldSeatKeys(), [], 'none by default');
  // A key pasted without its brackets is neither JSON nor a file, and is not echoed as a path.
  refused(t, { ...RPC, SVC_HELD_SEAT_KEYS: KEY }, 'SVC_HELD_SEAT_KEYS', /neither a JSON array nor a readable file/);
  refused(t, { ...RPC, SVC_HELD_SEAT_KEYS: JSON.stringify([KEY.slice(2)]) }, 'SVC_HELD_SEAT_KEYS', /array of private keys/);
  refused(t, { ...RPC, SVC_HELD_SEAT_KEYS: JSON.stringify(['0'.repeat(64)]) }, 'SVC_HELD_SEAT_KEYS[0]', /not a valid secp256k1/);
  refused(t, { SVC_HELD_SEAT_KEYS: JSON.stringify([KEY]) }, 'SVC_HELD_SEAT_KEYS', /no chain is configured/);
});
