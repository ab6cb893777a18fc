/**
 * The SDK as a user reaches it: `@svc/sdk` through its package's exports, the typed
 * client against a running `svc serve`, and `svc flows code` output that imports and evaluates
 * back to the saved definition.
 */
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireBuild, ROOT, runCli, startSvc } from '../helpers/process.js';

const TOKEN = 'sdk-test-token-0123456789';
type Sdk = typeof import('@svc/sdk');

t.test('@svc/sdk: a flow built in code saved and run with the typed client, then printed back by svc flows code', async (t) => {
  requireBuild();
  // Through the package's name and exports map, as a dependent project imports it.
  const sdk = (await import('@svc/sdk' as string)) as Sdk;
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: TOKEN });
  const client = sdk.svcClient({ baseUrl: `${serve.url!}/`, token: TOKEN });

  const def = sdk
    .flow('sdk-hello', { title: 'From code' })
    .model('think', { prompt: 'Say hello to {{input}}', next: 'check' })
    .branch('check', { input: '{{steps.think.text}}', op: 'truthy', onTrue: null, onFalse: null })
    .build();
  const saved = await client.POST('/flows', { body: { flow: def } });
  t.equal(saved.response.status, 200, JSON.stringify(saved.error));
  t.equal(saved.data?.id, 'sdk-hello');

  const run = await client.POST('/flows/run', { body: { id: 'sdk-hello', input: 'svc' } });
  t.equal(run.response.status, 200, JSON.stringify(run.error));
  t.equal(run.data && 'steps' in run.data ? run.data.status : undefined, 'completed');

  const refused = await client.POST('/flows', {
    body: { flow: { id: 'bad', steps: [{ id: 'a', kind: 'model', prompt: 'x', next: 'b' }] } },
  });
  t.equal(refused.response.status, 400);
  t.equal(refused.error?.error, 'invalid_flow', 'an error answer comes back typed as the error body');

  const noToken = await sdk.svcClient({ baseUrl: serve.url! }).GET('/flows');
  t.equal(noToken.response.status, 401);

  const env = { SVC_URL: serve.url!, SVC_ORCH_TOKEN: TOKEN };
  const code = await runCli(['flows', 'code', 'sdk-hello'], env);
  t.equal(code.code, 0, code.stderr);
  t.match(code.stdout, /^import \{ flow \} from '@svc\/sdk';\n/);
  // Saved inside the project, so `@svc/sdk` resolves as the project's dependency.
  const file = join(ROOT, 'dist', `flow-code-${randomUUID()}.mjs`);
  writeFileSync(file, code.stdout);
  t.teardown(() => rmSync(file, { force: true }));
  const evaluated = ((await import(pathToFileURL(file).href)) as { default: unknown }).default;
  t.strictSame(evaluated, def, 'the printed module evaluates to the saved definition');

  const missing = await runCli(['flows', 'code', 'no-such-flow'], env);
  t.equal(missing.code, 1);
  t.equal(missing.stderr, 'svc: no saved flow no-such-flow is visible to this caller\n');
});
