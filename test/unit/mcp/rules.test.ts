/** Allowlist resolution: levels, exact beats *, kill switches, effect and tighten-only modes. */
import t from 'tap';
import { reportingLine, resolveTool } from '../../../actors/mcp-dispatch/rules.js';
import { parseToolName } from '../../../schemas/mcp-names.js';
import { ruleRow } from '../../helpers/rule-row.js';

const r = ruleRow;
const line = reportingLine({ ann: { crews: ['near', 'far'] } }, 'ann');

t.test('blocked until a rule allows it; never-classified counts as a write asking', async (t) => {
  t.match(resolveTool([], 'x', line), { state: 'blocked', effect: 'write', classified: false, mode: 'ask' });
  t.match(resolveTool([r('workspace', '', 'x', true)], 'x', line), { state: 'allowed', decidedBy: 'workspace' });
});

t.test('only the workspace admits; any refusal on the line wins', async (t) => {
  t.match(
    resolveTool([r('crew', 'far', 'x', true)], 'x', line),
    { state: 'blocked', decidedBy: undefined },
    'a crew allow admits nothing the workspace has not',
  );
  t.match(resolveTool([r('agent', 'ann', 'x', true, { mode: 'auto' })], 'x', line), { state: 'blocked' }, 'nor does an agent allow');
  t.match(resolveTool([r('workspace', '', 'x', true), r('crew', 'far', 'x', true)], 'x', line), {
    state: 'allowed',
    decidedBy: 'crew:far',
  });
  t.match(resolveTool([r('agent', 'ann', 'x', true), r('crew', 'far', '*', false)], 'x', line), {
    state: 'disabled',
    decidedBy: 'crew:far',
  });
  t.match(resolveTool([r('workspace', '', 'x', true), r('agent', 'ann', 'x', false)], 'x', line), {
    state: 'disabled',
    decidedBy: 'agent:ann',
  });
  t.match(resolveTool([r('workspace', '', 'x', true)], 'x', reportingLine({}, 'stranger')), { state: 'allowed' });
});

t.test('at one level an exact name beats *', async (t) => {
  t.match(resolveTool([r('workspace', '', '*', false), r('workspace', '', 'x', true)], 'x', line), { state: 'allowed' });
  t.match(resolveTool([r('workspace', '', '*', false), r('workspace', '', 'x', true)], 'y', line), { state: 'disabled' });
});

t.test('effect from the workspace; modes only tighten', async (t) => {
  const ws = r('workspace', '', 'x', true, { effect: 'write', mode: 'ask' });
  t.match(resolveTool([ws, r('crew', 'near', 'x', true, { mode: 'auto' })], 'x', line), { mode: 'ask' });
  t.match(resolveTool([ws, r('agent', 'ann', 'x', true, { mode: 'deny' })], 'x', line), { mode: 'deny' });
  t.match(resolveTool([r('workspace', '', 'x', true, { effect: 'read' })], 'x', line), {
    effect: 'read',
    classified: true,
    mode: undefined,
  });
  t.match(resolveTool([r('workspace', '', 'x', true, { mode: 'auto' })], 'x', line), { effect: 'write', mode: 'auto' });
  const implicit = r('workspace', '', 'x', true);
  t.match(
    resolveTool([implicit, r('crew', 'near', 'x', true, { mode: 'auto' })], 'x', line),
    { mode: 'ask' },
    'a crew auto cannot loosen the implicit ask',
  );
  t.match(resolveTool([implicit, r('agent', 'ann', 'x', true, { mode: 'auto' })], 'x', line), { mode: 'ask' }, 'nor can an agent auto');
  t.match(
    resolveTool(
      [
        r('workspace', '', 'x', true, { mode: 'auto' }),
        r('crew', 'far', 'x', true, { mode: 'ask' }),
        r('agent', 'ann', 'x', true, { mode: 'auto' }),
      ],
      'x',
      line,
    ),
    { mode: 'ask' },
    'tightened by the crew, not loosened again by the agent',
  );
});

t.test('names are parsed at the boundary', async (t) => {
  t.same(parseToolName('mcp__gh__create_issue'), { kind: 'external', server: 'gh', tool: 'create_issue' });
  t.same(parseToolName('mcp__gh__a__b'), { kind: 'external', server: 'gh', tool: 'a__b' });
  t.same(parseToolName('svc_org_tree'), { kind: 'first-party', name: 'svc_org_tree' });
  t.same(parseToolName('mcp__gh'), { kind: 'other', name: 'mcp__gh' });
  t.same(parseToolName('github.create'), { kind: 'other', name: 'github.create' });
});
