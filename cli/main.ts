#!/usr/bin/env node
/**
 * `svc`: process roles (serve, gateway, worker) and a thin client of the HTTP API. The client's
 * target is --url/--token, SVC_URL/SVC_ORCH_TOKEN, or a named context (cli/context.ts).
 */
import { CommanderError } from 'commander';
import { CliError, EXIT_FAILED, EXIT_USAGE } from './errors.js';
import { exitQuietlyOnClosedPipe, safeText } from './output.js';
import { decideColor, paint } from './style.js';
import { buildProgram } from './program.js';

exitQuietlyOnClosedPipe();
// Decided before parsing, so that even a refusal of the command line is coloured (or not) alike.
decideColor(process.env, process.argv.includes('--no-color'));
const program = buildProgram(process.env);

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
