/**
 * The MCP aggregate's write plans (store/mcp/plan.ts), which both engines render: rows are keyed
 * within their owner's namespace, discovery revokes only the allow rules of the tools it names,
 * and a write that reports "already there" checks its key.
 */
import t from 'tap';
import { planDeleteSecret, planPutSecret, planPutServer, planRevokeAllows, planUpsertRule } from '../../store/mcp/plan.js';
import { renderUpsert } from '../../store/plan.js';

const now = new Date('2026-11-28T05:00:00Z');

t.test("one owner's server or secret never has another owner's key", async (t) => {
  const a = planPutServer('crew:a', { id: 'fs' } as never, 'op', now);
  const b = planPutServer('crew:b', { id: 'fs' } as never, 'op', now);
  t.ok('upsert' in a && 'upsert' in b);
  if (!('upsert' in a) || !('upsert' in b)) return;
  t.not(a.upsert.row.key, b.upsert.row.key);
  t.ok(a.existed, 'an attach reports a server replaced');
  const s = planPutSecret('crew:a', 'token', 'sealed', '1234', now);
  t.same('upsert' in s && s.upsert.row, {
    key: 'crew:a/token',
    owner: 'crew:a',
    ref: 'token',
    sealed: 'sealed',
    last4: '1234',
    updated_at: now,
  });
  t.same(planDeleteSecret('crew:a', 'token'), { table: 'mcp_secret', delete: [{ col: 'key', eq: 'crew:a/token' }], returning: ['last4'] });
});

t.test('discovery drops only the enabled rules of the tools it names, in that owner and server', async (t) => {
  const p = planRevokeAllows('crew:a', 'fs', ['read', 'write']);
  t.same('delete' in p && p.delete, [
    { col: 'owner', eq: 'crew:a' },
    { col: 'server', eq: 'fs' },
    { col: 'tool', in: ['read', 'write'] },
    { col: 'enabled', eq: true },
  ]);
});

t.test('a rule is one row per (owner, server, tool, level, ref), replaced whole', async (t) => {
  const rule = { owner: 'o', server: 's', tool: 't', level: 'crew', ref: 'c', enabled: true, effect: undefined, mode: undefined } as const;
  const a = planUpsertRule(rule, 'op', now);
  const b = planUpsertRule({ ...rule, enabled: false }, 'op', now);
  if (!('upsert' in a) || !('upsert' in b)) return t.fail('an upsert');
  t.equal(a.upsert.row.key, b.upsert.row.key);
  const other = planUpsertRule({ ...rule, ref: 'd' }, 'op', now);
  t.not(a.upsert.row.key, 'upsert' in other && other.upsert.row.key, 'another ref is another rule');
  const binder = {
    date: (d: Date | null) => d?.getTime() ?? null,
    json: (v: unknown) => JSON.stringify(v),
    bool: (x: boolean) => (x ? 1 : 0),
  };
  const r = renderUpsert('"mcp_rule"', a.upsert, binder);
  t.match(r.text, /on conflict \("key"\) do update set "owner" = excluded."owner", .*"enabled" = excluded."enabled"/);
  t.notMatch(r.text, /"key" = excluded/);
});
