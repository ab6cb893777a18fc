/**
 * The mcp actor's verbs. Every one but `call` and `sweep` carries the caller the gateway
 * authenticated. `call` is also answered at once (rpc): the gateway asks it that way, so a call
 * reaches a server at most once; flow runs send it through the stream.
 */
import { Type } from 'typebox';
import {
  ApproveReply,
  AttachReply,
  DefinitionDiff,
  DetachReply,
  McpCallCommand,
  McpCallOutcome,
  McpServerConfig,
  PingResult,
  RefreshReply,
  RuleChange,
  SecretClearReply,
  SecretSetReply,
  SecretsReply,
  ServersReply,
  ToolRule,
  ToolsReply,
} from '../mcp.js';
import { Caller } from '../caller.js';
import { CompleteReply, CompleteRequest, PromptReply, PromptsReply, ReadReply, ResourcesReply, TemplatesReply } from '../mcp-federation.js';
import { CallbackReply, LoginReply } from '../mcp-oauth.js';
import { verb } from './verb.js';

const Scoped = <P extends Parameters<typeof Type.Object>[0]>(props: P) => Type.Object({ caller: Caller, ...props });

export const mcpVerbs = {
  list: verb(Scoped({ as: Type.Optional(Type.String()) }), ServersReply),
  attach: verb(Scoped({ config: McpServerConfig }), AttachReply),
  detach: verb(Scoped({ id: Type.String() }), DetachReply),
  refresh: verb(Scoped({}), RefreshReply),
  ping: verb(Scoped({ id: Type.String() }), PingResult),
  /** Sent by the clock sweep every SVC_MCP_REFRESH_MINUTES. */
  sweep: verb(
    Type.Object({ window: Type.Integer() }),
    Type.Object({ window: Type.Integer(), handled: Type.Boolean(), servers: Type.Integer() }),
  ),
  setRule: verb(Scoped({ rule: ToolRule }), RuleChange),
  /** A tool's approved definition beside the one its server published last. */
  diff: verb(Scoped({ server: Type.String(), tool: Type.String() }), DefinitionDiff),
  /** Admits the definition last seen (optionally only if it is still `hash`). */
  approve: verb(Scoped({ server: Type.String(), tool: Type.String(), hash: Type.Optional(Type.String()) }), ApproveReply),
  tools: verb(Scoped({ as: Type.Optional(Type.String()) }), ToolsReply),
  call: verb(McpCallCommand, McpCallOutcome, { rpc: true }),
  secrets: verb(Scoped({}), SecretsReply),
  /** The gateway sealed the value: only the envelope and its last four characters travel. */
  secretSet: verb(Scoped({ ref: Type.String(), sealed: Type.String(), last4: Type.String() }), SecretSetReply),
  secretClear: verb(Scoped({ ref: Type.String() }), SecretClearReply),
  /**
   * Resources, templates and prompts of the servers the caller may see, only those its seat is
   * allowed, and reads, gets and completions of them: asked at once like `call`, as each may reach a server.
   */
  resources: verb(Scoped({}), ResourcesReply, { rpc: true }),
  resourceTemplates: verb(Scoped({}), TemplatesReply, { rpc: true }),
  readResource: verb(Scoped({ uri: Type.String() }), ReadReply, { rpc: true }),
  prompts: verb(Scoped({}), PromptsReply, { rpc: true }),
  getPrompt: verb(Scoped({ name: Type.String(), arguments: Type.Optional(Type.Record(Type.String(), Type.String())) }), PromptReply, {
    rpc: true,
  }),
  complete: verb(Scoped({ request: CompleteRequest }), CompleteReply, { rpc: true }),
  /** Starts an OAuth authorization code flow for a server; `redirectUri` is the gateway's callback. */
  oauthLogin: verb(Scoped({ id: Type.String(), redirectUri: Type.String() }), LoginReply),
  /** The callback, unauthenticated: the state names the flow; the code arrives sealed by the gateway. */
  oauthCallback: verb(Type.Object({ state: Type.String(), sealedCode: Type.String() }), CallbackReply),
};
