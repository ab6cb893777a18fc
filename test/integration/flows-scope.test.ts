/**
 * Flow scope over HTTP with a declared org (SVC_ORG): team and agent flows follow the same
 * reporting lines the MCP allowlist uses, for listing, saving, running by id, delegation and
 * webhook trigger mint.
 */
import t from 'tap';
import { startSystem } from '../helpers/system.js';
import { req } from '../helpers/http.js';

const OP = 'operator-token-0123456789';
const TOKENS = { ann: 'seat-token-ann-0123456789', carl: 'seat-token-carl-012345678', 'crew-7': 'seat-token-crew7-01234567' } as const;
type Who = keyof typeof TOKENS;

const sys = await startSystem(t, {
  env: {
    SVC_ORCH_TOKEN: OP,
    SVC_IDENTITIES: JSON.stringify(Object.entries(TOKENS).map(([seat, token]) => ({ token, seat, kind: 'agent' }))),
    // ann sits in crew-7 (under lead); carl in crew-9, outside both.
    SVC_ORG: JSON.stringify({ ann: { crews: ['crew-7', 'lead'] }, carl: { crews: ['crew-9'] } }),
    LOG_LEVEL: 'warn',
  },
});
const as = (who: Who | 'op') => (method: string, path: string, body?: unknown) =>
  req(sys.url, method, path, body, who === 'op' ? OP : TOKENS[who]);
const steps = [{ id: 'a', kind: 'tool', tool: 'svc_echo', args: { text: 'ran' } }];
const listed = async (who: Who) => ((await as(who)('GET', '/flows')).body.flows as { id: string }[]).map((f) => f.id);

for (const flow of [
  { id: 'team-7', scope: { level: 'team', ref: 'crew-7' }, steps },
  { id: 'ann-only', scope: { level: 'agent', ref: 'ann' }, steps },
  { id: 'team-7-hook', trigger: 'webhook', scope: { level: 'team', ref: 'crew-7' }, steps },
]) {
  const r = await as('op')('POST', '/flows', { flow });
  if (r.status !== 200) throw new Error(`save ${flow.id}: ${r.status} ${r.text}`);
}

t.test('a team flow: visible to a member, invisible to an outsider', async (t) => {
  t.ok((await listed('ann')).includes('team-7'), 'ann (in crew-7) lists it');
  t.notOk((await listed('carl')).includes('team-7'), 'carl (crew-9) does not');
  const ran = await as('ann')('POST', '/flows/run', { id: 'team-7' });
  t.same([ran.status, ran.body.status, ran.body.principal], [200, 'completed', 'ann'], 'ann runs it by id, as herself');
  const refused = await as('carl')('POST', '/flows/run', { id: 'team-7' });
  t.same([refused.status, refused.body.error], [404, 'record_not_found'], 'carl cannot start it');
});

t.test('an agent flow: visible to the agent and its crew manager, not to others', async (t) => {
  t.ok((await listed('crew-7')).includes('ann-only'), 'crew-7 manages ann and lists it');
  t.ok((await listed('ann')).includes('ann-only'));
  t.notOk((await listed('carl')).includes('ann-only'));
  const ran = await as('crew-7')('POST', '/flows/run', { id: 'ann-only' });
  t.same([ran.status, ran.body.status, ran.body.principal], [200, 'completed', 'crew-7']);
});

t.test('saving into a team scope needs a line through it', async (t) => {
  const mine = await as('ann')('POST', '/flows', { flow: { id: 'ann-team', scope: { level: 'team', ref: 'crew-7' }, steps } });
  t.equal(mine.status, 200, 'a member saves into its team');
  const foreign = await as('carl')('POST', '/flows', { flow: { id: 'carl-team', scope: { level: 'team', ref: 'crew-7' }, steps } });
  t.same([foreign.status, foreign.body.error], [403, 'flow_forbidden'], 'an outsider may not');
});

t.test('a delegate loads a saved flow only when its line reaches the scope', async (t) => {
  const delegate = (agent: string) => ({ id: `to-${agent}`, steps: [{ id: 'd', kind: 'agent', agent, flowId: 'team-7' }] });
  const ok = await as('op')('POST', '/flows/run', { flow: delegate('ann') });
  t.same([ok.status, ok.body.status], [200, 'completed'], 'delegating team-7 to ann runs');
  const no = await as('op')('POST', '/flows/run', { flow: delegate('carl') });
  t.same([no.body.status, no.body.error?.code], ['error', 'flow_delegate_failed'], 'delegating team-7 to carl fails');
  t.match(no.body.error.message, /not visible to carl/);
});

t.test('a webhook trigger is minted only for a principal that can see the flow', async (t) => {
  const ok = await as('op')('POST', '/flows/triggers', { flowId: 'team-7-hook', principal: 'ann' });
  t.equal(ok.status, 200, 'ann is under crew-7');
  const no = await as('op')('POST', '/flows/triggers', { flowId: 'team-7-hook', principal: 'carl' });
  t.same([no.status, no.body.error], [400, 'invalid_request']);
  t.match(no.body.message, /not visible to principal carl/);
});
