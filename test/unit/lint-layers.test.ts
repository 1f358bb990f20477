import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Each case is linted as if it lived at `filePath`: the layer rules must reject it.
const eslint = new ESLint();
async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}
const RESTRICT = '@typescript-eslint/no-restricted-imports';

describe('layer rules', () => {
  it('rejects electron in the renderer', async () => {
    expect(
      await ruleIds(
        "import { ipcRenderer } from 'electron';\nvoid ipcRenderer;\n",
        'src-renderer/features/x.tsx',
      ),
    ).toContain(RESTRICT);
  });
  it('rejects a value import of src-main from the renderer, even of the contract', async () => {
    expect(
      await ruleIds(
        "import { CHANNELS } from '../../src-main/contract';\nvoid CHANNELS;\n",
        'src-renderer/api/x.ts',
      ),
    ).toContain(RESTRICT);
    expect(
      await ruleIds(
        "import { createHandlers } from '../../src-main/host/create-handlers';\nvoid createHandlers;\n",
        'src-renderer/api/x.ts',
      ),
    ).toContain(RESTRICT);
  });
  it('allows a type import of the contract in the renderer', async () => {
    expect(
      await ruleIds(
        "import type { Contract } from '../../src-main/contract';\nexport type C = Contract;\n",
        'src-renderer/api/x.ts',
      ),
    ).not.toContain(RESTRICT);
  });
  it('rejects electron outside src-main/electron and src-main/preload', async () => {
    expect(await ruleIds("import { app } from 'electron';\nvoid app;\n", 'src-main/soap/x.ts')).toContain(
      RESTRICT,
    );
    expect(
      await ruleIds("import { app } from 'electron';\nvoid app;\n", 'src-main/electron/x.ts'),
    ).not.toContain(RESTRICT);
  });
  it('rejects React in src-main', async () => {
    expect(
      await ruleIds("import { useState } from 'react';\nvoid useState;\n", 'src-main/services/x.ts'),
    ).toContain(RESTRICT);
  });
  it('keeps storage under services and services under the host', async () => {
    expect(
      await ruleIds(
        "import { syncNotes } from '../services/notes-sync';\nvoid syncNotes;\n",
        'src-main/storage/x.ts',
      ),
    ).toContain(RESTRICT);
    expect(
      await ruleIds(
        "import { HostError } from '../host/dispatch';\nvoid HostError;\n",
        'src-main/services/x.ts',
      ),
    ).toContain(RESTRICT);
    expect(
      await ruleIds(
        "import type { TicketVault } from '../host/vault';\nexport type V = TicketVault;\n",
        'src-main/services/x.ts',
      ),
    ).not.toContain(RESTRICT);
    expect(
      await ruleIds(
        "import { MirrorStore } from '../storage/mirror-store';\nvoid MirrorStore;\n",
        'src-main/services/x.ts',
      ),
    ).not.toContain(RESTRICT);
  });

  it('rejects Node modules in the contract', async () => {
    expect(
      await ruleIds("import { readFile } from 'node:fs';\nvoid readFile;\n", 'src-main/contract/x.ts'),
    ).toContain(RESTRICT);
  });
});
