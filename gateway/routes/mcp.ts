/**
 * `/mcp/*` (docs/mcp.md "Routes"). Each route validates, takes the caller's scope from `req.caller` (never
 * from the body) and asks the `mcp` actor on the bus. The one exception to "no logic here" is
 * deliberate: a secret value is sealed in the gateway, so the cleartext never enters the bus.
 */
import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../schemas/errors.js';
import { ErrorBody } from '../../schemas/error-body.js';
import {
  ApproveDefinition,
  ApproveReply,
  AsQuery,
  AttachReply,
  CallReply,
  CallRequest,
  DefinitionDiff,
  DetachReply,
  McpServerConfig,
  PingResult,
  RefreshReply,
  RuleChange,
  SecretBody,
  SecretClearReply,
  SecretParams,
  SecretSetReply,
  SecretsReply,
  ServerRef,
  ServersReply,
  ToolParams,
  ToolRule,
  ToolsReply,
  mcpSecretLabel,
  MCP_CALL_TIMEOUT_MS,
} from '../../schemas/mcp.js';
import { seal } from '../../kernel/seal.js';
import { absentBodyIsEmpty } from '../absent-body.js';
import { clientOf } from '../../bus/verbs.js';
import type { GatewayDeps } from '../types.js';
import type { Caller } from '../../identity/caller.js';

/** Shared with `/mcp`. */
export const CALL_TIMEOUT_MS = MCP_CALL_TIMEOUT_MS;

export function callerOf(req: FastifyRequest): Caller {
  const c = req.caller;
  if (!c) throw new AppError('unauthorized');
  return { kind: c.kind, seat: c.seat, authorKind: c.authorKind, workspace: c.workspace };
}

const E = {
  400: ErrorBody,
  422: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  424: ErrorBody,
  500: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
  504: ErrorBody,
};
const tags = ['mcp'];

export const mcpRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const mcp = clientOf(deps.bus, 'mcp');
  const wait = (traceId: string) => ({ traceId, timeoutMs: CALL_TIMEOUT_MS });

  app.get(
    '/mcp/servers',
    {
      schema: {
        tags,
        summary: 'attached servers, per-tool state (for `as` when given), blockedCount and the egress policy',
        querystring: AsQuery,
        response: { 200: ServersReply, ...E },
      },
    },
    async (req) => mcp.list({ caller: callerOf(req), ...(req.query.as ? { as: req.query.as } : {}) }, wait(traceIdOf(req))),
  );

  app.post(
    '/mcp/servers/attach',
    {
      schema: {
        tags,
        summary: 'attach or replace a server at runtime; discovery runs at once and every tool lands blocked',
        body: McpServerConfig,
        response: { 200: AttachReply, ...E },
      },
    },
    async (req) => mcp.attach({ caller: callerOf(req), config: req.body }, wait(traceIdOf(req))),
  );

  app.post(
    '/mcp/servers/detach',
    {
      schema: {
        tags,
        summary: 'forget a runtime-attached server (its tool rules are kept); 409 for a boot server',
        body: ServerRef,
        response: { 200: DetachReply, ...E },
      },
    },
    async (req) => mcp.detach({ caller: callerOf(req), id: req.body.id }, wait(traceIdOf(req))),
  );

  app.post(
    '/mcp/servers/refresh',
    {
      schema: { tags, summary: 'rediscover every visible server; new tools land blocked', response: { 200: RefreshReply, ...E } },
    },
    async (req) => mcp.refresh({ caller: callerOf(req) }, wait(traceIdOf(req))),
  );

  app.post(
    '/mcp/servers/ping',
    {
      schema: {
        tags,
        summary: 'reachability of one server and the number of tools it publishes',
        body: ServerRef,
        response: { 200: PingResult, ...E },
      },
    },
    async (req) => mcp.ping({ caller: callerOf(req), id: req.body.id }, wait(traceIdOf(req))),
  );

  app.put(
    '/mcp/servers/tools',
    {
      schema: {
        tags,
        summary: 'set (enabled true/false) or clear (enabled omitted) a tool rule at one scope',
        body: ToolRule,
        response: { 200: RuleChange, ...E },
      },
    },
    async (req) => mcp.setRule({ caller: callerOf(req), rule: req.body }, wait(traceIdOf(req))),
  );

  app.get(
    '/mcp/servers/:id/tools/:tool/diff',
    {
      schema: {
        tags,
        summary: "a tool's approved definition beside the one its server published last, and the fields that differ",
        params: ToolParams,
        response: { 200: DefinitionDiff, ...E },
      },
    },
    async (req) => mcp.diff({ caller: callerOf(req), server: req.params.id, tool: req.params.tool }, wait(traceIdOf(req))),
  );

  app.post(
    '/mcp/servers/:id/tools/:tool/approve',
    {
      schema: {
        tags,
        summary:
          'approve the definition a tool publishes now, clearing its drift; with `hash`, only if that is still the definition (409 otherwise)',
        params: ToolParams,
        body: ApproveDefinition,
        response: { 200: ApproveReply, ...E },
      },
      // With no body at all: approve whatever the tool publishes now.
      preValidation: absentBodyIsEmpty,
    },
    async (req) =>
      mcp.approve(
        {
          caller: callerOf(req),
          server: req.params.id,
          tool: req.params.tool,
          ...(req.body.hash === undefined ? {} : { hash: req.body.hash }),
        },
        wait(traceIdOf(req)),
      ),
  );

  app.get(
    '/mcp/tools',
    {
      schema: {
        tags,
        summary: 'first-party svc_* tools plus exactly the external tools the seat may call',
        querystring: AsQuery,
        response: { 200: ToolsReply, ...E },
      },
    },
    async (req) => mcp.tools({ caller: callerOf(req), ...(req.query.as ? { as: req.query.as } : {}) }, wait(traceIdOf(req))),
  );

  app.post(
    '/mcp/call',
    {
      // Every call already leaves an ExternalMcpCalled row and event (trace id = request id), and a
      // refusal or failure a log line from the worker: two request log lines per call add only
      // their cost (about a fifth of an embedded call's time). Warnings still go out.
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          'call mcp__<server>__<tool> through the allowlist, as `as` (query or body) when given; results are flagged untrusted. A result with isError is 422 mcp_tool_error:<server>.<tool> with the tool text; arguments that do not fit its inputSchema are 400 mcp_arguments_invalid',
        querystring: AsQuery,
        body: CallRequest,
        response: { 200: CallReply, ...E },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const { as: inQuery } = req.query;
      const { as: inBody } = req.body;
      if (inQuery !== undefined && inBody !== undefined && inQuery !== inBody)
        throw new AppError('invalid_request', { message: `\`as\` names ${inQuery} in the query and ${inBody} in the body; name one seat` });
      const out = await mcp.call.request(
        {
          name: req.body.name,
          arguments: req.body.arguments ?? {},
          seat: inQuery ?? inBody ?? caller.seat,
          ...(caller.workspace === undefined ? {} : { workspace: caller.workspace }),
          askSurface: false,
          caller,
        },
        { traceId: traceIdOf(req), timeoutMs: CALL_TIMEOUT_MS },
      );
      if (out.status === 'ask_required') throw new AppError('mcp_mode_denied', { detail: `${out.server}.${out.tool}:ask_unavailable` });
      // 422, not 502: the server answered and the call went through; the tool itself reports failure.
      // Its text is the message (untrusted, like any result) and, as a 4xx, is not logged by the gateway.
      if (out.status === 'tool_error')
        throw new AppError('mcp_tool_error', { detail: `${out.server}.${out.tool}`, message: out.text || 'the tool gave no text' });
      return out;
    },
  );

  app.get(
    '/mcp/secrets',
    {
      schema: {
        tags,
        summary: "sealed credential refs of the caller's scope, each with its last four characters",
        response: { 200: SecretsReply, ...E },
      },
    },
    async (req) => mcp.secrets({ caller: callerOf(req) }, wait(traceIdOf(req))),
  );

  app.put(
    '/mcp/secrets/:ref',
    {
      schema: {
        tags,
        summary: "store (or replace) a sealed credential in the caller's scope; 503 without SVC_SESSION_KEY",
        params: SecretParams,
        body: SecretBody,
        response: { 200: SecretSetReply, ...E },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const key = deps.config.sessionKey;
      if (key === undefined) throw new AppError('sealing_key_unavailable');
      const owner = caller.workspace ?? '';
      const sealed = seal(key, req.body.value, mcpSecretLabel(owner, req.params.ref));
      return mcp.secretSet({ caller, ref: req.params.ref, sealed, last4: req.body.value.slice(-4) }, wait(traceIdOf(req)));
    },
  );

  app.delete(
    '/mcp/secrets/:ref',
    {
      schema: {
        tags,
        summary: "clear a sealed credential of the caller's scope",
        params: SecretParams,
        response: { 200: SecretClearReply, ...E },
      },
    },
    async (req) => mcp.secretClear({ caller: callerOf(req), ref: req.params.ref }, wait(traceIdOf(req))),
  );
};
