import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toDeskError } from '../../../src-main/host/dispatch';
import { createFileVault, VAULT_KEY_FILE } from '../../../src-main/storage/file-vault';
import { createSafeStorageVault } from '../../../src-main/storage/safe-storage-vault';
import type { SafeStorageBackend } from '../../../src-main/storage/safe-storage-vault';
import { VAULT_FILE } from '../../../src-main/storage/vault';
import type { TicketVault } from '../../../src-main/storage/vault';

const tempDir = () => mkdtempSync(join(tmpdir(), 'vault-'));

/** Stands in for Electron's safeStorage: real encryption, a chosen Linux backend, countable calls. */
interface FakeSafeStorage extends SafeStorageBackend {
  encrypted: number;
  reEncrypt: boolean;
}
function fakeSafeStorage(backend = 'gnome_libsecret', available = true): FakeSafeStorage {
  const key = randomBytes(32);
  const fake: FakeSafeStorage = {
    encrypted: 0,
    reEncrypt: false,
    isAsyncEncryptionAvailable: async () => available,
    getSelectedStorageBackend: () => backend,
    encryptStringAsync: async (s: string) => {
      fake.encrypted++;
      const iv = randomBytes(16);
      const c = createCipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([iv, c.update(s, 'utf8'), c.final()]);
    },
    decryptStringAsync: async (b: Buffer) => {
      const d = createDecipheriv('aes-256-cbc', key, b.subarray(0, 16));
      const result = Buffer.concat([d.update(b.subarray(16)), d.final()]).toString('utf8');
      return { result, shouldReEncrypt: fake.reEncrypt };
    },
  };
  return fake;
}

const kinds: [string, (dir: string) => TicketVault][] = [
  ['file vault', (dir) => createFileVault(dir)],
  ['safeStorage vault', (dir) => createSafeStorageVault(dir, fakeSafeStorage(), { platform: 'linux' })],
];

describe.each(kinds)('%s', (_name, make) => {
  it('round-trips tickets and reports only their presence', async () => {
    const dir = tempDir();
    const vault = make(dir);
    expect(await vault.status('p1')).toEqual({
      present: { auth: false, encrypted: false, member: false },
      state: 'empty',
    });
    await vault.set('p1', { authTicket: 'AUTH-서명', encryptedTicket: 'ENC-1' });
    expect(await vault.get('p1')).toEqual({ authTicket: 'AUTH-서명', encryptedTicket: 'ENC-1' });
    const status = await vault.status('p1');
    expect(status.state).toBe('ok');
    expect(status.present).toEqual({ auth: true, encrypted: true, member: false });
    expect(status.lastRotatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // A later set merges: the member ticket joins, the others stay.
    await vault.set('p1', { memberTicket: 'MEM' });
    expect(await vault.get('p1')).toEqual({
      authTicket: 'AUTH-서명',
      encryptedTicket: 'ENC-1',
      memberTicket: 'MEM',
    });
    expect(await vault.get('p2')).toEqual({});
    // Nothing readable on disk.
    const onDisk = readFileSync(join(dir, VAULT_FILE), 'utf8');
    expect(onDisk).not.toContain('AUTH');
    expect(onDisk).not.toContain('ENC-1');
    await vault.clear('p1');
    expect((await vault.status('p1')).state).toBe('empty');
    expect(await vault.get('p1')).toEqual({});
  });

  it('keeps the newest of 20 concurrent rotations by seq', async () => {
    const vault = make(tempDir());
    await vault.set('p1', { authTicket: 'A', encryptedTicket: 'E0' });
    const seqs = Array.from({ length: 20 }, (_, i) => i + 1);
    // A fixed shuffle so the newest neither comes first nor last.
    const order = [7, 20, 3, 15, 1, 11, 18, 5, 9, 14, 2, 19, 6, 12, 17, 4, 10, 13, 8, 16];
    expect([...order].sort((a, b) => a - b)).toEqual(seqs);
    await Promise.all(order.map((seq) => vault.rotateEncrypted('p1', `E${seq}`, seq)));
    expect(await vault.get('p1')).toEqual({ authTicket: 'A', encryptedTicket: 'E20' });
    await vault.rotateEncrypted('p1', 'stale', 19);
    expect((await vault.get('p1')).encryptedTicket).toBe('E20');
    await vault.rotateEncrypted('p1', 'E21', 21);
    expect((await vault.get('p1')).encryptedTicket).toBe('E21');
  });

  it('reports a damaged entry as corrupt with a clear error, and recovers on set', async () => {
    const dir = tempDir();
    const vault = make(dir);
    await vault.set('p1', { authTicket: 'A' });
    await vault.set('p2', { authTicket: 'B' });
    const doc = JSON.parse(readFileSync(join(dir, VAULT_FILE), 'utf8')) as {
      profiles: Record<string, { sealed: string }>;
    };
    const sealed = Buffer.from(doc.profiles['p1']!.sealed, 'base64');
    sealed[sealed.length - 1] = sealed.at(-1)! ^ 0xff;
    doc.profiles['p1']!.sealed = sealed.toString('base64');
    writeFileSync(join(dir, VAULT_FILE), JSON.stringify(doc));

    expect((await vault.status('p1')).state).toBe('corrupt');
    const err = await vault.get('p1').catch((e: unknown) => e);
    expect(toDeskError(err)).toMatchObject({
      code: 'VAULT_CORRUPT',
      message: expect.stringMatching(/cannot be read/),
    });
    // Other profiles are untouched.
    expect(await vault.get('p2')).toEqual({ authTicket: 'B' });
    await vault.set('p1', { authTicket: 'A2' });
    expect(await vault.get('p1')).toEqual({ authTicket: 'A2' });
    expect((await vault.status('p1')).state).toBe('ok');
  });

  it('survives a garbage vault file: corrupt status, never a crash, clear starts afresh', async () => {
    const dir = tempDir();
    const vault = make(dir);
    await vault.set('p1', { authTicket: 'A' });
    writeFileSync(join(dir, VAULT_FILE), '\u0000\u0001 not json');
    expect((await vault.status('p1')).state).toBe('corrupt');
    expect(toDeskError(await vault.get('p1').catch((e: unknown) => e)).code).toBe('VAULT_CORRUPT');
    await vault.clear('p1');
    expect((await vault.status('p1')).state).toBe('empty');
    expect(readdirSync(dir).some((f) => f.startsWith('vault.corrupt-'))).toBe(true);
  });
});

describe('file vault key', () => {
  it('creates vault.key with mode 0600 and reuses it across instances', async () => {
    const dir = tempDir();
    await createFileVault(dir).set('p1', { authTicket: 'A' });
    if (process.platform !== 'win32') expect(statSync(join(dir, VAULT_KEY_FILE)).mode & 0o777).toBe(0o600);
    if (process.platform !== 'win32') expect(statSync(join(dir, VAULT_FILE)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(join(dir, VAULT_KEY_FILE), 'utf8'), 'base64')).toHaveLength(32);
    expect(await createFileVault(dir).get('p1')).toEqual({ authTicket: 'A' });
  });

  it('a replaced key makes the vault corrupt, not crash', async () => {
    const dir = tempDir();
    await createFileVault(dir).set('p1', { authTicket: 'A' });
    writeFileSync(join(dir, VAULT_KEY_FILE), randomBytes(32).toString('base64'));
    const vault = createFileVault(dir);
    expect((await vault.status('p1')).state).toBe('corrupt');
    await vault.clear('p1');
    await vault.set('p1', { authTicket: 'B' });
    expect(await vault.get('p1')).toEqual({ authTicket: 'B' });
  });

  it.each([
    ['too short', 'c2hvcnQ='],
    ['not base64 at all', '\u0000\u00ff garbage'],
  ])(
    'a damaged key (%s) is moved aside and replaced, with a notice, never VAULT_CORRUPT forever',
    async (_n, damaged) => {
      const dir = tempDir();
      await createFileVault(dir).set('p1', { authTicket: 'A' });
      writeFileSync(join(dir, VAULT_KEY_FILE), damaged);
      const vault = createFileVault(dir, () => new Date('2026-11-24T01:00:00Z'));
      const status = await vault.status('p1');
      expect(status).toMatchObject({
        state: 'corrupt',
        keyReplaced: expect.stringMatching(/^vault\.corrupt-/),
      });
      expect(readFileSync(join(dir, status.keyReplaced!), 'utf8')).toBe(damaged);
      await vault.set('p1', { authTicket: 'B' });
      expect(await vault.get('p1')).toEqual({ authTicket: 'B' });
      expect(await createFileVault(dir).get('p1')).toEqual({ authTicket: 'B' });
      expect(Buffer.from(readFileSync(join(dir, VAULT_KEY_FILE), 'utf8'), 'base64')).toHaveLength(32);
    },
  );

  it('an entry cannot be moved to another profile', async () => {
    const dir = tempDir();
    const vault = createFileVault(dir);
    await vault.set('p1', { authTicket: 'A' });
    const path = join(dir, VAULT_FILE);
    const doc = JSON.parse(readFileSync(path, 'utf8')) as { profiles: Record<string, unknown> };
    doc.profiles['p2'] = doc.profiles['p1'];
    writeFileSync(path, JSON.stringify(doc));
    expect((await createFileVault(dir).status('p2')).state).toBe('corrupt');
  });
});

describe('safeStorage vault on Linux basic_text', () => {
  it('refuses to store until the seller accepts weaker storage, and remembers the consent', async () => {
    const dir = tempDir();
    const backend = fakeSafeStorage('basic_text');
    const vault = createSafeStorageVault(dir, backend, { platform: 'linux' });
    expect((await vault.status('p1')).state).toBe('insecure-refused');
    const err = await vault.set('p1', { authTicket: 'A' }).catch((e: unknown) => e);
    expect(toDeskError(err).code).toBe('VAULT_INSECURE');
    expect(backend.encrypted).toBe(0);

    await vault.acceptWeakerStorage(true);
    await vault.set('p1', { authTicket: 'A' });
    expect((await vault.status('p1')).state).toBe('ok');
    // A new instance (the next app start) reads the consent back from the vault metadata.
    const again = createSafeStorageVault(dir, backend, { platform: 'linux' });
    await again.set('p1', { memberTicket: 'M' });
    expect(await again.get('p1')).toEqual({ authTicket: 'A', memberTicket: 'M' });

    await again.acceptWeakerStorage(false);
    expect(toDeskError(await again.set('p1', { authTicket: 'B' }).catch((e: unknown) => e)).code).toBe(
      'VAULT_INSECURE',
    );
  });

  it('does not apply the Linux rule on other platforms or real keyrings', async () => {
    const mac = createSafeStorageVault(tempDir(), fakeSafeStorage('basic_text'), { platform: 'darwin' });
    await mac.set('p1', { authTicket: 'A' });
    const kwallet = createSafeStorageVault(tempDir(), fakeSafeStorage('kwallet6'), { platform: 'linux' });
    await kwallet.set('p1', { authTicket: 'A' });
    expect((await kwallet.status('p1')).state).toBe('ok');
  });

  it('refuses with VAULT_LOCKED when the OS cannot encrypt at all', async () => {
    const vault = createSafeStorageVault(tempDir(), fakeSafeStorage('gnome_libsecret', false), {
      platform: 'linux',
    });
    expect(toDeskError(await vault.set('p1', { authTicket: 'A' }).catch((e: unknown) => e)).code).toBe(
      'VAULT_LOCKED',
    );
  });

  it('seals again when the OS asks for re-encryption', async () => {
    const backend = fakeSafeStorage();
    const vault = createSafeStorageVault(tempDir(), backend, { platform: 'linux' });
    await vault.set('p1', { authTicket: 'A' });
    const before = backend.encrypted;
    backend.reEncrypt = true;
    expect(await vault.get('p1')).toEqual({ authTicket: 'A' });
    expect(backend.encrypted).toBe(before + 1);
  });
});
