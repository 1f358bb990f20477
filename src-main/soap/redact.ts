// Redaction for everything that records or shows wire text (network panel, logs, error details).
// It works on the raw string with patterns, not on a parsed tree, because the text to scrub is often not
// well-formed: a body cut at 500 characters, a half-written request, an HTML error page quoting our envelope.
// For the same reason an element whose closing tag is missing is redacted up to the end of the string.

export const REDACTED = '[redacted]';

// Any prefix (or none); the local names come from the spec's security header and MemberTicket.
const QNAME_PREFIX = String.raw`(?:[^\s<>/:="']+:)?`;
// Markup start of a ticket carrier up to the end of the string or its own closing tag.
const CARRIER = new RegExp(
  String.raw`<${QNAME_PREFIX}(AuthenticationTicket|EncryptedTicket)(?=[\s>/])[\s\S]*?(?:</${QNAME_PREFIX}\1\s*>|$)`,
  'g',
);
// The content of an element (not self-closing): character data and CDATA sections, up to the next tag.
const content = String.raw`((?:<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|[^<])*)`;
const valueIn = new RegExp(String.raw`(<${QNAME_PREFIX}Value(?:\s[^>]*[^/>])?\s*>)${content}`, 'g');
const ticketEl = new RegExp(String.raw`(<${QNAME_PREFIX}Ticket(?:\s[^>]*[^/>])?\s*>)${content}`, 'g');

function redactContent(_m: string, open: string, text: string): string {
  return text.length === 0 ? open : open + REDACTED;
}

function xmlEscapes(s: string): string[] {
  const text = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const attr = text.replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  return [text, attr];
}

function replaceSecrets(s: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    // An empty secret would match between every character.
    if (!secret) continue;
    forms.add(secret);
    for (const f of xmlEscapes(secret)) forms.add(f);
    forms.add(encodeURIComponent(secret));
  }
  // Longer forms first so a secret containing another one is not left half-visible.
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    if (s.includes(form)) s = s.split(form).join(REDACTED);
  }
  return s;
}

/**
 * Scrubs an envelope (or a fragment of one): the text of every `Value` inside AuthenticationTicket or
 * EncryptedTicket, every `Ticket` element's text, and every literal occurrence of `secrets` (also in their
 * XML-escaped and URL-encoded forms) become `[redacted]`. Works with any namespace prefix.
 */
export function redactEnvelope(xml: string, secrets: readonly string[] = []): string {
  let out = xml.replace(CARRIER, (block) => block.replace(valueIn, redactContent));
  out = out.replace(ticketEl, redactContent);
  return replaceSecrets(out, secrets);
}

// Opaque tokens long enough to be a ticket (base64 or hex, 40+ characters, letters and digits mixed).
// A server that echoes a ticket we do not know about (for example a fresh one in an error page) is still scrubbed;
// GUIDs and URLs are left alone because '-', '.' and ':' break the run.
const OPAQUE_TOKEN = /[A-Za-z0-9+/=_]{40,}/g;

/** For messages and details: the envelope rules when the text holds markup, the secrets, then opaque tokens. */
export function redactText(s: string, secrets: readonly string[] = []): string {
  let out = s.includes('<') ? redactEnvelope(s, secrets) : replaceSecrets(s, secrets);
  out = out.replace(OPAQUE_TOKEN, (tok) => (/[0-9]/.test(tok) && /[A-Za-z]/.test(tok) ? REDACTED : tok));
  return out;
}
