// The renderer's app:// scheme: which file a URL may name. Everything outside the built renderer is refused,
// however the path is spelled.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  appFileFor,
  appPathFor,
} from '../../../src-main/electron/app-protocol';
import { isAllowedPermission, isAppUrl } from '../../../src-main/electron/window-security';

function renderer(): string {
  const dir = mkdtempSync(join(tmpdir(), 'app-proto-'));
  const root = join(dir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'index.js'), '');
  writeFileSync(join(root, 'assets', 'font.woff2'), '');
  writeFileSync(join(dir, 'secret.json'), '{}');
  symlinkSync(join(dir, 'secret.json'), join(root, 'assets', 'link.json'));
  return root;
}

describe('app:// paths', () => {
  const root = '/opt/seller-desk/out/renderer';

  it.each([
    [APP_ENTRY_URL, 'index.html', 'text/html; charset=utf-8'],
    ['app://seller-desk/', 'index.html', 'text/html; charset=utf-8'],
    [
      'app://seller-desk/assets/index-C6Na86Gy.js?v=1#x',
      'assets/index-C6Na86Gy.js',
      'text/javascript; charset=utf-8',
    ],
    ['app://seller-desk/assets/Pretendard%20Bold.woff2', 'assets/Pretendard Bold.woff2', 'font/woff2'],
  ])('serves %s', (url, rel, type) => {
    expect(appPathFor(url, root)).toEqual({ file: join(root, rel), contentType: type });
  });

  it.each([
    'app://seller-desk/../secret.json',
    'app://seller-desk/assets/../../secret.json',
    'app://seller-desk/%2e%2e/secret.json',
    'app://seller-desk/%2E%2E%2Fsecret.json',
    'app://seller-desk/..%2fsecret.json',
    'app://seller-desk/..%5csecret.json',
    'app://seller-desk/assets/%5c..%5c..%5csecret.json',
    'app://seller-desk/index.html%00.js',
    'app://seller-desk/%ff',
    'app://seller-desk/..\\secret.json',
    'app://seller-desk//etc/passwd.json',
    'app://seller-desk/C:/Windows/win.ini',
    'app://evil/index.html',
    'app://seller-desk:8080/index.html',
    'app://user@seller-desk/index.html',
    'file:///opt/seller-desk/out/renderer/index.html',
    'https://seller-desk/index.html',
    'not a url',
  ])('never leaves the renderer for %s', (url) => {
    const r = appPathFor(url, root);
    // Either refused, or (when the URL parser already removed the dot segments) a file inside the renderer.
    if ('file' in r) expect(r.file.startsWith(`${root}/`)).toBe(true);
    else expect([400, 403, 404]).toContain(r.status);
  });

  it.each([
    'app://seller-desk/%2E%2E%2Fsecret.json',
    'app://seller-desk/..%2fsecret.json',
    'app://seller-desk/..%5csecret.json',
    'app://seller-desk/index.html%00.js',
    'app://seller-desk/%ff',
    'app://evil/index.html',
    'app://seller-desk:8080/index.html',
    'app://user@seller-desk/index.html',
    'file:///opt/seller-desk/out/renderer/index.html',
    'not a url',
  ])('refuses %s outright', (url) => {
    expect(appPathFor(url, root)).not.toHaveProperty('file');
  });

  it('refuses types it does not serve', () => {
    expect(appPathFor('app://seller-desk/assets/x.exe', root)).toEqual({ status: 404 });
    expect(appPathFor('app://seller-desk/assets', root)).toEqual({ status: 404 });
  });

  it('checks the real path: a link inside the renderer cannot lead out, a missing file is 404', async () => {
    const dir = renderer();
    expect(await appFileFor('app://seller-desk/index.html', dir)).toMatchObject({
      contentType: 'text/html; charset=utf-8',
    });
    expect(await appFileFor('app://seller-desk/assets/link.json', dir)).toEqual({ status: 403 });
    expect(await appFileFor('app://seller-desk/assets/missing.js', dir)).toEqual({ status: 404 });
  });

  it('registers a standard secure scheme with nothing extra', () => {
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({
      standard: true,
      secure: true,
      bypassCSP: false,
      allowServiceWorkers: false,
      corsEnabled: false,
      supportFetchAPI: false,
    });
  });

  it('counts only its own host as the app, never another custom URL with the same opaque origin', () => {
    expect(isAppUrl('app://seller-desk/index.html#/inbox', APP_ENTRY_URL)).toBe(true);
    for (const url of [
      'app://evil/index.html',
      'foo://seller-desk/index.html',
      'evil://x/',
      'file:///index.html',
      'data:text/html,x',
    ])
      expect(isAppUrl(url, APP_ENTRY_URL), url).toBe(false);
    expect(isAllowedPermission('notifications', 'app://seller-desk', APP_ENTRY_URL)).toBe(true);
    expect(isAllowedPermission('notifications', 'other://seller-desk', APP_ENTRY_URL)).toBe(false);
    expect(isAllowedPermission('media', 'app://seller-desk/index.html', APP_ENTRY_URL)).toBe(false);
  });

  it('main.ts serves the renderer from app:// and registers the scheme before ready', async () => {
    const { readFileSync } = await import('node:fs');
    const main = readFileSync('src-main/electron/main.ts', 'utf8');
    expect(main).toContain('protocol.registerSchemesAsPrivileged');
    expect(main.indexOf('protocol.registerSchemesAsPrivileged')).toBeLessThan(
      main.indexOf('app.whenReady()'),
    );
    expect(main).toContain('protocol.handle(APP_SCHEME');
    expect(main).not.toMatch(/`file:\/\//);
  });
});
