// The inbox export is safe to repeat: while it runs its buttons are disabled and it shows its size; a double click
// (and `e` on top) writes one file, counted at the host; when done, "open folder" reveals that file through the
// host's showItemInFolder, which refuses any path the app did not save in this session.
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
});
