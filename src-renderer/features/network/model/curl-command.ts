// "Copy as cURL" for one exchange: a POSIX shell command that replays the request. The envelope arrives
// redacted from the host; header values that could carry a credential and the text of ticket elements are
// scrubbed again here, so a copy pasted into a chat or a bug report never leaks one.

const REDACTED = '[redacted]';

const SECRET_HEADER = /ticket|authorization|cookie|token/i;
// In this protocol `Value` only carries the security headers' tickets and `Ticket` the member ticket.
const TICKET_TEXT = /(<(?:[^\s<>/:="']+:)?(?:Value|Ticket)(?:\s[^>]*[^/>])?\s*>)([^<]+)/g;

/** Single-quotes a word for sh/bash/zsh: nothing inside is special except the quote itself. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function scrubTickets(xml: string): string {
  return xml.replace(TICKET_TEXT, (_m, open: string, text: string) =>
    text === REDACTED ? open + text : open + REDACTED,
  );
}

export function curlCommand(exchange: {
  url: string;
  requestHeaders: Record<string, string>;
  requestXml: string;
}): string {
  const parts = ['curl', '-sS', '-X', 'POST', shellQuote(exchange.url)];
  for (const [name, raw] of Object.entries(exchange.requestHeaders)) {
    // A line break would end the header early on the wire.
    const value = SECRET_HEADER.test(name) ? REDACTED : raw.replace(/[\r\n]+/g, ' ');
    parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  parts.push(`--data-binary ${shellQuote(scrubTickets(exchange.requestXml))}`);
  return (
    parts.slice(0, 5).join(' ') +
    parts
      .slice(5)
      .map((p) => ` \\\n  ${p}`)
      .join('')
  );
}
