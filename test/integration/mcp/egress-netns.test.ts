/**
 * Runs test/fixtures/egress-netns-body.ts in a fresh network namespace (`unshare -n`, loopback
 * only): the SSRF spellings, DNS answers and redirects are exercised where no packet can leave.
 */
import t from 'tap';
import { netnsSkip, runInNetns } from '../../helpers/netns.js';

const BODY = 'test/fixtures/egress-netns-body.ts';

/** Names whose only answers are private, served by the system resolver through a hosts file mounted in the namespace. */
const PRIVATE_NAMES: Record<string, string> = {
  'internal.example': '10.1.2.3',
  'metadata.example': '169.254.169.254',
  'ula.example': 'fd12::1',
};

t.test('egress matrix inside its own network namespace', { skip: netnsSkip() }, async (t) => {
  await runInNetns(t, BODY, { hosts: PRIVATE_NAMES, env: { EGRESS_HOSTS: Object.keys(PRIVATE_NAMES).join(',') } }, 3);
});
