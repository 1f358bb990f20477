// The bytes of every CSV export, cell by cell and file by file: the command line's `notes --csv`, the inbox's
// CSV export and the lookbook audit. Written against the three former writers (cli/csv.ts, notes-export.ts,
// lookbook-audit-csv.ts) before they became one (services/csv.ts); the rows marked "was" are where their rules
// disagreed, or where csv-stringify's formula rule is stricter, and say what each wrote before.
import { describe, expect, it } from 'vitest';
import { csvCell, objectsToCsv } from '../../src-main/services/csv';
import { notesToCsv } from '../../src-main/services/notes-export';
import { auditCsv } from '../../src-main/services/lookbook-audit-csv';
import type { InboxNote } from '../../src-main/contract';

const BOM = '\uFEFF';
const AUDIT_HEAD = `${BOM}Severity,Check,Target,Finding,Evidence\r\n`;
const auditCell = (text: string) => {
  const csv = auditCsv([{ severity: 'info', kind: 'k', target: text, message: 'm' }], 'en');
  expect(csv.startsWith(AUDIT_HEAD) && csv.endsWith(',m,\r\n')).toBe(true);
  return csv.slice(AUDIT_HEAD.length + 'Info,k,'.length, -',m,\r\n'.length);
};

/** A cell, then how every export writes it now; `was` notes the former writers where they wrote otherwise. */
const CELLS: [cell: string, now: string, was?: string][] = [
  ['plain', 'plain'],
  ['한글 텍스트', '한글 텍스트'],
  ['a,b', '"a,b"'],
  ['say "hi"', '"say ""hi"""'],
  ['two\r\nlines', '"two\r\nlines"'],
  ['lone\rcr', '"lone\rcr"'],
  ['lf\nonly', '"lf\nonly"'],
  ['=SUM(A1)', "'=SUM(A1)"],
  ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
  ['+82-10-1234', "'+82-10-1234"],
  // Text is escaped whatever it looks like; only a number typed as a number is left alone.
  ['-5', "'-5", 'command line: -5 (it spared text that looked like a number)'],
  ['-확인', "'-확인"],
  ['@cmd', "'@cmd"],
  // Whitespace at either end quotes the cell (the tab that starts this one included).
  ['\tx', '"\'\tx"', "all three: '\tx unquoted"],
  ['\rx', '"\'\rx"'],
  [' padded ', '" padded "', 'command line and audit:  padded  unquoted'],
  ['trail ', '"trail "', 'command line and audit: trail  unquoted'],
  ['', ''],
  // Full-width formula signs, which Apple Numbers reads as the ASCII ones, are escaped too.
  ['＝1+1', "'＝1+1", 'all three: ＝1+1'],
  ["'quoted", "'quoted"],
];

describe('CSV cells, as every export writes them', () => {
  it.each(CELLS)('%j', (cell, now) => {
    expect(csvCell(cell)).toBe(now);
    expect(auditCell(cell)).toBe(now);
    expect(objectsToCsv([{ c: cell }], ['c'])).toBe(`${BOM}c\r\n${now}\r\n`);
  });

  it('writes numbers as they are, a negative one too, and nothing for absent values', () => {
    expect([-5, 3.5, 0, 9007199254740993n].map((n) => csvCell(n))).toEqual([
      '-5',
      '3.5',
      '0',
      '9007199254740993',
    ]);
    expect([null, undefined].map((n) => csvCell(n))).toEqual(['', '']);
    expect([true, false].map((b) => csvCell(b))).toEqual(['true', 'false']);
  });
});

describe('CSV files, byte for byte', () => {
  it('the command line: BOM, header, CRLF after every record, empty cells for a missing row', () => {
    const text = objectsToCsv([{ a: 'x,y', b: -5, c: '=1' }, null, { b: '한글', c: true }], ['a', 'b', 'c']);
    expect(text).toBe(`${BOM}a,b,c\r\n"x,y",-5,'=1\r\n,,\r\n,한글,true\r\n`);
  });

  it('the inbox export: UTF-8 bytes with the BOM, labels in the UI language, local marks last', () => {
    const note: InboxNote = {
      seqNo: 7,
      sellerId: 's',
      buyerId: '@b',
      itemNo: '1',
      itemName: '셔츠, 흰색',
      orderNo: '9007199254740993',
      insDate: '2026-11-20T08:03:00+09:00',
      at: Date.parse('2026-11-20T08:03:00+09:00'),
      title: '-1',
      content: 'a\r\n"b"',
      replyStatus: 'NoReply',
      queryType: 'Shipping',
    };
    const bytes = notesToCsv([note], {
      lang: 'en',
      timeZone: 'Asia/Seoul',
      local: { '7': { handled: true, memo: ' m ', updatedAt: 1 } },
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.split('\r\n')[1]).toBe(
      `7,No reply,Shipping,s,'@b,1,"셔츠, 흰색",9007199254740993,2026-11-20 08:03:00,'-1,"a`,
    );
    expect(text.endsWith(`""b""",yes," m "\r\n`)).toBe(true);
  });

  it('the lookbook audit: BOM, header and severities in the language of the UI', () => {
    const csv = auditCsv(
      [
        {
          severity: 'error',
          kind: 'landing-malformed',
          target: '페이지 2',
          message: '링크, "잘못됨"',
          detail: '=HYPERLINK("x")',
        },
        { severity: 'info', kind: 'price-not-numeric', target: '상품 1', message: 'ok' },
      ],
      'ko',
    );
    expect(csv).toBe(
      `${BOM}심각도,점검 코드,대상,내용,근거\r\n오류,landing-malformed,페이지 2,"링크, ""잘못됨""","'=HYPERLINK(""x"")"\r\n참고,price-not-numeric,상품 1,ok,\r\n`,
    );
  });
});
