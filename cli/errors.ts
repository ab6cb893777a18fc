/**
 * How the CLI fails: one line on stderr and an exit code a script can tell apart.
 * 0 done; 1 the server refused or failed (or could not be reached, or a run ended in error);
 * 2 the command line itself was wrong (unknown command or option, a missing or bad argument).
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = EXIT_FAILED,
  ) {
    super(message);
  }
}
