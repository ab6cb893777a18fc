/**
 * sdk/openapi.ts is generated from the routes; a route changed without
 * `npm run build` leaves the SDK describing the old API, and this fails.
 */
import t from 'tap';
import { repoPath } from '../helpers/paths.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

t.test('the committed SDK types are what the current OpenAPI document generates', async (t) => {
  try {
    createRequire(import.meta.url).resolve('openapi-typescript');
  } catch {
    return t.fail('openapi-typescript is not installed: run `npm install` (it is a devDependency)');
  }
  const { sdkTypes } = await import('../../scripts/sdk-types.js');
  const committed = readFileSync(repoPath('sdk/openapi.ts'), 'utf8');
  const fresh = await sdkTypes();
  t.ok(committed === fresh, 'sdk/openapi.ts is stale: run `npm run build` and commit it');
  t.match(fresh, /saveFlow: \{/, 'operations are named by their operationId');
});
