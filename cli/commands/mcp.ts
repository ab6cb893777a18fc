/**
 * `svc mcp ...`: attached MCP servers, tool rules and sealed secrets, as a thin client of the
 * `/mcp/*` routes. A secret value is read from standard input or a named environment variable,
 * never from an argument (arguments land in shell history and process listings).
 */
import type { Command } from 'commander';
import { apiOk, CliError, printJson, type ClientEnv } from '../client.js';

function target(spec: string): { server: string; tool: string } {
  const idx = spec.indexOf('.');
  if (idx <= 0 || idx === spec.length - 1) throw new CliError(`expected <server>.<tool> (or <server>.*), got "${spec}"`, 2);
  return { server: spec.slice(0, idx), tool: spec.slice(idx + 1) };
}

function scope(spec: string | undefined): { scope?: { level: string; ref: string } } {
  if (spec === undefined || spec === 'workspace') return {};
  const m = /^(agent|crew):(\S+)$/.exec(spec);
  if (!m) throw new CliError(`--scope must be agent:<seat>, crew:<crew> or workspace (got "${spec}")`, 2);
  return { scope: { level: m[1]!, ref: m[2]! } };
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
    .description('servers, per-tool state and the egress policy')
    .option('--as <seat>', 'resolve tool state for this seat')
    .action(async (o: { as?: string }) => printJson(await apiOk(env, 'GET', `/mcp/servers${q(o.as)}`)));
  mcp
    .command('tools')
    .description('first-party tools plus the external tools a seat may call')
    .option('--as <seat>')
    .action(async (o: { as?: string }) => printJson(await apiOk(env, 'GET', `/mcp/tools${q(o.as)}`)));
  mcp
    .command('attach <id>')
    .description('attach an http server at runtime (every tool lands blocked)')
    .requiredOption('--endpoint <url>', 'server URL')
    .option('--title <t>')
    .option('--token-env <VAR>', 'bearer token read from this variable at call time')
    .option('--secret-ref <ref>', 'bearer token from the sealed store')
    .option('--timeout-ms <n>')
    .option('--max-response-bytes <n>')
    .action(
      async (
        id: string,
        o: { endpoint: string; title?: string; tokenEnv?: string; secretRef?: string; timeoutMs?: string; maxResponseBytes?: string },
      ) => {
        if (o.tokenEnv && o.secretRef) throw new CliError('give --token-env or --secret-ref, not both', 2);
        printJson(
          await apiOk(env, 'POST', '/mcp/servers/attach', {
            id,
            transport: 'http',
            url: o.endpoint,
            ...(o.title ? { title: o.title } : {}),
            ...(o.tokenEnv ? { auth: { kind: 'bearer', tokenEnv: o.tokenEnv } } : {}),
            ...(o.secretRef ? { auth: { kind: 'secret', secretRef: o.secretRef } } : {}),
            ...(o.timeoutMs ? { timeoutMs: Number(o.timeoutMs) } : {}),
            ...(o.maxResponseBytes ? { maxResponseBytes: Number(o.maxResponseBytes) } : {}),
          }),
        );
      },
    );
  mcp
    .command('detach <id>')
    .description('forget a runtime-attached server (rules are kept)')
    .action(async (id: string) => printJson(await apiOk(env, 'POST', '/mcp/servers/detach', { id })));
  mcp
    .command('refresh')
    .description('rediscover every visible server')
    .action(async () => printJson(await apiOk(env, 'POST', '/mcp/servers/refresh')));
  mcp
    .command('ping <id>')
    .description('reachability and tool count')
    .action(async (id: string) => printJson(await apiOk(env, 'POST', '/mcp/servers/ping', { id })));

  const rule = (name: string, desc: string, enabled: boolean | undefined, extra: boolean) => {
    const c = mcp
      .command(`${name} <target>`)
      .description(desc)
      .option('--scope <level:ref>', 'agent:<seat>, crew:<crew>; default workspace');
    if (extra) c.option('--effect <read|write>', 'classification (workspace scope only)').option('--mode <auto|ask|deny>', 'write mode');
    c.action(async (spec: string, o: { scope?: string; effect?: string; mode?: string }) =>
      printJson(
        await apiOk(env, 'PUT', '/mcp/servers/tools', {
          ...target(spec),
          ...scope(o.scope),
          ...(enabled === undefined ? {} : { enabled }),
          ...(o.effect ? { effect: o.effect } : {}),
          ...(o.mode ? { mode: o.mode } : {}),
        }),
      ),
    );
  };
  rule('allow', 'allow <server>.<tool> at a scope', true, true);
  rule('deny', 'pin a refusal of <server>.<tool> (or <server>.*) at a scope', false, false);
  rule('clear', 'clear the rule at a scope so the tool inherits again', undefined, false);

  const secret = mcp.command('secret').description('sealed credentials of your scope');
  secret.command('list').action(async () => printJson(await apiOk(env, 'GET', '/mcp/secrets')));
  secret
    .command('set <ref>')
    .description('store a sealed secret; the value comes from stdin or --from-env, never an argument')
    .option('--from-env <VAR>', 'read the value from this environment variable')
    .action(async (ref: string, o: { fromEnv?: string }) => {
      const value = o.fromEnv ? process.env[o.fromEnv] : await readStdin();
      if (!value) throw new CliError(o.fromEnv ? `${o.fromEnv} is not set` : 'no value on stdin', 2);
      printJson(await apiOk(env, 'PUT', `/mcp/secrets/${encodeURIComponent(ref)}`, { value }));
    });
  secret
    .command('rm <ref>')
    .action(async (ref: string) => printJson(await apiOk(env, 'DELETE', `/mcp/secrets/${encodeURIComponent(ref)}`)));
}
