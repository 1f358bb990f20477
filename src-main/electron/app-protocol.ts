// The renderer is served from app://seller-desk/ (a standard, secure custom scheme) instead of file://: a page of
// the app then has an origin of its own, file:// pages get none of their legacy privileges, and only the files
// of the built renderer can ever be read through it. Kept free of electron imports so the URL-to-file rules are
// unit-tested; main.ts registers the scheme and serves what appFileFor returns.
import { realpath } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export const APP_SCHEME = 'app';
const APP_HOST = 'seller-desk';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * What registerSchemesAsPrivileged grants the scheme (before the app is ready): a standard scheme (real origins
 * and relative URLs) that counts as secure, with nothing more (no fetch from pages, no CORS, no service
 * workers, no bypassing the CSP).
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: false,
  corsEnabled: false,
  allowServiceWorkers: false,
  bypassCSP: false,
  stream: false,
  codeCache: true,
} as const;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export type AppFile = { file: string; contentType: string } | { status: 400 | 403 | 404 };

/**
 * The file of the renderer an app:// URL names, by string rules alone: the scheme and host must be the app's,
 * without credentials or a port; the path is decoded once and must hold no '..' segment, backslash, NUL or
 * encoded separator, and must stay inside `root`. '/' is the entry page. Query and fragment are ignored.
 */
export function appPathFor(url: string, root: string): AppFile {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { status: 400 };
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.hostname !== APP_HOST || u.port || u.username || u.password)
    return { status: 403 };
  const raw = u.pathname;
  // An encoded slash or backslash would let a segment that looked harmless become a separator once decoded.
  if (/%2f|%5c|%00/i.test(raw)) return { status: 400 };
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { status: 400 };
  }
  if (path.includes('\\') || path.includes('\0')) return { status: 400 };
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return { status: 403 };
  const rel = segments.length === 0 ? 'index.html' : segments.join('/');
  const base = resolve(root);
  const file = resolve(base, rel);
  const inside = relative(base, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return { status: 403 };
  const contentType = MIME[extname(file).toLowerCase()];
  if (!contentType) return { status: 404 };
  return { file, contentType };
}

/**
 * appPathFor, then the same check on the real path (no symbolic link inside the renderer may lead out of it),
 * and 404 for what does not exist.
 */
export async function appFileFor(url: string, root: string): Promise<AppFile> {
  const named = appPathFor(url, root);
  if (!('file' in named)) return named;
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([realpath(named.file), realpath(root)]);
  } catch {
    return { status: 404 };
  }
  if (!real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) return { status: 403 };
  return { file: real, contentType: named.contentType };
}

/** The built renderer's folder, relative to the main bundle's own folder. */
export function rendererRoot(mainDir: string): string {
  return join(mainDir, '..', 'renderer');
}
