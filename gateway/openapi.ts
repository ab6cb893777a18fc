/**
 * What the generated OpenAPI document cannot learn from the route schemas: each operation's id
 * and the error codes it may answer (from the one catalogue, schemas/errors.ts), the public
 * routes' security, the webhook signature headers, and the flow definition as its real schema.
 * Kept in one table rather than in each route so an operation id is unique by construction and a
 * route added without one is caught by test/unit/openapi.test.ts.
 */
import { Flow, Step } from '../schemas/flows.js';
import { errorCatalog, type ErrorCode } from '../schemas/errors.js';

interface Operation {
  readonly id: string;
  /** Codes this operation may answer besides the ones every route shares (added below). */
  readonly codes: readonly ErrorCode[];
  /** Reachable without the bearer token (the route's `config.public`). */
  readonly open?: true;
  /** Outside the rate limits (probes and the scrape: gateway/rate-limit.ts); other routes may answer 429. */
  readonly unlimited?: true;
}

const BUS: readonly ErrorCode[] = ['bus_unavailable', 'command_timeout'];
const TRIGGER: readonly ErrorCode[] = ['invalid_request', 'webhook_trigger_not_found', 'conflict', 'webhook_sealing_unavailable', ...BUS];
const MCP: readonly ErrorCode[] = [
  'invalid_request',
  'mcp_scope_forbidden',
  'tool_not_allowlisted',
  'unknown_external_mcp_tool',
  'mcp_missing_credential',
  'mcp_mode_denied',
  'mcp_wildcard_enable',
  'mcp_server_is_boot_config',
  'mcp_egress_refused',
  'mcp_call_timeout',
  'mcp_response_too_large',
  'mcp_server_unreachable',
  'conflict',
  'record_not_found',
  ...BUS,
];
/** Every chain read: an unavailable chain, and a read chain mode cannot serve yet (chain/reads/onchain/index.ts). */
const CHAIN_READ: readonly ErrorCode[] = ['chain_unavailable', 'chain_read_unimplemented'];
/** A chain read naming an asset (`?asset=`). */
const ASSET_READ: readonly ErrorCode[] = ['invalid_request', 'unknown_asset', ...CHAIN_READ];
/** The governance routes: proposals raised and moved by the orchestrator's seat. */
const GOVERNANCE_WRITE: readonly ErrorCode[] = [
  'operator_only',
  'unknown_asset',
  'unknown_node',
  'no_chain',
  'orchestrator_key_missing',
  'chain_reverted',
  'chain_unavailable',
];
const PROPOSAL_ACTION: readonly ErrorCode[] = [
  'operator_only',
  'no_chain',
  'orchestrator_key_missing',
  'proposal_not_found',
  'chain_reverted',
  'chain_unavailable',
];
const SECRETS: readonly ErrorCode[] = ['invalid_request', 'mcp_scope_forbidden', 'sealing_key_unavailable', 'record_not_found', ...BUS];
/** What running an eval suite may answer (evals/child-process.ts, evals/service.ts). */
const EVAL_RUN: readonly ErrorCode[] = ['eval_already_running', 'eval_timeout', 'eval_crashed', 'app_unavailable', 'store_unavailable'];
const STEER: readonly ErrorCode[] = ['invalid_request', 'record_not_found', 'flow_forbidden', 'run_cancelled', ...BUS];

const HEARTBEAT_SAVE: readonly ErrorCode[] = [
  'heartbeat_unknown_item',
  'heartbeat_cadence_too_fast',
  'heartbeat_flow_not_visible',
  'heartbeat_skill_not_carried',
  'heartbeat_invalid_schedule',
  'heartbeat_invalid_timezone',
  'heartbeat_invalid_time',
  'heartbeat_forbidden',
  ...BUS,
];

/** Keyed by `METHOD path` as the document spells the path. */
export const OPERATIONS: Readonly<Record<string, Operation>> = {
  'GET /health': { id: 'getHealth', codes: [], open: true, unlimited: true },
  'GET /livez': { id: 'getLiveness', codes: [], open: true, unlimited: true },
  'GET /readyz': { id: 'getReadiness', codes: [], open: true, unlimited: true },
  'GET /metrics': { id: 'getMetrics', codes: ['operator_only'], unlimited: true },
  'GET /usage': { id: 'getUsage', codes: ['invalid_request', 'store_unavailable'] },
  'POST /ops/ping': { id: 'pingOps', codes: BUS },
  'GET /events/stream': { id: 'streamEvents', codes: ['invalid_request', 'operator_only', 'bus_unavailable'] },
  'POST /hooks/{triggerId}': {
    id: 'deliverWebhook',
    open: true,
    codes: [
      'webhook_body_invalid',
      'webhook_signature_missing',
      'webhook_signature_malformed',
      'webhook_signature_invalid',
      'webhook_timestamp_stale',
      'webhook_token_audience_invalid',
      'webhook_token_email_invalid',
      'webhook_token_invalid',
      'webhook_trigger_disabled',
      'webhook_principal_paused',
      'webhook_trigger_not_found',
      'webhook_flow_unavailable',
      'webhook_body_too_large',
      'webhook_jwks_unavailable',
      'webhook_sealing_unavailable',
      'bus_unavailable',
      'store_unavailable',
    ],
  },
  'GET /flows/triggers': { id: 'listTriggers', codes: BUS },
  'POST /flows/triggers': { id: 'createTrigger', codes: [...TRIGGER, 'record_not_found', 'webhook_flow_unavailable'] },
  'POST /flows/triggers/rotate': { id: 'rotateTriggerSecret', codes: TRIGGER },
  'POST /flows/triggers/enabled': { id: 'setTriggerEnabled', codes: TRIGGER },
  'POST /flows/triggers/delete': { id: 'deleteTrigger', codes: TRIGGER },
  'GET /flows/triggers/deliveries': { id: 'listTriggerDeliveries', codes: ['invalid_request', 'webhook_trigger_not_found', ...BUS] },
  'POST /intents/resolve': {
    id: 'resolveIntent',
    codes: [
      'invalid_request',
      'operator_only',
      'unknown_asset',
      'no_chain',
      'intent_not_found',
      'intent_not_pending',
      'no_signer_for_approver',
      'root_proof_required',
      'root_proof_invalid',
      'root_auth_config_error',
      'multisig_exec_unsigned',
      'chain_reverted',
      'chain_unavailable',
    ],
  },
  'POST /intents/confirm': {
    id: 'confirmIntent',
    codes: [
      'invalid_request',
      'operator_only',
      'unknown_asset',
      'no_chain',
      'intent_not_found',
      'root_auth_config_error',
      'chain_unavailable',
    ],
  },
  'POST /root-auth/challenge': {
    id: 'rootChallenge',
    codes: [
      'invalid_request',
      'operator_only',
      'unknown_asset',
      'no_chain',
      'intent_not_found',
      'session_not_found',
      'session_not_live',
      'root_auth_config_error',
      'chain_unavailable',
    ],
  },
  'POST /sessions/revoke': {
    id: 'revokeSession',
    codes: [
      'invalid_request',
      'operator_only',
      'no_chain',
      'session_not_found',
      'session_not_live',
      'root_proof_required',
      'root_proof_invalid',
      'root_auth_config_error',
      'flow_step_failed',
      'chain_unavailable',
    ],
  },
  'POST /sessions/rotate': {
    id: 'rotateSession',
    codes: [
      'invalid_request',
      'operator_only',
      'no_chain',
      'session_not_found',
      'session_not_live',
      'session_bounds_widen',
      'root_proof_required',
      'root_proof_invalid',
      'root_auth_config_error',
      'flow_step_failed',
      'chain_unavailable',
    ],
  },
  'POST /epoch': { id: 'runEpoch', codes: [...BUS, 'invalid_request', 'unknown_asset', 'epoch_failed'] },
  'GET /mcp/servers': { id: 'listMcpServers', codes: MCP },
  'POST /mcp/servers/attach': { id: 'attachMcpServer', codes: MCP },
  'POST /mcp/servers/detach': { id: 'detachMcpServer', codes: MCP },
  'POST /mcp/servers/refresh': { id: 'refreshMcpServer', codes: MCP },
  'POST /mcp/servers/ping': { id: 'pingMcpServer', codes: MCP },
  'PUT /mcp/servers/tools': { id: 'setMcpServerTools', codes: MCP },
  'GET /mcp/servers/{id}/tools/{tool}/diff': { id: 'diffMcpToolDefinition', codes: MCP },
  'POST /mcp/servers/{id}/tools/{tool}/approve': { id: 'approveMcpToolDefinition', codes: MCP },
  'GET /mcp/tools': { id: 'listMcpTools', codes: MCP },
  'POST /mcp/call': { id: 'callMcpTool', codes: [...MCP, 'mcp_arguments_invalid', 'mcp_tool_error', 'mcp_tool_drifted'] },
  'GET /mcp/secrets': { id: 'listMcpSecrets', codes: SECRETS },
  'PUT /mcp/secrets/{ref}': { id: 'putMcpSecret', codes: SECRETS },
  'DELETE /mcp/secrets/{ref}': { id: 'deleteMcpSecret', codes: SECRETS },
  'POST /mcp/servers/{id}/login': { id: 'loginMcpServer', codes: [...MCP, 'sealing_key_unavailable'] },
  'GET /mcp/oauth/callback': { id: 'mcpOAuthCallback', codes: [...MCP, 'sealing_key_unavailable'], open: true },
  'POST /mcp': { id: 'serveMcp', codes: ['origin_not_allowed', ...BUS] },
  'POST /mcp/servers/{id}/mcp': {
    id: 'serveMcpServer',
    codes: ['origin_not_allowed', 'unknown_external_mcp_tool', 'invalid_request', ...BUS],
  },
  'GET /.well-known/oauth-protected-resource': { id: 'getProtectedResourceMetadata', codes: [], open: true },
  'GET /.well-known/oauth-protected-resource/mcp': { id: 'getMcpProtectedResourceMetadata', codes: [], open: true },
  'GET /flows': { id: 'listFlows', codes: ['store_unavailable'] },
  'POST /flows': {
    id: 'saveFlow',
    codes: ['invalid_request', 'invalid_flow', 'flow_forbidden', ...BUS, 'operator_only', 'flow_eval_failed', ...EVAL_RUN],
  },
  'POST /flows/delete': { id: 'deleteFlow', codes: ['invalid_request', 'flow_forbidden', ...BUS] },
  'GET /flows/templates': { id: 'listFlowTemplates', codes: [] },
  'GET /flows/eval': { id: 'listEvalScenarios', codes: ['operator_only'] },
  'POST /flows/eval': {
    id: 'runEvals',
    codes: ['invalid_request', 'invalid_flow', 'operator_only', ...EVAL_RUN],
  },
  'POST /flows/run': {
    id: 'runFlow',
    codes: ['invalid_request', 'invalid_flow', 'record_not_found', 'flow_forbidden', 'principal_paused', 'flow_step_failed', ...BUS],
  },
  'GET /flows/runs': { id: 'listRuns', codes: ['invalid_request', 'record_not_found', 'store_unavailable'] },
  'GET /flows/runs/open': { id: 'listOpenRuns', codes: ['invalid_request', 'record_not_found', 'store_unavailable'] },
  'GET /whoami': { id: 'whoAmI', codes: [] },
  'GET /flows/runs/state': { id: 'getRunState', codes: ['invalid_request', 'record_not_found', 'store_unavailable'] },
  'POST /flows/runs/pause': { id: 'pauseRun', codes: STEER },
  'POST /flows/runs/resume': { id: 'resumeRun', codes: STEER },
  'POST /flows/runs/cancel': { id: 'cancelRun', codes: STEER },
  'POST /agents/pause': { id: 'pauseAgent', codes: ['invalid_request', 'flow_forbidden', ...BUS] },
  'POST /boot': {
    id: 'bootSession',
    codes: ['invalid_request', 'operator_only', 'no_chain', 'chain_unavailable', 'principal_paused', 'flow_step_failed', ...BUS],
  },
  'POST /tick': { id: 'tickAgentLoop', codes: ['invalid_request', 'operator_only', 'no_chain', 'chain_unavailable', ...BUS] },
  'POST /agents/unpause': { id: 'unpauseAgent', codes: ['invalid_request', 'operator_only', 'flow_forbidden', ...BUS] },
  'GET /connectors': { id: 'listConnectors', codes: [] },
  'POST /model/complete': { id: 'completeModel', codes: ['invalid_request', 'model_unavailable', 'inference_budget_exceeded', ...BUS] },
  'GET /budgets/inference': { id: 'listInferenceBudgets', codes: ['store_unavailable'] },
  'GET /budgets/inference/{crew}': { id: 'getInferenceBudget', codes: ['invalid_request', 'record_not_found', 'store_unavailable'] },
  'PUT /budgets/inference/{crew}': { id: 'setInferenceBudget', codes: ['invalid_request', 'operator_only', ...BUS] },
  'POST /budgets/inference/{crew}/reset': {
    id: 'resetInferenceBudget',
    codes: ['invalid_request', 'operator_only', 'record_not_found', ...BUS],
  },
  'DELETE /budgets/inference/{crew}': { id: 'removeInferenceBudget', codes: ['invalid_request', 'operator_only', ...BUS] },
  'GET /flows/gates': { id: 'listGates', codes: ['invalid_request', 'store_unavailable'] },
  'POST /messages': {
    id: 'postMessage',
    codes: ['invalid_request', 'record_not_found', 'gate_assignee_mismatch', 'human_gate_invalid_assignee', ...BUS],
  },
  'POST /messages/chat': {
    id: 'postChatReply',
    codes: ['invalid_request', 'chat_reply_unsigned', 'chat_reply_target_invalid', 'record_not_found', 'gate_assignee_mismatch', ...BUS],
  },
  'GET /messages': { id: 'listMessages', codes: ['invalid_request', 'record_not_found', 'store_unavailable'] },
  'GET /dlq': { id: 'listDeadLetters', codes: ['operator_only', 'bus_unavailable'] },
  'GET /heartbeats': { id: 'listHeartbeats', codes: ['store_unavailable'] },
  'POST /heartbeats': { id: 'saveHeartbeat', codes: HEARTBEAT_SAVE },
  'POST /heartbeats/enabled': { id: 'setHeartbeatEnabled', codes: ['record_not_found', 'heartbeat_forbidden', ...BUS] },
  'POST /heartbeats/delete': { id: 'deleteHeartbeat', codes: ['heartbeat_forbidden', ...BUS] },
  'POST /heartbeats/run': { id: 'runHeartbeat', codes: ['record_not_found', 'heartbeat_forbidden', 'heartbeat_window_held', ...BUS] },
  'GET /heartbeats/ticks': { id: 'listHeartbeatTicks', codes: ['record_not_found', 'heartbeat_forbidden', 'store_unavailable'] },
  'POST /dlq/replay': { id: 'replayDeadLetter', codes: ['invalid_request', 'operator_only', 'record_not_found', 'bus_unavailable'] },
  'POST /dlq/drop': { id: 'dropDeadLetter', codes: ['invalid_request', 'operator_only', 'record_not_found', 'bus_unavailable'] },
  'GET /org': { id: 'getOrg', codes: CHAIN_READ },
  'GET /intents': { id: 'listIntents', codes: CHAIN_READ },
  'GET /intents/history': { id: 'listIntentHistory', codes: CHAIN_READ },
  'GET /sessions/history': { id: 'listSessionHistory', codes: CHAIN_READ },
  'GET /policies': { id: 'listPolicies', codes: ASSET_READ },
  'GET /assets': { id: 'listAssets', codes: CHAIN_READ },
  'GET /governance/grants': { id: 'listGrants', codes: ASSET_READ },
  'GET /treasury/balances': { id: 'getTreasuryBalances', codes: CHAIN_READ },
  'GET /sessions': { id: 'listSessions', codes: CHAIN_READ },
  'GET /agents/balances': { id: 'getAgentBalances', codes: CHAIN_READ },
  'POST /governance/propose-node-stack': { id: 'proposeNodeStack', codes: GOVERNANCE_WRITE },
  'POST /governance/propose-set-whitelist': { id: 'proposeSetWhitelist', codes: GOVERNANCE_WRITE },
  'POST /governance/propose-set-agent-cap': { id: 'proposeSetAgentCap', codes: GOVERNANCE_WRITE },
  'POST /governance/attach-policy-module': {
    id: 'attachPolicyModule',
    codes: [...GOVERNANCE_WRITE, 'invalid_listing', 'policy_module_no_code'],
  },
  'GET /governance/proposals': { id: 'listProposals', codes: ['chain_unavailable'] },
  'GET /governance/proposals/{id}': { id: 'getProposal', codes: ['chain_unavailable', 'no_chain', 'proposal_not_found'] },
  'POST /governance/proposals/{id}/vote': { id: 'voteProposal', codes: PROPOSAL_ACTION },
  'POST /governance/proposals/{id}/veto': { id: 'vetoProposal', codes: PROPOSAL_ACTION },
  'POST /governance/proposals/{id}/execute': { id: 'executeProposal', codes: PROPOSAL_ACTION },
  'GET /wallets/watchlist': { id: 'getWatchlist', codes: [] },
  'POST /wallets/watchlist': { id: 'replaceWatchlist', codes: ['operator_only'] },
};

/** Codes any route may answer: the gateway's own refusals, before or around the handler (every
 * query string is closed, gateway/query.ts, so an unknown parameter is `invalid_request` anywhere). */
function sharedCodes(op: Operation, hasBody: boolean): ErrorCode[] {
  const codes: ErrorCode[] = ['host_not_allowed', 'internal_error', 'invalid_request'];
  if (op.open !== true) codes.push('unauthorized');
  if (op.unlimited !== true && (op.open !== true || op.id === 'deliverWebhook')) codes.push('rate_limited');
  if (hasBody) codes.push('invalid_json', 'content_type_must_be_json', 'body_too_large');
  return codes;
}

/** The headers each webhook scheme reads (ingress/schemes.ts, pubsub.ts). */
const WEBHOOK_HEADERS: ReadonlyArray<[string, string]> = [
  ['X-Svc-Signature', '`svc` scheme: `sha256=<hex>` HMAC-SHA256 of `<timestamp>.<raw body>` with the trigger secret'],
  ['X-Svc-Timestamp', '`svc` scheme: the signed unix seconds; refused outside the tolerance window'],
  ['X-Hub-Signature-256', '`codehost` scheme (GitHub form): `sha256=<hex>` HMAC-SHA256 of the raw body'],
  ['X-Gitea-Signature', '`codehost` scheme (Gitea): bare hex HMAC-SHA256 of the raw body'],
  ['X-Forgejo-Signature', '`codehost` scheme (Forgejo): bare hex HMAC-SHA256 of the raw body'],
  [
    'X-Codehost-Event',
    '`codehost` scheme: the event name, filtered by the trigger `events` (also read as X-GitHub-Event, X-Gitea-Event, X-Forgejo-Event)',
  ],
  ['X-GitHub-Event', '`codehost` scheme: the event name as GitHub sends it'],
  [
    'X-Codehost-Delivery',
    '`codehost` scheme: the delivery id a repeat is recognised by (also read as X-GitHub-Delivery, X-Gitea-Delivery, X-Forgejo-Delivery)',
  ],
  ['X-GitHub-Delivery', '`codehost` scheme: the delivery id as GitHub sends it'],
  ['Authorization', '`pubsub` scheme: `Bearer <OIDC token>` signed by the provider, checked for audience and service account'],
];

type Schema = Record<string, unknown>;
interface Op {
  operationId?: string;
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
/** The parts of the document this module reads or writes. */
export interface Doc {
  info: Schema;
  servers?: unknown[];
  components?: { schemas?: Record<string, unknown> } & Schema;
  paths?: Record<string, Partial<Record<'get' | 'put' | 'post' | 'delete' | 'patch', Op>> | undefined>;
}

const plain = (schema: unknown): Schema => JSON.parse(JSON.stringify(schema)) as Schema;
const stepName = (kind: string): string => `${kind[0]!.toUpperCase()}${kind.slice(1)}Step`;

/** The flow definition as components: one per step kind, joined by a discriminator on `kind`. */
function flowComponents(): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const mapping: Record<string, string> = {};
  for (const member of Step.anyOf) {
    const s = plain(member);
    const kind = (s.properties as { kind: { const: string } }).kind.const;
    out[stepName(kind)] = s;
    mapping[kind] = `#/components/schemas/${stepName(kind)}`;
  }
  out.Step = { oneOf: Object.values(mapping).map(($ref) => ({ $ref })), discriminator: { propertyName: 'kind', mapping } };
  const flow = plain(Flow);
  delete flow.$id;
  (flow.properties as { steps: Schema }).steps.items = { $ref: '#/components/schemas/Step' };
  out.Flow = flow;
  return out;
}

/** The loose `flow` property (schemas/runs.ts FlowBody: the run actor validates it, to name the
 * step in its refusal) is documented as the real definition. */
function referFlow(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(referFlow);
  if (node === null || typeof node !== 'object') return;
  const obj = node as Schema;
  for (const [key, value] of Object.entries(obj)) {
    if (value !== null && typeof value === 'object' && (value as Schema).title === 'FlowDefinition') {
      obj[key] = { $ref: '#/components/schemas/Flow' };
    } else referFlow(value);
  }
}

function errorResponse(codes: readonly ErrorCode[]): Schema {
  const sorted = [...new Set(codes)].sort();
  return {
    description: sorted.map((c) => `\`${c}\`: ${errorCatalog[c].message}`).join('; '),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['error', 'message'],
          additionalProperties: false,
          properties: {
            error: {
              type: 'string',
              description: 'one of the listed codes, optionally followed by `:<detail>`',
              pattern: `^(${sorted.join('|')})(:.*)?$`,
              examples: sorted,
            },
            message: { type: 'string' },
          },
        },
      },
    },
  };
}

const isErrorBody = (r: unknown): boolean => {
  const props = (r as { content?: Record<string, { schema?: { properties?: Schema } }> }).content?.['application/json']?.schema?.properties;
  return props !== undefined && 'error' in props && 'message' in props;
};

/** @fastify/swagger `transformObject`: completes the generated document. */
export function finishDocument(doc: Doc): Doc {
  doc.servers = [{ url: 'http://127.0.0.1:8788', description: 'a local svc (SVC_ORCH_HOST, SVC_ORCH_PORT)' }];
  doc.info.license = { name: 'Apache-2.0', identifier: 'Apache-2.0' };
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...flowComponents() } };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const op = item?.[method];
      if (!op) continue;
      const known = OPERATIONS[`${method.toUpperCase()} ${path}`];
      if (!known) continue; // left without an operationId: the openapi test names it
      op.operationId = known.id;
      if (known.open) op.security = [];
      referFlow(op.requestBody);
      referFlow(op.responses);
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of [...sharedCodes(known, op.requestBody !== undefined), ...known.codes]) {
        const status = errorCatalog[code].status;
        byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
      }
      const responses = (op.responses ??= {});
      for (const [status, r] of Object.entries(responses)) if (Number(status) >= 400 && isErrorBody(r)) delete responses[status];
      for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
        // A route's own non-error body for that status (e.g. /health's 503) stays as declared.
        if (responses[status] === undefined) responses[status] = errorResponse(codes);
      }
      if (path === '/hooks/{triggerId}') {
        op.parameters = [
          ...(op.parameters ?? []),
          ...WEBHOOK_HEADERS.map(([name, description]) => ({
            in: 'header',
            name,
            required: false,
            description,
            schema: { type: 'string' },
          })),
        ];
      }
    }
  }
  return doc;
}
