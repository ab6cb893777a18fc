/**
 * Resources and prompts through the tools' rule engine: their keys never collide with a tool's,
 * the server's `*` kills every kind while `resource:*` kills only resources, an allowed URI
 * template admits the URIs it matches unless a refusal names them, and served URIs map back to
 * exactly the server's.
 */
import t from 'tap';
import { reportingLine, resolveRule, resolveTool } from '../../../actors/mcp-dispatch/rules.js';
import { isToolKey, keyKind, ruleKey } from '../../../actors/mcp-dispatch/rule-keys.js';
import { admission } from '../../../actors/mcp-dispatch/admission.js';
import { parseSvcUri, svcTemplate, svcUri } from '../../../schemas/mcp-uri.js';
import { ruleRow } from '../../helpers/rule-row.js';
import type { ServerEntry } from '../../../actors/mcp-dispatch/context.js';

const r = ruleRow;
const line = reportingLine({ ann: { crews: ['near'] } }, 'ann');
const server = { owner: '', config: { id: 's', transport: 'http' }, runtime: true, origin: 'runtime' } as ServerEntry;

t.test('keys: a tool keeps its name, the other kinds a prefix no tool key has', async (t) => {
  t.equal(ruleKey('tool', 'echo'), 'echo');
  t.equal(ruleKey('resource', 'file:///a'), 'resource:file:///a');
  t.same(keyKind('prompt:review'), { kind: 'prompt', name: 'review' });
  t.notOk(isToolKey('resource:file:///a'), 'a tool published under a resource key is no tool');
  const rs = [r('workspace', '', 'resource:file:///a', true)];
  t.equal(resolveTool(rs, 'resource:file:///a', line).state, 'allowed', 'the engine itself knows no kinds...');
  t.equal(resolveRule(rs, 'resource', 'file:///a', line).state, 'allowed');
  t.equal(resolveRule(rs, 'prompt', 'file:///a', line).state, 'blocked', '...the key does: a prompt of that name is not allowed');
  t.equal(resolveTool(rs, 'file:///a', line).state, 'blocked');
});

t.test('wildcards: the server kill switch kills every kind; a kind wildcard only its kind', async (t) => {
  const allowed = [r('workspace', '', 'resource:file:///a', true), r('workspace', '', 'prompt:p', true), r('workspace', '', 'echo', true)];
  const killed = [...allowed, r('crew', 'near', '*', false)];
  for (const [kind, name] of [
    ['resource', 'file:///a'],
    ['prompt', 'p'],
    ['tool', 'echo'],
  ] as const)
    t.match(resolveRule(killed, kind, name, line), { state: 'disabled', decidedBy: 'crew:near' }, `${kind} killed`);
  const resourcesOnly = [...allowed, r('agent', 'ann', 'resource:*', false)];
  t.equal(resolveRule(resourcesOnly, 'resource', 'file:///a', line).state, 'disabled');
  t.equal(resolveRule(resourcesOnly, 'prompt', 'p', line).state, 'allowed');
  t.equal(resolveRule(resourcesOnly, 'tool', 'echo', line).state, 'allowed');
});

t.test('an allowed template admits the URIs it matches, never past a refusal', async (t) => {
  const rs = [r('workspace', '', 'resource:note:///{id}', true)];
  const a = admission(server, rs, line);
  t.ok(a.reads('note:///alpha'));
  t.notOk(a.reads('other:///alpha'));
  t.ok(a.admits('resource', 'note:///{id}'));
  t.notOk(admission(server, [...rs, r('crew', 'near', 'resource:note:///alpha', false)], line).reads('note:///alpha'), 'a named refusal');
  t.notOk(admission(server, [...rs, r('crew', 'near', '*', false)], line).reads('note:///alpha'), 'the kill switch');
  t.notOk(
    admission(server, [r('crew', 'near', 'resource:note:///{id}', true)], line).reads('note:///alpha'),
    'a crew allow admits nothing',
  );
});

t.test('served URIs decode to exactly the server URI', async (t) => {
  for (const uri of ['file:///docs/readme.md', 'https://x.test/a?b=c&d=%20e#f', 'weird:/ {x} %zz'])
    t.same(parseSvcUri(svcUri('docs', uri)), { server: 'docs', uri });
  t.equal(svcTemplate('docs', 'note:///{id}/x'), 'svc-mcp://docs/note%3A%2F%2F%2F{id}%2Fx');
  t.same(parseSvcUri(svcTemplate('docs', 'note:///{id}').replace('{id}', 'al%2Fpha')), { server: 'docs', uri: 'note:///al/pha' });
  t.equal(parseSvcUri('file:///a'), undefined);
  t.equal(parseSvcUri('svc-mcp://Docs/x'), undefined, 'a server id is lowercase');
  t.equal(parseSvcUri('svc-mcp://docs/%E0%A4%A'), undefined, 'a broken escape');
});
