/**
 * No import circles, type-only imports included (a circle of types is still two modules that
 * cannot be understood, or moved, one without the other). madge reads the TypeScript sources of
 * every folder tsconfig.json compiles.
 */
import t from 'tap';
import { ROOT } from '../helpers/paths.js';
import { readFileSync } from 'node:fs';
import madge from 'madge';

const root = `${ROOT}/`;
const tsconfig = `${root}tsconfig.json`;
const folders = (JSON.parse(readFileSync(tsconfig, 'utf8')) as { include: string[] }).include;

t.test('the sources import in no circle', async (t) => {
  const graph = await madge(folders, {
    baseDir: root,
    fileExtensions: ['ts'],
    tsConfig: tsconfig,
    detectiveOptions: { ts: { skipTypeImports: false } },
    excludeRegExp: [/\.d\.ts$/, /node_modules/],
  });
  t.ok(Object.keys(graph.obj()).length > 100, 'madge read the sources');
  t.same(
    graph.circular().map((c) => c.join(' -> ')),
    [],
    'no circle',
  );
});
