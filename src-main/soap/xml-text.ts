// xmlbuilder2 leaves an "&" unescaped when it is followed by something entity-like (so a buyer's
// literal "&amp;" would arrive as "&") and writes \r raw (normalized away by any XML parser on the
// other side). We route those through a marker that cannot occur in valid XML text (U+FFFE is not an
// XML 1.0 Char, and we reject it in input), then swap the markers for character references after
// serialization. It also writes \n / \t raw inside attributes, but the envelopes it builds carry only
// constant attributes (records, attributes included, are written by codec.ts with its own escaping).

/** A value XML 1.0 cannot carry; raised before anything is sent. */
export class InvalidXmlCharError extends Error {
  readonly deskCode = 'INVALID_ARGUMENT';
  constructor(
    readonly path: string,
    readonly codePoint: number,
  ) {
    super(
      `${path} contains U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}, a character XML 1.0 cannot carry`,
    );
    this.name = 'InvalidXmlCharError';
  }
}

const INVALID =
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MARK = '\uFFFE';

// Almost every value (Korean included: Hangul syllables end at U+D7A3) has none of the suspects.
// eslint-disable-next-line no-control-regex -- the same forbidden controls, as a cheap pre-check
const SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function assertXmlChars(value: string, path: string, attr?: string): void {
  if (!SUSPECT.test(value)) return;
  const m = INVALID.exec(value);
  if (m) throw new InvalidXmlCharError(attr === undefined ? path : `${path}@${attr}`, m[0].charCodeAt(0));
}

const CODE: Record<string, string> = { '&': 'a', '\r': 'r' };

export function markText(value: string, path: string): string {
  assertXmlChars(value, path);
  return /[&\r]/.test(value) ? value.replace(/[&\r]/g, (c) => MARK + CODE[c]!) : value;
}

const REFS: Record<string, string> = { a: '&amp;', r: '&#xD;' };
export function unmark(xml: string): string {
  return xml.includes(MARK) ? xml.replace(/\uFFFE([ar])/g, (_, c: string) => REFS[c]!) : xml;
}
