#!/usr/bin/env node
/**
 * `svc`: process roles (serve, gateway, worker) and a thin client of the HTTP API. The client's
 * target is --url/--token, SVC_URL/SVC_ORCH_TOKEN, or a named context (cli/context.ts).
 */
import { Command, CommanderError } from 'commander';
import { VERSION } from '../runtime/version.js';
import { clientEnv } from './client.js';
import { CliError, EXIT_FAILED, EXIT_USAGE } from './errors.js';
import { addGlobalOptions, exitQuietlyOnClosedPipe, safeText } from './output.js';
import { decideColor, paint } from './style.js';
import { registerHelp } from './help.js';
import { registerCompletionCommand } from './completion.js';
import { registerContextCommands } from './commands/context.js';
import { registerRoleCommands } from './commands/roles.js';
import { registerRuntimeCommands } from './commands/runtime.js';
import { registerMcpCommands } from './commands/mcp.js';
import { registerFlowCommands } from './commands/flows.js';
import { registerEvalCommands } from './commands/evals.js';
import { registerTriggerCommands } from './commands/triggers.js';
import { registerGateCommands } from './commands/gates.js';
import { registerHeartbeatCommands } from './commands/heartbeat.js';
import { registerChainCommands } from './commands/chain.js';
import { registerWalletCommands } from './commands/wallets.js';
import { registerEpochCommand } from './commands/epoch.js';
import { registerTickCommand } from './commands/tick.js';

const program = new Command('svc').description('orchestrator for AI agent crews').version(VERSION).showHelpAfterError(false).exitOverride();

exitQuietlyOnClosedPipe();
// Decided before parsing, so that even a refusal of the command line is coloured (or not) alike.
decideColor(process.env, process.argv.includes('--no-color'));
const env = clientEnv(process.env, () => program.opts());
addGlobalOptions(program);
registerRoleCommands(program);
registerRuntimeCommands(program, env);
registerMcpCommands(program, env);
registerEvalCommands(program, registerFlowCommands(program, env), env);
registerTriggerCommands(program, env);
registerGateCommands(program, env);
registerHeartbeatCommands(program, env);
registerChainCommands(program, env);
registerWalletCommands(program, env);
registerEpochCommand(program, env);
registerTickCommand(program, env);
registerContextCommands(program, process.env);
registerCompletionCommand(program);
registerHelp(program);

const fail = (message: string) => process.stderr.write(`${paint('red', 'svc:', 'stderr')} ${message}\n`);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  // Commander has already said what was wrong with the command line; help and --version are 0.
  if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : EXIT_USAGE);
  if (err instanceof CliError) {
    fail(safeText(err.message));
    process.exit(err.exitCode);
  }
  fail(safeText((err as Error).message?.split('\n')[0] ?? String(err)));
  process.exit(EXIT_FAILED);
}
