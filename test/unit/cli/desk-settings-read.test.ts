// The command line reads the app's settings with one read-only reader: an older settings file is read migrated in
// memory and left on disk byte for byte as the app wrote it (the app upgrades its own file when it opens it).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/desk';
import { SETTINGS_VERSION } from '../../../src-main/contract';
import {
  createSettingsStore,
  readSavedSettings,
  SETTINGS_FILE,
} from '../../../src-main/storage/settings-store';

/** A data folder whose settings file is one version older than this release's. */
async function olderSettingsFolder(): Promise<{ dir: string; file: string; before: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'desk-settings-'));
  await createSettingsStore(dir).get();
  const file = join(dir, SETTINGS_FILE);
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const before = `${JSON.stringify({ ...doc, version: SETTINGS_VERSION - 1 }, null, 2)}\n`;
  writeFileSync(file, before);
  return { dir, file, before };
}

describe('the command line’s settings reader', () => {
  it('reads an older file migrated, and missing or unreadable ones as such', async () => {
    const { dir } = await olderSettingsFolder();
    const saved = readSavedSettings(dir);
    expect(saved.state).toBe('read');
    expect(saved.state === 'read' && saved.settings.version).toBe(SETTINGS_VERSION);
    expect(readSavedSettings(mkdtempSync(join(tmpdir(), 'desk-settings-')))).toEqual({ state: 'missing' });
    const broken = mkdtempSync(join(tmpdir(), 'desk-settings-'));
    writeFileSync(join(broken, SETTINGS_FILE), '{"version": 99}');
    expect(readSavedSettings(broken)).toEqual({ state: 'unreadable' });
  });

  it('leaves an older settings file as it was when desk runs with --profile', async () => {
    const { dir, file, before } = await olderSettingsFolder();
    let stderr = '';
    const code = await main(['notes', '--offline', '--profile', 'sandbox', '--data-dir', dir], {
      stdout: { write: () => true },
      stderr: { write: (s: string) => (stderr += s) },
      env: {},
    });
    // The profile was found: the run stops only because nothing was synced into this folder yet.
    expect(stderr).toContain('No saved notes for this endpoint');
    expect(code).not.toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
