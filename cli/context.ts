/**
 * Named contexts: which API the CLI calls and with which token, kept in a small JSON file
 * (`SVC_CONFIG`, else `$XDG_CONFIG_HOME/svc/config.json`, else `~/.config/svc/config.json`) that
 * only its owner may read (0600, in a 0700 directory), because it holds bearer tokens.
 *
 * Which target a command uses, highest first: `--url`/`--token`, then SVC_URL/SVC_ORCH_TOKEN,
 * then the context (`--context <name>`, else the current one), then the default URL. A context's
 * token is only ever sent to that context's own URL: pointing a command elsewhere with --url or
 * SVC_URL leaves the context's token behind.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from './errors.js';

export const DEFAULT_URL = 'http://127.0.0.1:8788';

export interface Context {
  url: string;
  token?: string;
}

export interface ConfigFile {
  current?: string;
  contexts: Record<string, Context>;
}

export interface TargetFlags {
  url?: string;
  token?: string;
  context?: string;
}

export interface Target {
  url: string;
  token: string | undefined;
  /** The context the target came from, if any. */
  context: string | undefined;
}

export function configPath(env: NodeJS.ProcessEnv): string {
  if (env.SVC_CONFIG) return env.SVC_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'svc', 'config.json');
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

export function checkName(name: string): string {
  if (!NAME.test(name)) throw new CliError(`"${name}" is not a context name (letters, digits, . _ -; up to 63)`, 2);
  return name;
}

export function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`"${url}" is not a URL (e.g. https://svc.example.com)`, 2);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CliError(`"${url}" is not an http(s) URL`, 2);
  return url.replace(/\/+$/, '');
}

export function readConfig(path: string): ConfigFile {
  if (!existsSync(path)) return { contexts: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    // The file holds tokens: name it and the reason, never echo its content.
    throw new CliError(`cannot read the CLI config ${path}: ${(err as NodeJS.ErrnoException).code ?? 'not valid JSON'}`);
  }
  const file = parsed as Partial<ConfigFile> | null;
  if (!file || typeof file !== 'object' || (file.contexts !== undefined && typeof file.contexts !== 'object'))
    throw new CliError(`the CLI config ${path} is not {"current", "contexts"}`);
  return { ...(typeof file.current === 'string' ? { current: file.current } : {}), contexts: { ...(file.contexts ?? {}) } };
}

/** Writes the whole file through a private temporary one, so a reader never sees half of it. */
export function writeConfig(path: string, config: ConfigFile): void {
  const dir = dirname(path);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

export function resolveTarget(flags: TargetFlags, env: NodeJS.ProcessEnv, path = configPath(env)): Target {
  const named = flags.context ?? (flags.url || env.SVC_URL ? undefined : readConfig(path).current);
  let ctx: Context | undefined;
  if (named !== undefined) {
    ctx = readConfig(path).contexts[named];
    if (!ctx) throw new CliError(`no context ${named} in ${path} (svc context list)`, 2);
  }
  const explicitUrl = flags.url ?? (flags.context === undefined ? env.SVC_URL || undefined : undefined);
  const url = explicitUrl !== undefined ? checkUrl(explicitUrl) : (ctx?.url ?? DEFAULT_URL);
  const ctxToken = ctx && ctx.url === url ? ctx.token : undefined;
  // A context named on the command line is a flag: its token outranks the environment's.
  const token = flags.context !== undefined ? flags.token || ctxToken || env.SVC_ORCH_TOKEN : flags.token || env.SVC_ORCH_TOKEN || ctxToken;
  return { url, token: token || undefined, context: ctx ? named : undefined };
}
