/**
 * The wallet watchlist and the balances read through it (docs/chain.md "The wallet watchlist"). The watchlist is shown with
 * every RPC credential masked and replaced whole by the operator; `/agents/balances` reads the
 * org's accounts on every watchlist chain, each chain that cannot be read saying why.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../schemas/errors.js';
import { ErrorBody } from '../../schemas/error-body.js';
import { Watchlist } from '../../schemas/chain-config.js';
import { AgentBalancesView, WatchlistView } from '../../schemas/chain-reads.js';
import { requireOperator } from '../../identity/caller.js';
import { watchlistProblem } from '../../runtime/chain-config.js';
import type { GatewayDeps } from '../types.js';

export const walletRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.get(
    '/wallets/watchlist',
    {
      schema: {
        tags: ['chain'],
        summary: 'the wallet watchlist, RPC credentials masked',
        response: { 200: WatchlistView, 401: ErrorBody },
      },
    },
    async () => ({ watchlist: deps.chain.watchlist.masked() }),
  );

  app.post(
    '/wallets/watchlist',
    {
      schema: {
        tags: ['chain'],
        summary: 'replaces the watchlist (the array WALLET_WATCHLIST holds), in this process until restart (operator only)',
        body: Watchlist,
        response: { 200: WatchlistView, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => {
      requireOperator(req.caller, 'replaces the watchlist');
      const problem = watchlistProblem(req.body);
      if (problem) throw new AppError('invalid_request', { message: `body ${problem}` });
      deps.chain.watchlist.replace(req.body);
      req.log.info({ chains: req.body.map((e) => e.chainId) }, 'wallet watchlist replaced');
      return { watchlist: deps.chain.watchlist.masked() };
    },
  );

  app.get(
    '/agents/balances',
    {
      schema: {
        tags: ['chain'],
        summary: "each org account's native and token holdings, per chain; a chain that cannot be read is read: false with the reason",
        response: { 200: AgentBalancesView, 401: ErrorBody, 501: ErrorBody, 503: ErrorBody },
      },
    },
    async () => deps.chain.agentBalances(),
  );
};
