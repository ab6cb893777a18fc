/**
 * `svc context set|use|list|current|delete`: named targets (a URL and maybe a token) kept in the
 * CLI's config file (cli/context.ts). A token is stored, never shown: listings say set or unset.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { CliError, EXIT_USAGE } from '../errors.js';
import { checkName, checkUrl, configPath, readConfig, writeConfig, type ConfigFile } from '../context.js';
import { printList, printResult } from '../output.js';

interface ContextRow {
  name: string;
  url: string;
  token: 'set' | 'unset';
  current: boolean;
}

function rows(config: ConfigFile): ContextRow[] {
  return Object.entries(config.contexts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, c]) => ({ name, url: c.url, token: c.token ? 'set' : 'unset', current: config.current === name }));
}

function mustExist(config: ConfigFile, name: string, path: string): void {
  if (!config.contexts[name]) {
    const known = Object.keys(config.contexts).join(', ') || 'none yet: svc context set <name> --url <url>';
    throw new CliError(`no context ${name} in ${path} (contexts: ${known})`, EXIT_USAGE);
  }
}

export function registerContextCommands(program: Command, env: NodeJS.ProcessEnv): void {
  const path = () => configPath(env);
  const context = program.command('context').description('named API targets (a URL and a token) to switch between, like kubectl contexts');

  context
    .command('set <name>')
    .description(
      "creates or updates a context from the global --url and --token (--token - reads it from stdin, out of the shell's history); the first context becomes current",
    )
    .action((name: string, _o: unknown, cmd: Command) => {
      // --url and --token are the program's own options (every command takes them), read here as the context's values.
      const o = cmd.optsWithGlobals<{ url?: string; token?: string }>();
      checkName(name);
      if (o.url === undefined) throw new CliError('svc context set <name> needs --url <url>', EXIT_USAGE);
      const url = checkUrl(o.url);
      const token = o.token === '-' ? readFileSync(0, 'utf8').trim() : o.token;
      if (token === '') throw new CliError('--token -: nothing on stdin', EXIT_USAGE);
      const config = readConfig(path());
      const prev = config.contexts[name];
      // A token kept across a change of URL would be sent to a server it was never meant for.
      const kept = prev && prev.url === url ? prev.token : undefined;
      config.contexts[name] = { url, ...((token ?? kept) ? { token: (token ?? kept)! } : {}) };
      const becameCurrent = config.current === undefined || !config.contexts[config.current];
      if (becameCurrent) config.current = name;
      writeConfig(path(), config);
      const row = rows(config).find((r) => r.name === name)!;
      printResult(cmd, row, `context ${name}: ${url}, token ${row.token}${becameCurrent || row.current ? ' (current)' : ''}`);
    });

  context
    .command('use <name>')
    .description('makes a context the current one: client commands call its URL with its token')
    .action((name: string, _o: unknown, cmd: Command) => {
      const config = readConfig(path());
      mustExist(config, name, path());
      config.current = name;
      writeConfig(path(), config);
      printResult(cmd, { current: name }, `now using context ${name} (${config.contexts[name]!.url})`);
    });

  context
    .command('list')
    .description('every context, its URL, whether it has a token (never the token) and which is current')
    .action((_o: unknown, cmd: Command) => {
      const config = readConfig(path());
      const list = rows(config);
      printList(
        cmd,
        { current: config.current ?? null, contexts: list },
        list,
        [
          { header: 'current', value: (r) => (r.current ? '*' : ' ') },
          { header: 'name', value: (r) => r.name },
          { header: 'url', value: (r) => r.url, max: 80 },
          { header: 'token', value: (r) => r.token },
        ],
        '(no contexts: svc context set <name> --url <url>)',
      );
    });

  context
    .command('current')
    .description('the name of the current context')
    .action((_o: unknown, cmd: Command) => {
      const config = readConfig(path());
      const name = config.current !== undefined && config.contexts[config.current] ? config.current : undefined;
      printResult(cmd, { current: name ?? null }, name ?? '(none: commands use SVC_URL or the default URL)');
    });

  context
    .command('delete <name>')
    .description('removes a context and its token from the config file')
    .action((name: string, _o: unknown, cmd: Command) => {
      const config = readConfig(path());
      mustExist(config, name, path());
      delete config.contexts[name];
      if (config.current === name) delete config.current;
      writeConfig(path(), config);
      printResult(cmd, { deleted: name }, `deleted context ${name}`);
    });
}
