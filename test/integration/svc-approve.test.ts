/**
 * `svc_approve` without a chain, through every surface that serves first-party tools: listed by
 * GET /mcp/tools, refused 409 `no_chain` by POST /mcp/call, and a flow step on it fails the run
 * closed; no audit row, attempt or other record claims an approval.
 */
import t from 'tap';
import { startSystem } from '../helpers/system.js';
import { req } from '../helpers/http.js';
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import { FlowAttempt } from '../../store/entities/FlowAttempt.js';

const OP = 'operator-token-0123456789';
const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, LOG_LEVEL: 'warn' } });
const op = (method: string, path: string, body?: unknown) => req(sys.url, method, path, body, OP);

t.test('listed among the first-party tools', async (t) => {
  const tools = (await op('GET', '/mcp/tools')).body.tools as { name: string; kind: string }[];
  t.match(
    tools.find((x) => x.name === 'svc_approve'),
    { kind: 'first-party' },
  );
});

t.test('/mcp/call refuses it: no chain, nothing written', async (t) => {
  const before = await sys.store.em().count(AuditEvent, {});
  const r = await op('POST', '/mcp/call', { name: 'svc_approve', arguments: { intentId: 'intent-42' } });
  t.equal(r.status, 409);
  t.equal(r.body.error, 'no_chain');
  t.match(r.body.message, /no chain is configured, so intent intent-42 was not approved; nothing was written/);
  t.equal(await sys.store.em().count(AuditEvent, {}), before, 'no audit row');
});

t.test('a flow step on it fails the run closed instead of carrying on', async (t) => {
  const flow = {
    id: 'approve-it',
    steps: [
      { id: 'approve', kind: 'tool', tool: 'svc_approve', args: { intentId: '{{input}}' } },
      { id: 'after', kind: 'tool', tool: 'svc_echo', args: { text: 'approved' } },
    ],
  };
  const r = await op('POST', '/flows/run', { flow, input: 'intent-7' });
  t.equal(r.body.status, 'error');
  t.equal(r.body.error.code, 'no_chain');
  t.match(r.body.error.message, /intent intent-7 was not approved/);
  t.same(
    r.body.steps.map((s: { stepId: string }) => s.stepId),
    ['approve'],
    'the step after it never ran',
  );
  t.equal(await sys.store.em().count(FlowAttempt, { runId: r.body.id }), 0, 'no side-effect attempt was opened');
});
