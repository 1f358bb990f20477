// Layers are enforced here, not by discipline (see ARCHITECTURE.md):
//  - only src-main/electron and src-main/preload may import `electron`;
//  - src-renderer imports nothing from src-main but `import type` from src-main/contract;
//  - nothing in src-main imports React;
//  - src-shared (pure code both sides run) imports npm packages only, and types from src-main/contract;
//  - src-main/storage imports nothing above it; src-main/services only types from the host and the sandbox.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronBan = {
  name: 'electron',
  message: 'Only src-main/electron and src-main/preload may import electron (layer rule).',
};

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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src-main/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'bin/**/*.js'],
    ignores: ['src-main/electron/**', 'src-main/preload/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronBan, { name: 'react', message: 'src-main never imports React (layer rule).' }],
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
  // The floors under the host: storage (what lasts on disk) imports schema, soap, contract and src-shared; services
  // import storage and below, and at most types from the host or the sandbox.
  {
    files: ['src-main/storage/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronBan, { name: 'react', message: 'src-main never imports React (layer rule).' }],
          patterns: [
            {
              regex: '^\\.\\./(services|host|sandbox|cli|electron|preload)(/|$)',
              message:
                'storage sits under services: schema, soap, contract and src-shared only (layer rule).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/services/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronBan, { name: 'react', message: 'src-main never imports React (layer rule).' }],
          patterns: [
            {
              regex: '^\\.\\./(cli|electron|preload)(/|$)',
              message: 'services sit under the host and its front ends (layer rule).',
            },
            {
              regex: '^\\.\\./(host|sandbox)(/|$)',
              allowTypeImports: true,
              message: 'services know the host and the sandbox by their types only (layer rule).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/electron/**/*.ts', 'src-main/preload/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'react', message: 'src-main never imports React (layer rule).' }] },
      ],
    },
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
            {
              regex: '^\\.\\./(?!schema|\\.\\./src-shared/)',
              message: 'The contract depends on no other layer but types from schema and src-shared.',
            },
            {
              regex: '^\\.\\./\\.\\./src-shared/',
              allowTypeImports: true,
              message: 'Only `import type` from src-shared in the contract.',
            },
            {
              regex: '^\\.\\./schema',
              allowTypeImports: true,
              message: 'Only `import type` from schema in the contract.',
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
              regex: 'src-main/(?!contract(/|$))',
              message:
                'The renderer reaches main only over IPC: import nothing from src-main but types from src-main/contract.',
            },
            {
              regex: 'src-main/contract',
              allowTypeImports: true,
              message: 'Only `import type` from src-main/contract in the renderer.',
            },
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
            {
              regex: '^\\.\\./src-main/(?!contract(/|$))',
              message: 'src-shared depends on no layer: only `import type` from src-main/contract.',
            },
            {
              regex: '^\\.\\./src-main/contract',
              allowTypeImports: true,
              message: 'Only `import type` from src-main/contract in src-shared.',
            },
            {
              regex: '^\\.\\./(?!src-main/contract)',
              message: 'src-shared imports npm packages only (and types from src-main/contract).',
            },
          ],
        },
      ],
    },
  },
);
