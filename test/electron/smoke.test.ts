import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { _electron } from 'playwright';

// Never require('electron') from Node: recent majors download the binary on first require.
function electronBinary(): { path?: string; reason?: string } {
  const dir = resolve('node_modules/electron');
  const pathTxt = join(dir, 'path.txt');
  if (!existsSync(pathTxt))
    return { reason: 'node_modules/electron/path.txt is absent (binary not downloaded)' };
  const bin = join(dir, 'dist', readFileSync(pathTxt, 'utf8').trim());
  if (!existsSync(bin)) return { reason: `the Electron binary ${bin} named by path.txt is absent` };
  return { path: bin };
}

const probe = electronBinary();
if (!probe.path) console.log(`Electron smoke test skipped: ${probe.reason}`);

describe.skipIf(!probe.path)('Electron smoke', () => {
  it('opens the secure window on the sandbox and shows the shell', async () => {
    const app = await _electron.launch({
      executablePath: probe.path!,
      args: [resolve('out/main/index.js')],
      env: { ...process.env, SELLER_DESK_USER_DATA: resolve('test-results/electron-user-data') },
    });
    const window = await app.firstWindow();
    await window.waitForSelector('nav');
    const exposed = await window.evaluate(() => ({
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      deskFrozen: Object.isFrozen((window as unknown as { desk?: object }).desk),
    }));
    expect(exposed).toEqual({ require: 'undefined', process: 'undefined', deskFrozen: true });
    expect(await window.locator('h1').count()).toBe(1);
    await app.close();
  });
});
