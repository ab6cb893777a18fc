// The test runner instruments every process a test spawns (it injects a module-tracking loader
// through NODE_OPTIONS, for coverage this suite does not collect). That loader triples the start
// of a CLI call or a server, and the e2e tier spawns hundreds of them, so the processes a test
// starts run as they do in production: without it. The test process itself keeps it.
import { createRequire } from 'node:module';

// The listener lives in the runner's own copy of process-on-spawn: reach it from there.
createRequire(import.meta.resolve('@tapjs/processinfo'))('process-on-spawn').removeAllListeners();
if (process.env.NODE_OPTIONS) {
  const kept = process.env.NODE_OPTIONS.split(/\s+/).filter((o) => o !== '' && !o.includes('@tapjs/processinfo'));
  if (kept.length > 0) process.env.NODE_OPTIONS = kept.join(' ');
  else delete process.env.NODE_OPTIONS;
}
