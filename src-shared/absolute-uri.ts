// Whether text is an absolute URI (RFC 3986: a scheme, ':', then only URI characters), as an XML namespace name
// must be. The settings form and the host's schema ask the same question, so a namespace root like '<<>>' is
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

/** An http or https address with a host, as a live profile's service addresses must be. */
export function isHttpUrl(text: string): boolean {
  if (text.length > 2048) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
