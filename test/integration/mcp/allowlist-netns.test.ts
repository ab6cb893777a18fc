/**
 * Runs test/fixtures/allowlist-netns-body.ts in a fresh network namespace (loopback only): the
 * allowlist entries name public and private addresses, and attach tries to reach the public ones.
 */
import t from 'tap';
import { netnsSkip, runInNetns } from '../../helpers/netns.js';

const BODY = 'test/fixtures/allowlist-netns-body.ts';

t.test('allowlist spellings inside its own network namespace', { skip: netnsSkip() }, async (t) => {
  await runInNetns(t, BODY, {}, 4);
});
