// Response bodies built to hurt a reader or a redactor, each about `n` characters long: shared by the
// hostile-response tests (which assert linear growth and bounded memory) and `npm run bench` (which reports
// time and peak memory at 1x, 2x and 4x sizes).

const times = (unit: string, n: number) => unit.repeat(Math.max(1, Math.floor(n / unit.length)));

function attributes(n: number, name: (i: number) => string): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < n; i++) {
    const a = ` ${name(i)}=""`;
    parts.push(a);
    size += a.length;
  }
  return parts.join('');
}

export const hostileBodies = {
  /** Against the redaction of logs and error details. */
  redaction: {
    'unclosed ticket carriers': (n: number) => times('<EncryptedTicket ', n),
    'unclosed Value tags in a carrier': (n: number) => `<EncryptedTicket>${times('<Value a="', n)}`,
    'unclosed CDATA in a Ticket': (n: number) => `<Ticket>${times('<![CDATA[x', n)}`,
    'prefixes without names': (n: number) => times('<a:', n),
    'runs one short of a token': (n: number) => times(`${'a1'.repeat(19)}b-`, n),
  } satisfies Record<string, (n: number) => string>,

  /** Against the XML reader (some refused by the default caps; the tests raise them to time the reading). */
  reader: {
    'prefixed attributes': (n: number) => `<r xmlns:a="urn:a"${attributes(n, (i) => `a:x${i}`)}/>`,
    'namespace declarations': (n: number) =>
      `<r${attributes(n, (i) => `xmlns:p${i}`).replaceAll('""', '"u"')}/>`,
    'plain attributes': (n: number) => `<r${attributes(n, (i) => `x${i}`)}/>`,
    'character references': (n: number) => `<r>${times('&#x41;&lt;', n)}</r>`,
    'text in pieces': (n: number) => `<r>${times('t<!--c--><?p?><![CDATA[d]]>', n)}</r>`,
    'element-dense': (n: number) => `<r>${times('<a/>', n)}</r>`,
    'attribute values with line breaks': (n: number) => `<r a="${times('x\n\t&amp;', n)}"/>`,
    'a long name, then a mismatch': (n: number) => `<${'a'.repeat(n)}></b>`,
  } satisfies Record<string, (n: number) => string>,
};
