/**
 * The one catalogue of error codes. Routes and actors throw `AppError`s built from it; the
 * gateway maps them to `{"error": code, "message": text}`. Statuses no contract fixes are
 * chosen here once and documented in docs/http.md ("Error statuses svc chooses"). Whether
 * a code is an outage (the bus retries the command for as long as it lasts) or an answer (it ends
 * the command) is also decided here, once, by `retryable`.
 */
/** `retryable`: an outage of our own infrastructure, which says nothing about the command. */
type Entry = { readonly status: number; readonly message: string; readonly retryable?: true };

export const errorCatalog = {
  // transport and gateway
  unauthorized: { status: 401, message: 'missing or wrong bearer token' },
  host_not_allowed: { status: 403, message: 'the Host header names a host this API does not answer for' },
  origin_not_allowed: { status: 403, message: 'the browser origin is not allowed' },
  content_type_must_be_json: { status: 415, message: 'a request body must be sent with content-type: application/json' },
  invalid_json: { status: 400, message: 'the request body is not valid JSON' },
  invalid_request: { status: 400, message: 'the request does not match the schema' },
  body_too_large: { status: 413, message: 'the request body is larger than the gateway accepts' },
  rate_limited: { status: 429, message: 'too many requests in this window; retry after the Retry-After seconds' },
  not_found: { status: 404, message: 'no such route' },
  conflict: { status: 409, message: 'the record already exists' },
  record_not_found: { status: 404, message: 'no such record' },
  internal_error: { status: 500, message: 'internal error' },
  app_unavailable: { status: 503, message: 'the app is unavailable' },
  bus_unavailable: { status: 503, message: 'the message bus is unavailable', retryable: true },
  store_unavailable: { status: 503, message: 'the store is unavailable', retryable: true },
  command_timeout: { status: 504, message: 'no worker answered the command in time', retryable: true },
  role_unavailable: { status: 400, message: 'this process role cannot run with this configuration' },
  // attached MCP servers
  tool_not_allowlisted: { status: 403, message: 'tool is not allowlisted for this seat' },
  unknown_external_mcp_tool: { status: 404, message: 'no such external tool is visible to the caller' },
  mcp_missing_credential: { status: 424, message: 'the credential the server config points at is not available' },
  mcp_mode_denied: { status: 403, message: 'the write mode refuses this call' },
  mcp_wildcard_enable: { status: 400, message: 'a wildcard may only narrow' },
  mcp_server_is_boot_config: { status: 409, message: 'a boot-configured server cannot be detached' },
  mcp_egress_refused: { status: 403, message: 'the egress policy refuses this server' },
  sealing_key_unavailable: { status: 503, message: 'no sealing key (SVC_SESSION_KEY) is configured' },
  mcp_call_timeout: { status: 504, message: 'the attached server did not answer within timeoutMs' },
  mcp_response_too_large: { status: 502, message: 'the attached server sent more than maxResponseBytes' },
  mcp_server_unreachable: { status: 502, message: 'the attached server could not be reached or broke the protocol' },
  mcp_scope_forbidden: { status: 403, message: 'this caller may not change or act for that scope' },
  mcp_arguments_invalid: { status: 400, message: "the arguments do not fit the tool's published inputSchema" },
  mcp_tool_error: { status: 422, message: 'the tool ran and answered with an error (isError)' },
  mcp_not_allowlisted: { status: 403, message: 'no resource or prompt of that name is allowlisted for this seat on a server it may see' },
  mcp_tool_drifted: {
    status: 403,
    message: "the tool's definition changed since it was approved; it is refused until an operator approves the new one",
  },
  // flows, gates, triggers, evals
  run_cancelled: { status: 409, message: 'the run is cancelled and cannot resume' },
  flow_delegation_cycle: { status: 422, message: 'delegation revisits a flow already on the stack' },
  flow_delegation_too_deep: { status: 422, message: 'delegation chain is deeper than four levels' },
  flow_delegate_failed: { status: 422, message: 'the delegate run failed' },
  flow_delegate_cancelled: { status: 422, message: 'the delegate run was cancelled' },
  human_gate_invalid_assignee: { status: 422, message: 'a gate assignee must be one token without spaces' },
  gate_assignee_mismatch: { status: 403, message: 'only the assignee may answer this gate' },
  human_gate_timed_out: { status: 422, message: 'the human gate passed its deadline with no timeoutPort' },
  flow_wait_timed_out: { status: 422, message: 'the wait passed its timeoutMs with no event and no timeoutPort' },
  inference_budget_exceeded: {
    status: 402,
    message: 'a hard inference budget has no room for this model call; the provider was not asked',
  },
  plan_required: { status: 409, message: 'plan-required mode: the acting agent has posted no plan in its thread within the window' },
  chat_reply_unsigned: { status: 403, message: 'a chat reply is refused: no SVC_CHANNEL_SECRET or SVC_SESSION_KEY signs reply targets' },
  chat_reply_target_invalid: { status: 403, message: 'the reply target does not verify' },
  model_unavailable: { status: 502, message: 'the model provider failed or did not answer in time' },
  connector_not_registered: { status: 404, message: 'no connector route of that name is registered (SVC_CONNECTORS)' },
  webhook_sealing_unavailable: { status: 503, message: 'trigger secrets cannot be sealed without SVC_SESSION_KEY' },
  webhook_trigger_not_found: { status: 404, message: 'no such webhook trigger' },
  webhook_signature_missing: { status: 401, message: 'the delivery carries no signature' },
  webhook_signature_malformed: { status: 401, message: 'the delivery signature is malformed' },
  webhook_signature_invalid: { status: 401, message: 'the delivery signature does not verify' },
  webhook_timestamp_stale: { status: 401, message: 'the delivery timestamp is outside the tolerance window' },
  webhook_trigger_disabled: { status: 403, message: 'the trigger is disabled' },
  webhook_flow_unavailable: {
    status: 409,
    message: "the trigger's flow is missing, no longer trigger: webhook, or not visible to the trigger principal; no run was started",
  },
  webhook_principal_paused: { status: 403, message: 'the trigger principal is paused; retry later' },
  webhook_body_too_large: { status: 413, message: 'the delivery body is over the cap' },
  webhook_body_invalid: { status: 400, message: 'the delivery body is not JSON' },
  webhook_release_key_missing: { status: 400, message: "the delivery holds no value at the trigger's release key path" },
  webhook_token_audience_invalid: { status: 401, message: 'the token was issued for another audience' },
  webhook_token_email_invalid: { status: 401, message: 'the token was issued for another service account' },
  webhook_token_invalid: { status: 401, message: 'the token does not verify against the current key set' },
  webhook_jwks_unavailable: { status: 503, message: 'the provider key set is unreachable; retry later' },
  eval_already_running: { status: 409, message: 'an eval is already running' },
  eval_timeout: { status: 504, message: 'the eval exceeded its time limit' },
  eval_crashed: { status: 500, message: 'the eval child process ended without a report' },
  flow_eval_failed: { status: 422, message: 'the flow fails an eval scenario that names it; it was not saved' },
  invalid_flow: { status: 400, message: 'the flow definition is invalid' },
  flow_step_failed: { status: 422, message: 'a flow step failed' },
  flow_step_interrupted: { status: 409, message: 'a side-effecting step was interrupted; reconcile the attempt before re-running' },
  principal_paused: {
    status: 403,
    message: 'the principal is paused (POST /agents/pause); the operator lifts it with POST /agents/unpause',
  },
  flow_forbidden: { status: 403, message: 'this caller may not change that flow, run or agent' },
  operator_only: { status: 403, message: 'only the operator may do this' },
  // the operator surface: chain reads and writes, sessions, intents
  multisig_exec_unsigned: { status: 409, message: 'no relayer for this chain: the multisig transaction is returned unsigned' },
  unknown_asset: { status: 400, message: 'no asset of that symbol in this deployment' },
  not_awaiting_approver: { status: 403, message: 'the intent does not wait on this seat' },
  no_chain: { status: 409, message: 'this deployment has no chain' },
  chain_unavailable: { status: 503, message: 'the chain is configured but does not answer (or its deployment is not there)' },
  chain_reverted: { status: 422, message: 'a chain call reverted; the message names the contract error' },
  orchestrator_key_missing: { status: 409, message: "no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot send" },
  no_signer_for_approver: { status: 409, message: 'this process holds no key for the seat the intent waits on' },
  intent_not_found: { status: 404, message: 'no such intent on that asset router' },
  intent_not_pending: { status: 409, message: 'the intent is already resolved; the chain has nothing pending' },
  unknown_node: { status: 400, message: 'the body names an address that is not a node of the org' },
  invalid_listing: { status: 400, message: 'the policy-module listing does not hold together (its fields, its kind, its chain)' },
  policy_module_no_code: { status: 400, message: 'the policy module address holds no contract code on this chain' },
  proposal_not_found: { status: 404, message: 'no such governance proposal' },
  epoch_failed: { status: 400, message: 'the epoch did not stream and no epoch flow ran' },
  chain_read_unimplemented: { status: 501, message: 'this chain read needs contract bindings this build does not have yet' },
  root_proof_required: { status: 403, message: 'a fresh root proof is required' },
  root_proof_invalid: {
    status: 403,
    message: 'the root proof does not verify (unknown, used or expired challenge, another action or subject, or a bad signature)',
  },
  root_auth_config_error: { status: 501, message: 'the configured root cannot verify proofs' },
  session_not_found: { status: 404, message: 'no such session key on the registry' },
  session_not_live: { status: 409, message: 'the session key is revoked or expired' },
  session_bounds_widen: { status: 400, message: "a rotation may only keep or narrow the retired key's bounds" },
  heartbeat_unknown_item: { status: 400, message: 'the heartbeat names an unknown flow or skill' },
  heartbeat_cadence_too_fast: { status: 400, message: 'a heartbeat may run no more often than every 10 minutes' },
  heartbeat_flow_not_visible: { status: 400, message: "the heartbeat's seat may not see that flow" },
  heartbeat_skill_not_carried: { status: 400, message: "the heartbeat's seat does not carry that skill in its directive" },
  heartbeat_invalid_schedule: { status: 400, message: 'a heartbeat schedule is a 5-field cron expression' },
  heartbeat_invalid_timezone: { status: 400, message: 'a heartbeat timezone is an IANA zone name' },
  heartbeat_invalid_time: { status: 400, message: 'a quiet window start or end is HH:MM (00:00-23:59)' },
  heartbeat_forbidden: { status: 403, message: 'this caller may not see or change that heartbeat' },
  // Not an outage, but retried the same way: a redelivered tick waits for the window's holder to
  // finish or to be presumed dead (SVC_HEARTBEAT_LOCK_MS), then coalesces or takes the window over.
  heartbeat_window_held: { status: 409, message: 'the heartbeat window is held by a tick still running', retryable: true },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof errorCatalog;

/** The wire shape of every error (its schema, for routes and documents, is error-body.ts: this
 * module stays free of the schema library, so the CLI can load it without paying for one). */
export interface ErrorBody {
  error: string;
  message: string;
}

export interface AppErrorOptions {
  /** Appended to the code as `code:detail` (e.g. `tool_not_allowlisted:srv.echo`). */
  detail?: string;
  /** Replaces the catalogue message with a more specific one. */
  message?: string;
  /** A terminal error is never retried by the bus (the command ends, and goes to the dead-letter
   * stream unless a caller waits for it). Default: from the catalogue, so a handler says it only
   * to overrule the code's default for a reason of its own. */
  terminal?: boolean;
  cause?: unknown;
}

/** Outages, not answers: a command that meets one is retried for as long as it lasts (kernel/retry.ts). */
export function isRetryable(code: ErrorCode): boolean {
  const entry: Entry = errorCatalog[code];
  return entry.retryable === true;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly terminal: boolean;

  constructor(code: ErrorCode, opts: AppErrorOptions = {}) {
    super(opts.message ?? errorCatalog[code].message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalog[code].status;
    this.detail = opts.detail;
    this.terminal = opts.terminal ?? !isRetryable(code);
  }

  /** The code as it travels on the wire, with its detail when present. */
  get wireCode(): string {
    return wireCode(this.code, this.detail);
  }

  toResponseObject(): ErrorBody {
    return { error: this.wireCode, message: this.message };
  }
}

export function wireCode(code: ErrorCode, detail?: string): string {
  return detail === undefined || detail === '' ? code : `${code}:${detail}`;
}

/** Rebuilds an AppError from its wire form (e.g. a reply that crossed the bus). */
export function fromWire(body: ErrorBody): AppError {
  const idx = body.error.indexOf(':');
  const code = (idx < 0 ? body.error : body.error.slice(0, idx)) as ErrorCode;
  if (!(code in errorCatalog)) return new AppError('internal_error', { message: body.message });
  return new AppError(code, { detail: idx < 0 ? undefined : body.error.slice(idx + 1), message: body.message });
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
