// Redaction for everything that records or shows wire text (network panel, logs, error details).
// It works on the raw string, not on a parsed tree, because the text to scrub is often not well-formed: a body
// cut at the log cap, a half-written request, an HTML error page quoting our envelope. For the same reason an
// element whose closing tag is missing is redacted up to the end of the string.
//
// Everything here is one forward scan (indexOf and plain loops, no backtracking regular expression), so the cost
// is linear in the text whatever a hostile server sends: an earlier version built on lazy `[\s\S]*?` patterns
// took 10.9 s on a 288 KB body of unclosed tags.

import { replaceSpans, secretSetOf } from './secret-set';
import type { Secrets } from './secret-set';

export const REDACTED = '[redacted]';

const CARRIERS = new Set(['AuthenticationTicket', 'EncryptedTicket']);

function isNameEnd(c: number): boolean {
  // White space, '>', '/', or past the end (NaN).
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x3e || c === 0x2f || c !== c;
}

/** The local name (after any prefix) of the tag name starting at `at`, and where the name ends. */
function tagName(s: string, at: number): { local: string; end: number } {
  let k = at;
  let colon = -1;
  // Names that long are no ticket carrier; stop looking rather than scan a hostile run.
  const limit = Math.min(s.length, at + 256);
  while (k < limit && !isNameEnd(s.charCodeAt(k))) {
    if (s.charCodeAt(k) === 0x3a) colon = k;
    k++;
  }
  return { local: s.slice(colon === -1 ? at : colon + 1, k), end: k };
}

/**
 * Where the character data starting at `from` ends: the next '<' that does not open a CDATA section (a CDATA
 * section is content, `<` and all), or the end of the string.
 */
function contentEnd(s: string, from: number): number {
  let k = from;
  for (;;) {
    const lt = s.indexOf('<', k);
    if (lt === -1) return s.length;
    if (!s.startsWith('<![CDATA[', lt)) return lt;
    const close = s.indexOf(']]>', lt + 9);
    if (close === -1) return s.length;
    k = close + 3;
  }
}

/** The text of every Value inside a ticket carrier and of every Ticket element, as REDACTED. */
function redactTicketElements(s: string): string {
  let out = '';
  let last = 0;
  let carriers = 0;
  let i = s.indexOf('<');
  while (i !== -1) {
    const c1 = s.charCodeAt(i + 1);
    if (c1 === 0x21 /* ! */) {
      if (s.startsWith('<!--', i)) {
        const end = s.indexOf('-->', i + 4);
        if (end === -1) break;
        i = s.indexOf('<', end + 3);
      } else i = s.indexOf('<', i + 2);
      continue;
    }
    if (c1 === 0x3f /* ? */) {
      i = s.indexOf('<', i + 2);
      continue;
    }
    if (c1 === 0x2f /* / */) {
      const { local, end } = tagName(s, i + 2);
      if (carriers > 0 && CARRIERS.has(local)) carriers--;
      i = s.indexOf('<', end);
      continue;
    }
    const { local, end } = tagName(s, i + 1);
    const gt = s.indexOf('>', end);
    if (gt === -1) break;
    const selfClosing = s.charCodeAt(gt - 1) === 0x2f;
    if (!selfClosing && CARRIERS.has(local)) carriers++;
    if (!selfClosing && (local === 'Ticket' || (local === 'Value' && carriers > 0))) {
      const from = gt + 1;
      const to = contentEnd(s, from);
      if (to > from) {
        out += s.slice(last, from) + REDACTED;
        last = to;
      }
      i = to < s.length ? to : -1;
      continue;
    }
    i = s.indexOf('<', gt + 1);
  }
  return last === 0 ? s : out + s.slice(last);
}

function replaceSecrets(s: string, secrets: Secrets): string {
  const set = secretSetOf(secrets);
  return set.size === 0 ? s : replaceSpans(s, set.find(s), REDACTED);
}

/**
 * Scrubs an envelope (or a fragment of one): the text of every `Value` inside AuthenticationTicket or
 * EncryptedTicket, every `Ticket` element's text, and every occurrence of `secrets` in any spelling (any case,
 * character references, percent-encoding, base64: secret-set.ts) become `[redacted]`. Works with any namespace
 * prefix.
 */
export function redactEnvelope(xml: string, secrets: Secrets = []): string {
  return replaceSecrets(redactTicketElements(xml), secrets);
}

// Opaque tokens long enough to be a ticket (base64 or hex, 40+ characters, letters and digits mixed).
// A server that echoes a ticket we do not know about (for example a fresh one in an error page) is still scrubbed;
// GUIDs and URLs are left alone because '-', '.' and ':' break the run.
function isTokenChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x2b ||
    c === 0x2f ||
    c === 0x3d ||
    c === 0x5f
  );
}

function redactOpaqueTokens(s: string): string {
  let out = '';
  let last = 0;
  let i = 0;
  const n = s.length;
  while (i < n) {
    if (!isTokenChar(s.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let digit = false;
    let letter = false;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (!isTokenChar(c)) break;
      if (c >= 0x30 && c <= 0x39) digit = true;
      else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) letter = true;
      i++;
    }
    if (i - start >= 40 && digit && letter) {
      out += s.slice(last, start) + REDACTED;
      last = i;
    }
  }
  return last === 0 ? s : out + s.slice(last);
}

/** For messages and details: the envelope rules when the text holds markup, the secrets, then opaque tokens. */
export function redactText(s: string, secrets: Secrets = []): string {
  const out = s.includes('<') ? redactEnvelope(s, secrets) : replaceSecrets(s, secrets);
  return redactOpaqueTokens(out);
}

/**
 * For values decoded from a response (a note's text, a lookbook's HTML): the tickets in use, in any spelling a
 * server may re-encode them in, become REDACTED. Undefined when there is nothing to scrub, so the decoder pays
 * nothing without tickets. Opaque-looking tokens are data here and stay.
 */
export function secretScrubber(secrets: Secrets): ((text: string) => string) | undefined {
  const set = secretSetOf(secrets);
  if (set.size === 0) return undefined;
  return (text) => replaceSpans(text, set.find(text), REDACTED);
}

/** Longest text an error detail keeps of what a server sent; cut before redaction, so nothing can overflow. */
const MAX_DETAIL_CHARS = 500;

/**
 * Server text for an error message or detail: cut to `max` characters first (whatever its size, the rest is
 * linear and small), then redacted, with a cut secret's visible head redacted too.
 */
export function redactSnippet(s: string, secrets: Secrets = [], max: number = MAX_DETAIL_CHARS): string {
  if (s.length <= max) return redactText(s, secrets);
  return `${redactCut(redactText(s.slice(0, max), secrets), secrets)}…`;
}

/**
 * The head of a longer text, redacted: what the network log keeps of a response. The envelope rules treat the
 * cut as the end of the string (an unclosed ticket element is redacted to it), and a secret cut in two has
 * its visible first part redacted.
 */
export function redactHead(s: string, max: number, secrets: Secrets = []): string {
  if (s.length <= max) return redactEnvelope(s, secrets);
  return redactCut(redactEnvelope(s.slice(0, max), secrets), secrets);
}

// The shortest head of a cut secret worth hiding; a shorter tail could match any text by chance.
const MIN_CUT_SECRET = 3;

/** `s` was cut at its end: a tail that is the start of a secret (in any of its forms) becomes REDACTED. */
function redactCut(s: string, secrets: Secrets): string {
  const set = secretSetOf(secrets);
  const cut = set.size === 0 ? undefined : set.cutStart(s, MIN_CUT_SECRET);
  return cut === undefined ? s : s.slice(0, cut) + REDACTED;
}
