/**
 * Compiles the Solidity under contracts/src with solc-js (the npm `solc` package) through its
 * standard-JSON interface, so the build needs nothing `npm ci` does not install. Source keys are
 * repository-relative (`contracts/src/X.sol`, `@openzeppelin/contracts/...`) rather than absolute
 * paths: the metadata hash solc appends to the bytecode covers them, and artifacts must come out
 * byte-identical on every machine for the drift test to mean anything.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import solc from 'solc';

export const SOURCES_DIR = 'contracts/src';
/** Prague/Osaka-era opcodes are not on every chain svc may be pointed at; cancun is. */
export const EVM_VERSION = 'cancun';
export const OPTIMIZER_RUNS = 200;

export interface CompiledContract {
  readonly name: string;
  /** Repository-relative source path, e.g. `contracts/src/Treasury.sol`. */
  readonly source: string;
  readonly abi: readonly unknown[];
  /** Creation code, `0x`-prefixed; `0x` alone for interfaces and abstract contracts. */
  readonly bytecode: `0x${string}`;
  readonly deployedBytecode: `0x${string}`;
}

export interface Compilation {
  readonly compiler: string;
  readonly contracts: readonly CompiledContract[];
}

const require = createRequire(import.meta.url);
const OZ_PREFIX = '@openzeppelin/contracts/';
const OZ_ROOT = dirname(require.resolve('@openzeppelin/contracts/package.json'));

function listSolidity(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listSolidity(root, join(dir, e.name)) : e.name.endsWith('.sol') ? [join(dir, e.name)] : []))
    .map((p) => p.split(sep).join('/'))
    .sort();
}

/** Imports outside contracts/src may only name OpenZeppelin: anything else is a typo or a dependency not pinned in package.json. */
function readImport(path: string): { contents: string } | { error: string } {
  if (!path.startsWith(OZ_PREFIX)) return { error: `import not found: ${path} (only ${OZ_PREFIX} resolves outside ${SOURCES_DIR})` };
  const file = join(OZ_ROOT, path.slice(OZ_PREFIX.length));
  if (relative(OZ_ROOT, file).startsWith('..')) return { error: `import escapes ${OZ_PREFIX}: ${path}` };
  try {
    return { contents: readFileSync(file, 'utf8') };
  } catch {
    return { error: `import not found: ${path}` };
  }
}

export function compilerInput(root: string): object {
  const sources = Object.fromEntries(listSolidity(root, SOURCES_DIR).map((p) => [p, { content: readFileSync(join(root, p), 'utf8') }]));
  return {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: OPTIMIZER_RUNS },
      evmVersion: EVM_VERSION,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
}

/** Throws with every error solc reported; warnings pass (they are solc's opinion, not a broken build). */
export function compileContracts(root: string): Compilation {
  const output = JSON.parse(solc.compile(JSON.stringify(compilerInput(root)), { import: readImport }));
  const errors = ((output.errors ?? []) as { severity: string; formattedMessage: string }[]).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contracts: CompiledContract[] = [];
  for (const [source, byName] of Object.entries(output.contracts as Record<string, Record<string, any>>)) {
    if (!source.startsWith(`${SOURCES_DIR}/`)) continue;
    for (const [name, c] of Object.entries(byName)) {
      // Interfaces are exported for their ABIs (a reader calls any module through IPolicyModule);
      // abstract bases and constant libraries have nothing to deploy or call of their own.
      if ((c.abi as unknown[]).length === 0) continue;
      if (c.evm.bytecode.object === '' && !source.startsWith(`${SOURCES_DIR}/interfaces/`)) continue;
      contracts.push({
        name,
        source,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      });
    }
  }
  contracts.sort((a, b) => a.name.localeCompare(b.name));
  const dup = contracts.find((c, i) => contracts[i + 1]?.name === c.name);
  if (dup) throw new Error(`two contracts are named ${dup.name}: artifact files are keyed by name`);
  return { compiler: solc.version(), contracts };
}
