/**
 * The committed artifacts (chain/artifacts) are what svc deploys and decodes logs with, so they
 * must be exactly what contracts/src compiles to: a source edited without `npm run contracts:build`
 * fails here. One solc compile for the whole file (it takes seconds).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { compileContracts } from '../../scripts/contracts/compile.js';
import { ARTIFACTS_DIR, renderArtifacts } from '../../scripts/contracts/render.js';
import { ROOT } from '../helpers/process.js';

const compilation = compileContracts(ROOT);
const expected = renderArtifacts(compilation);
const dir = join(ROOT, ARTIFACTS_DIR);

t.test('every committed artifact equals a fresh compile, and none is missing or stale', async (t) => {
  t.same([...readdirSync(dir)].sort(), [...expected.keys()].sort(), 'the same files');
  for (const [name, text] of expected) {
    t.ok(readFileSync(join(dir, name), 'utf8') === text, `${name} is up to date (run npm run contracts:build)`);
  }
});

t.test('the compile is the pinned one: solc 0.8, optimizer 200 runs, real bytecode for deployables', async (t) => {
  t.match(compilation.compiler, /^0\.8\.\d+\+commit\./);
  const usd = compilation.contracts.find((c) => c.name === 'MockUSD');
  t.ok(usd && usd.bytecode.length > 2 && usd.deployedBytecode.length > 2, 'MockUSD has bytecode');
  const json = JSON.parse(readFileSync(join(dir, 'MockUSD.json'), 'utf8'));
  t.same(json.compiler, { version: compilation.compiler, optimizerRuns: 200, evmVersion: 'cancun' });
  const iface = compilation.contracts.find((c) => c.name === 'IPolicyModule');
  t.equal(iface?.bytecode, '0x', 'interfaces ship their ABI only');
});
