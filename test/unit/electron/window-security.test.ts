import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  isAllowedPermission,
  isAppUrl,
} from '../../../src-main/electron/window-security';

const directives = (csp: string) =>
  new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );

describe('window security', () => {
  it('main.ts turns every renderer privilege off, and passes nothing else', () => {
    const main = readFileSync('src-main/electron/main.ts', 'utf8');
    const block = /webPreferences: \{([\s\S]*?)\} satisfies SecureWebPreferences/.exec(main)?.[1] ?? '';
    const written = Object.fromEntries(
      [...block.matchAll(/^\s*(\w+): ([^\n]+?),(?:\s*\/\/.*)?$/gm)].map(([, k, v]) => [k, v]),
    );
    expect(written).toEqual({
      preload: "join(here, '../preload/index.cjs')",
      contextIsolation: 'true',
      sandbox: 'true',
      nodeIntegration: 'false',
      nodeIntegrationInWorker: 'false',
      nodeIntegrationInSubFrames: 'false',
      webSecurity: 'true',
      allowRunningInsecureContent: 'false',
      webviewTag: 'false',
      spellcheck: 'false',
      disableBlinkFeatures: "'Auxclick'",
    });
  });

  it('allows only the app’s own scripts and no network from the renderer', () => {
    const csp = directives(CONTENT_SECURITY_POLICY);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('connect-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
  });

  it('uses the same CSP in the response header, in index.html and in the typed constant', () => {
    const main = readFileSync('src-main/electron/main.ts', 'utf8');
    expect(main).toContain(`"${CONTENT_SECURITY_POLICY}"`);
    const html = readFileSync('src-renderer/index.html', 'utf8').replace(/\s+/g, ' ');
    expect(html).toContain(`content="${CONTENT_SECURITY_POLICY}"`);
  });

  it.each([
    ['file:///opt/app/out/renderer/index.html', 'file:///opt/app/out/renderer/index.html', true],
    ['file:///opt/app/out/renderer/index.html#/settings', 'file:///opt/app/out/renderer/index.html', true],
    ['file:///etc/passwd', 'file:///opt/app/out/renderer/index.html', false],
    ['file:///opt/app/out/renderer/other.html', 'file:///opt/app/out/renderer/index.html', false],
    ['http://localhost:5173/inbox', 'http://localhost:5173/', true],
    ['http://localhost:5174/', 'http://localhost:5173/', false],
    ['https://evil.example/', 'http://localhost:5173/', false],
    ['https://evil.example/', 'file:///opt/app/out/renderer/index.html', false],
    ['not a url', 'file:///opt/app/out/renderer/index.html', false],
    ['javascript:alert(1)', 'http://localhost:5173/', false],
  ])('isAppUrl(%s) against %s is %s', (url, app, expected) => {
    expect(isAppUrl(url, app)).toBe(expected);
  });
});

describe('permissions', () => {
  const app = 'file:///opt/seller-desk/resources/app/out/renderer/index.html';
  it('grants clipboard writes and notifications to the app only', () => {
    expect(isAllowedPermission('clipboard-sanitized-write', app, app)).toBe(true);
    expect(isAllowedPermission('notifications', 'file://', app)).toBe(true);
    expect(isAllowedPermission('notifications', 'https://evil.example/', app)).toBe(false);
  });
  it('refuses everything else', () => {
    for (const p of ['media', 'geolocation', 'clipboard-read', 'openExternal', 'midi', 'fullscreen']) {
      expect(isAllowedPermission(p, app, app)).toBe(false);
    }
  });
});
