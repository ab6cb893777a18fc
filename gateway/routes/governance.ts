/**
 * The governance routes (docs/chain.md "Governance routes"): proposals raised by the
 * orchestrator's seat to compose a node's stack, set a whitelist entry or an agent cap, or attach
 * a listed policy module; and the proposals read, voted, vetoed and executed. Operator only: the
 * seat is the orchestrator's. No chain: 409 `no_chain` for every write (the list reads empty);
 * an unavailable chain: 503.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireOperator } from '../../identity/caller.js';
import { ErrorBody } from '../../schemas/error-body.js';
import {
  AttachPolicyModuleBody,
  GovernanceProposeReply,
  ProposalActionReply,
  ProposalParams,
  ProposalsQuery,
  ProposalsView,
  ProposalView,
  ProposeNodeStackBody,
  ProposeSetAgentCapBody,
  ProposeSetWhitelistBody,
  VoteBody,
} from '../../schemas/governance.js';
import type { GatewayDeps } from '../types.js';

const WRITE_ERRORS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody } as const;

export const governanceRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const g = deps.governance;
  const write = <B>(summary: string, body: B) => ({
    tags: ['governance'],
    summary,
    body,
    response: { 200: GovernanceProposeReply, ...WRITE_ERRORS },
  });

  app.post(
    '/governance/propose-node-stack',
    {
      schema: write(
        "proposes a node's policy stack (setNodeRateRecorder for a custom rate, then setNodePolicy); unchanged: true when the chain already binds it",
        ProposeNodeStackBody,
      ),
    },
    async (req) => {
      requireOperator(req.caller, 'proposes governance changes');
      return g.proposeNodeStack(req.body);
    },
  );
  app.post(
    '/governance/propose-set-whitelist',
    { schema: write('proposes WhitelistPolicy.setAllowed on the stack of `node` (default the router default)', ProposeSetWhitelistBody) },
    async (req) => {
      requireOperator(req.caller, 'proposes governance changes');
      return g.proposeSetWhitelist(req.body);
    },
  );
  app.post(
    '/governance/propose-set-agent-cap',
    { schema: write("proposes SpendCapPolicy.setAgentCap on the agent's own cap module", ProposeSetAgentCapBody) },
    async (req) => {
      requireOperator(req.caller, 'proposes governance changes');
      return g.proposeSetAgentCap(req.body);
    },
  );
  app.post(
    '/governance/attach-policy-module',
    {
      schema: write(
        "appends a listed policy module to the node's stack and proposes the bind at high tier; alreadyBound: true when it is there",
        AttachPolicyModuleBody,
      ),
    },
    async (req) => {
      requireOperator(req.caller, 'proposes governance changes');
      return g.attachPolicyModule(req.body);
    },
  );

  app.get(
    '/governance/proposals',
    {
      schema: {
        tags: ['governance'],
        summary: 'proposals newest first, with tallies and whether execute would pass now (clearance)',
        querystring: ProposalsQuery,
        response: { 200: ProposalsView, 400: ErrorBody, 401: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => g.proposals(req.query),
  );
  app.get(
    '/governance/proposals/:id',
    {
      schema: {
        tags: ['governance'],
        summary: 'one proposal with its governed call',
        params: ProposalParams,
        response: { 200: ProposalView, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => g.proposal(req.params.id),
  );
  const act = (summary: string, body?: typeof VoteBody) => ({
    schema: {
      tags: ['governance'],
      summary,
      params: ProposalParams,
      ...(body ? { body } : {}),
      response: { 200: ProposalActionReply, 404: ErrorBody, ...WRITE_ERRORS },
    },
  });
  app.post('/governance/proposals/:id/vote', act("votes as the orchestrator's seat", VoteBody), async (req) => {
    requireOperator(req.caller, 'votes on proposals');
    return g.act(req.params.id, 'vote', (req.body as { support: boolean }).support);
  });
  app.post('/governance/proposals/:id/veto', act("vetoes as the orchestrator's seat (a Human seat)"), async (req) => {
    requireOperator(req.caller, 'vetoes proposals');
    return g.act(req.params.id, 'veto');
  });
  app.post(
    '/governance/proposals/:id/execute',
    act("executes with the proposal's own calldata; past the deadline with more no than yes the module closes it Defeated instead"),
    async (req) => {
      requireOperator(req.caller, 'executes proposals');
      return g.act(req.params.id, 'execute');
    },
  );
};
