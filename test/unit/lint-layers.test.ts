// The floors, as `npm run lint` enforces them: a file in each layer importing a real file of every other layer,
// once as a value and once as `import type`, through the project's own ESLint config. The expected table below
// is written from README's Architecture, not read from eslint.config.js, so a loosened rule fails here.
import { relative, dirname } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = process.cwd();

type Layer =
  | 'src-shared'
  | 'schema'
  | 'contract'
  | 'soap-reader'
  | 'soap'
  | 'storage'
  | 'services'
  | 'team'
  | 'sandbox'
  | 'host'
  | 'cli'
  | 'sandbox-cli'
  | 'electron'
  | 'preload'
  // The renderer's floors: api, lang ← format ← i18n ← ui ← each feature ← the shell.
  | 'api'
  | 'lang'
  | 'format'
  | 'i18n'
  | 'ui'
  | 'feature:inbox'
  | 'feature:settings'
  | 'shell';

/**
 * Where a fixture of each layer is linted from (its text is given, the file need not exist; the shared reader's is
 * one of its real files), and a real file of the layer to import.
 */
const PLACES: Record<Layer, { file: string; target: string }> = {
  'src-shared': { file: 'src-shared/fixture.ts', target: 'src-shared/note-fields' },
  schema: { file: 'src-main/schema/fixture.ts', target: 'src-main/schema' },
  contract: { file: 'src-main/contract/fixture.ts', target: 'src-main/contract' },
  'soap-reader': { file: 'src-main/soap/xml-text.ts', target: 'src-main/soap/codec' },
  soap: { file: 'src-main/soap/fixture.ts', target: 'src-main/soap/transport' },
  storage: { file: 'src-main/storage/fixture.ts', target: 'src-main/storage/mirror-registry' },
  services: { file: 'src-main/services/fixture.ts', target: 'src-main/services/connection' },
  team: { file: 'src-main/team/fixture.ts', target: 'src-main/team/migrate' },
  sandbox: { file: 'src-main/sandbox/fixture.ts', target: 'src-main/sandbox/server' },
  host: { file: 'src-main/host/fixture.ts', target: 'src-main/host/assemble-host' },
  cli: { file: 'src-main/cli/commands/fixture.ts', target: 'src-main/cli/entry-point' },
  'sandbox-cli': { file: 'src-main/cli/sandbox.ts', target: 'src-main/cli/sandbox' },
  electron: { file: 'src-main/electron/fixture.ts', target: 'src-main/electron/window-state' },
  preload: { file: 'src-main/preload/fixture.ts', target: 'src-main/preload/build-api' },
  api: { file: 'src-renderer/api/fixture.ts', target: 'src-renderer/api/desk' },
  lang: { file: 'src-renderer/i18n/lang.ts', target: 'src-renderer/i18n/lang' },
  format: { file: 'src-renderer/format/fixture.ts', target: 'src-renderer/format/numbers' },
  i18n: { file: 'src-renderer/i18n/fixture.ts', target: 'src-renderer/i18n/translator' },
  ui: { file: 'src-renderer/ui/fixture.ts', target: 'src-renderer/ui/Dialog' },
  'feature:inbox': {
    file: 'src-renderer/features/inbox/deep/fixture.ts',
    target: 'src-renderer/features/inbox',
  },
  'feature:settings': {
    file: 'src-renderer/features/settings/fixture.ts',
    target: 'src-renderer/features/settings/model/profile-form',
  },
  shell: { file: 'src-renderer/app/fixture.ts', target: 'src-renderer/app/App' },
};

const BELOW_HOST: Layer[] = [
  'services',
  'storage',
  'soap',
  'soap-reader',
  'schema',
  'contract',
  'src-shared',
];

const UNDER_UI: Layer[] = ['api', 'lang', 'format', 'i18n'];
const UNDER_FEATURES: Layer[] = [...UNDER_UI, 'ui'];

/** What each layer may import as values, and what only as types (schema ← soap ← storage ← services ← host). */
const MAY: Record<Layer, { values: Layer[]; types?: Layer[] }> = {
  'src-shared': { values: [], types: ['contract'] },
  schema: { values: ['src-shared'] },
  contract: { values: [], types: ['schema', 'src-shared'] },
  'soap-reader': { values: ['schema', 'src-shared'], types: ['contract'] },
  soap: { values: ['soap-reader', 'schema', 'contract', 'src-shared'] },
  storage: { values: ['soap', 'soap-reader', 'schema', 'contract', 'src-shared'] },
  services: { values: ['storage', 'soap', 'soap-reader', 'schema', 'contract', 'src-shared'] },
  // The team database sits beside storage: it knows no SOAP, service, host or sandbox.
  team: { values: ['contract', 'src-shared'], types: ['storage'] },
  sandbox: { values: ['schema', 'soap-reader', 'src-shared'] },
  host: { values: [...BELOW_HOST, 'team', 'sandbox'] },
  // desk connects through the host's builder: no transport, SOAP client or sandbox of its own, not even types.
  cli: { values: ['host', 'services', 'storage', 'team', 'schema', 'contract', 'src-shared'] },
  'sandbox-cli': { values: ['sandbox', 'schema', 'cli', 'src-shared'] },
  electron: { values: ['host', ...BELOW_HOST, 'team', 'sandbox'] },
  preload: { values: ['contract'] },
  // The renderer reaches main only over IPC: types from the contract, nothing else of src-main.
  api: { values: ['src-shared'], types: ['contract'] },
  lang: { values: ['src-shared'], types: ['contract'] },
  format: { values: ['lang', 'src-shared'], types: ['contract'] },
  i18n: { values: ['lang', 'format', 'src-shared'], types: ['contract'] },
  ui: { values: [...UNDER_UI, 'src-shared'], types: ['contract'] },
  // No feature imports another, nor the shell.
  'feature:inbox': { values: [...UNDER_FEATURES, 'src-shared'], types: ['contract'] },
  'feature:settings': { values: [...UNDER_FEATURES, 'src-shared'], types: ['contract'] },
  shell: {
    values: [...UNDER_FEATURES, 'feature:inbox', 'feature:settings', 'src-shared'],
    types: ['contract'],
  },
};

const LAYERS = Object.keys(PLACES) as Layer[];

function specifier(from: Layer, to: Layer): string {
  const path = relative(dirname(PLACES[from].file), PLACES[to].target).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

let eslint: ESLint;
beforeAll(() => {
  // The fixtures are text, not files of the TypeScript project: the type-aware promise rules are left out.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  });
});

async function layerErrors(from: Layer, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${PLACES[from].file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/layers').map((m) => m.message);
}

const edges = LAYERS.flatMap((from) =>
  LAYERS.filter((to) => to !== from).map((to) => ({
    from,
    to,
    value: MAY[from].values.includes(to),
    type: MAY[from].values.includes(to) || (MAY[from].types ?? []).includes(to),
  })),
);

describe('lint-layers: every forbidden edge is an error', () => {
  it.each(edges.filter((e) => !e.value))('$from → $to (a value import) is refused', async ({ from, to }) => {
    const errors = await layerErrors(
      from,
      `import { x } from '${specifier(from, to)}';\nexport const y = x;\n`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${from} may`);
    expect(errors[0]).toContain(to);
  });

  it.each(edges.filter((e) => !e.type))(
    '$from → $to (even `import type`) is refused',
    async ({ from, to }) => {
      const errors = await layerErrors(
        from,
        `import type { X } from '${specifier(from, to)}';\nexport type Y = X;\n`,
      );
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`${from} may not import ${to}`);
    },
  );
});

describe('lint-layers: the allowed edges stay allowed', () => {
  it.each(edges.filter((e) => e.value))('$from → $to', async ({ from, to }) => {
    expect(
      await layerErrors(from, `import { x } from '${specifier(from, to)}';\nexport const y = x;\n`),
    ).toEqual([]);
  });

  it.each(edges.filter((e) => e.type && !e.value))('$from → $to as types only', async ({ from, to }) => {
    expect(
      await layerErrors(from, `import type { X } from '${specifier(from, to)}';\nexport type Y = X;\n`),
    ).toEqual([]);
  });
});

describe('lint-layers: every way of importing is checked', () => {
  const forms: [string, string][] = [
    ['a re-export', `export { x } from '../host/assemble-host';\n`],
    ['a star re-export', `export * from '../host/assemble-host';\n`],
    ['a dynamic import', `export const load = () => import('../host/assemble-host');\n`],
    ['a type re-export', `export type { X } from '../host/assemble-host';\n`],
    ['an inline type import', `import { type X } from '../host/assemble-host';\nexport type Y = X;\n`],
    ['an import() type', `export type Y = import('../host/assemble-host').X;\n`],
  ];
  it.each(forms)('services → host through %s is refused', async (_form, code) => {
    expect(await layerErrors('services', code)).toHaveLength(1);
  });
});

// Default deny: under src-main, src-renderer and src-shared every file belongs to a row. A new folder is no way
// around the table, in either direction (services → util → host would otherwise lint clean).
async function layerErrorsAt(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/layers').map((m) => m.message);
}

describe('lint-layers: default deny', () => {
  it.each([
    ['a folder of src-main the table does not name', 'src-main/util/fixture.ts'],
    ['the top of src-main', 'src-main/fixture.ts'],
    ['a folder of src-renderer the table does not name', 'src-renderer/util/fixture.ts'],
    ['the top of src-renderer, beside main.tsx', 'src-renderer/fixture.ts'],
    ['features/ itself, in no feature', 'src-renderer/features/fixture.ts'],
  ])('a file in %s is an error', async (_where, file) => {
    const errors = await layerErrorsAt(file, 'export const y = 1;\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${file} belongs to no layer`);
  });

  it('an import into an unlisted folder is an error, even from a file outside the table', async () => {
    const code = "import { x } from '../util/helpers';\nexport const y = x;\n";
    const fromServices = await layerErrorsAt('src-main/services/fixture.ts', code);
    expect(fromServices).toHaveLength(1);
    expect(fromServices[0]).toContain('../util/helpers belongs to no layer');
    const fromTest = await layerErrorsAt(
      'test/unit/fixture.ts',
      "import { x } from '../../src-main/util/helpers';\nexport const y = x;\n",
    );
    expect(fromTest).toHaveLength(1);
    // A test may import any listed layer.
    expect(
      await layerErrorsAt(
        'test/unit/fixture.ts',
        "import { x } from '../../src-main/host/assemble-host';\nexport const y = x;\n",
      ),
    ).toEqual([]);
  });

  it('services → host through a new src-main/util/ is refused on both steps', async () => {
    const errors = await layerErrorsAt(
      'src-main/util/fixture.ts',
      "import { x } from '../host/assemble-host';\nexport const y = x;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('src-main/util/fixture.ts belongs to no layer');
  });

  it('main.tsx belongs to the shell', async () => {
    expect(
      await layerErrorsAt(
        'src-renderer/main.tsx',
        "import { App } from './app/App';\nexport const y = App;\n",
      ),
    ).toEqual([]);
    const up = await layerErrorsAt(
      'src-renderer/ui/fixture.ts',
      "import { x } from '../main';\nexport const y = x;\n",
    );
    expect(up).toHaveLength(1);
    expect(up[0]).toContain('ui may not import shell');
  });

  it('a feature importing another feature is refused, deep or by its folder', async () => {
    for (const target of ['../inbox', '../inbox/use-notes', '../inbox/model/waiting']) {
      const errors = await layerErrorsAt(
        'src-renderer/features/settings/fixture.ts',
        `import { x } from '${target}';\nexport const y = x;\n`,
      );
      expect(errors, target).toHaveLength(1);
      expect(errors[0]).toContain('feature:settings may not import feature:inbox');
    }
  });
});

// Packages are kept out by `no-restricted-imports`: Electron only in its front end and the preload, React only in
// the renderer, Node nowhere the renderer's code runs.
const RESTRICT = '@typescript-eslint/no-restricted-imports';
async function restricted(code: string, file: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${file}` });
  return (result?.messages ?? []).some((m) => m.ruleId === RESTRICT);
}

describe('lint-layers: packages', () => {
  it.each([
    [
      'electron in the renderer',
      "import { ipcRenderer } from 'electron';\nvoid ipcRenderer;\n",
      'src-renderer/features/x.tsx',
    ],
    ['electron in the soap layer', "import { app } from 'electron';\nvoid app;\n", 'src-main/soap/x.ts'],
    ['electron in the command line', "import { app } from 'electron';\nvoid app;\n", 'src-main/cli/x.ts'],
    [
      'React in the services',
      "import { useState } from 'react';\nvoid useState;\n",
      'src-main/services/x.ts',
    ],
    [
      'Node in the contract',
      "import { readFile } from 'node:fs';\nvoid readFile;\n",
      'src-main/contract/x.ts',
    ],
    ['Node in src-shared', "import { readFile } from 'node:fs';\nvoid readFile;\n", 'src-shared/x.ts'],
    [
      'Node in the renderer',
      "import { readFile } from 'node:fs';\nvoid readFile;\n",
      'src-renderer/api/x.ts',
    ],
  ])('refuses %s', async (_what, code, file) => {
    expect(await restricted(code, file)).toBe(true);
  });

  it('lets the Electron front end import electron', async () => {
    expect(await restricted("import { app } from 'electron';\nvoid app;\n", 'src-main/electron/x.ts')).toBe(
      false,
    );
  });
});
