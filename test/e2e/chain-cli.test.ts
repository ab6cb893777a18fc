/**
 * The chain commands against `svc serve` started as the README starts it: in mock mode each read
 * prints its one "none" line and exits 0; `svc chain status` says the mode and exits 1 only when
 * the chain is unavailable (then every read is the route's 503 line); the watchlist is shown
 * masked and replaced from a file; a bad chain setting stops the boot naming the variable.
 */
import t from 'tap';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { runCli, startSvc } from '../helpers/process.js';

const TOKEN = 'chain-cli-token-0123456789';
const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

t.test('mock mode: every read prints its empty line; the watchlist is masked and replaced', async (t) => {
  const watch = [{ chainId: 1, rpcUrl: 'https://u:hunter22@eth.example.com/v2/Key123Key123Key123', tokens: [] }];
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN, WALLET_WATCHLIST: JSON.stringify(watch) });
  const env = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: TOKEN };
  const expect: [string[], string][] = [
    [['org'], '(no org: no chain is configured)\n'],
    [['intents'], '(no pending intents)\n'],
    [['intents', '--history'], '(no resolved intents)\n'],
    [['policies', '--node', A(1)], '(no policies)\n'],
    [['treasury'], '(no treasury: no chain is configured)\n'],
    [['sessions'], '(no session keys)\n'],
    [['sessions', '--history'], '(no session history)\n'],
  ];
  for (const [args, line] of expect) {
    const res = await runCli(args, env);
    t.equal(res.code, 0, `${args.join(' ')}: ${res.stderr}`);
    t.equal(res.stdout, line, args.join(' '));
  }
  const status = await runCli(['chain', 'status'], env);
  t.equal(status.code, 0);
  t.match(status.stdout, /^mode: mock\n/);
  const json = await runCli(['org', '--json'], env);
  t.same(JSON.parse(json.stdout), { root: null, nodes: [] }, '--json is the API answer');

  const shown = await runCli(['wallets', 'watchlist'], env);
  t.equal(shown.code, 0);
  t.match(shown.stdout, /https:\/\/\*\*\*@eth\.example\.com\/v2\/\*\*\*/);
  t.notOk(shown.stdout.includes('hunter22') || shown.stdout.includes('Key123'), 'no credential printed');
  const dir = mkdtempSync(join(tmpdir(), 'svc-watch-'));
  writeFileSync(join(dir, 'w.json'), JSON.stringify([{ chainId: 10, tokens: [] }]));
  const set = await runCli(['wallets', 'watchlist', 'set', join(dir, 'w.json'), '--json'], env);
  t.equal(set.code, 0, set.stderr);
  t.same(JSON.parse(set.stdout), { watchlist: [{ chainId: 10, tokens: [] }] });
  const balances = await runCli(['balances'], env);
  t.match(balances.stdout, /^CHAIN +READ +ACCOUNT.*\n10 +no: no_rpc/);
  const missing = await runCli(['wallets', 'watchlist', 'set', join(dir, 'nope.json')], env);
  t.equal(missing.code, 1);
  t.match(missing.stderr, /no such file/);
});

t.test('unavailable: status says why and exits 1; a read is the 503 line', async (t) => {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  const deployment = {
    org: A(1),
    sessions: A(2),
    governance: A(3),
    assets: [{ symbol: 'mUSD', decimals: 6, token: A(4), router: A(5), treasury: A(6), streamer: A(7) }],
  };
  const serve = await startSvc(t, ['serve'], {
    SVC_ORCH_TOKEN: TOKEN,
    SVC_CHAIN_RPC: `http://127.0.0.1:${port}`,
    SVC_CHAIN_ID: '31337',
    SVC_CHAIN_DEPLOYMENT: JSON.stringify(deployment),
  });
  const env = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: TOKEN };
  const status = await runCli(['chain', 'status'], env);
  t.equal(status.code, 1);
  t.match(status.stdout, new RegExp(`^mode: unavailable\\nrpc: http://127\\.0\\.0\\.1:${port}/\\nreason: rpc_unreachable: `));
  t.match(status.stderr, /^svc: the chain is unavailable: rpc_unreachable: /);
  const org = await runCli(['org'], env);
  t.equal(org.code, 1);
  t.match(org.stderr, /^svc: chain_unavailable: the chain is unavailable: rpc_unreachable: .*\n$/);
  t.equal(org.stdout, '');
});

t.test('a malformed deployment stops the boot naming the variable (exit 2)', async (t) => {
  const res = await runCli(['serve'], { SVC_CHAIN_RPC: 'http://127.0.0.1:1', SVC_CHAIN_ID: '1', SVC_CHAIN_DEPLOYMENT: '{"org": "0x1"}' });
  t.equal(res.code, 2);
  t.match(res.stderr, /^svc: config: SVC_CHAIN_DEPLOYMENT must be \{org, sessions, governance, assets: .*\n$/);
});
