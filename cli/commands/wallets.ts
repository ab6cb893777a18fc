/**
 * `svc wallets watchlist [set <file>]` and `svc balances`: the wallet watchlist (shown masked by
 * the API; replaced whole by the operator from a JSON file, the array WALLET_WATCHLIST holds) and
 * the balances read through it, one row per account and chain, a chain not read saying why.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { apiOk, CliError, type ClientEnv } from '../client.js';
import { printList, type Column } from '../output.js';
import { formatAmount } from '../amounts.js';
import type { WatchlistEntry } from '../../schemas/chain-config.js';
import type { AgentBalancesView, ChainBalances, WatchlistView } from '../../schemas/chain-reads.js';

const WATCHLIST_COLUMNS: Column<WatchlistEntry>[] = [
  { header: 'chain', value: (e) => e.chainId },
  { header: 'rpc (masked)', value: (e) => e.rpcUrl ?? 'none: read: false (no_rpc)', max: 80 },
  { header: 'tokens', value: (e) => e.tokens.map((t) => t.symbol) },
  { header: 'wallets', value: (e) => e.wallets?.length ?? 0 },
];

export function registerWalletCommands(program: Command, env: ClientEnv): void {
  const wallets = program.command('wallets').description('the wallet watchlist');
  const watchlist = wallets
    .command('watchlist')
    .description('shows the wallet watchlist: the chains, tokens and wallets balances are read for (RPC credentials masked)')
    .action(async (_o: unknown, cmd: Command) => {
      const body = await apiOk<WatchlistView>(env, 'GET', '/wallets/watchlist');
      printList(cmd, body, body.watchlist, WATCHLIST_COLUMNS, '(the watchlist is empty)');
    });
  watchlist
    .command('set <file>')
    .description('replaces the watchlist with the JSON array in <file> (operator only; held until restart)')
    .action(async (file: string, _o: unknown, cmd: Command) => {
      let list: unknown;
      try {
        list = JSON.parse(readFileSync(file, 'utf8'));
      } catch (err) {
        throw new CliError(`${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not valid JSON'}`);
      }
      const body = await apiOk<WatchlistView>(env, 'POST', '/wallets/watchlist', list);
      printList(cmd, body, body.watchlist, WATCHLIST_COLUMNS, '(the watchlist is now empty)');
    });

  program
    .command('balances')
    .description("lists each org account's native and token balances per chain; a chain not read says why")
    .action(async (_o: unknown, cmd: Command) => {
      const body = await apiOk<AgentBalancesView>(env, 'GET', '/agents/balances');
      const rows = body.chains.flatMap((c) =>
        c.read
          ? (c.accounts ?? []).map((a) => ({ c, a }))
          : [{ c, a: undefined as NonNullable<ChainBalances['accounts']>[number] | undefined }],
      );
      printList(
        cmd,
        body,
        rows,
        [
          { header: 'chain', value: (r) => r.c.chainId },
          { header: 'read', value: (r) => (r.c.read ? 'yes' : `no: ${r.c.reason}${r.c.detail ? ` (${r.c.detail})` : ''}`), max: 80 },
          { header: 'account', value: (r) => r.a?.address },
          // Every EVM native coin has 18 decimals; its name (ETH, POL, ...) is not in the reply.
          { header: 'native (ether)', value: (r) => r.a && formatAmount(r.a.native, { symbol: '', decimals: 18 }) },
          {
            header: 'tokens',
            // The reply carries each token's decimals; '; ' between tokens, as amounts hold commas.
            value: (r) =>
              r.a?.tokens.map((t) => (t.read && t.balance !== undefined ? formatAmount(t.balance, t) : `${t.symbol}: unread`)).join('; '),
            max: 80,
          },
        ],
        '(no chains to read: the watchlist is empty and no chain is bound)',
      );
    });
}
