// The inbox export is safe to repeat: while it runs its buttons are disabled and it shows its size, then its
// progress (notes written of the total, told by the export worker); a double click (and `e` on top) writes one
// file, counted at the host; when done, "open folder" reveals that file through the host's showItemInFolder,
// which refuses any path the app did not save in this session. Cancel (the button, or Esc) stops it and leaves
// no file and no temporary file.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';

afterAll(closeBrowser);
const poll = <V>(fn: () => V | Promise<V>) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const ctx = { signal: new AbortController().signal, emit: () => {} };

describe('the inbox export', () => {
  it('writes one file for a double click, shows progress, and opens its folder', async () => {
    const deps = createTestDeps({ sandbox: { notes: 300 } });
    const writes: string[] = [];
    const revealed: string[] = [];
    let release = () => {};
    const handlers = createHandlers({
      ...deps,
      saveFile: async (name) => {
        writes.push(name);
        // The save dialog stays open until the test closes it: the export is running meanwhile.
        await new Promise<void>((resolve) => (release = resolve));
        return `/home/seller/Downloads/${name}`;
      },
      showItemInFolder: async (path) => void revealed.push(path),
    });
    const app = await openApp({ handlers, schemas: requestSchemas });
    const { page, calls } = app;
    try {
      await poll(() => page.getByTestId('sync-progress').count()).toBe(0);
      await poll(() => page.locator('.note-row').count()).toBeGreaterThan(0);
      const csv = page.getByRole('button', { name: 'CSV', exact: true });
      await csv.dblclick();
      await poll(() => page.getByTestId('export-running').count()).toBe(1);
      expect(await csv.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'XLSX', exact: true }).isDisabled()).toBe(true);
      expect(await page.getByTestId('export-running').textContent()).toMatch(/내보내는 중… 문의 [\d,]+건/);
      // The worker's progress reaches the banner: every row shown, written (the save dialog waits after it).
      await poll(() => page.getByTestId('export-progress').textContent()).toMatch(
        /^내보내는 중… 문의 ([\d,]+)건 중 \1건$/,
      );
      const bar = page.getByTestId('export-running').locator('progress');
      expect(await bar.getAttribute('value')).toBe(await bar.getAttribute('max'));
      await page.locator('.note-row').first().focus();
      await page.keyboard.press('e');
      await poll(() => writes.length).toBe(1);
      release();
      await poll(() => page.getByTestId('export-result').count()).toBe(1);
      expect(calls.filter((c) => c.channel === 'notes.export')).toHaveLength(1);
      expect(writes).toHaveLength(1);
      expect(await csv.isDisabled()).toBe(false);

      await page.getByRole('button', { name: '폴더 열기' }).click();
      await poll(() => revealed).toEqual([`/home/seller/Downloads/${writes[0]}`]);
      expect(calls.filter((c) => c.channel === 'shell.showItemInFolder')).toHaveLength(1);

      // Only a path this session saved: anything else is refused and nothing is revealed.
      for (const path of [
        '/etc/passwd',
        '/home/seller/Downloads/other.csv',
        `/home/seller/Downloads/${writes[0]}/..`,
      ]) {
        await expect(handlers['shell.showItemInFolder']({ path }, ctx)).rejects.toMatchObject({
          code: 'NOT_FOUND',
        });
      }
      expect(revealed).toHaveLength(1);
      expect(app.pageErrors).toEqual([]);
    } finally {
      await app.close();
      await deps.close();
    }
  });

  it('cancels by Esc and by its button, leaving no file, and writes the file when let run', async () => {
    const deps = createTestDeps({ sandbox: { notes: 300 } });
    const dir = mkdtempSync(join(tmpdir(), 'inbox-export-cancel-'));
    const results: string[] = [];
    let release = () => {};
    let gated = true;
    const handlers = createHandlers({
      ...deps,
      // The app writes the file itself, where the seller chose; the dialog stays open until the test closes it.
      chooseSavePath: async (name) => {
        if (gated) await new Promise<void>((resolve) => (release = resolve));
        return join(dir, name);
      },
    });
    const exportCall = handlers['notes.export'];
    handlers['notes.export'] = async (req, c) => {
      try {
        const r = await exportCall(req, c);
        results.push(c.signal.aborted ? 'aborted' : 'ok');
        return r;
      } catch (err) {
        results.push(c.signal.aborted ? 'aborted' : 'failed');
        throw err;
      }
    };
    const app = await openApp({ handlers, schemas: requestSchemas });
    const { page } = app;
    try {
      await poll(() => page.getByTestId('sync-progress').count()).toBe(0);
      await poll(() => page.locator('.note-row').count()).toBeGreaterThan(0);
      const cancelled = async (how: () => Promise<void>) => {
        await poll(() => page.getByTestId('export-running').count()).toBe(1);
        await how();
        await poll(() => page.getByTestId('export-result').textContent()).toBe(
          '내보내기를 취소했습니다. 파일은 만들어지지 않았습니다.',
        );
        release();
        await poll(() => results.length).toBeGreaterThan(0);
        expect(results.splice(0)).toEqual(['aborted']);
        expect(readdirSync(dir)).toEqual([]);
      };

      // Esc, from the list.
      await page.getByRole('button', { name: 'XLSX', exact: true }).click();
      await cancelled(async () => {
        await page.locator('.note-row').first().focus();
        await page.keyboard.press('Escape');
      });
      // The button, reached by the keyboard.
      await page.getByRole('button', { name: 'CSV', exact: true }).click();
      await cancelled(async () => {
        await page.getByRole('button', { name: '내보내기 취소 (Esc)' }).focus();
        await page.keyboard.press('Enter');
      });

      // Let run, it writes the file under its own name, and nothing beside it.
      gated = false;
      await page.getByRole('button', { name: 'CSV', exact: true }).click();
      await poll(() => page.getByTestId('export-result').textContent()).toMatch(/^[\d,]+건을 저장했습니다: /);
      expect(results).toEqual(['ok']);
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^구매자문의-.*\.csv$/);
      expect(app.pageErrors).toEqual([]);
    } finally {
      await app.close();
      await deps.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
