/**
 * The chain reads (docs/chain.md "Reads"): each route asks the chain runtime for the
 * reads of the current mode and answers what they say: empty lists in mock mode, 503
 * `chain_unavailable` with the reason when the chain does not answer, the chain's data otherwise.
 * Any authenticated caller may read; nothing here writes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import {
  AssetQuery,
  AssetsView,
  GrantsView,
  IntentHistoryView,
  IntentsView,
  OrgView,
  PoliciesQuery,
  PoliciesView,
  SessionHistoryView,
  SessionsView,
  TreasuryView,
} from '../../schemas/chain-reads.js';
import type { GatewayDeps } from '../types.js';

const ERRORS = { 401: ErrorBody, 501: ErrorBody, 503: ErrorBody } as const;

export const chainRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const reads = () => deps.chain.reads();
  const schema = <R>(summary: string, ok: R) => ({ tags: ['chain'], summary, response: { 200: ok, ...ERRORS } });
  /** A read naming an asset: an unknown symbol is 400 `unknown_asset`. */
  const assetSchema = <R>(summary: string, ok: R) => ({ tags: ['chain'], summary, response: { 200: ok, 400: ErrorBody, ...ERRORS } });

  app.get('/org', { schema: schema('the org tree (OrgRegistry, breadth-first); bound seats carry a roleId', OrgView) }, async () =>
    (await reads()).org(),
  );
  app.get(
    '/intents',
    { schema: schema('pending intents with verdict, measuredChanges and callTrace when measured', IntentsView) },
    async () => (await reads()).intents(),
  );
  app.get('/intents/history', { schema: schema('resolved intents, as recorded', IntentHistoryView) }, async () =>
    (await reads()).intentHistory(),
  );
  app.get('/sessions/history', { schema: schema('session keys issued, revoked and rotated, as recorded', SessionHistoryView) }, async () =>
    (await reads()).sessionHistory(),
  );
  app.get(
    '/policies',
    { schema: { ...assetSchema('per-node policy stacks of an asset (default the primary)', PoliciesView), querystring: PoliciesQuery } },
    async (req) => (await reads()).policies(req.query),
  );
  app.get('/assets', { schema: schema('asset stacks the org can budget in, primary first', AssetsView) }, async () =>
    (await reads()).assets(),
  );
  app.get(
    '/governance/grants',
    {
      schema: {
        ...assetSchema("per-epoch grants on an asset's epoch streamer (default the primary)", GrantsView),
        querystring: AssetQuery,
      },
    },
    async (req) => (await reads()).grants(req.query),
  );
  app.get('/treasury/balances', { schema: schema('per-asset treasury holdings: balance, liquid, reserved', TreasuryView) }, async () =>
    (await reads()).treasury(),
  );
  app.get('/sessions', { schema: schema('issued session keys', SessionsView) }, async () => (await reads()).sessions());
};
