/**
 * Writes sdk/openapi.ts, the SDK's types, from the OpenAPI document (scripts/openapi.ts) with
 * `openapi-typescript`. `npm run build` runs it; test/unit/sdk-types.test.ts fails when the
 * committed file differs from what the current routes generate.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { openApiDocument } from './openapi.js';

const HEADER = '// Generated from the OpenAPI document by scripts/sdk-types.ts (`npm run build`); do not edit.\n\n';

export async function sdkTypes(): Promise<string> {
  const ast = await openapiTS((await openApiDocument()) as unknown as OpenAPI3, { alphabetize: true });
  return HEADER + astToString(ast);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const path = process.argv[2];
  if (path === undefined) throw new Error('usage: node dist/scripts/sdk-types.js sdk/openapi.ts');
  const text = await sdkTypes();
  // Unchanged types keep their file time, so watchers and incremental builds stay quiet.
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
}
