// Whether text is an absolute URI (RFC 3986: a scheme, ':', then only URI characters), as an XML namespace name
// must be; and whether it is an http(s) address the app may use (safeHttpUrl: the one rule for those). The settings form and the host's schema ask the same question, so a namespace root like '<<>>' is
// marked where it is typed and refused where it is saved.

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** unreserved / sub-delims / ':' '@' '/' '?' '#' '[' ']' / pct-encoded */
const URI_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;

export function isAbsoluteUri(text: string): boolean {
  const scheme = SCHEME.exec(text);
  if (!scheme) return false;
  const rest = text.slice(scheme[0].length);
  if (rest === '' || !URI_CHARS.test(rest) || rest.split('#').length > 2) return false;
  // A web address must name its host: 'http:' or 'http:///x' is not one.
  if (/^https?:$/i.test(scheme[0])) return /^\/\/[^/?#]+/.test(rest);
  return true;
}

/** The longest http(s) address the app accepts anywhere (a settings field, a link, openExternal). */
export const MAX_HTTP_URL_LENGTH = 2048;

/**
 * The app's one rule for an http(s) address it talks to, opens or offers as a link (a live profile's service
 * addresses, the answer page, a lookbook link, the host's openExternal, the command line's --base-url): http: or
 * https:, a host, no user name or password (no `user:pass@`), at most MAX_HTTP_URL_LENGTH characters. Never
 * credentials: fetch refuses a URL that carries them (the marketplace authenticates by tickets, so a service
 * address with `user:pass@` could never connect), an address is kept in settings and shown in the network log and
 * in errors, and `https://market.example@evil.example` is the classic disguise of a link. The href as the URL
 * parser writes it, or undefined.
 */
export function safeHttpUrl(text: string): string | undefined {
  if (text.length > MAX_HTTP_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url.href;
}

/** Whether `text` is a safe http(s) address (safeHttpUrl), as a live profile's service addresses must be. */
export function isHttpUrl(text: string): boolean {
  return safeHttpUrl(text) !== undefined;
}
