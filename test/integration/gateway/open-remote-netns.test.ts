/**
 * Runs test/fixtures/open-remote-netns-body.ts in a fresh network namespace (`unshare -n`):
 * loopback plus a second, non-loopback address on it, so "a caller on another host" is tested
 * with the server and the caller both inside the namespace, where no packet can leave.
 */
import t from 'tap';
import { netnsSkip, runInNetns } from '../../helpers/netns.js';

const BODY = 'test/fixtures/open-remote-netns-body.ts';
const REMOTE = '10.200.0.1';

t.test('callers from another address, inside its own network namespace', { skip: netnsSkip({ addresses: [REMOTE] }) }, async (t) => {
  await runInNetns(t, BODY, { addresses: [REMOTE], env: { REMOTE_ADDR: REMOTE } }, 2);
});
