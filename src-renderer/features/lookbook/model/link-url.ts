// URL checks shared by the preview and the audit. Main validates again before anything reaches the OS; these
// decide what the renderer offers as a link at all.

export type LandingCheck =
  { state: 'empty' } | { state: 'malformed'; raw: string } | { state: 'ok'; href: string };

/** An absolute http(s) URL without credentials, exactly what the main process's openExternal accepts. */
export function httpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url.href;
}

export function checkLanding(raw: string | undefined): LandingCheck {
  if (raw === undefined || raw.trim() === '') return { state: 'empty' };
  // Whitespace inside a URL is legal for the URL parser (it percent-encodes it) but never a real landing page.
  if (/\s/.test(raw.trim())) return { state: 'malformed', raw };
  const href = httpUrl(raw);
  return href === undefined ? { state: 'malformed', raw } : { state: 'ok', href };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An http:// image on a real host is mixed content on the https marketplace page, and the app does not fetch it
 * either. Loopback is the built-in sandbox's own image server, which the CSP allows on purpose.
 */
export function isMixedContentImage(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' && !LOOPBACK.has(url.hostname);
  } catch {
    return false;
  }
}

// Raster only: an SVG data image cannot run script inside <img>, but it is the favourite wrapper of filter-evasion
// payloads and a lookbook has no need for it.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif)[;,]/i;

/** What an <img> may load: https, sandbox loopback http, and raster data: images. Undefined: do not load. */
export function loadableImage(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (/^data:/i.test(raw.trim())) return DATA_IMAGE.test(raw.trim()) ? raw.trim() : undefined;
  const href = httpUrl(raw);
  if (href === undefined || isMixedContentImage(href)) return undefined;
  return href;
}
