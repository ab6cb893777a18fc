/**
 * `svc chain dev [--org <file>] [--port <n>] [--out <file>]`: a local chain with svc's contracts
 * and a seeded org (chain/dev/up.ts), then the variables that point svc at it. It runs until
 * SIGINT or SIGTERM and stops anvil on the way out (a SIGKILL too, through anvil.ts's guard).
 * Exit 2 for a seed or option it refuses, before anything starts; 1 when the chain fails to come up.
 */
import type { Command } from 'commander';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../client.js';
import { printResult } from '../output.js';

interface Options {
  org?: string;
  port?: string;
  out?: string;
}

export function registerChainDevCommand(chain: Command): void {
  chain
    .command('dev')
    .description(
      'starts a local chain (anvil on 127.0.0.1, chain 31337), deploys the contracts, seeds the org, writes the deployment file; Ctrl-C stops it',
    )
    .option('--org <file>', 'org seed JSON (docs/chain.md "Seed format"); default the demo org')
    .option('--port <n>', 'port for anvil; default a free one')
    .option('--out <file>', 'where to write the deployment file; default in the temp directory')
    .action((o: Options, cmd: Command) => run(o, cmd));
}

async function run(o: Options, cmd: Command): Promise<void> {
  const port = o.port === undefined ? undefined : parsePort(o.port);
  // Loaded here, not at the top: every other command would pay for viem and the contract artifacts.
  const [{ readOrgSeedFile, OrgSeedError }, { devChainUp }, { anvilPrivateKey }, { ORCHESTRATOR_ACCOUNT }] = await Promise.all([
    import('../../chain/dev/seed.js'),
    import('../../chain/dev/up.js'),
    import('../../chain/dev/accounts.js'),
    import('../../chain/dev/deployment-file.js'),
  ]);
  let seed;
  try {
    seed = o.org === undefined ? undefined : readOrgSeedFile(o.org);
  } catch (err) {
    if (err instanceof OrgSeedError) throw new CliError(err.message, 2);
    throw err;
  }

  // Installed before anvil starts: a signal during the deploy must still stop it. Until the
  // handle exists, exiting is enough, since the guard in anvil.ts ends anvil when this process goes.
  let handle: Awaited<ReturnType<typeof devChainUp>> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    process.stderr.write(`svc chain dev: ${signal}, stopping anvil\n`);
    void (handle?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  try {
    handle = await devChainUp({
      ...(seed ? { seed } : {}),
      ...(port !== undefined ? { port } : {}),
      out: o.out ?? join(tmpdir(), `svc-chain-dev-${process.pid}.json`),
    });
  } catch (err) {
    throw new CliError(`cannot start the dev chain: ${(err as Error).message.split('\n')[0]}`, 1);
  }
  const { chain, file, path } = handle;
  const issuer = file.accounts.find((a) => a.roles.includes('issuer'))?.anvilIndex;
  const env: Record<string, string> = {
    SVC_CHAIN_RPC: chain.url,
    SVC_CHAIN_ID: String(chain.chainId),
    SVC_CHAIN_DEPLOYMENT: path!,
    SVC_ORCH_PRIVATE_KEY: anvilPrivateKey(ORCHESTRATOR_ACCOUNT),
    // A seed may name an issuer outside anvil's accounts: its key is not ours to print.
    ...(issuer !== undefined ? { SVC_ISSUER_PRIVATE_KEY: anvilPrivateKey(issuer) } : {}),
  };
  const lines = [
    `dev chain: anvil at ${chain.url} (chain ${chain.chainId}, pid ${chain.pid}); contracts deployed, org seeded`,
    `deployment file: ${path}`,
    'accounts:',
    ...file.accounts.map(
      (a) => `  ${a.anvilIndex ?? '-'}  ${a.address}  ${a.roles.join(', ')}${a.anvilIndex === undefined ? ' (keyless)' : ''}`,
    ),
    '',
    "# The keys below are anvil's well-known dev keys: PUBLIC test keys, for this local chain only; never send value to them elsewhere.",
    ...Object.entries(env).map(([k, v]) => `export ${k}=${v}`),
    '',
    'running; Ctrl-C or SIGTERM stops anvil',
  ];
  printResult(
    cmd,
    { rpcUrl: chain.url, chainId: chain.chainId, pid: chain.pid, deployment: path, accounts: file.accounts, env, publicDevKeys: true },
    lines,
  );
}

function parsePort(raw: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 65535) throw new CliError(`--port must be a port number 1-65535 (got "${raw}")`, 2);
  return n;
}
