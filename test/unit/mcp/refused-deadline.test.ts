/**
 * A call refused before it goes out (here: a stdio server, which a hosted policy refuses) ends its
 * deadline with the refusal. Left running, the deadline would trip long after the answer, hold
 * its closure that long, and keep a stopping process alive until it fired.
 */
import t from 'tap';
import { egressPolicy } from '../../../actors/mcp-dispatch/egress.js';
import { Bounds } from '../../../actors/mcp-dispatch/bounds.js';
import { withClient, type SessionDeps } from '../../../actors/mcp-dispatch/session.js';

const policy = egressPolicy({
  servers: [],
  refreshMinutes: 60,
  auditArgs: false,
  hosted: true,
  allowHosts: undefined,
  allowStdio: undefined,
  allowLoopback: false,
  allowEnv: undefined,
  maxConcurrency: 64,
});

t.test('a refused call does not leave its deadline running', async (t) => {
  const deps = { policy, resolver: async () => [], readEnv: () => undefined, sessionKey: undefined } as unknown as SessionDeps;
  const target = { owner: '', runtime: true, config: { id: 'local', transport: 'stdio' as const, command: 'true' } };
  const bounds = new Bounds('local', 50, 1_000);
  let ran = false;
  await t.rejects(
    withClient(deps, target, bounds, async () => {
      ran = true;
    }),
    { code: /refused/ },
    'refused by the policy',
  );
  t.equal(ran, false, 'nothing went out');
  await new Promise((r) => setTimeout(r, 150));
  t.equal(bounds.tripped, undefined, 'the deadline ended with the refusal: it never tripped');
});
