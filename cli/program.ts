/**
 * The `svc` command tree: every command, its options and help, built without running anything,
 * so tests and `svc completion` read the same tree the CLI parses.
 */
import { Command } from 'commander';
import { VERSION } from '../runtime/version.js';
import { clientEnv } from './client.js';
import { addGlobalOptions } from './output.js';
import { registerHelp } from './help.js';
import { registerCompletionCommand } from './completion.js';
import { registerContextCommands } from './commands/context.js';
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
import { registerBudgetCommands } from './commands/budgets.js';
import { registerRootCommands, registerSessionAdminCommands } from './commands/root.js';
import { registerGovernanceCommands } from './commands/governance.js';
import { registerMigrateCommand } from './commands/migrate.js';

export function buildProgram(processEnv: NodeJS.ProcessEnv): Command {
  const program = new Command('svc')
    .description('orchestrator for AI agent crews')
    .version(VERSION)
    .showHelpAfterError(false)
    .exitOverride();
  const env = clientEnv(processEnv, () => program.opts());
  addGlobalOptions(program);
  registerRoleCommands(program);
  registerMigrateCommand(program);
  registerRuntimeCommands(program, env);
  registerEventCommands(program, env);
  registerMcpCommands(program, env);
  registerEvalCommands(program, registerFlowCommands(program, env), env);
  registerTriggerCommands(program, env);
  registerGateCommands(program, env);
  registerHeartbeatCommands(program, env);
  registerChainCommands(program, env);
  registerRootCommands(program, env);
  registerSessionAdminCommands(
    program.commands.find((c) => c.name() === 'sessions')!,
    env,
  );
  registerWalletCommands(program, env);
  registerEpochCommand(program, env);
  registerTickCommand(program, env);
  registerBudgetCommands(program, env);
  registerGovernanceCommands(program, env);
  registerContextCommands(program, processEnv);
  registerCompletionCommand(program);
  registerHelp(program);
  return program;
}
