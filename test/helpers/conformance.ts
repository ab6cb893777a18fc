/**
 * The official MCP conformance suite for a test file: installed (or found in its cache) once, or
 * a reason to skip when the npm registry cannot be reached and nothing is cached. Under CI=true a
 * missing suite is a failure, never a silent skip.
 */
import type { Test } from 'tap';
import { RegistryUnreachable, cacheRoot, ensureSuite, type Suite } from '../../scripts/mcp-conformance.js';

/** The suite, or the reason the calling file should skip (its plan already set to 0). */
export async function conformanceSuiteOrSkip(t: Test): Promise<Suite | undefined> {
  try {
    return await ensureSuite(cacheRoot(), (s) => t.comment(s));
  } catch (e) {
    if (!(e instanceof RegistryUnreachable)) throw e;
    if (process.env.CI === 'true') throw new Error(`CI needs the conformance suite: ${e.message}`, { cause: e });
    t.plan(0, `the conformance suite is not installed and ${e.message.split('\n')[0]!.replace(/:$/, '')}`);
    return undefined;
  }
}
