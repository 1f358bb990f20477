// Indents XML text for reading, without parsing it into a tree: the network inspector shows envelopes that may
// be cut short (responses are capped), redacted or not XML at all, and must show them all the same. Tag text
// is kept byte for byte (attribute values may hold '>'), CDATA and comments are never looked inside, and an
// element holding only text stays on one line with its text unchanged. The result is plain text for a <pre>.

export type XmlToken = {
  kind: 'open' | 'close' | 'empty' | 'text' | 'cdata' | 'comment' | 'pi' | 'doctype';
  text: string;
};

/** The end of a tag or declaration starting at `from`, skipping '>' inside quotes (and a DOCTYPE's [subset]). */
function markupEnd(xml: string, from: number, brackets: boolean): number {
  let quote: string | undefined;
  let depth = 0;
  for (let i = from; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (brackets && c === '[') {
      depth++;
    } else if (brackets && c === ']') {
      depth = Math.max(0, depth - 1);
    } else if (c === '>' && depth === 0) {
      return i + 1;
    }
  }
  return -1;
}

export function tokenizeXml(xml: string): XmlToken[] {
  const tokens: XmlToken[] = [];
  let i = 0;
  const delimited = (open: string, close: string, kind: XmlToken['kind']) => {
    const end = xml.indexOf(close, i + open.length);
    const stop = end < 0 ? xml.length : end + close.length;
    tokens.push({ kind, text: xml.slice(i, stop) });
    i = stop;
  };
  while (i < xml.length) {
    if (xml[i] !== '<') {
      const next = xml.indexOf('<', i);
      const stop = next < 0 ? xml.length : next;
      tokens.push({ kind: 'text', text: xml.slice(i, stop) });
      i = stop;
    } else if (xml.startsWith('<![CDATA[', i)) {
      delimited('<![CDATA[', ']]>', 'cdata');
    } else if (xml.startsWith('<!--', i)) {
      delimited('<!--', '-->', 'comment');
    } else if (xml.startsWith('<?', i)) {
      delimited('<?', '?>', 'pi');
    } else {
      const declaration = xml.startsWith('<!', i);
      const end = markupEnd(xml, i + 1, declaration);
      // A tag cut off by the response cap: show the rest as it is.
      if (end < 0) {
        tokens.push({ kind: 'text', text: xml.slice(i) });
        break;
      }
      const text = xml.slice(i, end);
      const kind = declaration
        ? 'doctype'
        : text.startsWith('</')
          ? 'close'
          : text.endsWith('/>')
            ? 'empty'
            : 'open';
      tokens.push({ kind, text });
      i = end;
    }
  }
  return tokens;
}

export function prettyXml(xml: string, indent = '  '): string {
  const tokens = tokenizeXml(xml);
  const lines: string[] = [];
  let depth = 0;
  const pad = () => indent.repeat(depth);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'open') {
      // <a>text</a> and <a></a> stay on one line with the text untouched.
      let j = i + 1;
      let inner = '';
      while (j < tokens.length && (tokens[j]!.kind === 'text' || tokens[j]!.kind === 'cdata'))
        inner += tokens[j++]!.text;
      if (j < tokens.length && tokens[j]!.kind === 'close') {
        lines.push(pad() + t.text + inner + tokens[j]!.text);
        i = j;
        continue;
      }
      lines.push(pad() + t.text);
      depth++;
    } else if (t.kind === 'close') {
      depth = Math.max(0, depth - 1);
      lines.push(pad() + t.text);
    } else if (t.kind === 'text') {
      // Whitespace between tags is layout, which this function replaces.
      if (t.text.trim() !== '') lines.push(pad() + t.text.trim());
    } else {
      lines.push(pad() + t.text);
    }
  }
  return lines.join('\n');
}
