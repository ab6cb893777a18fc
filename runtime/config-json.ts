/**
 * The two pieces every settings parser shares: the one-line error that stops the process naming
 * the variable, and "inline JSON or a file path". Apart from runtime/config.ts so the parsers of
 * one concern (runtime/chain-config.ts) can use them without an import cycle.
 */
import { readFileSync } from 'node:fs';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`config: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Inline JSON or a path to a JSON file. */
export function readJsonSetting(variable: string, raw: string): unknown {
  const text = raw.trimStart().startsWith('[') || raw.trimStart().startsWith('{') ? raw : readSettingFile(variable, raw);
  try {
    return JSON.parse(text);
  } catch {
    throw new ConfigError(variable, 'must be valid JSON (inline or in the named file)');
  }
}

function readSettingFile(variable: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(variable, `names a file that cannot be read (${path})`);
  }
}
