#!/usr/bin/env node
/**
 * `svc`: process roles (serve, gateway, worker) and a thin client of the HTTP API
 * (SVC_URL, default http://127.0.0.1:8788; SVC_ORCH_TOKEN).
 */
import { Command, CommanderError } from 'commander';
import { VERSION } from '../runtime/version.js';
import { clientEnv, CliError } from './client.js';
import { addJsonOption, exitQuietlyOnClosedPipe, safeText } from './output.js';
import { registerRoleCommands } from './commands/roles.js';
import { registerRuntimeCommands } from './commands/runtime.js';
import { registerEventCommands } from './commands/events.js';
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
const env = clientEnv(process.env);
addJsonOption(program);
registerRoleCommands(program);
registerRuntimeCommands(program, env);
registerEventCommands(program, env);
registerMcpCommands(program, env);
registerEvalCommands(program, registerFlowCommands(program, env), env);
registerTriggerCommands(program, env);
registerGateCommands(program, env);
registerHeartbeatCommands(program, env);
registerChainCommands(program, env);
registerWalletCommands(program, env);
registerEpochCommand(program, env);
registerTickCommand(program, env);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exit(err.exitCode);
  if (err instanceof CliError) {
    process.stderr.write(`svc: ${safeText(err.message)}\n`);
    process.exit(err.exitCode);
  }
  process.stderr.write(`svc: ${(err as Error).message?.split('\n')[0] ?? String(err)}\n`);
  process.exit(1);
}
