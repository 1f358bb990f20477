// The XML reader checked against two oracles that share no code with it:
//  1. a model: random element trees (namespaces, Korean names, attribute and text values with every character
//     that needs care) are written out in randomly chosen but equivalent ways (prefix or default namespace,
//     redundant declarations, either quote, named or numeric references, CDATA, comments and PIs between
//     children, white space inside tags), and reading the text back must give exactly the model;
//  2. libxml2 (xmllint): for documents mutated at random, the reader accepts exactly when libxml2 finds
//     neither a well-formedness nor a namespace error. Two differences are deliberate: libxml2 accepts DOCTYPE
//     and entity declarations, which we refuse as a security error; and it checks that namespace names are
//     valid URIs, which we compare as strings and never parse.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACES } from '../../../src-main/schema';
import { buildResponse } from '../../../src-main/sandbox/response-write';
import { XmlSecurityError } from '../../../src-main/soap/errors';
import { parseXml } from '../../../src-main/soap/xml-read';
import { mutate } from '../../support/mutate';
import type { Mutation } from '../../support/mutate';

interface Model {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  qattrs: Record<string, string>;
  /** Text runs and child elements in document order. */
  content: (string | Model)[];
}

const xmlChar = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'aZ09 가힣ㄱ&<>"\'\t\n\r]]>;#-') },
  { weight: 2, arbitrary: fc.integer({ min: 0x20, max: 0xd7ff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
);
const xmlString = fc.array(xmlChar, { maxLength: 12 }).map((cs) => cs.join(''));
const localName = fc.constantFrom(
  'a',
  'Body',
  'SendNote',
  '메모',
  '_x',
  'n.1',
  'é-z',
  'Envelope',
  'toString',
);
const nsUri = fc.constantFrom('', 'urn:a', 'http://example.com/b', 'urn:한글');
const attrName = fc.constantFrom('SeqNo', 'Title', 'k', '제목', 'constructor', '__proto__', 'valueOf');

const model: fc.Arbitrary<Model> = fc.letrec<{ el: Model }>((tie) => ({
  el: fc.record({
    ns: nsUri,
    name: localName,
    attrs: fc.dictionary(attrName, xmlString, { maxKeys: 4 }),
    qattrs: fc.dictionary(
      fc
        .tuple(
          fc.constantFrom('urn:a', 'urn:q', 'http://www.w3.org/2001/XMLSchema-instance'),
          fc.constantFrom('nil', 'type', 'k'),
        )
        .map(([uri, local]) => `${uri}|${local}`),
      xmlString,
      { maxKeys: 2 },
    ),
    content: fc.array(fc.oneof({ weight: 2, arbitrary: xmlString }, { weight: 1, arbitrary: tie('el') }), {
      maxLength: 4,
      depthIdentifier: 'tree',
    }),
  }),
})).el;

// Model keys of namespaced attributes are "uri|local".
function qattrsOf(m: Model): [uri: string, local: string, value: string][] {
  return Object.entries(m.qattrs).map(([key, value]) => {
    const bar = key.lastIndexOf('|');
    return [key.slice(0, bar), key.slice(bar + 1), value];
  });
}

/** What parseXml must return for a model: text runs concatenated, children in order. */
function expected(m: Model): unknown {
  const qattrs: Record<string, string> = {};
  for (const [uri, local, value] of qattrsOf(m)) qattrs[`{${uri}}${local}`] = value;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.attrs))
    Object.defineProperty(attrs, k, { value: v, enumerable: true });
  return {
    ns: m.ns,
    name: m.name,
    attrs,
    qattrs,
    children: m.content.filter((c): c is Model => typeof c !== 'string').map(expected),
    text: m.content.filter((c): c is string => typeof c === 'string').join(''),
  };
}

/** A small deterministic PRNG: the serializer's choices are part of the generated case. */
function prng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) >>> 0;
  };
}

function ref(c: string, pick: (n: number) => number, named?: string): string {
  const cp = c.codePointAt(0)!;
  switch (pick(named ? 3 : 2)) {
    case 0:
      return `&#${cp};`;
    case 1:
      return `&#x${cp.toString(16)};`;
    default:
      return `&${named};`;
  }
}

function escapeText(s: string, pick: (n: number) => number): string {
  if (!s.includes(']]>') && pick(4) === 0 && !s.includes('\r')) return `<![CDATA[${s}]]>`;
  let out = '';
  for (const c of s) {
    if (c === '&') out += ref(c, pick, 'amp');
    else if (c === '<') out += ref(c, pick, 'lt');
    else if (c === '>')
      out += pick(2) ? '&gt;' : ref(c, pick, 'gt'); // a literal > could close "]]>"
    else if (c === '\r') out += ref(c, pick);
    else out += c;
  }
  return out;
}

function escapeAttr(s: string, quote: string, pick: (n: number) => number): string {
  let out = '';
  for (const c of s) {
    if (c === '&') out += ref(c, pick, 'amp');
    else if (c === '<') out += ref(c, pick, 'lt');
    else if (c === quote) out += ref(c, pick, quote === '"' ? 'quot' : 'apos');
    else if (c === '\t' || c === '\n' || c === '\r') out += ref(c, pick);
    else if (c === '>' && pick(2) === 0) out += '&gt;';
    else out += c;
  }
  return out;
}

const ws = (pick: (n: number) => number) => ['', ' ', '\n  ', '\t'][pick(4)]!;

function serialize(
  m: Model,
  pick: (n: number) => number,
  scope: Map<string, string>,
  counter: { n: number },
): string {
  const local = new Map(scope);
  const decls: string[] = [];
  const declare = (prefix: string, uri: string) => {
    local.set(prefix, uri);
    decls.push(prefix === '' ? `xmlns=${q(uri)}` : `xmlns:${prefix}=${q(uri)}`);
  };
  const quoteOf = () => (pick(2) ? '"' : "'");
  const q = (v: string) => {
    const quote = quoteOf();
    return `${quote}${escapeAttr(v, quote, pick)}${quote}`;
  };
  // The element name: default namespace or a prefix, declared here when not already in scope.
  let qname: string;
  const bound = [...local].find(([p, u]) => p !== '' && u === m.ns)?.[0];
  if (m.ns === '') {
    if ((local.get('') ?? '') !== '') declare('', '');
    qname = m.name;
  } else if (bound !== undefined && pick(2)) {
    qname = `${bound}:${m.name}`;
  } else if (pick(2)) {
    if (local.get('') !== m.ns || pick(4) === 0) declare('', m.ns); // sometimes redundantly
    qname = m.name;
  } else {
    const prefix = `p${counter.n++}`;
    declare(prefix, m.ns);
    qname = `${prefix}:${m.name}`;
  }
  const attrs: string[] = [];
  for (const [k, v] of Object.entries(m.attrs)) attrs.push(`${k}=${q(v)}`);
  for (const [uri, name, v] of qattrsOf(m)) {
    let prefix = [...local].find(([p, u]) => p !== '' && u === uri)?.[0];
    if (prefix === undefined) {
      prefix = `p${counter.n++}`;
      declare(prefix, uri);
    }
    attrs.push(`${prefix}:${name}=${q(v)}`);
  }
  const all = [...decls, ...attrs];
  // Attribute order is not significant; shuffle it.
  for (let i = all.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  const open = `<${qname}${all.map((a) => ` ${a.replace('=', `${ws(pick)}=${ws(pick)}`)}`).join('')}${ws(pick)}`;
  if (m.content.length === 0 && pick(2)) return `${open}/>`;
  let inner = '';
  for (const c of m.content) {
    if (pick(5) === 0) inner += pick(2) ? '<!-- 메모 - note -->' : '<?pi 가 ?>';
    inner += typeof c === 'string' ? escapeText(c, pick) : serialize(c, pick, local, counter);
  }
  return `${open}>${inner}</${qname}${ws(pick)}>`;
}

describe('parseXml against a model', () => {
  it('reads every equivalent way of writing a tree as that tree', () => {
    fc.assert(
      fc.property(model, fc.integer(), fc.boolean(), (m, seed, decl) => {
        const pick = prng(seed);
        const body = serialize(m, pick, new Map([['', '']]), { n: 0 });
        const doc = `${decl ? '<?xml version="1.0" encoding="utf-8"?>\n' : ''}${body}${pick(2) ? '\n<!-- end -->\n' : ''}`;
        const asText = parseXml(doc);
        expect(asText).toEqual(expected(m));
        expect(parseXml(new TextEncoder().encode(doc))).toEqual(asText);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps an attribute named __proto__ as data, not as the prototype', () => {
    const el = parseXml('<a __proto__="x" constructor="y"/>');
    expect(Object.getPrototypeOf(el.attrs)).toBe(Object.prototype);
    expect(Object.keys(el.attrs)).toEqual(['__proto__', 'constructor']);
    expect(el.attrs['__proto__']).toBe('x');
  });
});

// ── libxml2 as the well-formedness oracle ──────────────────────────────────────────────────────

const probe = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
const HAVE_XMLLINT = !probe.error && probe.status === 0;
if (!HAVE_XMLLINT) {
  console.warn(
    'xml-read-oracles: libxml2 comparison skipped, xmllint is not installed (apt-get install libxml2-utils).',
  );
}

const dir = mkdtempSync(join(tmpdir(), 'xml-oracle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** For each document, whether libxml2 reports a well-formedness or namespace error (one xmllint run for all). */
function libxmlRejects(docs: Uint8Array[]): boolean[] {
  const files = docs.map((d, i) => {
    const f = join(dir, `${i}.xml`);
    writeFileSync(f, d);
    return f;
  });
  const r = spawnSync('xmllint', ['--noout', '--nonet', ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const bad = new Set<string>();
  for (const line of r.stderr.split('\n')) {
    const m = /^(.*?\.xml):\d+: (?:parser|namespace) error : (.*)/.exec(line);
    // The second deliberate difference: namespace names are compared as strings (Namespaces in XML §2.3), never
    // parsed as URIs, so a mangled but well-formed xmlns value is not an error for us.
    if (m && !m[2]!.endsWith('is not a valid URI')) bad.add(m[1]!);
  }
  return files.map((f) => bad.has(f));
}

function oursRejects(doc: Uint8Array): 'ok' | 'malformed' | 'security' {
  try {
    parseXml(doc, { maxDepth: 64 });
    return 'ok';
  } catch (err) {
    if (err instanceof XmlSecurityError) return 'security';
    if (typeof (err as { deskCode?: unknown }).deskCode !== 'string') throw err;
    return 'malformed';
  }
}

const base = buildResponse(
  'BuyerNoteList',
  {
    SendNote: Array.from({ length: 3 }, (_, i) => ({
      SeqNo: i + 1,
      BuyerID: `buyer${i}`,
      Title: `배송 문의 ${i} & <확인>`,
      Content: '줄1\r\n줄2\t끝 ]]',
      OrderNo: '9007199254740993',
      InsDate: '2026-11-21T14:03:00+09:00',
      ReplyStatus: 'NoReply' as const,
      SearchQueryType: 'Shipping' as const,
    })),
  },
  { version: '1.2', ns: DEFAULT_NAMESPACES, encryptedTicket: 'tk' },
);

const snippets = [
  '<',
  '>',
  '&',
  '&#0;',
  '&#x10FFFF;',
  '&lt;',
  '&bogus;',
  ']]>',
  '<!--',
  '-->',
  '<!---->',
  '<?x?>',
  '<?xml?>',
  '"',
  "'",
  '</a>',
  '<a>',
  '<a/>',
  '</soap:Body>',
  '<soap:Body>',
  'xmlns:a="b"',
  ' xmlns:p=""',
  ' xmlns=""',
  ' a="1"',
  ' a=1',
  '<![CDATA[',
  '<![CDATA[x]]>',
  '\uFFFE',
  '\u0001',
  '\t',
  ' ',
  '가',
  'p:',
  ':',
  '<b:c/>',
  '=',
];
const mutation = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('delete', 'insert', 'duplicate'),
  at: fc.nat(),
  len: fc.integer({ min: 1, max: 30 }),
  text: fc.constantFrom(...snippets),
});

describe.runIf(HAVE_XMLLINT)('parseXml against libxml2', () => {
  const check = (docs: string[]) => {
    const bytes = docs.map((d) => new TextEncoder().encode(d));
    const lib = libxmlRejects(bytes);
    const disagreements: string[] = [];
    bytes.forEach((b, i) => {
      const ours = oursRejects(b);
      const declares = /<!(DOCTYPE|ENTITY)/i.test(docs[i]!);
      if (declares ? ours !== 'security' : (ours !== 'ok') !== lib[i])
        disagreements.push(
          `ours ${ours}, libxml2 ${lib[i] ? 'rejects' : 'accepts'}: ${JSON.stringify(docs[i])}`,
        );
    });
    expect(disagreements).toEqual([]);
  };

  it('agrees on mutated SOAP responses', () => {
    const cases = fc.sample(fc.array(mutation, { minLength: 1, maxLength: 3 }), {
      numRuns: 600,
      seed: 20261122,
    });
    const docs = cases.map((ms) => mutate(base, ms));
    // Both verdicts must occur, or the comparison proves nothing.
    const lib = libxmlRejects(docs.map((d) => new TextEncoder().encode(d)));
    expect(lib.filter(Boolean).length).toBeGreaterThan(100);
    expect(lib.filter((x) => !x).length).toBeGreaterThan(50);
    check(docs);
  });

  it('agrees on mutated documents from the model (prefixes, CDATA, comments, PIs, references)', () => {
    const cases = fc.sample(
      fc.tuple(model, fc.integer(), fc.array(mutation, { minLength: 0, maxLength: 2 })),
      {
        numRuns: 600,
        seed: 112226,
      },
    );
    check(cases.map(([m, seed, ms]) => mutate(serialize(m, prng(seed), new Map([['', '']]), { n: 0 }), ms)));
  });

  it('agrees on small hand-picked edge cases', () => {
    check([
      '<a:b/>',
      '<a xmlns:p=""/>',
      '<p:a xmlns:p="u" p:x="1" xmlns:q="u" q:x="2"/>',
      '<a xmlns:xml="u"/>',
      '<a xmlns:xml="http://www.w3.org/XML/1998/namespace"/>',
      '<xmlns:a xmlns:xmlns="u"/>',
      '<a b="1" b="2"/>',
      '<a></a >',
      '<a></a x>',
      '<a>]]></a>',
      '<a>]]&gt;</a>',
      '<a><![CDATA[<&]]></a>',
      '<a>&#xD800;</a>',
      '<a>&#x1F600;</a>',
      '<a><?xml version="1.0"?></a>',
      '<?xml version="1.0"?><a/>',
      ' <?xml version="1.0"?><a/>',
      '<a/><!-- x --><?pi?>',
      '<a/>x',
      '<a><!-- a--b --></a>',
      '<a><!-- ok- --></a>',
      '<a x="<"/>',
      '<a x=">"/>',
      '<a\u1680b/>',
      '<가 나="다"/>',
      '<a:b:c xmlns:a="u"/>',
      '<:a/>',
      '<a xmlns="http://www.w3.org/2000/xmlns/"/>',
    ]);
  });
});
