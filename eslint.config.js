// The lint rules of the package (`npm run lint`, run by `npm test`). Formatting is prettier's
// (`.prettierrc.json`); these rules are about meaning and the faces of the top-level folders.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/no-outside-refs.js';

const ACTORS = ['run', 'gate', 'trigger', 'mcp-dispatch', 'clock', 'ops', 'heartbeat', 'chain'];

// Import specifiers are relative, so a folder is matched by its name anywhere in the path: no
// other folder of the package is named like an actor, but for chain/ (the providers), so the
// chain actor is matched by how far up a specifier climbs instead (from a file `depth` folders
// under actors/<a>/, `depth` steps up reach actors/).
const intoOtherActors = (self) => ACTORS.filter((a) => a !== self && a !== 'chain').map((a) => `**/${a}/**`);
const intoChainActor = (depth) => `^(\\.\\./){${depth}}chain/`;
const ACTOR_MESSAGE =
  "An actor never imports another actor's folder: move what both need to a shared module (identity/, schemas/, store/), or send a command.";

/** Folders that never import actors/ (the layering test checks every folder's floor besides). */
const OUTSIDE_ACTORS = ['gateway', 'sdk', 'evals', 'cli', 'flows', 'ingress', 'queries'];

const NODE_GLOBALS = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'fetch'].map((g) => [
    g,
    'readonly',
  ]),
);

export default tseslint.config(
  { ignores: ['dist/**', 'sdk/dist/**', 'node_modules/**', '**/*.d.ts', 'chain/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: NODE_GLOBALS } },
  {
    plugins: { local },
    rules: {
      // Comments never cite a document outside the repository (eslint-rules/no-outside-refs.js).
      'local/no-outside-refs': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A variable a closure reads before its one assignment (a late-bound dependency) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Handlers and stored JSON are typed from schemas; an `any` left is a place to type, not a bug.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The clients of the actors (the HTTP face, the SDK, the eval suite, the CLI) and the domain
    // code they share with them reach an actor only through the bus: what both need lives in
    // flows/, ingress/, queries/ or below. main/ alone wires actors in.
    files: [...OUTSIDE_ACTORS.map((d) => `${d}/**/*.ts`)],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/actors/**'],
              message:
                'Only main/ imports actors/: move what is shared to flows/, ingress/ or queries/, or send the actor a command over the bus.',
            },
          ],
        },
      ],
    },
  },
  ...ACTORS.flatMap((a) =>
    [1, 2, 3].map((depth) => ({
      files: [`actors/${a}/${'*/'.repeat(depth - 1)}*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: intoOtherActors(a), message: ACTOR_MESSAGE },
              ...(a === 'chain' ? [] : [{ regex: intoChainActor(depth), message: ACTOR_MESSAGE }]),
            ],
          },
        ],
      },
    })),
  ),
);
