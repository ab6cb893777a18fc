/**
 * The shape of the imports, read once by madge from the TypeScript sources of every folder
 * tsconfig.json compiles (type-only imports included: a type is still a dependency a reader must
 * follow):
 * - no import circles (two modules that cannot be understood, or moved, one without the other);
 * - the floors of layers.json: a folder imports only from folders on floors below its own,
 *   except the arrows that file names under `upward`, at most one, each with its reason.
 */
import t from 'tap';
import { ROOT } from '../helpers/paths.js';
import { readFileSync } from 'node:fs';
import madge from 'madge';

const root = `${ROOT}/`;
const tsconfig = `${root}tsconfig.json`;
const folders = (JSON.parse(readFileSync(tsconfig, 'utf8')) as { include: string[] }).include;

interface Layers {
  readonly floors: readonly { readonly folders: readonly string[] }[];
  readonly upward: readonly { readonly from: string; readonly to: string; readonly why: string }[];
}
const layers = JSON.parse(readFileSync(`${root}layers.json`, 'utf8')) as Layers;

const graph = madge(folders, {
  baseDir: root,
  fileExtensions: ['ts'],
  tsConfig: tsconfig,
  detectiveOptions: { ts: { skipTypeImports: false } },
  excludeRegExp: [/\.d\.ts$/, /node_modules/],
});

t.test('the sources import in no circle', async (t) => {
  const g = await graph;
  t.ok(Object.keys(g.obj()).length > 100, 'madge read the sources');
  t.same(
    g.circular().map((c) => c.join(' -> ')),
    [],
    'no circle',
  );
});

/** Floor number of each folder, the top floor 0. */
const floorOf = new Map(layers.floors.flatMap((f, i) => f.folders.map((d) => [d, i] as const)));

/** Every folder-to-folder import that does not go down a floor, as `from -> to` with one file pair for each. */
function arrowsNotDown(obj: Record<string, string[]>): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const [file, deps] of Object.entries(obj)) {
    const from = file.split('/')[0]!;
    for (const dep of deps) {
      const to = dep.split('/')[0]!;
      if (to === from || floorOf.get(to)! > floorOf.get(from)!) continue;
      const key = `${from} -> ${to}`;
      arrows.set(key, [...(arrows.get(key) ?? []), `${file} -> ${dep}`]);
    }
  }
  return arrows;
}

t.test('layers.json places every compiled folder on one floor', async (t) => {
  const placed = layers.floors.flatMap((f) => f.folders);
  t.same(
    folders.filter((d) => !floorOf.has(d)),
    [],
    'every folder tsconfig.json compiles has a floor',
  );
  t.equal(new Set(placed).size, placed.length, 'no folder on two floors');
});

t.test('a folder imports only from the floors below it, but for the named arrows', async (t) => {
  const arrows = arrowsNotDown((await graph).obj());
  t.ok(layers.upward.length <= 1, 'at most one arrow back up is allowed');
  for (const u of layers.upward) {
    t.ok(u.why.trim().length > 0, `${u.from} -> ${u.to} says why`);
    t.ok(arrows.has(`${u.from} -> ${u.to}`), `${u.from} -> ${u.to} is still in the code (else strike it from layers.json)`);
  }
  const named = new Set(layers.upward.map((u) => `${u.from} -> ${u.to}`));
  t.same(Object.fromEntries([...arrows].filter(([k]) => !named.has(k))), {}, 'no other import runs sideways or back up');
});

t.test('the check sees an arrow back up', async (t) => {
  t.same(
    [...arrowsNotDown({ 'schemas/a.ts': ['identity/b.ts', 'schemas/c.ts'], 'gateway/d.ts': ['queries/e.ts'] }).keys()],
    ['schemas -> identity'],
  );
  t.same(
    [...arrowsNotDown({ 'flows/a.ts': ['queries/b.ts'] }).keys()],
    ['flows -> queries'],
    'a sibling on the same floor is no floor below',
  );
});
