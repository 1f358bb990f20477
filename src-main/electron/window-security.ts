// Kept free of electron imports so a unit test can assert the options.
/** The only web preferences the main window may have: main.ts writes them out and `satisfies` this. */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  spellcheck: false;
  /** Middle-click would otherwise open links in a new window, around setWindowOpenHandler. */
  disableBlinkFeatures: 'Auxclick';
}

/** No inline script, no eval, no network from the renderer: data flows over IPC. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http://127.0.0.1:*",
  "font-src 'self' data:",
  "connect-src 'none'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * True when url belongs to the app itself: the app:// host it is served from, the same file (for a file://
 * entry), or the dev server's origin. A custom scheme's URL has the opaque origin "null", which every other
 * custom URL shares, so app:// is matched by scheme and host, never by origin.
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const u = new URL(url);
    const a = new URL(appUrl);
    if (a.protocol === 'file:') return u.protocol === 'file:' && u.pathname === a.pathname;
    if (a.protocol !== 'http:' && a.protocol !== 'https:')
      return u.protocol === a.protocol && u.host === a.host && a.host !== '';
    return u.origin === a.origin;
  } catch {
    return false;
  }
}

/**
 * The only permissions the app grants, and only to its own pages: copying text, desktop notifications, and
 * reaching the loopback address of the built-in sandbox (Chromium's local network access rule would otherwise
 * hold back its images on the app:// origin; which images may load is decided by the renderer and the CSP).
 */
const ALLOWED_PERMISSIONS: readonly string[] = [
  'clipboard-sanitized-write',
  'notifications',
  'local-network-access',
];

export function isAllowedPermission(permission: string, requestingUrl: string, appUrl: string): boolean {
  if (!ALLOWED_PERMISSIONS.includes(permission)) return false;
  // A permission check may report only the origin ('app://seller-desk' for the packaged app).
  if (isAppUrl(requestingUrl, appUrl)) return true;
  try {
    const a = new URL(appUrl);
    if (a.protocol === 'file:') return requestingUrl === 'file://' || requestingUrl === 'file:///';
    if (a.protocol !== 'http:' && a.protocol !== 'https:') return false;
    return new URL(requestingUrl).origin === a.origin;
  } catch {
    return false;
  }
}
