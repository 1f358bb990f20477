// The app's words for storage it cannot use as it is: a mirror file the OS refuses (kept as it is, the inbox
// working from memory, saying which path and that nothing is saved), a damaged mirror whose marks are offered
// back, and a settings file over its caps repaired field by field.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxIdentity } from '../../src-main/sandbox/server';
import {
  createMirrorRegistry,
  endpointFingerprint,
  mirrorFileName,
  MIRRORS_DIR,
} from '../../src-main/storage/mirror-registry';
import type { MirrorOwner } from '../../src-main/storage/notes-store';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { defaultSettings } from '../../src-main/storage/settings-schema';
import { SETTINGS_FILE } from '../../src-main/storage/settings-store';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser, openApp } from './harness';
import { LONG, noteCount, openInbox } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();

const SANDBOX: MirrorOwner = {
  profileId: 'sandbox',
  profileName: 'Sandbox',
  kind: 'sandbox',
  fingerprint: endpointFingerprint({ kind: 'sandbox', identity: sandboxIdentity({ seed: 42, notes: 2000 }) }),
};

async function start(dataDir: string) {
  const deps = createTestDeps({ dataDir });
  await deps.connection.active();
  return openInbox(deps, cleanup);
}

describe('a mirror the app cannot use as it is', () => {
  it('`mirrors` being a file: the path and what is wrong said, the inbox working from memory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirror-refused-'));
    writeFileSync(join(dataDir, MIRRORS_DIR), 'a file, not a folder');
    const { page } = await start(dataDir);
    const notice = page.getByTestId('mirror-notice');
    await expect.poll(() => notice.textContent(), LONG).toContain(join(dataDir, MIRRORS_DIR));
    const text = await notice.textContent();
    expect(text).toContain('폴더가 있어야 할 자리에 파일이 있습니다');
    expect(text).toContain('메모리에만 있고 저장되지 않습니다');
    await expect.poll(() => noteCount(page), LONG).toBeGreaterThan(0);
  });

  it('a damaged file: its marks and memos offered back by note number, and brought over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mirror-recovered-'));
    mkdirSync(join(dataDir, MIRRORS_DIR));
    const registry = createMirrorRegistry({ dataDir, sandbox: SANDBOX });
    const store = registry.open(SANDBOX, ['sandbox']);
    for (const seq of [11, 22, 33])
      store.setMark(seq, { handled: true, memo: `메모 ${seq}` }, TEST_NOW.getTime());
    registry.close();
    const db = new DatabaseSync(join(dataDir, MIRRORS_DIR, mirrorFileName(SANDBOX)));
    db.exec('DROP TABLE coverage');
    db.close();
    const { page } = await start(dataDir);
    await expect
      .poll(() => page.getByTestId('mirror-notice').textContent(), LONG)
      .toContain('문의 보관함 파일이 손상되어');
    const offer = page.getByRole('region', { name: '처리 표시·메모 가져오기' });
    await expect.poll(() => offer.textContent(), LONG).toContain('손상되어 옮긴 보관함 파일');
    expect(await offer.textContent()).toContain('처리 표시 3건·메모 3건');
    await offer.getByRole('button', { name: '가져오기' }).click();
    await expect.poll(() => page.getByTestId('offer-imported').textContent()).toContain('3건을 가져왔습니다');
    await expect.poll(() => offer.count()).toBe(0);
  });
});

describe('a settings file over its caps', () => {
  it('is repaired field by field, and Settings names the fields it reset', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'settings-capped-'));
    const saved = {
      ...defaultSettings(),
      language: 'en',
      autoRefreshMinutes: 0,
      inbox: { filters: { search: 'x'.repeat(9 * 1024 * 1024) } },
    };
    writeFileSync(join(dataDir, SETTINGS_FILE), JSON.stringify(saved));
    const deps = createTestDeps({ dataDir });
    const app = await openApp({ handlers: createHandlers(deps), schemas: requestSchemas, locale: 'ko-KR' });
    cleanup.push(async () => {
      await app.close();
      await deps.close().catch(() => {});
    });
    // The language the file chose is kept: the rest of the file was not lost with the one value over its cap.
    await app.page.getByRole('button', { name: 'Settings' }).click();
    const notice = app.page
      .getByRole('alert')
      .filter({ hasText: 'Some settings were reset to their defaults' });
    await expect.poll(() => notice.textContent()).toMatch(/\(inbox\).*settings\.repaired-.*\.json/);
    expect((await deps.settings.get()).settings).toMatchObject({
      autoRefreshMinutes: 0,
      inbox: { filters: {} },
    });
  });
});
