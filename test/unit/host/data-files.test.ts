// Data files that cannot be read or written get a specific notice or a typed error with a way out, never a raw
// errno; temp files of interrupted writes are removed at start; profile ids are validated and stored in
// null-prototype maps. Permission and read-only failures are injected at the file-system boundary (the tests
// may run as root, for whom permission bits do not apply); a folder in place of a file is real.
import * as fsp from 'node:fs/promises';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataFileError, readTextIfExists, removeStaleTempFiles } from '../../../src-main/storage/atomic-file';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { createFileVault } from '../../../src-main/storage/file-vault';
import { profileIdSchema } from '../../../src-main/storage/settings-schema';
import { createSettingsStore } from '../../../src-main/storage/settings-store';
import { createTestDeps } from '../../support/host-deps';

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsp>();
  return { ...real, open: vi.fn(real.open), rename: vi.fn(real.rename), mkdir: vi.fn(real.mkdir) };
});

const tempDir = () => mkdtempSync(join(tmpdir(), 'data-files-'));
const errno = (code: string) => Object.assign(new Error(`${code}: refused`), { code });
const realOpen = vi.mocked(fsp.open).getMockImplementation()!;
const realRename = vi.mocked(fsp.rename).getMockImplementation()!;

/** Makes every open of a path ending with `suffix` (and, with `writes`, every write and rename) fail. */
function refuse(code: string, match: (path: string, flags: string) => boolean): void {
  vi.mocked(fsp.open).mockImplementation(((path: string, flags?: string, mode?: number) =>
    match(String(path), String(flags ?? 'r'))
      ? Promise.reject(errno(code))
      : realOpen(path, flags, mode)) as typeof fsp.open);
}

afterEach(() => {
  vi.mocked(fsp.open).mockImplementation(realOpen);
  vi.mocked(fsp.rename).mockImplementation(realRename);
});

describe('unreadable settings', () => {
  it('sets aside a folder standing where settings.json should be, and starts on defaults with a notice', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'settings.json'));
    writeFileSync(join(dir, 'settings.json', 'inside.txt'), 'kept');
    const view = await createSettingsStore(dir).get();
    expect(view.settings.activeProfileId).toBe('sandbox');
    expect(view.notice).toMatchObject({ kind: 'settings-unreadable' });
    const backup = (view.notice as { backupFile: string }).backupFile;
    expect(backup).toMatch(/^settings\.unreadable-.+\.json$/);
    expect(existsSync(join(dir, backup, 'inside.txt'))).toBe(true);
    expect(statSync(join(dir, 'settings.json')).isFile()).toBe(true);
  });

  it('sets aside a settings file it has no permission to read', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '{"version":1}');
    refuse('EACCES', (p, flags) => p.endsWith('settings.json') && flags === 'r');
    const view = await createSettingsStore(dir).get();
    expect(view.notice).toMatchObject({ kind: 'settings-unreadable' });
    expect(readdirSync(dir).some((f) => f.startsWith('settings.unreadable-'))).toBe(true);
  });

  it('keeps running on defaults in a read-only data folder, and says where to fix it', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'settings.json'));
    refuse('EROFS', (_p, flags) => flags !== 'r');
    vi.mocked(fsp.rename).mockImplementation(() => Promise.reject(errno('EROFS')));
    const store = createSettingsStore(dir);
    const view = await store.get();
    expect(view.notice).toEqual({ kind: 'data-folder-readonly', dataDir: dir });
    // A change is kept for the session instead of failing.
    const updated = await store.update({ language: 'en' });
    expect(updated.language).toBe('en');
    expect((await store.get()).settings.language).toBe('en');
  });
});

describe('errors from the disk reach the renderer typed', () => {
  it('answers DATA_FILE naming the file and the reason, with the errno only in the detail', async () => {
    const deps = createTestDeps();
    const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
    await dispatcher.dispatch('settings.get', undefined, null);
    refuse('ENOSPC', (p, flags) => p.includes('vault.json') && flags !== 'r');
    const res = await dispatcher.dispatch(
      'vault.set',
      { profileId: 'sandbox', tickets: { authTicket: 'A1' } },
      null,
    );
    expect(res).toMatchObject({ ok: false, error: { code: 'DATA_FILE' } });
    if (!res.ok) {
      expect(res.error.message).toContain('vault.json');
      expect(res.error.message).toContain('the disk is full');
      expect(res.error.message).not.toMatch(/ENOSPC|EISDIR|EACCES/);
      expect(res.error.detail).toContain('ENOSPC');
    }
    await deps.close();
  });

  it('reads a vault.json that is a folder as corrupt, and sets it aside when tickets are entered again', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'vault.json'));
    const vault = createFileVault(dir);
    expect((await vault.status('p1')).state).toBe('corrupt');
    await vault.set('p1', { authTicket: 'A1' });
    expect(await vault.get('p1')).toEqual({ authTicket: 'A1' });
    expect(readdirSync(dir).some((f) => f.startsWith('vault.corrupt-'))).toBe(true);
  });

  it('replaces a vault.key that is a folder with a new key', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'vault.key'));
    const vault = createFileVault(dir);
    await vault.set('p1', { authTicket: 'A1' });
    expect(await vault.get('p1')).toEqual({ authTicket: 'A1' });
    expect(statSync(join(dir, 'vault.key')).isFile()).toBe(true);
  });

  it('raises DataFileError, never a raw errno, from the atomic file helpers', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'x.json'));
    const err = await readTextIfExists(join(dir, 'x.json')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataFileError);
    expect((err as DataFileError).message).toContain('a folder stands where the file should be');
  });
});

describe('temp files of interrupted writes', () => {
  it('are removed at start, except those of a live process', async () => {
    const dir = tempDir();
    const dead = '.settings.json.99999999.0123456789ab.tmp';
    const live = `.settings.json.${process.pid}.0123456789ab.tmp`;
    writeFileSync(join(dir, dead), '{"memo":"a copy of something"}');
    writeFileSync(join(dir, live), 'being written');
    writeFileSync(join(dir, '.hidden-but-mine'), 'not a temp file');
    await createSettingsStore(dir).get();
    const left = readdirSync(dir);
    expect(left).not.toContain(dead);
    expect(left).toContain(live);
    expect(left).toContain('.hidden-but-mine');
    expect(await removeStaleTempFiles(join(dir, 'missing'))).toEqual([]);
  });
});

describe('profile ids', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'])(
    'refuses %s as a profile id',
    (id) => {
      expect(profileIdSchema.safeParse(id).success).toBe(false);
    },
  );

  it('accepts ordinary ids', () => {
    for (const id of ['sandbox', 'live-1', 'Constructor2', 'proto'])
      expect(profileIdSchema.safeParse(id).success).toBe(true);
  });

  it('stores any id in the vault as a plain key, before and after the vault file exists', async () => {
    const vault = createFileVault(tempDir());
    for (const id of ['constructor', 'toString', '__proto__']) {
      expect((await vault.status(id)).state).toBe('empty');
      expect(await vault.get(id)).toEqual({});
    }
    await vault.set('__proto__', { authTicket: 'P1' });
    await vault.set('constructor', { authTicket: 'C1' });
    expect(await vault.get('__proto__')).toEqual({ authTicket: 'P1' });
    expect(await vault.get('constructor')).toEqual({ authTicket: 'C1' });
    expect((await vault.status('toString')).state).toBe('empty');
    expect(({} as Record<string, unknown>)['authTicket']).toBeUndefined();
  });
});
