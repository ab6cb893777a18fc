/**
 * The OpenAPI document is what clients are generated from: every operation named,
 * the flow definition typed, each route's error codes listed, the public routes marked open, and
 * the whole passing `redocly lint` with the recommended rules.
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openApiDocument } from '../../scripts/openapi.js';
import { OPERATIONS } from '../../gateway/openapi.js';
import { STEP_KINDS } from '../../schemas/flows.js';

type Op = {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: any;
  responses: Record<string, any>;
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const doc = (await openApiDocument()) as { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, any> } };
const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.includes(m))
    .map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })),
);

t.test('every route has an operationId, and each is unique', async (t) => {
  t.ok(ops.length > 40, `${ops.length} operations`);
  for (const { key, op } of ops) t.match(op.operationId, /^[a-z][A-Za-z]+$/, `${key} has an operationId`);
  const ids = ops.map(({ op }) => op.operationId);
  t.equal(new Set(ids).size, ids.length, 'no two operations share an id');
  const routes = new Set(ops.map(({ key }) => key));
  for (const key of Object.keys(OPERATIONS)) t.ok(routes.has(key), `the table's ${key} is a route`);
});

t.test('the flow body is the real definition: a union of step kinds discriminated by kind', async (t) => {
  const body = doc.paths['/flows']!.post!.requestBody;
  t.same(body.content['application/json'].schema.properties.flow, { $ref: '#/components/schemas/Flow' });
  const { Flow, Step } = doc.components.schemas;
  t.same(Flow.properties.steps.items, { $ref: '#/components/schemas/Step' });
  t.equal(Step.discriminator.propertyName, 'kind');
  t.same(Object.keys(Step.discriminator.mapping).sort(), [...STEP_KINDS].sort());
  const model = doc.components.schemas.ModelStep;
  t.ok(model.required.includes('prompt'), 'a model step requires its prompt');
  t.equal(model.additionalProperties, false);
  const template = doc.paths['/flows/templates']!.get!.responses['200'].content['application/json'].schema;
  t.same(template.properties.templates.items.properties.flow, { $ref: '#/components/schemas/Flow' });
});

t.test('error responses enumerate the catalogue codes each route answers', async (t) => {
  const save = doc.paths['/flows']!.post!.responses;
  const pattern = new RegExp(save['400'].content['application/json'].schema.properties.error.pattern);
  t.ok(pattern.test('invalid_flow'), 'POST /flows lists invalid_flow');
  t.ok(pattern.test('invalid_request'));
  t.notOk(pattern.test('mcp_call_timeout'), 'and not codes of other routes');
  t.match(save['403'].description, /flow_forbidden/);
  t.match(doc.paths['/mcp/call']!.post!.responses['504'].description, /mcp_call_timeout/);
  for (const { key, op } of ops) {
    const errors = Object.keys(op.responses).filter((s) => Number(s) >= 400);
    t.ok(errors.length > 0, `${key} lists its errors`);
  }
});

t.test('/health and /hooks/{triggerId} need no bearer token; the hook documents its signature headers', async (t) => {
  t.same(doc.paths['/health']!.get!.security, []);
  const hook = doc.paths['/hooks/{triggerId}']!.post!;
  t.same(hook.security, []);
  t.notOk(hook.responses['401'].description.includes('`unauthorized`'), 'a delivery is never refused for the bearer token');
  const headers = (hook.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
  for (const h of ['X-Svc-Signature', 'X-Svc-Timestamp', 'X-Hub-Signature-256', 'X-GitHub-Event', 'X-GitHub-Delivery', 'Authorization'])
    t.ok(headers.includes(h), `${h} is described`);
  t.equal(doc.paths['/flows']!.get!.security, undefined, 'other routes keep the document-wide bearer');
});

t.test('the document passes redocly lint (recommended rules)', async (t) => {
  let cli: string;
  try {
    const pkg = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
    cli = join(dirname(pkg), 'bin', 'cli.js');
  } catch {
    return t.fail('@redocly/cli is not installed: run `npm install` (it is a devDependency)');
  }
  const file = join(mkdtempSync(join(tmpdir(), 'svc-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  const out = spawnSync(process.execPath, [cli, 'lint', file, '--extends', 'recommended', '--format', 'json'], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const report = JSON.parse(out.stdout) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; message: string }[];
  };
  t.same(
    report.problems.map((p) => `${p.ruleId}: ${p.message}`),
    [],
    'no problems',
  );
  t.equal(report.totals.errors, 0);
  t.equal(out.status, 0);
});
