/**
 * The wallet watchlist and /agents/balances: WALLET_WATCHLIST seeds it, GET masks every
 * RPC credential, POST replaces it (operator only, validated), and each watchlist chain is read
 * with its own client after eth_chainId: no rpcUrl is `no_rpc`, a closed endpoint `unreachable`,
 * another chain `chain_id_mismatch`, all with no balances at all; a real anvil is read.
 */
import t from 'tap';
import { createServer } from 'node:net';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { startAnvil } from '../../../chain/dev/anvil.js';

const OPERATOR = 'operator-token-0123456789';
const SEAT = 'seat-token-0123456789abc';
// anvil's dev accounts 0 and 1, funded with 10000 ETH on a fresh chain.
const DEV0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const DEV1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EMPTY = '0x000000000000000000000000000000000000dEaD';
const TOKEN = '0x0000000000000000000000000000000000000bad';

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

t.test('watchlist: seeded, masked, replaced by the operator only; balances per chain with the reasons', async (t) => {
  const live = await startAnvil({ chainId: 31337 });
  t.teardown(() => live.stop());
  const other = await startAnvil({ chainId: 10 });
  t.teardown(() => other.stop());
  const closed = await closedPort();
  const seed = [
    {
      chainId: 31337,
      rpcUrl: `${live.url.replace('http://', 'http://u:livepa55@')}/?key=liveKEY1`,
      tokens: [{ symbol: 'NOPE', address: TOKEN, decimals: 6 }],
      wallets: [DEV0, DEV1, EMPTY],
    },
    { chainId: 1, tokens: [] },
    { chainId: 8453, rpcUrl: `http://127.0.0.1:${closed}/v2/closedKEYclosedKEYclosedKEY`, tokens: [] },
    { chainId: 42161, rpcUrl: other.url, tokens: [], wallets: [DEV0] },
  ];
  const sys = await startSystem(t, {
    env: {
      SVC_ORCH_TOKEN: OPERATOR,
      SVC_IDENTITIES: JSON.stringify([{ token: SEAT, seat: 'alice', kind: 'human' }]),
      WALLET_WATCHLIST: JSON.stringify(seed),
      LOG_LEVEL: 'trace',
    },
  });
  const texts: string[] = [];

  const shown = await req(sys.url, 'GET', '/wallets/watchlist', undefined, SEAT);
  texts.push(shown.text);
  t.equal(shown.status, 200, 'any authenticated caller reads the masked list');
  t.same(
    shown.body.watchlist.map((e: { rpcUrl?: string }) => e.rpcUrl),
    [`http://***@127.0.0.1:${live.port}/?key=***`, undefined, `http://127.0.0.1:${closed}/v2/***`, `${other.url}/`],
  );
  t.same(shown.body.watchlist[0].wallets, [DEV0, DEV1, EMPTY]);
  t.equal((await req(sys.url, 'GET', '/wallets/watchlist')).status, 401, 'not without a token');

  const balances = await req(sys.url, 'GET', '/agents/balances', undefined, OPERATOR);
  texts.push(balances.text);
  t.equal(balances.status, 200);
  const [read, noRpc, unreachable, mismatch] = balances.body.chains;
  t.match(read, { chainId: 31337, source: 'watchlist', read: true });
  t.same(
    read.accounts.map((a: { address: string; native: string }) => [a.address, a.native]),
    [
      [DEV0, '10000000000000000000000'],
      [DEV1, '10000000000000000000000'],
      [EMPTY, '0'],
    ],
    'native balances as decimal strings, read off the chain',
  );
  t.same(
    read.accounts[0].tokens,
    [{ symbol: 'NOPE', address: TOKEN, decimals: 6, read: false }],
    'a token with no contract: no balance, not zero',
  );
  t.same(noRpc, { chainId: 1, source: 'watchlist', read: false, reason: 'no_rpc', detail: 'the watchlist entry has no rpcUrl' });
  t.same(unreachable, { chainId: 8453, source: 'watchlist', read: false, reason: 'unreachable', detail: 'connection failed' });
  t.same(mismatch, {
    chainId: 42161,
    source: 'watchlist',
    read: false,
    reason: 'chain_id_mismatch',
    detail: 'the endpoint answers chain 10',
  });

  // Replacing: the operator only, validated, and the new list is what is read.
  const next = [{ chainId: 10, rpcUrl: other.url, tokens: [], wallets: [DEV1] }];
  const bySeat = await req(sys.url, 'POST', '/wallets/watchlist', next, SEAT);
  t.same(bySeat.body, { error: 'operator_only', message: 'only the operator replaces the watchlist' });
  t.equal(bySeat.status, 403);
  const dup = await req(sys.url, 'POST', '/wallets/watchlist', [next[0], next[0]], OPERATOR);
  t.equal(dup.status, 400);
  t.same(dup.body, { error: 'invalid_request', message: 'body lists chain 10 twice (one entry per chain)' });
  const shape = await req(sys.url, 'POST', '/wallets/watchlist', [{ chainId: 'ten', tokens: [] }], OPERATOR);
  t.equal(shape.status, 400);
  t.equal(shape.body.error, 'invalid_request');
  const notArray = await req(sys.url, 'POST', '/wallets/watchlist', { chainId: 10, tokens: [] }, OPERATOR);
  t.equal(notArray.status, 400);
  t.same((await req(sys.url, 'GET', '/wallets/watchlist', undefined, OPERATOR)).body.watchlist.length, 4, 'a refused list changes nothing');

  const replaced = await req(sys.url, 'POST', '/wallets/watchlist', next, OPERATOR);
  t.equal(replaced.status, 200);
  t.same(replaced.body, { watchlist: [{ chainId: 10, rpcUrl: `${other.url}/`, tokens: [], wallets: [DEV1] }] });
  const after = await req(sys.url, 'GET', '/agents/balances', undefined, OPERATOR);
  t.same(after.body, {
    chains: [
      { chainId: 10, source: 'watchlist', read: true, accounts: [{ address: DEV1, native: '10000000000000000000000', tokens: [] }] },
    ],
  });

  const all = [...texts, ...sys.logs].join('\n');
  for (const s of ['livepa55', 'liveKEY1', 'closedKEY']) t.notOk(all.includes(s), `no ${s} in any response or log line`);
});
