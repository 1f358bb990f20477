// Kept free of electron imports so a unit test can assert the options.
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

export function secureWebPreferences(preload: string): SecureWebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    disableBlinkFeatures: 'Auxclick',
  };
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

/** True when url belongs to the app itself (same file directory, or the dev server origin). */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const u = new URL(url);
    const a = new URL(appUrl);
    if (a.protocol === 'file:') return u.protocol === 'file:' && u.pathname === a.pathname;
    return u.origin === a.origin;
  } catch {
    return false;
  }
}
