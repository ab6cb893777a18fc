/**
 * `svc mcp ...`: attached MCP servers, tool rules and sealed secrets, as a thin client of the
 * `/mcp/*` routes. A secret value is read from standard input or a named environment variable,
 * never from an argument (arguments land in shell history and process listings).
 */
import type { Command } from 'commander';
import { apiOk, CliError, type ClientEnv } from '../client.js';
import { printDocument, printList, printResult, renderTable, wantsDocument, type Column } from '../output.js';
import { relativeTime } from '../time.js';
import type {
  ApproveReply,
  AttachReply,
  CallReply,
  DefinitionDiff,
  DetachReply,
  ListedTool,
  PingResult,
  RefreshReply,
  RuleChange,
  GrantState,
  ServerListing,
  ServersReply,
  ToolState,
  ToolsReply,
} from '../../schemas/mcp.js';
import type { LoginReply } from '../../schemas/mcp-oauth.js';

const SERVER_COLUMNS: Column<ServerListing>[] = [
  { header: 'server', value: (s) => s.id },
  { header: 'transport', value: (s) => s.transport },
  { header: 'origin', value: (s) => s.origin },
  { header: 'endpoint', value: (s) => s.url, max: 60 },
  { header: 'tools', value: (s) => s.tools.length },
  { header: 'blocked', value: (s) => s.blockedCount },
  { header: 'refreshed', value: (s) => relativeTime(s.refreshedAt) ?? 'never' },
];

const SERVER_TOOL_COLUMNS: Column<{ server: string; tool: ToolState }>[] = [
  { header: 'tool', value: (r) => `${r.server}.${r.tool.name}` },
  { header: 'state', value: (r) => r.tool.state },
  { header: 'effect', value: (r) => (r.tool.classified ? r.tool.effect : `${r.tool.effect} (unclassified)`) },
  { header: 'mode', value: (r) => r.tool.mode },
  { header: 'decided by', value: (r) => r.tool.decidedBy },
];

const TOOL_COLUMNS: Column<ListedTool>[] = [
  { header: 'name', value: (t) => t.name },
  { header: 'kind', value: (t) => t.kind },
  { header: 'effect', value: (t) => t.effect },
  { header: 'mode', value: (t) => t.mode },
  { header: 'description', value: (t) => t.description, max: 80 },
];

const GRANT_COLUMNS: Column<{ server: string; grant: GrantState }>[] = [
  { header: 'resource or prompt', value: (r) => `${r.server}.${r.grant.name}`, max: 80 },
  { header: 'kind', value: (r) => r.grant.kind },
  { header: 'state', value: (r) => r.grant.state },
  { header: 'decided by', value: (r) => r.grant.decidedBy },
];

function target(spec: string): { server: string; tool: string } {
  const idx = spec.indexOf('.');
  if (idx <= 0 || idx === spec.length - 1) throw new CliError(`expected <server>.<tool> (or <server>.*), got "${spec}"`, 2);
  return { server: spec.slice(0, idx), tool: spec.slice(idx + 1) };
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

interface AttachOptions {
  endpoint?: string;
  command?: string;
  arg: string[];
  env: string[];
  title?: string;
  tokenEnv?: string;
  secretRef?: string;
  oauth?: boolean;
  clientId?: string;
  clientSecretRef?: string;
  scope?: string;
  timeoutMs?: string;
  maxResponseBytes?: string;
}

function attachBody(id: string, o: AttachOptions): Record<string, unknown> {
  if ((o.endpoint === undefined) === (o.command === undefined))
    throw new CliError('give --endpoint (http) or --command (stdio), not both', 2);
  if ([o.tokenEnv, o.secretRef, o.oauth].filter(Boolean).length > 1)
    throw new CliError('give one of --token-env, --secret-ref or --oauth', 2);
  if (!o.oauth && (o.clientId || o.clientSecretRef || o.scope))
    throw new CliError('--client-id, --client-secret-ref and --scope go with --oauth', 2);
  if (o.command !== undefined && o.oauth) throw new CliError('--oauth is for an http server (--endpoint)', 2);
  if (o.command !== undefined && (o.tokenEnv || o.secretRef)) throw new CliError('a stdio server takes --env names, not a bearer token', 2);
  if (o.endpoint !== undefined && (o.arg.length || o.env.length))
    throw new CliError('--arg and --env are for a stdio server (--command)', 2);
  return {
    id,
    ...(o.command === undefined
      ? { transport: 'http', url: o.endpoint }
      : { transport: 'stdio', command: o.command, ...(o.arg.length ? { args: o.arg } : {}), ...(o.env.length ? { env: o.env } : {}) }),
    ...(o.title ? { title: o.title } : {}),
    ...(o.tokenEnv ? { auth: { kind: 'bearer', tokenEnv: o.tokenEnv } } : {}),
    ...(o.secretRef ? { auth: { kind: 'secret', secretRef: o.secretRef } } : {}),
    ...(o.oauth
      ? {
          auth: {
            kind: 'oauth',
            ...(o.clientId ? { clientId: o.clientId } : {}),
            ...(o.clientSecretRef ? { clientSecretRef: o.clientSecretRef } : {}),
            ...(o.scope ? { scope: o.scope } : {}),
          },
        }
      : {}),
    ...(o.timeoutMs ? { timeoutMs: Number(o.timeoutMs) } : {}),
    ...(o.maxResponseBytes ? { maxResponseBytes: Number(o.maxResponseBytes) } : {}),
  };
}

/** `mcp__<server>__<tool>` as the API names it; `<server>.<tool>` is accepted like the rule commands. */
function toolName(spec: string): string {
  if (spec.startsWith('mcp__') || !spec.includes('.')) return spec;
  const { server, tool } = target(spec);
  return `mcp__${server}__${tool}`;
}

/** The text content of an MCP tool result, or undefined when it carries none. */
function resultText(result: unknown): string | undefined {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((c): c is { type: 'text'; text: string } => c?.type === 'text' && typeof c.text === 'string');
  return texts.length ? texts.map((c) => c.text).join('\n') : undefined;
}

/**
 * Refuses an allow the API would store silently: a rule for a server or tool that is not
 * attached (a typo) would allow nothing now and something unexpected later.
 */
async function mustExist(env: ClientEnv, spec: { server: string; tool: string; kind?: string }): Promise<void> {
  const list = await apiOk<ServersReply>(env, 'GET', '/mcp/servers');
  const server = list.servers.find((s) => s.id === spec.server);
  if (!server) {
    const known = list.servers.map((s) => s.id).join(', ') || 'none attached';
    throw new CliError(`no MCP server ${spec.server} (servers: ${known})`);
  }
  // Resources and prompts have no stored catalog (a server lists them on request): only the server is checked.
  if (spec.kind === undefined && spec.tool !== '*' && !server.tools.some((t) => t.name === spec.tool)) {
    const known = server.tools.map((t) => t.name).join(', ') || 'none discovered; try svc mcp refresh';
    throw new CliError(`server ${spec.server} has no tool ${spec.tool} (tools: ${known})`);
  }
}

function scope(spec: string | undefined): { scope?: { level: string; ref: string } } {
  if (spec === undefined || spec === 'workspace') return {};
  const m = /^(agent|crew):(\S+)$/.exec(spec);
  if (!m) throw new CliError(`--scope must be agent:<seat>, crew:<crew> or workspace (got "${spec}")`, 2);
  return { scope: { level: m[1]!, ref: m[2]! } };
}

/** One side of a changed field, each line marked: strings as they are, anything else as indented JSON. */
function sideLines(mark: '-' | '+', value: unknown): string[] {
  if (value === undefined) return [`  ${mark} (absent)`];
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return text.split('\n').map((l) => `  ${mark} ${l}`);
}

function diffLines(d: DefinitionDiff): string[] {
  const head = d.drifted
    ? `${d.server}.${d.tool} drifted ${relativeTime(d.driftedAt) ?? ''}: refused until approved (svc mcp approve ${d.server}.${d.tool})`
    : `${d.server}.${d.tool} is not drifted`;
  const lines = [
    head,
    `approved ${d.approved.hash} (by ${d.approved.by}, ${relativeTime(d.approved.at) ?? d.approved.at})`,
    `seen     ${d.seen.hash} (${relativeTime(d.seen.at) ?? d.seen.at})`,
  ];
  if (d.changes.length === 0) return [...lines, '', 'no difference: the server publishes the approved definition'];
  for (const c of d.changes) lines.push('', `${c.field}:`, ...sideLines('-', c.approved), ...sideLines('+', c.seen));
  return lines;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('secret value (then Ctrl-D): ');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export function registerMcpCommands(program: Command, env: ClientEnv): void {
  const mcp = program.command('mcp').description('attached MCP servers, tool rules and sealed secrets');
  const q = (as?: string) => (as ? `?as=${encodeURIComponent(as)}` : '');

  mcp
    .command('servers')
    .description('lists the attached MCP servers, then each of their tools and whether it is allowed')
    .option('--as <seat>', 'resolve tool state for this seat')
    .action(async (o: { as?: string }, cmd: Command) => {
      const body = await apiOk<ServersReply>(env, 'GET', `/mcp/servers${q(o.as)}`);
      if (wantsDocument(cmd)) return printDocument(cmd, body);
      const tools = body.servers.flatMap((s) => s.tools.map((tool) => ({ server: s.id, tool })));
      printList(cmd, body, body.servers, SERVER_COLUMNS, '(no MCP servers attached)');
      if (tools.length) process.stdout.write(`\n${renderTable(tools, SERVER_TOOL_COLUMNS)}\n`);
      const grants = body.servers.flatMap((s) => (s.grants ?? []).map((g) => ({ server: s.id, grant: g })));
      if (grants.length) process.stdout.write(`\n${renderTable(grants, GRANT_COLUMNS)}\n`);
      const drifted = tools.filter((x) => x.tool.state === 'drifted');
      if (drifted.length)
        process.stdout.write(
          `\n${drifted.length} tool(s) changed their definition after approval and are refused: svc mcp diff ${drifted[0]!.server}.${drifted[0]!.tool.name}\n`,
        );
    });
  mcp
    .command('tools')
    .description('lists the tools a seat may call: the first-party svc_* tools and the allowed external ones')
    .option('--as <seat>', 'for this seat instead of yours')
    .action(async (o: { as?: string }, cmd: Command) => {
      const body = await apiOk<ToolsReply>(env, 'GET', `/mcp/tools${q(o.as)}`);
      printList(cmd, body, body.tools, TOOL_COLUMNS);
    });
  mcp
    .command('attach <id>')
    .description('attaches an MCP server over http (--endpoint) or stdio (--command, operator only); every tool starts blocked')
    .option('--endpoint <url>', 'http: the server URL')
    .option('--command <path>', 'stdio: the executable the orchestrator starts')
    .option('--arg <value>', 'stdio: one argument (repeat in order; --arg=--flag for one that starts with a dash)', collect, [])
    .option('--env <NAME>', 'stdio: a variable passed to the child by name, never by value (repeatable)', collect, [])
    .option('--title <t>', 'a display name')
    .option('--token-env <VAR>', 'http: bearer token read from this variable at call time')
    .option('--secret-ref <ref>', 'http: bearer token from the sealed store')
    .option('--oauth', 'http: OAuth 2.1 (then `svc mcp login <id>`); registers itself unless --client-id is given')
    .option('--client-id <id>', 'oauth: a pre-registered client id')
    .option('--client-secret-ref <ref>', "oauth: the pre-registered client's secret, from the sealed store")
    .option('--scope <scopes>', 'oauth: the scopes to ask for (space-separated)')
    .option('--timeout-ms <n>', 'per-call time limit')
    .option('--max-response-bytes <n>', 'largest tool result accepted')
    .action(async (id: string, o: AttachOptions, cmd: Command) => {
      const reply = await apiOk<AttachReply>(env, 'POST', '/mcp/servers/attach', attachBody(id, o));
      const found = reply.discovery.ok
        ? `${reply.tools.length} tool(s) found, every one blocked until allowed (svc mcp allow ${reply.server}.<tool>)`
        : `discovery failed: ${reply.discovery.error ?? 'unknown error'}`;
      printResult(cmd, reply, `${reply.replaced ? 'replaced' : 'attached'} ${reply.server}: ${found}`);
    });
  mcp
    .command('login <id>')
    .description('starts the OAuth login of a server attached with --oauth: prints the URL to open; the browser comes back to svc')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const r = await apiOk<LoginReply>(env, 'POST', `/mcp/servers/${encodeURIComponent(id)}/login`);
      printResult(cmd, r, [
        `open this URL to authorize svc for ${r.server} (before ${r.expiresAt}; it returns to ${r.redirectUri}):`,
        r.authorizationUrl,
      ]);
    });
  mcp
    .command('detach <id>')
    .description('forgets a server attached at runtime (its tool rules are kept)')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const r = await apiOk<DetachReply>(env, 'POST', '/mcp/servers/detach', { id });
      printResult(cmd, r, `detached ${r.server} (${r.rulesKept} tool rule(s) kept)`);
    });
  mcp
    .command('refresh')
    .description('asks every server you may see for its tools again; new tools start blocked')
    .action(async (_o: unknown, cmd: Command) => {
      const r = await apiOk<RefreshReply>(env, 'POST', '/mcp/servers/refresh');
      printList(
        cmd,
        r,
        r.results,
        [
          { header: 'server', value: (x) => x.server },
          { header: 'result', value: (x) => (x.ok ? 'ok' : 'failed') },
          { header: 'added', value: (x) => x.added },
          { header: 'removed', value: (x) => x.removed },
          { header: 'unchanged', value: (x) => x.unchanged.length },
          { header: 'drifted', value: (x) => x.drifted },
          { header: 'error', value: (x) => x.error, max: 80 },
        ],
        '(no MCP servers attached)',
      );
    });
  mcp
    .command('ping <id>')
    .description('checks that a server answers, and how many tools it offers; exits 1 when it does not')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const p = await apiOk<PingResult>(env, 'POST', '/mcp/servers/ping', { id });
      printResult(
        cmd,
        p,
        p.reachable
          ? `${p.server} answered in ${Math.round(p.latencyMs)} ms with ${p.toolCount ?? 'no'} tool(s)`
          : `${p.server} did not answer: ${p.error ?? 'unreachable'}`,
      );
      if (!p.reachable) process.exitCode = 1;
    });

  mcp
    .command('call <tool>')
    .description('calls a tool: a first-party svc_* tool, or <server>.<tool> through the allowlist, and prints its result')
    .option('--args <json>', 'the arguments, a JSON object', '{}')
    .option('--as <seat>', 'call as this seat (operator only)')
    .action(async (tool: string, o: { args: string; as?: string }, cmd: Command) => {
      let args: unknown;
      try {
        args = JSON.parse(o.args);
      } catch {
        throw new CliError('--args must be a JSON object', 2);
      }
      if (args === null || typeof args !== 'object' || Array.isArray(args)) throw new CliError('--args must be a JSON object', 2);
      const name = toolName(tool);
      const reply = await apiOk<CallReply>(env, 'POST', '/mcp/call', { name, arguments: args, ...(o.as ? { as: o.as } : {}) });
      // A tool's own failure (isError) is 422 mcp_tool_error from the API, so apiOk has already refused it.
      const text = resultText(reply.result);
      printResult(cmd, reply, [
        ...(reply.untrusted ? ['(untrusted: written by an external server)'] : []),
        text ?? JSON.stringify(reply.result, null, 2),
      ]);
    });

  const rule = (name: string, desc: string, enabled: boolean | undefined, extra: boolean) => {
    const c = mcp
      .command(`${name} <target>`)
      .description(desc)
      .option('--scope <level:ref>', 'agent:<seat>, crew:<crew>; default workspace')
      .option('--resource', 'the target is <server>.<resource URI or URI template> (or <server>.*), served on /mcp')
      .option('--prompt', 'the target is <server>.<prompt> (or <server>.*), served on /mcp');
    if (extra) c.option('--effect <read|write>', 'classification (workspace scope only)').option('--mode <auto|ask|deny>', 'write mode');
    c.action(
      async (spec: string, o: { scope?: string; effect?: string; mode?: string; resource?: boolean; prompt?: boolean }, cmd: Command) => {
        if (o.resource && o.prompt) throw new CliError('--resource and --prompt name different kinds: give one', 2);
        const kind = o.resource ? 'resource' : o.prompt ? 'prompt' : undefined;
        const which = { ...target(spec), ...(kind ? { kind } : {}) };
        if (enabled === true) await mustExist(env, which);
        const r = await apiOk<RuleChange>(env, 'PUT', '/mcp/servers/tools', {
          ...which,
          ...scope(o.scope),
          ...(enabled === undefined ? {} : { enabled }),
          ...(o.effect ? { effect: o.effect } : {}),
          ...(o.mode ? { mode: o.mode } : {}),
        });
        const at = r.rule.scope ? `${r.rule.scope.level}:${r.rule.scope.ref}` : 'workspace';
        const rule = [
          r.rule.enabled === undefined ? undefined : r.rule.enabled ? 'allowed' : 'denied',
          r.rule.effect && `effect ${r.rule.effect}`,
          r.rule.mode && `mode ${r.rule.mode}`,
        ].filter(Boolean);
        const what = r.rule.kind && r.rule.kind !== 'tool' ? `${r.rule.kind} ` : '';
        printResult(
          cmd,
          r,
          `${what}${r.rule.server}.${r.rule.tool} at ${at}: rule ${r.change}${rule.length ? ` (${rule.join(', ')})` : ''}`,
        );
      },
    );
  };
  rule(
    'allow',
    'allows seats to call <server>.<tool> (or read a --resource, get a --prompt) at a scope (workspace by default)',
    true,
    true,
  );
  rule('deny', 'pins a refusal of <server>.<tool> (or <server>.*) at a scope', false, false);
  rule('clear', 'clears the rule at a scope, so the tool inherits from the wider scope again', undefined, false);

  mcp
    .command('diff <target>')
    .description("shows a tool's approved definition beside the one its server publishes now (<server>.<tool>)")
    .action(async (spec: string, _o: unknown, cmd: Command) => {
      const { server, tool } = target(spec);
      const d = await apiOk<DefinitionDiff>(
        env,
        'GET',
        `/mcp/servers/${encodeURIComponent(server)}/tools/${encodeURIComponent(tool)}/diff`,
      );
      printResult(cmd, d, diffLines(d));
    });
  mcp
    .command('approve <target>')
    .description('admits the definition <server>.<tool> publishes now, after a change refused it (see svc mcp diff)')
    .option('--hash <sha256:hex>', 'approve only if the tool still publishes this definition (the seen hash svc mcp diff shows)')
    .action(async (spec: string, o: { hash?: string }, cmd: Command) => {
      const { server, tool } = target(spec);
      const r = await apiOk<ApproveReply>(
        env,
        'POST',
        `/mcp/servers/${encodeURIComponent(server)}/tools/${encodeURIComponent(tool)}/approve`,
        o.hash ? { hash: o.hash } : {},
      );
      printResult(
        cmd,
        r,
        r.change === 'approved'
          ? `approved the definition ${r.hash} of ${r.server}.${r.tool}; calls are admitted again as its rules allow`
          : `${r.server}.${r.tool} already publishes its approved definition (${r.hash}); nothing to approve`,
      );
    });

  const secret = mcp.command('secret').description('sealed credentials of your scope');
  secret
    .command('list')
    .description('lists the sealed secrets of your scope (never a value: only its last 4 characters)')
    .action(async (_o, cmd: Command) => {
      const body = await apiOk<{ secrets: { ref: string; last4: string; updatedAt: string }[] }>(env, 'GET', '/mcp/secrets');
      printList(
        cmd,
        body,
        body.secrets,
        [
          { header: 'ref', value: (x) => x.ref },
          { header: 'last 4', value: (x) => `…${x.last4}` },
          { header: 'updated', value: (x) => relativeTime(x.updatedAt) },
        ],
        '(no sealed secrets)',
      );
    });
  secret
    .command('set <ref>')
    .description('stores a sealed secret; the value comes from stdin or --from-env, never an argument')
    .option('--from-env <VAR>', 'read the value from this environment variable')
    .action(async (ref: string, o: { fromEnv?: string }, cmd: Command) => {
      const value = o.fromEnv ? process.env[o.fromEnv] : await readStdin();
      if (!value) throw new CliError(o.fromEnv ? `${o.fromEnv} is not set` : 'no value on stdin', 2);
      const r = await apiOk<{ ref: string; last4: string; replaced: boolean }>(env, 'PUT', `/mcp/secrets/${encodeURIComponent(ref)}`, {
        value,
      });
      printResult(cmd, r, `${r.replaced ? 'replaced' : 'stored'} secret ${r.ref} (…${r.last4})`);
    });
  secret
    .command('rm <ref>')
    .description('removes a sealed secret')
    .action(async (ref: string, _o: unknown, cmd: Command) => {
      const r = await apiOk<{ ref: string; cleared: boolean }>(env, 'DELETE', `/mcp/secrets/${encodeURIComponent(ref)}`);
      printResult(cmd, r, r.cleared ? `removed secret ${r.ref}` : `no secret ${r.ref}; nothing removed`);
    });
}
