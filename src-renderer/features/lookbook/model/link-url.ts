// URL checks shared by the preview and the audit. Main validates again before anything reaches the OS; these
// decide what the renderer offers as a link at all.
import { safeHttpUrl } from '../../../../src-shared/absolute-uri';

export type LandingCheck =
  { state: 'empty' } | { state: 'malformed'; raw: string } | { state: 'ok'; href: string };

/** A safe http(s) URL (safeHttpUrl: a host, no credentials), exactly what the main process's openExternal accepts. */
export function httpUrl(raw: string | undefined): string | undefined {
  return raw === undefined ? undefined : safeHttpUrl(raw.trim());
}

export function checkLanding(raw: string | undefined): LandingCheck {
  if (raw === undefined || raw.trim() === '') return { state: 'empty' };
  // Whitespace inside a URL is legal for the URL parser (it percent-encodes it) but never a real landing page.
  if (/\s/.test(raw.trim())) return { state: 'malformed', raw };
  const href = httpUrl(raw);
  return href === undefined ? { state: 'malformed', raw } : { state: 'ok', href };
}

/**
 * An http:// image is mixed content on the https marketplace page, and the app does not fetch it either, except
 * from the built-in sandbox's own image route (see ImagePolicy). Loopback addresses count as the sandbox here,
 * for the audit's wording only.
 */
export function isMixedContentImage(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

// Raster only: an SVG data image cannot run script inside <img>, but it is the favourite wrapper of filter-evasion
// payloads and a lookbook has no need for it.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif)[;,]/i;

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname);
}

function ipv4(hostname: string): number[] | undefined {
  // The URL parser has already turned 0x7f000001, 2130706433, 0177.1 and 127.1 into dotted decimal.
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  return m ? m.slice(1).map(Number) : undefined;
}

function isPrivateIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a! >= 224
  );
}

// Names that resolve inside the seller's own network, never on the public internet.
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa', '.corp'];

/**
 * Whether a URL's hostname (as the URL parser normalized it) can only be a public internet host: not loopback,
 * a private, link-local or reserved address in any notation, an IPv6 literal outside global unicast, or a
 * single-label or local-only name. (A public name that a DNS server points inside is beyond what a page can
 * see; the CSP and the host allowlist below narrow what can be named at all.)
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || host === 'localhost') return false;
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1);
    // Global unicast only (2000::/3), and not 6to4 (2002::/16), which embeds an IPv4 address.
    return /^[23][0-9a-f]{0,3}:/.test(v6) && !v6.startsWith('2002:');
  }
  const v4 = ipv4(host);
  if (v4) return !isPrivateIpv4(v4);
  if (!host.includes('.')) return false;
  return !LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * Where a lookbook's images may come from. URL fields (an element's ImagePath, an item's images) may name any
 * public https host, raster data: images, or the built-in sandbox's own image route. Images inside seller HTML
 * are held tighter: only from hosts the lookbook's own image fields name (or the sandbox route), so a piece of
 * HTML cannot make the app fetch from anywhere else.
 */
export interface ImagePolicy {
  /** The sandbox's image route (origin and path prefix) when the connection is the built-in sandbox. */
  sandboxImageBase?: string;
  /** Hosts (host[:port], lowercase) that the lookbook's own image fields name and that pass the field rule. */
  htmlHosts: ReadonlySet<string>;
}

/**
 * Whether `href` (absolute, normalized) is under the sandbox's image route, as `written`: an address that only
 * reaches the route once the URL parser has rewritten it (0x7f000001, 2130706433, 127.1, another case) is not
 * the sandbox's own address as the sandbox wrote it, and counts as any other loopback URL.
 */
function sandboxRoute(href: string, written: string, policy: ImagePolicy): boolean {
  const base = policy.sandboxImageBase;
  return base !== undefined && href.startsWith(base) && written.startsWith(base);
}

/** What an image URL field may load, or undefined: do not load it. */
export function fieldImage(raw: string | undefined, policy: ImagePolicy): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const trimmed = raw.trim();
  if (/^data:/i.test(trimmed)) return DATA_IMAGE.test(trimmed) ? trimmed : undefined;
  const href = httpUrl(trimmed);
  if (href === undefined) return undefined;
  if (sandboxRoute(href, trimmed, policy)) return href;
  return isPublicHttps(href) ? href : undefined;
}

function isPublicHttps(href: string): boolean {
  const url = new URL(href);
  return url.protocol === 'https:' && isPublicHost(url.hostname);
}

/**
 * What an <img src> inside seller HTML may load, or undefined. A relative src resolves against `baseUrl` (the
 * API host), as the marketplace page would resolve it.
 */
export function htmlImage(raw: string, baseUrl: string, policy: ImagePolicy): string | undefined {
  const trimmed = raw.trim();
  if (/^data:/i.test(trimmed)) return DATA_IMAGE.test(trimmed) ? trimmed : undefined;
  let resolved: string;
  try {
    resolved = new URL(trimmed, baseUrl).href;
  } catch {
    return undefined;
  }
  // Written with a scheme or as //host, the address is the seller's own spelling; a path is resolved by us.
  const written = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i.test(trimmed) ? trimmed : resolved;
  const href = httpUrl(resolved);
  if (href === undefined) return undefined;
  if (sandboxRoute(href, written, policy)) return href;
  return isPublicHttps(href) && policy.htmlHosts.has(new URL(href).host) ? href : undefined;
}

/** The policy for one lookbook: the hosts its own image fields name, and the sandbox's route if any. */
export function imagePolicyFor(lookbook: {
  sandboxImageBase?: string;
  elements: readonly { imagePath?: string }[];
  items: readonly { images: readonly string[] }[];
}): ImagePolicy {
  const base: ImagePolicy = { sandboxImageBase: lookbook.sandboxImageBase, htmlHosts: new Set() };
  const hosts = new Set<string>();
  const fields = [...lookbook.elements.map((e) => e.imagePath), ...lookbook.items.flatMap((i) => i.images)];
  for (const raw of fields) {
    const src = fieldImage(raw, base);
    if (src !== undefined && !src.startsWith('data:')) hosts.add(new URL(src).host);
  }
  return { sandboxImageBase: lookbook.sandboxImageBase, htmlHosts: hosts };
}
