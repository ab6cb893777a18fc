/**
 * Actors talk to each other only through the bus: no file under
 * actors/<a>/ imports from actors/<b>/. What two actors share lives in a module both depend on
 * (schemas/, identity/, store/, runtime/). A static scan of the import specifiers, so a new
 * cross-actor import fails here before it is ever run. Their clients (gateway/, sdk/, evals/,
 * cli/) and the domain code they share (flows/, ingress/, queries/) never import actors/ at all.
 */
import t from 'tap';
import { ROOT } from '../helpers/paths.js';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ACTORS = join(ROOT, 'actors');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Static imports and re-exports (`from '…'`), bare imports (`import '…'`) and `import('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function specifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => m[1]!);
}

/** The actor folder a path lies in, or undefined for actors/*.ts and anything outside actors/. */
function actorOf(path: string): string | undefined {
  const parts = relative(ACTORS, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

t.test('the scan sees every kind of import', async (t) => {
  t.same(
    specifiers(
      `import { a } from '../x.js';\nexport * from "./y.js";\nimport './z.js';\ntype T = import('../../w.js').T;\nimport type {\n  B,\n} from '../v.js';`,
    ),
    ['../x.js', './y.js', './z.js', '../../w.js', '../v.js'],
  );
});

t.test('no file under actors/<a>/ imports from actors/<b>/', async (t) => {
  const crossings: string[] = [];
  const folders = readdirSync(ACTORS).filter((n) => statSync(join(ACTORS, n)).isDirectory());
  t.ok(folders.length >= 5, `found the actor folders (${folders.join(', ')})`);
  for (const folder of folders) {
    for (const file of sources(join(ACTORS, folder))) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = actorOf(resolve(dirname(file), spec));
        if (target !== undefined && target !== folder) crossings.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
  }
  t.same(crossings, [], 'actors reach each other only through the bus');
});

t.test('the gateway, the SDK, the evals and the CLI never import actors/', async (t) => {
  const reaches: string[] = [];
  for (const folder of ['gateway', 'sdk', 'evals', 'cli', 'flows', 'ingress', 'queries']) {
    const files = sources(join(ROOT, folder));
    t.ok(files.length > 0, `read ${folder}/`);
    for (const file of files) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = relative(ACTORS, resolve(dirname(file), spec));
        if (!target.startsWith('..')) reaches.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
  }
  t.same(reaches, [], 'they reach an actor only through the bus (main/ wires actors in)');
});
