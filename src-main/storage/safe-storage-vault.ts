import { createVault, VaultInsecureError, VaultLockedError } from './vault';
import type { TicketVault, VaultCipher } from './vault';

/**
 * The async half of Electron's safeStorage, by its own names, so `safeStorage` itself can be passed in and
 * tests can pass a fake.
 */
export interface SafeStorageBackend {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  /** Linux only: which keystore Chromium picked ('basic_text' means a hard-coded key, i.e. no protection). */
  getSelectedStorageBackend?(): string;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
}

export interface SafeStorageVaultOptions {
  platform?: NodeJS.Platform;
  now?: () => Date;
}

export function createSafeStorageVault(
  dir: string,
  backend: SafeStorageBackend,
  opts: SafeStorageVaultOptions = {},
): TicketVault {
  const platform = opts.platform ?? process.platform;
  const isWeak = () => platform === 'linux' && backend.getSelectedStorageBackend?.() === 'basic_text';

  const cipher: VaultCipher = {
    // The profile id is bound by the envelope: safeStorage has no associated data of its own.
    async seal(plain, profileId) {
      return backend.encryptStringAsync(JSON.stringify({ p: profileId, t: plain }));
    },
    async open(sealed, profileId) {
      const { result, shouldReEncrypt } = await backend.decryptStringAsync(sealed);
      const inner = JSON.parse(result) as { p?: unknown; t?: unknown };
      if (inner.p !== profileId || typeof inner.t !== 'string')
        throw new Error('entry belongs to another profile');
      return { plain: inner.t, reseal: shouldReEncrypt };
    },
    async assertWritable(accepted) {
      if (!(await backend.isAsyncEncryptionAvailable())) {
        throw new VaultLockedError('safeStorage reports that encryption is not available');
      }
      if (isWeak() && !accepted) {
        throw new VaultInsecureError('the Linux password store is basic_text (no keyring found)');
      }
    },
    async refusedState(accepted) {
      return isWeak() && !accepted ? 'insecure-refused' : undefined;
    },
  };
  return createVault(dir, cipher, opts.now);
}
