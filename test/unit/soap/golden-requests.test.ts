// Golden request envelopes for all 14 operations in both SOAP versions. The files were reviewed by
// hand against the spec; regenerate deliberately with UPDATE_GOLDEN=1 and review the diff.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACES, OPERATION_NAMES } from '../../../src-main/schema';
import { buildRequest } from '../../../src-main/soap/envelope-write';
import { parseXml } from '../../../src-main/soap/xml-read';
import { SAMPLE_REQUESTS } from '../../fixtures/sample-requests';

const DIR = 'test/fixtures/golden';
const tickets = { authTicket: 'AUTH-1', encryptedTicket: 'ENC-1', memberTicket: 'MEM-1' };

describe.each(['1.1', '1.2'] as const)('golden request envelopes, SOAP %s', (version) => {
  it.each(OPERATION_NAMES)('%s', (op) => {
    const built = buildRequest(op, SAMPLE_REQUESTS[op] as never, {
      version,
      ns: DEFAULT_NAMESPACES,
      tickets,
    });
    const file = `${DIR}/${op}.soap${version.replace('.', '')}.xml`;
    if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(file)) {
      if (process.env['UPDATE_GOLDEN'] !== '1') throw new Error(`missing golden file ${file}`);
      mkdirSync(DIR, { recursive: true });
      writeFileSync(file, built.xml);
    }
    expect(built.xml).toBe(readFileSync(file, 'utf8'));

    // Independent checks of what the spec demands, read back through the parser.
    if (version === '1.1') {
      expect(built.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(built.headers['soapaction']).toMatch(/^".+\/.+"$/);
    } else {
      expect(built.headers['content-type']).toMatch(/^application\/soap\+xml; charset=utf-8; action=".+"$/);
      expect(built.headers['soapaction']).toBeUndefined();
    }
    const root = parseXml(built.xml);
    const body = root.children.find((c) => c.name === 'Body')!;
    const opEl = body.children[0]!;
    expect(opEl.name).toBe(op);
    const header = root.children.find((c) => c.name === 'Header');
    if (op === 'GetSohoLookbook' || op === 'BuyerNoteList') {
      expect(header?.children.map((h) => `${h.ns}|${h.name}|${h.children[0]?.text}`)).toEqual([
        'http://api.market.example.com/Security|AuthenticationTicket|AUTH-1',
        'http://api.market.example.com/Security|EncryptedTicket|ENC-1',
      ]);
      const req = opEl.children[0]!;
      expect(req.name).toBe('req');
      // Values travel as attributes; only Pagination and MemberTicket are child elements.
      expect(req.children.map((c) => c.name)).toEqual(
        op === 'BuyerNoteList' ? ['Pagination', 'MemberTicket'] : ['Pagination'],
      );
      if (op === 'BuyerNoteList') {
        expect(req.attrs).toMatchObject({
          OrderNo: '9007199254740993',
          ItemNo: 'A1\t"x"',
          ReplyStatus: 'NoReply',
        });
        expect(req.children[1]!.children[0]!.text).toBe('MEM-1');
      }
    } else {
      expect(header).toBeUndefined();
    }
    if (op === 'GetTicketKeywordByKeywordHint') expect(opEl.children[0]!.text).toBe('콘서트\r\n티켓');
  });
});

describe('request encoding refuses what XML 1.0 cannot carry', () => {
  it.each(['\u0000', '\u0001', '\u000B', '\u001F', '\uD800', '\uDC00x', '\uFFFE'])('%j', (bad) => {
    expect(() =>
      buildRequest(
        'GetKeywordSuggest',
        { keywordHint: `a${bad}b` },
        { version: '1.1', ns: DEFAULT_NAMESPACES },
      ),
    ).toThrow(/XML 1\.0 cannot carry/);
  });
});
