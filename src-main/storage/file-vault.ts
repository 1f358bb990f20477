import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { DataFileError, readTextIfExists, setAside } from './atomic-file';
import { createVault } from './vault';
import type { TicketVault, VaultCipher } from './vault';

export const VAULT_KEY_FILE = 'vault.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * For Node-only contexts (tests, the CLI) where no OS keystore is reachable: AES-256-GCM with a random key
 * kept next to the vault, readable by the owner only. It protects against casual copying of the vault file,
 * not against someone who can read the user's files — the desktop app uses the OS keystore instead.
 */
export function createFileVault(dir: string, now?: () => Date): TicketVault {
  let key: Promise<Buffer> | undefined;
  const keyFile = join(dir, VAULT_KEY_FILE);

  /** The name the damaged key was moved to, when it was replaced in this process (said in the status). */
  let replacedAs: string | undefined;

  async function loadKey(): Promise<Buffer> {
    await mkdir(dir, { recursive: true });
    let existing: string | undefined;
    try {
      existing = await readTextIfExists(keyFile);
    } catch (err) {
      if (!(err instanceof DataFileError)) throw err;
      // A key that cannot be read opens nothing: keep it aside and start a new one; the entries it sealed then
      // read as corrupt, which the seller clears or enters again.
      replacedAs = await setAside(keyFile, 'unreadable', (now ?? (() => new Date()))());
    }
    if (existing !== undefined) {
      const buf = Buffer.from(existing.trim(), 'base64');
      if (buf.length === KEY_BYTES) return buf;
      // A damaged key: the same path as a damaged file elsewhere. Kept aside (never deleted), a fresh key made,
      // and the status says the tickets saved before must be entered again (they read as corrupt until then).
      replacedAs = await setAside(keyFile, 'corrupt', (now ?? (() => new Date()))());
    }
    const fresh = randomBytes(KEY_BYTES);
    // 'wx' so two processes racing to create the key cannot both win and overwrite each other's key.
    const handle = await open(keyFile, 'wx', 0o600);
    try {
      await handle.writeFile(fresh.toString('base64'));
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The umask may only narrow the mode, but a pre-set ACL or odd umask should not widen it.
    await chmod(keyFile, 0o600);
    return fresh;
  }

  const getKey = (): Promise<Buffer> => {
    key ??= loadKey().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };

  const cipher: VaultCipher = {
    async seal(plain, profileId) {
      const iv = randomBytes(IV_BYTES);
      const c = createCipheriv('aes-256-gcm', await getKey(), iv);
      c.setAAD(Buffer.from(profileId, 'utf8'));
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    async open(sealed, profileId) {
      if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed data is truncated');
      const d = createDecipheriv('aes-256-gcm', await getKey(), sealed.subarray(0, IV_BYTES));
      d.setAAD(Buffer.from(profileId, 'utf8'));
      d.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([d.update(sealed.subarray(IV_BYTES + TAG_BYTES)), d.final()]).toString(
        'utf8',
      );
      return { plain, reseal: false };
    },
    async assertWritable() {},
    async refusedState() {
      return undefined;
    },
    async keyReplaced() {
      // Loading the key is what finds it damaged: a status asked before any ticket was read loads it too.
      if (existsSync(keyFile)) await getKey().catch(() => undefined);
      return replacedAs;
    },
  };
  return createVault(dir, cipher, now);
}
