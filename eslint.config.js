// Layers are enforced here, not by discipline (see README's Architecture):
//  - the floors `schema ← soap ← storage ← services ← host ← {electron, cli}`, the sandbox beside them and the
//    renderer's floors across IPC (`api, lang ← format ← i18n ← ui ← features/* ← shell`) are one table
//    (LAYERS, checked by the local `layers/layers` rule on every relative import, type imports included unless
//    the table says types only); a file under src-main, src-renderer or src-shared in no row is an error;
//  - only src-main/electron and src-main/preload may import `electron`; nothing in src-main imports React;
//  - src-shared and the contract import no Node module, the renderer neither (it is sandboxed);
//  - promises are awaited, returned, or marked `void` where fire-and-forget is meant (type-aware rules);
//  - no function in src-main, src-renderer or src-shared is over ROOM_LINES lines of code (no allowlist).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint-rules/layers.js';

const below = (...names) => names;
const SHARED = 'src-shared';
/**
 * Who may import whom. A layer may import itself, the layers in `may`, and only the types of those in
 * `typesFrom`; anything else in the table is refused. Every file under LISTED belongs to a row (default deny: a
 * file in a folder the table does not name is an error, and so is importing one); files outside LISTED (tests,
 * bench, scripts) are free.
 */
const LISTED = ['src-main', 'src-renderer', 'src-shared'];
export const LAYERS = {
  'src-shared': {
    paths: ['src-shared'],
    typesFrom: ['contract'],
    why: 'src-shared runs in main and renderer alike: npm packages and types from the contract only.',
  },
  schema: {
    paths: ['src-main/schema'],
    may: below(SHARED),
    why: 'the schema is the bottom floor: it imports only src-shared.',
  },
  contract: {
    paths: ['src-main/contract'],
    typesFrom: ['schema', SHARED],
    why: 'the contract is types and constants only: types from the schema and src-shared.',
  },
  soap: {
    paths: ['src-main/soap'],
    may: below('soap-reader', 'schema', 'contract', SHARED),
    why: 'soap sits on the schema: schema ← soap ← storage ← services ← host.',
  },
  'soap-reader': {
    // The codec and reader the sandbox shares with the client (the rest of soap/ is the client's).
    paths: [
      'src-main/soap/codec',
      'src-main/soap/xml-read',
      'src-main/soap/xml-text',
      'src-main/soap/envelope-read',
      'src-main/soap/security-header',
      'src-main/soap/fault',
      'src-main/soap/errors',
      'src-main/soap/redact',
      'src-main/soap/secret-set',
    ],
    may: below('schema', SHARED),
    typesFrom: ['contract'],
    why: 'the codec and reader sit on the schema and know nothing of the client (transport, tickets, pages).',
  },
  storage: {
    paths: ['src-main/storage'],
    may: below('soap', 'soap-reader', 'schema', 'contract', SHARED),
    why: 'storage sits under the services: schema, soap, contract and src-shared only.',
  },
  services: {
    paths: ['src-main/services'],
    may: below('storage', 'soap', 'soap-reader', 'schema', 'contract', SHARED),
    why: 'services know neither the host nor the sandbox (not even their types); they are handed what they need.',
  },
  team: {
    // The team database (PostgreSQL): its schema and migrations, members, the caller lock, its URL.
    paths: ['src-main/team'],
    may: below('contract', SHARED),
    // The interfaces it implements for the sync and the local copy (storage/notes-store.ts): types only.
    typesFrom: ['storage'],
    why: 'the team database sits beside storage, under the host and the command line: the contract and src-shared only.',
  },
  sandbox: {
    paths: ['src-main/sandbox'],
    may: below('schema', 'soap-reader', SHARED),
    why: 'the sandbox uses only the schema and the codec and reader it shares with the client.',
  },
  host: {
    paths: ['src-main/host'],
    may: below('services', 'storage', 'team', 'soap', 'soap-reader', 'schema', 'contract', 'sandbox', SHARED),
    why: 'the host sits under its front ends (electron, cli); it wires the services and starts the sandbox.',
  },
  cli: {
    paths: ['src-main/cli'],
    may: below('host', 'services', 'storage', 'team', 'schema', 'contract', SHARED),
    why: 'desk stands on the host and the services: it connects through host/connect.ts, never building a transport, client or sandbox of its own.',
  },
  'sandbox-cli': {
    // `npm run sandbox`: the sandbox's own front end (it may use the command line's entry-point check).
    paths: ['src-main/cli/sandbox'],
    may: below('sandbox', 'schema', 'cli', SHARED),
    why: 'the standalone sandbox runner serves the sandbox and knows nothing of the client or the app.',
  },
  electron: {
    paths: ['src-main/electron'],
    may: below(
      'host',
      'services',
      'storage',
      'team',
      'soap',
      'soap-reader',
      'schema',
      'contract',
      'sandbox',
      SHARED,
    ),
    why: 'the Electron app is a front end over the host.',
  },
  preload: {
    paths: ['src-main/preload'],
    may: below('contract'),
    why: 'the preload builds the renderer API from the contract alone.',
  },
  // The renderer's floors, bottom up: api, lang ← format ← i18n ← ui, then each feature, then the shell.
  api: {
    paths: ['src-renderer/api'],
    may: below(SHARED),
    typesFrom: ['contract'],
    why: 'the renderer reaches main only over IPC (api/ is the client over window.desk): `import type` from the contract, nothing else of src-main.',
  },
  lang: {
    paths: ['src-renderer/i18n/lang'],
    may: below(SHARED),
    typesFrom: ['contract'],
    why: "the UI's languages and their locales sit under the formatters and the messages alike.",
  },
  format: {
    paths: ['src-renderer/format'],
    may: below('lang', SHARED),
    typesFrom: ['contract'],
    why: 'the formatters are pure functions of a language (and a zone): no messages, no queries, no components.',
  },
  i18n: {
    paths: ['src-renderer/i18n'],
    may: below('lang', 'format', SHARED),
    typesFrom: ['contract'],
    why: 'i18n knows no feature: each table declares its namespace itself and the shell hands the tables over.',
  },
  ui: {
    paths: ['src-renderer/ui'],
    may: below('api', 'lang', 'format', 'i18n', SHARED),
    typesFrom: ['contract'],
    why: 'ui holds what the pages share, under every feature: it imports no feature and not the shell.',
  },
  feature: {
    // Each folder of features/ is a row of its own: `feature:inbox` may not import `feature:settings`.
    paths: ['src-renderer/features/*'],
    may: below('api', 'lang', 'format', 'i18n', 'ui', SHARED),
    typesFrom: ['contract'],
    why: 'a feature imports no other feature and not the shell: what two of them share goes down a row (ui, format, api) or up to the shell.',
  },
  shell: {
    paths: ['src-renderer/app', 'src-renderer/main.tsx'],
    may: below('feature', 'api', 'lang', 'format', 'i18n', 'ui', SHARED),
    typesFrom: ['contract'],
    why: 'the shell is the top floor of the renderer: it may use every feature, and reaches main only over IPC.',
  },
};

/**
 * Longest function, in lines of code: blank lines and comments are not counted, so explaining a function never
 * pushes it over. A longer one is split (a component's parts, a service's phases), not waved through.
 */
const ROOM_LINES = 150;
const electronBan = {
  name: 'electron',
  message: 'Only src-main/electron and src-main/preload may import electron (layer rule).',
};

const NO_REACT = { name: 'react', message: 'src-main never imports React (layer rule).' };

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test/lint/fixtures/**',
      'bench/results.json',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { layers },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'layers/layers': ['error', { root: import.meta.dirname, layers: LAYERS, within: LISTED }],
    },
  },
  // Promises are awaited, returned or marked `void` where fire-and-forget is meant; none is handed where a
  // callback's result is ignored (an async event handler, a promise in an `if`). Type-aware, so TypeScript only.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}', 'src-shared/**/*.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: ROOM_LINES, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    files: ['src-main/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'bin/**/*.js'],
    ignores: ['src-main/electron/**', 'src-main/preload/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronBan, NO_REACT],
          patterns: [
            {
              group: ['react-dom', 'react-dom/*', 'electron/*'],
              message: 'Layer rule: no React or electron here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/electron/**/*.ts', 'src-main/preload/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [NO_REACT] }] },
  },
  {
    files: ['src-main/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom'],
              message: 'The contract is pure TypeScript: no Node or React.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            {
              group: ['node:*', 'electron/*'],
              message: 'The renderer is sandboxed: no Node or Electron modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            {
              group: ['node:*', 'electron/*', 'react', 'react-dom', 'react-dom/*'],
              message:
                'src-shared runs in main and renderer alike: npm packages only, no Node, Electron or React.',
            },
          ],
        },
      ],
    },
  },
);
