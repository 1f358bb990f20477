// Hardened XML reading: bytes -> text -> a namespace-resolved element tree, or a typed error.
//
// Pipeline, cheapest refusal first:
//   1. byte cap, before any decoding;
//   2. encoding (BOM, Content-Type charset, XML declaration; a contradiction is an error, not a guess);
//   3. one pass over the text (`readTree`) that builds the tree and at the same time rejects DOCTYPE and entity
//      declarations wherever they appear, enforces the depth cap, checks well-formedness (matching end tags,
//      quoted and unique attributes, nothing after the root…), resolves namespaces by URI and decodes the five
//      entities and character references strictly;
//   4. a check that every character is one XML 1.0 allows (control characters, U+FFFE/U+FFFF, lone surrogates).
// Every step is linear in the input whatever it holds: duplicate attributes are found by hashing, text is
// gathered in pieces and joined once when its element closes (never a rope of millions of pieces), and counts
// are capped (elements, attributes per element, name length, depth). An error quotes at most a few hundred
// characters of the document, redacted with the tickets in use (`secrets`) as it is built.
// The reader is our own rather than fast-xml-parser: fast-xml-parser accepts malformed documents silently, so it
// needed this strict scan in front of it anyway, and once the scan builds the tree the second parse is pure
// cost (see `npm run bench`, where fast-xml-parser remains the baseline). The tests hold the reader to two
// oracles it shares no code with: a model of random trees written out in every equivalent way, and libxml2's
// verdict on mutated documents (test/unit/soap/xml-read-oracles.test.ts).
import iconv from 'iconv-lite';
import { XmlEncodingError, XmlMalformedError, XmlSecurityError } from './errors';
import { redactSnippet } from './redact';
import type { XmlSecurityKind } from './errors';
import type { Secrets } from './secret-set';

export interface XmlElement {
  /** Namespace URI resolved from xmlns declarations in scope ('' if none); never guessed from the prefix. */
  ns: string;
  /** Local name, without prefix. */
  name: string;
  /** Unprefixed attributes only, decoded; xmlns declarations excluded. */
  attrs: Record<string, string>;
  /** Namespace-qualified attributes keyed `{uri}local`, decoded. */
  qattrs: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside this element, CDATA included, decoded and untrimmed. */
  text: string;
}

export interface ParseLimits {
  /** Default 64 MiB; checked before decoding. */
  maxBytes?: number;
  /** Default 256; the root is depth 1. */
  maxDepth?: number;
  /** Default 1,000,000 elements in the whole document, whatever its size. */
  maxElements?: number;
  /**
   * Default 16: beyond the first 10,000 elements, a document may hold one element per this many bytes. An
   * element costs the tree about 80-150 bytes, so this is what keeps a dense document's tree within a small
   * multiple of its size (every real response spends far more bytes per element).
   */
  minBytesPerElement?: number;
  /** Default 256 attributes (namespace declarations included) on one element. */
  maxAttributes?: number;
  /**
   * Default 12: beyond the first 50,000 attributes, a document may hold one attribute per this many bytes. An
   * attribute costs the tree 50-80 bytes (its slot, its value, its key), so with the element rule this keeps a
   * tree within a small multiple of its body whatever the markup; real records spend 20-50 bytes on each.
   */
  minBytesPerAttribute?: number;
  /** Default 1024 characters for an element, attribute or processing-instruction name. */
  maxNameLength?: number;
}

export interface ParseOptions extends ParseLimits {
  /** The Content-Type header, whose charset takes part in choosing the encoding. */
  contentType?: string;
  /** The tickets in use: scrubbed from any text of the document an error quotes. */
  secrets?: Secrets;
}

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_DEPTH = 256;
const DEFAULT_MAX_ELEMENTS = 1_000_000;
const DEFAULT_MIN_BYTES_PER_ELEMENT = 16;
const ELEMENT_ALLOWANCE = 10_000;
const DEFAULT_MIN_BYTES_PER_ATTRIBUTE = 12;
const ATTRIBUTE_ALLOWANCE = 50_000;
const DEFAULT_MAX_ATTRIBUTES = 256;
const DEFAULT_MAX_NAME_LENGTH = 1024;
// The tree is built recursively; far below the JS stack limit whatever the caller asks for.
const DEPTH_CEILING = 4096;

// ---------------------------------------------------------------------------------------------------------------
// Positions and errors

// The tickets of the parse in progress. Parsing is synchronous from start to end, so no other parse can run in
// between: every error the reader builds (from however deep a helper) is redacted with them when it is made.
let parseSecrets: Secrets = [];

function malformedError(detail: string): XmlMalformedError {
  return new XmlMalformedError(detail, { secrets: parseSecrets });
}

// Names quoted in messages: enough to find the spot, never a six-million-character name. Cut and redacted in
// one step, so a ticket used as a name is hidden even when the cut runs through it.
const SHOWN_NAME = 64;
function shown(name: string, max: number = SHOWN_NAME): string {
  return redactSnippet(name, parseSecrets, max);
}

function lineCol(s: string, pos: number): string {
  let line = 1;
  let last = -1;
  for (let i = s.indexOf('\n'); i !== -1 && i < pos; i = s.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return `line ${line}, column ${pos - last}`;
}

function malformed(s: string, pos: number, what: string): XmlMalformedError {
  return malformedError(`${what} at ${lineCol(s, Math.min(pos, s.length))}`);
}

function truncatedOr(s: string, pos: number, what: string): XmlMalformedError {
  return pos >= s.length
    ? malformed(s, pos, 'Unexpected end of document (truncated response)')
    : malformed(s, pos, what);
}

// ---------------------------------------------------------------------------------------------------------------
// References

function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

function resolveReference(ref: string): string {
  switch (ref) {
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'amp':
      return '&';
    case 'quot':
      return '"';
    case 'apos':
      return "'";
  }
  if (ref.charCodeAt(0) !== 0x23 /* # */)
    throw malformedError(`Unknown entity &${shown(ref, 32)}; (only the five XML entities are defined)`);
  const hex = ref.charCodeAt(1) === 0x78; /* x */
  const digits = ref.slice(hex ? 2 : 1);
  if (digits.length === 0 || !(hex ? HEX_DIGITS : DEC_DIGITS).test(digits))
    throw malformedError(`Invalid character reference &${shown(ref, 16)};`);
  const cp = Number.parseInt(digits, hex ? 16 : 10);
  if (!isXmlChar(cp)) throw malformedError(`Character reference &${shown(ref, 16)}; is not an XML character`);
  return String.fromCodePoint(cp);
}

const HEX_DIGITS = /^[0-9A-Fa-f]+$/;
const DEC_DIGITS = /^[0-9]+$/;

// Pieces joined at a time: a text of millions of references never becomes a rope of millions of strings (which
// once kept 515 MB alive for 64 MiB of "&lt;"), nor an array of millions of pieces.
const JOIN_EVERY = 4096;

/**
 * Decodes the five predefined entities and numeric character references in one pass, so `&amp;lt;` is `&lt;`.
 * Every `&` must start a complete, known reference; anything else is an error. The result is a flat string.
 */
export function decodeXmlText(raw: string): string {
  let amp = raw.indexOf('&');
  if (amp === -1) return raw;
  let parts: string[] = [];
  let chunks: string[] | undefined;
  let last = 0;
  while (amp !== -1) {
    const semi = raw.indexOf(';', amp + 1);
    if (semi === -1)
      throw malformedError(`Unterminated reference near "${shown(raw.slice(amp, amp + 64), 16)}"`);
    const ref = raw.slice(amp + 1, semi);
    if (ref.length === 0 || ref.includes('&'))
      throw malformedError(`Bare "&" near "${shown(raw.slice(amp, amp + 64), 16)}"`);
    if (amp > last) parts.push(raw.slice(last, amp));
    parts.push(resolveReference(ref));
    if (parts.length >= JOIN_EVERY) {
      (chunks ??= []).push(parts.join(''));
      parts = [];
    }
    last = semi + 1;
    amp = raw.indexOf('&', last);
  }
  if (last < raw.length) parts.push(raw.slice(last));
  if (chunks === undefined) return parts.join('');
  chunks.push(parts.join(''));
  return chunks.join('');
}

const ATTR_WS = /[\t\n\r]/g;

function attrNeedsWork(raw: string): boolean {
  // Three indexOf calls beat one character-class regex on the short values records carry.
  return (
    raw.indexOf('&') !== -1 ||
    raw.indexOf('\n') !== -1 ||
    raw.indexOf('\t') !== -1 ||
    raw.indexOf('\r') !== -1
  );
}

// Attribute-value normalization: literal tab/newline become spaces, while their character references survive.
// So it runs on the raw value, before references are decoded.
function decodeAttr(raw: string): string {
  if (!attrNeedsWork(raw)) return raw;
  return decodeXmlText(raw.replace(ATTR_WS, ' '));
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'euc-kr' | 'us-ascii' | 'iso-8859-1';
type Declared = Encoding | 'utf-16';

function canonicalEncoding(label: string): Declared | undefined {
  switch (label.trim().toLowerCase()) {
    case 'utf-8':
    case 'utf8':
      return 'utf-8';
    case 'utf-16':
    case 'utf16':
      return 'utf-16';
    case 'utf-16le':
      return 'utf-16le';
    case 'utf-16be':
      return 'utf-16be';
    // EUC-KR is a subset of CP949 (UHC) and servers label CP949 bodies either way; both decode as CP949.
    case 'euc-kr':
    case 'euckr':
    case 'cp949':
    case 'ms949':
    case 'uhc':
    case 'windows-949':
    case 'x-windows-949':
    case 'ks_c_5601-1987':
    case 'ksc5601':
    case 'ksc_5601':
      return 'euc-kr';
    case 'us-ascii':
    case 'ascii':
      return 'us-ascii';
    case 'iso-8859-1':
    case 'latin1':
    case 'iso_8859-1':
      return 'iso-8859-1';
    default:
      return undefined;
  }
}

function compatible(a: Declared, b: Declared): boolean {
  if (a === b) return true;
  const utf8ish = (x: Declared) => x === 'utf-8' || x === 'us-ascii';
  const utf16ish = (x: Declared) => x === 'utf-16' || x === 'utf-16le' || x === 'utf-16be';
  if (utf8ish(a) && utf8ish(b)) return true;
  return utf16ish(a) && utf16ish(b) && (a === 'utf-16' || b === 'utf-16');
}

/** The charset parameter of a Content-Type header value, if any. */
function charsetOf(contentType: string | undefined | null): string | undefined {
  if (!contentType) return undefined;
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const v = m ? (m[1] ?? m[2]) : undefined;
  return v ? v : undefined;
}

// XML's white space only (S: space, tab, CR, LF); JavaScript's \s would also take U+00A0, U+2028, U+FEFF….
const DECL_ENCODING =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"[^"]*"|'[^']*')[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"([A-Za-z][A-Za-z0-9._-]*)"|'([A-Za-z][A-Za-z0-9._-]*)')/;

function declaredEncoding(head: string): string | undefined {
  const m = DECL_ENCODING.exec(head);
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeEucKr(bytes: Uint8Array): string {
  // iconv-lite rather than TextDecoder: ICU's "euc-kr" in Node is plain KS X 1001 and silently mis-decodes the
  // CP949 extension syllables (똠, 햏…) that Korean servers send under that label.
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'cp949');
  // CP949 maps nothing to U+FFFD, so one in the output is iconv-lite replacing an invalid sequence.
  if (text.includes('\uFFFD')) throw new TypeError('invalid EUC-KR byte sequence');
  return text;
}

function decodeAs(enc: Encoding, bytes: Uint8Array): string {
  switch (enc) {
    case 'utf-8':
    case 'utf-16le':
    case 'utf-16be':
      // The BOM was already skipped by the caller; a second one is content.
      return new TextDecoder(enc, { fatal: true, ignoreBOM: true }).decode(bytes);
    case 'euc-kr':
      return decodeEucKr(bytes);
    case 'us-ascii':
      for (const b of bytes) if (b > 0x7f) throw new TypeError(`byte 0x${b.toString(16)} is not ASCII`);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    case 'iso-8859-1':
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  }
}

const XML_DECL_START = Buffer.from('<?xml', 'latin1');
const QUESTION_GT_LE = Buffer.from('?>', 'utf16le');
const QUESTION_GT_BE = Buffer.from([0, 0x3f, 0, 0x3e]);

/**
 * The XML declaration at the start of the body as text, read before the encoding is known: up to its "?>"
 * however far that is (white space inside a declaration has no limit, and reading a fixed head once let an
 * encoding declared past byte 512 go unseen), or '' when the body does not start with one.
 */
function declarationText(body: Uint8Array, layout: 'single' | 'utf-16le' | 'utf-16be'): string {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (layout === 'single') {
    if (!bytes.subarray(0, 5).equals(XML_DECL_START)) return '';
    const end = bytes.indexOf('?>');
    return end === -1 ? '' : bytes.toString('latin1', 0, end + 2);
  }
  const le = layout === 'utf-16le';
  let end = -1;
  for (let from = 0; ; from = end + 1) {
    end = bytes.indexOf(le ? QUESTION_GT_LE : QUESTION_GT_BE, from);
    // A match must sit on a character boundary.
    if (end === -1 || end % 2 === 0) break;
  }
  if (end === -1) return '';
  return new TextDecoder(layout).decode(bytes.subarray(0, end + 4));
}

/**
 * Bytes to text. Sources, in precedence order: a BOM (UTF-8, UTF-16LE/BE), the Content-Type charset, the XML
 * declaration's encoding, else UTF-8. Every source present must agree with the one used; decoding is fatal on
 * invalid sequences. One tolerated quirk: a declaration saying UTF-16 in a body that is demonstrably single-byte
 * while a BOM or the charset says UTF-8 (what .NET writes when it serializes through a string); the declaration
 * cannot be true there, since it would then itself be in UTF-16.
 */
export function bytesToText(body: Uint8Array, contentType?: string, secrets: Secrets = []): string {
  const encodingError = (detail: string, cause?: unknown) => new XmlEncodingError(detail, { cause, secrets });
  const b0 = body[0];
  const b1 = body[1];
  let bom: Encoding | undefined;
  let offset = 0;
  if (
    (b0 === 0xff && b1 === 0xfe && body[2] === 0 && body[3] === 0) ||
    (b0 === 0 && b1 === 0 && body[2] === 0xfe)
  ) {
    throw encodingError('UTF-32 is not supported');
  }
  if (b0 === 0xef && b1 === 0xbb && body[2] === 0xbf) {
    bom = 'utf-8';
    offset = 3;
  } else if (b0 === 0xff && b1 === 0xfe) {
    bom = 'utf-16le';
    offset = 2;
  } else if (b0 === 0xfe && b1 === 0xff) {
    bom = 'utf-16be';
    offset = 2;
  }

  const charsetLabel = charsetOf(contentType);
  let charset: Declared | undefined;
  if (charsetLabel !== undefined) {
    charset = canonicalEncoding(charsetLabel);
    if (!charset) throw encodingError(`Unsupported charset "${charsetLabel}" in Content-Type`);
  }

  // How the first characters are laid out, to read the declaration before knowing the encoding.
  let layout: 'single' | 'utf-16le' | 'utf-16be' = 'single';
  if (bom === 'utf-16le' || bom === 'utf-16be') layout = bom;
  else if (!bom && b0 === 0x3c && b1 === 0 && body[2] === 0x3f && body[3] === 0) layout = 'utf-16le';
  else if (!bom && b0 === 0 && b1 === 0x3c && body[2] === 0 && body[3] === 0x3f) layout = 'utf-16be';

  const head = declarationText(body.subarray(offset), layout);
  const declLabel = declaredEncoding(head);
  let declared: Declared | undefined;
  if (declLabel !== undefined) {
    declared = canonicalEncoding(declLabel);
    if (!declared) throw encodingError(`Unsupported encoding "${declLabel}" in the XML declaration`);
  }

  const external = bom ?? charset;
  if (
    declared === 'utf-16' &&
    layout === 'single' &&
    external !== undefined &&
    compatible(external, 'utf-8')
  ) {
    declared = undefined;
  }

  let effective: Encoding;
  const first = bom ?? charset ?? declared ?? 'utf-8';
  if (first === 'utf-16') {
    if (layout === 'single') throw encodingError('UTF-16 is declared but the body is not UTF-16');
    effective = layout;
  } else {
    effective = first;
  }
  for (const [source, enc] of [
    ['byte order mark', bom],
    ['Content-Type charset', charset],
    ['XML declaration', declared],
  ] as const) {
    if (enc !== undefined && !compatible(enc, effective)) {
      throw encodingError(`The ${source} says ${enc} but the body is read as ${effective}`);
    }
  }
  const isUtf16 = effective === 'utf-16le' || effective === 'utf-16be';
  if (isUtf16 !== (layout !== 'single') || (isUtf16 && layout !== effective)) {
    throw encodingError(`The body does not start like ${effective} text`);
  }

  try {
    return decodeAs(effective, body.subarray(offset));
  } catch (err) {
    throw encodingError(`The body is not valid ${effective}`, err);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Names

const NAME_START = new Uint8Array(128);
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_:]/.test(ch)) NAME_START[c] = 1;
  if (/[A-Za-z_:0-9.-]/.test(ch)) NAME_CHAR[c] = 1;
}

// XML 1.0 (5th ed.) NameStartChar above ASCII. Surrogates stand for the supplementary planes up to U+EFFFF (the
// text is already known to pair them).
function isNameStartHigh(c: number): boolean {
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xd800 && c <= 0xdb7f) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

function isNameCharHigh(c: number): boolean {
  return (
    isNameStartHigh(c) ||
    c === 0xb7 ||
    (c >= 0x300 && c <= 0x36f) ||
    c === 0x203f ||
    c === 0x2040 ||
    (c >= 0xdc00 && c <= 0xdfff)
  );
}

/** Whether the whole name `name` is at `i`: its characters, then no further name character. */
function nameAt(s: string, name: string, i: number): boolean {
  return s.startsWith(name, i) && !isNameCharCode(s.charCodeAt(i + name.length));
}

/** End (exclusive) of the XML Name starting at i; i itself when there is none. */
function nameEnd(s: string, i: number): number {
  let c = s.charCodeAt(i);
  if (!(c < 128 ? NAME_START[c] === 1 : isNameStartHigh(c))) return i;
  for (;;) {
    c = s.charCodeAt(++i);
    // charCodeAt past the end is NaN, which fails both tests.
    if (!(c < 128 ? NAME_CHAR[c] === 1 : isNameCharHigh(c))) return i;
  }
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

// S is space, tab and line feed here (carriage returns are normalized away before); never JavaScript's \s,
// which also takes U+00A0, U+2028 or U+FEFF.
const XML_DECL =
  /<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])1\.[0-9]+\1(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(?:yes|no)\3)?[ \t\n]*\?>/y;

function securityKindOfDeclaration(s: string, at: number): XmlSecurityKind {
  // A bounded look is enough to name the attack; the document is refused either way.
  const window = s.slice(at, at + 64 * 1024);
  if (/<!ENTITY\s+%/i.test(window)) return 'parameter-entity';
  if (/<!ENTITY\s+[^\s>]+\s+(?:SYSTEM|PUBLIC)[\s"']/i.test(window)) return 'external-entity';
  if (/<!ENTITY/i.test(window)) return 'entity-declaration';
  return 'doctype';
}

// ---------------------------------------------------------------------------------------------------------------
// The reader

/** prefix -> namespace URI; null-prototype objects chained per scope, '' is the default namespace. */
type Scope = Record<string, string>;

const ROOT_SCOPE: Scope = Object.create(null) as Scope;
ROOT_SCOPE['xml'] = XML_NS;
ROOT_SCOPE[''] = '';

// Shared by every element that has none: the tree is read-only once returned.
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

interface Frame {
  el: XmlElement;
  qname: string;
  scope: Scope;
  /** The element's character data so far, when it came in more than one piece. */
  parts: string[] | undefined;
}

function splitQName(qname: string, what: string): [prefix: string, local: string] {
  const colon = qname.indexOf(':');
  if (colon === -1) return ['', qname];
  const prefix = qname.slice(0, colon);
  const local = qname.slice(colon + 1);
  if (colon === 0 || local.length === 0 || local.includes(':'))
    throw malformedError(`${what} "${shown(qname)}" is not a valid qualified name`);
  return [prefix, local];
}

function declareNamespace(scope: Scope, prefix: string, uri: string): void {
  if (prefix === 'xmlns') throw malformedError('The prefix xmlns cannot be declared');
  if (prefix === 'xml' ? uri !== XML_NS : uri === XML_NS || uri === XMLNS_NS)
    throw malformedError(
      `Prefix "${shown(prefix)}" cannot be bound to ${shown(uri) || 'an empty namespace'}`,
    );
  if (prefix !== '' && uri === '') throw malformedError(`Prefix "${shown(prefix)}" cannot be undeclared`);
  scope[prefix] = uri;
}

function isNameCharCode(c: number): boolean {
  return c < 128 ? NAME_CHAR[c] === 1 : isNameCharHigh(c);
}

interface TreeLimits {
  maxDepth: number;
  maxElements: number;
  maxAttributes: number;
  /** Attributes in the whole document. */
  maxTotalAttributes: number;
  maxNameLength: number;
}

// Below this many prefixed attributes and namespace declarations on one element, a scan of the few already
// seen is cheaper than a hash set; above it, the set keeps the duplicate check linear.
const SPECIAL_SCAN_LIMIT = 8;

function qualifiedKey(cache: Map<string, Map<string, string>>, uri: string, local: string): string {
  let byLocal = cache.get(uri);
  if (!byLocal) cache.set(uri, (byLocal = new Map()));
  let key = byLocal.get(local);
  if (key === undefined) byLocal.set(local, (key = `{${uri}}${local}`));
  return key;
}

/** Adds character data to the open element; pieces are joined once, when the element closes. */
function appendText(frame: Frame, piece: string): void {
  if (piece.length === 0) return;
  if (frame.parts !== undefined) frame.parts.push(piece);
  else if (frame.el.text === '') frame.el.text = piece;
  else frame.parts = [frame.el.text, piece];
}

/**
 * Reads the document element in one pass over the text: well-formedness (every rule a conforming
 * non-validating parser applies to a document without a DTD), the security rules (no DOCTYPE or entity
 * declaration anywhere, the caps), namespace resolution and strict reference decoding. Nothing is returned
 * unless the whole document passed.
 */
function readTree(s: string, limits: TreeLimits): XmlElement {
  return new TreeReader(s, limits).read();
}

/**
 * The state of one pass: the position, the open elements, the counts the caps apply to, and the cached next
 * positions of the characters that need work. Each kind of markup has its own method; every method moves `i`
 * past what it read, and never back.
 */
class TreeReader {
  private readonly len: number;
  private i = 0;
  private readonly stack: Frame[] = [];
  private top: Frame | undefined;
  private root: XmlElement | undefined;
  private elements = 0;
  private attributes = 0;
  // Cached next positions of characters that need work, so every check is one comparison and the whole
  // document is searched for each of them only once ('\r' is gone: line ends are normalized before); -2: none.
  private nextLt = -1;
  private nextCdataEnd = -1;
  private nextAmp = -1;
  private nextNl = -1;
  private nextTab = -1;
  // Attribute names by position in the last start tag, and element names by depth: records repeat them, and
  // reusing the string spares a slice and a name scan per attribute.
  private readonly attrNames: string[] = [];
  private readonly elementNames: string[] = [];
  // "{uri}local" keys of qualified attributes, one string per name for the whole document (xsi:nil repeats).
  private readonly qualifiedKeys = new Map<string, Map<string, string>>();
  // The start tag being read: its plain attributes, and its xmlns declarations and prefixed attributes as
  // name/value pairs, resolved once the tag is complete.
  private tagAttrs: Record<string, string> = NO_ATTRS;
  private tagSpecial: string[] | undefined;
  private tagSelfClosing = false;

  constructor(
    private readonly s: string,
    private readonly limits: TreeLimits,
  ) {
    this.len = s.length;
  }

  read(): XmlElement {
    const { s, len } = this;
    this.skipDeclaration();
    while (this.i < len) {
      const lt = s.indexOf('<', this.i);
      const textEnd = lt === -1 ? len : lt;
      if (textEnd > this.i) this.readText(textEnd);
      if (lt === -1) break;
      this.i = lt;
      const c1 = s.charCodeAt(lt + 1);
      if (c1 === 0x2f) this.readEndTag();
      else if (c1 === 0x3f) this.readProcessingInstruction();
      else if (c1 === 0x21) this.readMarkupDeclaration();
      else this.readStartTag();
    }
    if (this.top !== undefined)
      throw malformed(s, len, `Unexpected end of document: <${shown(this.top.qname)}> is not closed`);
    if (!this.root) throw malformed(s, len, 'No root element');
    return this.root;
  }

  private nameTooLong(at: number, end: number): void {
    const max = this.limits.maxNameLength;
    if (end - at > max)
      throw new XmlSecurityError(
        'name-length',
        `a name of ${end - at} characters (at most ${max}) at ${lineCol(this.s, at)}`,
      );
  }

  private skipDeclaration(): void {
    const s = this.s;
    if (s.startsWith('<?xml', 0) && (isWs(s.charCodeAt(5)) || s.charCodeAt(5) === 0x3f)) {
      XML_DECL.lastIndex = 0;
      if (!XML_DECL.test(s)) throw malformed(s, 0, 'Invalid XML declaration');
      this.i = XML_DECL.lastIndex;
    }
  }

  /** Character data up to `end` (the next "<"): white space only outside the root, no "]]>", references decoded. */
  private readText(end: number): void {
    const { s, top } = this;
    const i = this.i;
    if (top === undefined) {
      for (let k = i; k < end; k++) {
        if (!isWs(s.charCodeAt(k)))
          throw malformed(s, k, this.root ? 'Text after the root element' : 'Text before the root element');
      }
      return;
    }
    if (this.nextCdataEnd !== -2 && this.nextCdataEnd < i) {
      const found = s.indexOf(']]>', i);
      this.nextCdataEnd = found === -1 ? -2 : found;
    }
    if (this.nextCdataEnd >= 0 && this.nextCdataEnd < end)
      throw malformed(s, this.nextCdataEnd, '"]]>" in text');
    if (this.nextAmp !== -2 && this.nextAmp < i) {
      const found = s.indexOf('&', i);
      this.nextAmp = found === -1 ? -2 : found;
    }
    const raw = s.slice(i, end);
    appendText(top, this.nextAmp >= 0 && this.nextAmp < end ? decodeXmlText(raw) : raw);
  }

  /** An end tag: the common case is a match with the open element, compared in place. */
  private readEndTag(): void {
    const { s, len } = this;
    const i = this.i;
    let k: number;
    const open = this.top?.qname;
    if (open !== undefined && nameAt(s, open, i + 2)) {
      k = i + 2 + open.length;
    } else {
      const ne = nameEnd(s, i + 2);
      if (ne === i + 2) throw truncatedOr(s, ne, 'Invalid end tag');
      const name = shown(s.slice(i + 2, Math.min(ne, i + 2 + SHOWN_NAME + 1)));
      if (open === undefined) throw malformed(s, i, `End tag </${name}> without a start tag`);
      if (ne >= len) throw truncatedOr(s, ne, `Invalid end tag </${name}`);
      throw malformed(s, i, `End tag </${name}> does not match <${shown(open)}>`);
    }
    while (isWs(s.charCodeAt(k))) k++;
    if (s.charCodeAt(k) !== 0x3e) throw truncatedOr(s, k, `Invalid end tag </${shown(open)}`);
    const stack = this.stack;
    const closed = stack.pop()!;
    if (closed.parts !== undefined) closed.el.text = closed.parts.join('');
    // An element that turned out empty shares the frozen empty list instead of keeping its own.
    if (closed.el.children.length === 0) closed.el.children = NO_CHILDREN;
    this.top = stack.length > 0 ? stack[stack.length - 1] : undefined;
    this.i = k + 1;
  }

  private readProcessingInstruction(): void {
    const { s, len } = this;
    const i = this.i;
    const ne = nameEnd(s, i + 2);
    if (ne === i + 2) throw truncatedOr(s, ne, 'Invalid processing instruction');
    this.nameTooLong(i + 2, ne);
    const target = s.slice(i + 2, ne);
    if (target.toLowerCase() === 'xml')
      throw malformed(s, i, 'XML declaration not at the start of the document');
    // Namespaces in XML: a processing instruction's target is a name without a colon.
    if (target.includes(':'))
      throw malformed(s, i, `Processing instruction target "${shown(target)}" has a colon`);
    const end = s.indexOf('?>', ne);
    if (end === -1) throw truncatedOr(s, len, '');
    if (end !== ne && !isWs(s.charCodeAt(ne))) throw malformed(s, ne, 'Invalid processing instruction');
    this.i = end + 2;
  }

  /** "<!": a comment, a CDATA section, or a declaration (DOCTYPE and ENTITY are refused as such). */
  private readMarkupDeclaration(): void {
    const { s, len } = this;
    const i = this.i;
    if (s.startsWith('--', i + 2)) {
      const end = s.indexOf('--', i + 4);
      if (end === -1) throw truncatedOr(s, len, '');
      if (s.charCodeAt(end + 2) !== 0x3e) throw truncatedOr(s, end + 2, '"--" inside a comment');
      this.i = end + 3;
    } else if (s.startsWith('[CDATA[', i + 2)) {
      if (this.top === undefined) throw malformed(s, i, 'CDATA section outside the root element');
      const end = s.indexOf(']]>', i + 9);
      if (end === -1) throw truncatedOr(s, len, '');
      appendText(this.top, s.slice(i + 9, end));
      this.i = end + 3;
    } else {
      const word = s.slice(i + 2, i + 9).toUpperCase();
      if (word.startsWith('DOCTYPE') || word.startsWith('ENTITY'))
        throw new XmlSecurityError(securityKindOfDeclaration(s, i), `<!${word}… at ${lineCol(s, i)}`);
      throw truncatedOr(s, i + 2, 'Invalid markup declaration');
    }
  }

  /** A start tag: its name, its attributes, its namespaces, and the element it opens. */
  private readStartTag(): void {
    const { s, len, stack } = this;
    const lt = this.i;
    if (this.top === undefined && this.root !== undefined)
      throw malformed(s, lt, 'More than one root element');
    const { maxElements, maxDepth } = this.limits;
    if (++this.elements > maxElements)
      throw new XmlSecurityError(
        'elements',
        `more than ${maxElements} elements in ${len} characters at ${lineCol(s, lt)}`,
      );
    const depth = stack.length;
    let qname = this.elementNames[depth];
    let k: number;
    if (qname !== undefined && nameAt(s, qname, lt + 1)) {
      k = lt + 1 + qname.length;
    } else {
      k = nameEnd(s, lt + 1);
      if (k === lt + 1) throw truncatedOr(s, k, 'Invalid character after "<"');
      this.nameTooLong(lt + 1, k);
      qname = this.elementNames[depth] = s.slice(lt + 1, k);
    }
    this.readAttributes(qname, k);
    if (stack.length >= maxDepth)
      throw new XmlSecurityError('depth', `more than ${maxDepth} levels at ${lineCol(s, lt)}`);
    this.openElement(qname);
  }

  /** The attributes of the start tag of `qname` from `k` to its ">" or "/>"; moves `i` past the tag. */
  private readAttributes(qname: string, k: number): void {
    const { s } = this;
    const { maxAttributes } = this.limits;
    let count = 0;
    this.tagAttrs = NO_ATTRS;
    this.tagSpecial = undefined;
    this.tagSelfClosing = false;
    let specialNames: Set<string> | undefined;
    for (;;) {
      const wsStart = k;
      while (isWs(s.charCodeAt(k))) k++;
      const c = s.charCodeAt(k);
      if (c === 0x3e) {
        this.i = k + 1;
        return;
      }
      if (c === 0x2f) {
        if (s.charCodeAt(k + 1) !== 0x3e) throw truncatedOr(s, k + 1, `Invalid start tag <${shown(qname)}`);
        this.tagSelfClosing = true;
        this.i = k + 2;
        return;
      }
      if (k === wsStart)
        throw truncatedOr(s, k, `Attributes of <${shown(qname)}> must be separated by white space`);
      if (count >= maxAttributes)
        throw new XmlSecurityError(
          'attributes',
          `more than ${maxAttributes} attributes on <${shown(qname)}> at ${lineCol(s, k)}`,
        );
      if (++this.attributes > this.limits.maxTotalAttributes)
        throw new XmlSecurityError(
          'attributes',
          `more than ${this.limits.maxTotalAttributes} attributes in ${this.len} characters at ${lineCol(s, k)}`,
        );
      const at = k;
      let aname = this.attrNames[count];
      if (aname !== undefined && s.startsWith(aname, k) && !isNameCharCode(s.charCodeAt(k + aname.length))) {
        k += aname.length;
      } else {
        const an = nameEnd(s, k);
        if (an === k) throw truncatedOr(s, k, `Invalid attribute name in <${shown(qname)}>`);
        this.nameTooLong(k, an);
        aname = this.attrNames[count] = s.slice(k, an);
        k = an;
      }
      count++;
      while (isWs(s.charCodeAt(k))) k++;
      if (s.charCodeAt(k) !== 0x3d) throw truncatedOr(s, k, `Attribute ${shown(aname)} has no value`);
      k++;
      while (isWs(s.charCodeAt(k))) k++;
      const vend = this.valueEnd(aname, k);
      const value = this.attributeValue(k, vend);
      k = vend + 1;
      if (aname.indexOf(':') === -1 && aname !== 'xmlns') {
        this.addPlainAttribute(qname, aname, value, at);
      } else {
        const special = (this.tagSpecial ??= []);
        let duplicate = false;
        if (specialNames !== undefined) duplicate = specialNames.has(aname);
        else {
          for (let j = 0; j < special.length; j += 2) if (special[j] === aname) duplicate = true;
          if (special.length >= 2 * SPECIAL_SCAN_LIMIT) {
            specialNames = new Set<string>();
            for (let j = 0; j < special.length; j += 2) specialNames.add(special[j]!);
          }
        }
        if (duplicate) throw malformed(s, at, `Duplicate attribute ${shown(aname)} in <${shown(qname)}>`);
        specialNames?.add(aname);
        special.push(aname, value);
      }
    }
  }

  /** Where the value quoted at `k` ends (its closing quote), refusing a "<" inside it. */
  private valueEnd(aname: string, k: number): number {
    const { s, len } = this;
    const q = s.charCodeAt(k);
    if (q !== 0x22 && q !== 0x27) throw truncatedOr(s, k, `Value of attribute ${shown(aname)} is not quoted`);
    const vend = s.indexOf(q === 0x22 ? '"' : "'", k + 1);
    if (vend === -1) throw truncatedOr(s, len, '');
    if (this.nextLt <= k) {
      this.nextLt = s.indexOf('<', k + 1);
      if (this.nextLt === -1) this.nextLt = len;
    }
    if (this.nextLt < vend) throw malformed(s, this.nextLt, `"<" in the value of attribute ${shown(aname)}`);
    return vend;
  }

  /** The value between the quote at `k` and the one at `vend`, normalized only when it holds "&", LF or tab. */
  private attributeValue(k: number, vend: number): string {
    const s = this.s;
    if (this.nextAmp !== -2 && this.nextAmp <= k) {
      const found = s.indexOf('&', k + 1);
      this.nextAmp = found === -1 ? -2 : found;
    }
    if (this.nextNl !== -2 && this.nextNl <= k) {
      const found = s.indexOf('\n', k + 1);
      this.nextNl = found === -1 ? -2 : found;
    }
    if (this.nextTab !== -2 && this.nextTab <= k) {
      const found = s.indexOf('\t', k + 1);
      this.nextTab = found === -1 ? -2 : found;
    }
    const rawValue = s.slice(k + 1, vend);
    return (this.nextAmp >= 0 && this.nextAmp < vend) ||
      (this.nextNl >= 0 && this.nextNl < vend) ||
      (this.nextTab >= 0 && this.nextTab < vend)
      ? decodeAttr(rawValue)
      : rawValue;
  }

  private addPlainAttribute(qname: string, aname: string, value: string, at: number): void {
    let attrs = this.tagAttrs;
    if (attrs === NO_ATTRS) attrs = this.tagAttrs = {};
    else if (Object.hasOwn(attrs, aname))
      throw malformed(this.s, at, `Duplicate attribute ${shown(aname)} in <${shown(qname)}>`);
    // A plain assignment to "__proto__" would be swallowed by the prototype setter.
    if (aname === '__proto__')
      Object.defineProperty(attrs, aname, { value, enumerable: true, writable: true, configurable: true });
    else attrs[aname] = value;
  }

  /** The element of the tag just read, in its namespaces, appended to its parent (or the root). */
  private openElement(qname: string): void {
    const parentScope = this.top ? this.top.scope : ROOT_SCOPE;
    let scope = parentScope;
    let qattrs = NO_ATTRS;
    if (this.tagSpecial !== undefined) {
      scope = declaredScope(this.tagSpecial, parentScope);
      qattrs = this.qualifiedAttributes(this.tagSpecial, scope, qname);
    }
    let ns: string | undefined;
    let name = qname;
    if (qname.indexOf(':') === -1) {
      ns = scope[''];
    } else {
      const [prefix, local] = splitQName(qname, 'Element name');
      name = local;
      ns = scope[prefix];
      if (ns === undefined)
        throw malformedError(`Namespace prefix "${shown(prefix)}" of <${shown(qname)}> is not declared`);
    }
    const selfClosing = this.tagSelfClosing;
    const el: XmlElement = {
      ns: ns ?? '',
      name,
      attrs: this.tagAttrs,
      qattrs,
      children: selfClosing ? NO_CHILDREN : [],
      text: '',
    };
    if (this.top) this.top.el.children.push(el);
    else this.root = el;
    if (!selfClosing) this.stack.push((this.top = { el, qname, scope, parts: undefined }));
  }

  /** The tag's prefixed attributes by "{uri}local", in a null-prototype object; NO_ATTRS when it has none. */
  private qualifiedAttributes(special: string[], scope: Scope, qname: string): Record<string, string> {
    let qattrs = NO_ATTRS;
    for (let j = 0; j < special.length; j += 2) {
      const an = special[j]!;
      if (an === 'xmlns' || an.startsWith('xmlns:')) continue;
      // Keys "{uri}local" in a null-prototype object: a hash lookup whatever the names, and no name can
      // reach Object.prototype.
      if (qattrs === NO_ATTRS) qattrs = Object.create(null) as Record<string, string>;
      const [prefix, local] = splitQName(an, 'Attribute');
      const uri = scope[prefix];
      if (uri === undefined)
        throw malformedError(`Namespace prefix "${shown(prefix)}" of attribute ${shown(an)} is not declared`);
      const key = qualifiedKey(this.qualifiedKeys, uri, local);
      if (key in qattrs) throw malformedError(`Attribute ${shown(key)} appears twice on <${shown(qname)}>`);
      qattrs[key] = special[j + 1]!;
    }
    return qattrs;
  }
}

/** The scope of a tag's xmlns declarations over its parent's (the parent's itself when it declares none). */
function declaredScope(special: string[], parentScope: Scope): Scope {
  let scope = parentScope;
  for (let j = 0; j < special.length; j += 2) {
    const an = special[j]!;
    if (an !== 'xmlns' && !an.startsWith('xmlns:')) continue;
    if (scope === parentScope) scope = Object.create(parentScope) as Scope;
    declareNamespace(scope, an === 'xmlns' ? '' : splitQName(an, 'Attribute')[1], special[j + 1]!);
  }
  return scope;
}

// Chars XML 1.0 excludes; lone surrogates are checked separately with isWellFormed.
// eslint-disable-next-line no-control-regex -- matching the excluded control characters is the point
const INVALID_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkChars(s: string): void {
  const bad = INVALID_CHAR.exec(s);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw malformed(s, bad.index, `Character U+${code} is not allowed in XML`);
  }
  const wellFormed = (s as unknown as { isWellFormed?: () => boolean }).isWellFormed;
  if (wellFormed ? !wellFormed.call(s) : LONE_SURROGATE.test(s)) {
    const m = LONE_SURROGATE.exec(s);
    throw malformed(s, m ? m.index : 0, 'Unpaired surrogate');
  }
}

const CR_LINE_END = /\r\n?/g;

function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/**
 * Parses a whole document and returns its document element. Bytes are decoded with {@link bytesToText}
 * (`contentType` supplies the charset); a string is taken as already decoded. Throws XmlSecurityError,
 * XmlEncodingError or XmlMalformedError, never a partial tree; an error quotes the document only redacted with
 * `secrets`. The returned tree is read-only: elements without attributes or children share frozen empty objects.
 */
export function parseXml(input: string | Uint8Array, opts: ParseOptions = {}): XmlElement {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const secrets = opts.secrets ?? [];

  let text: string;
  if (typeof input === 'string') {
    // UTF-8 needs at least one byte per UTF-16 unit and at most three, so the exact count is rarely needed.
    if (input.length > maxBytes || (input.length * 3 > maxBytes && utf8Length(input) > maxBytes))
      throw new XmlSecurityError('size', `more than ${maxBytes} bytes`);
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  } else {
    if (input.byteLength > maxBytes)
      throw new XmlSecurityError('size', `${input.byteLength} bytes > ${maxBytes}`);
    text = bytesToText(input, opts.contentType, secrets);
  }
  // End-of-line handling (XML 1.0 §2.11): CRLF and a lone CR are read as LF; a &#xD; reference survives.
  if (text.indexOf('\r') !== -1) text = text.replace(CR_LINE_END, '\n');
  const size = typeof input === 'string' ? input.length : input.byteLength;
  const limits: TreeLimits = {
    maxDepth: Math.min(opts.maxDepth ?? DEFAULT_MAX_DEPTH, DEPTH_CEILING),
    maxElements: Math.min(
      opts.maxElements ?? DEFAULT_MAX_ELEMENTS,
      ELEMENT_ALLOWANCE + Math.floor(size / (opts.minBytesPerElement ?? DEFAULT_MIN_BYTES_PER_ELEMENT)),
    ),
    maxAttributes: opts.maxAttributes ?? DEFAULT_MAX_ATTRIBUTES,
    maxTotalAttributes:
      ATTRIBUTE_ALLOWANCE + Math.floor(size / (opts.minBytesPerAttribute ?? DEFAULT_MIN_BYTES_PER_ATTRIBUTE)),
    maxNameLength: opts.maxNameLength ?? DEFAULT_MAX_NAME_LENGTH,
  };
  parseSecrets = secrets;
  try {
    const root = readTree(text, limits);
    checkChars(text);
    return root;
  } finally {
    parseSecrets = [];
  }
}
