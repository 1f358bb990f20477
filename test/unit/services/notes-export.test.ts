import { describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import { csvCell } from '../../../src-main/services/csv';
import { notesToCsv, notesToXlsx } from '../../../src-main/services/notes-export';

const note: InboxNote = {
  seqNo: 100_001,
  sellerId: 'soho_01',
  buyerId: 'buyer7',
  itemNo: '3000001',
  itemName: '린넨 셔츠, 화이트',
  orderNo: '9007199254740993',
  insDate: '2026-11-20T08:03:00+09:00',
  at: Date.parse('2026-11-20T08:03:00+09:00'),
  title: '=HYPERLINK("http://x")',
  content: '배송 언제 되나요?\r\n"빠른" 답변 부탁',
  replyStatus: 'NoReply',
  queryType: 'Shipping',
};

describe('notes export', () => {
  it('writes UTF-8 CSV with a BOM, RFC 4180 quoting and formula-safe cells', () => {
    const bytes = notesToCsv([note], {
      lang: 'ko',
      timeZone: 'Asia/Seoul',
      local: { '100001': { handled: true, memo: '-확인', updatedAt: 1 } },
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, row] = text.split('\r\n');
    expect(header).toBe(
      '문의번호,상태,유형,판매자 ID,구매자 ID,상품번호,상품명,주문번호,받은 시각,제목,내용,처리 표시(로컬),메모(로컬)',
    );
    expect(row).toBe(
      `100001,미답변,배송,soho_01,buyer7,3000001,"린넨 셔츠, 화이트",9007199254740993,2026-11-20 08:03:00,"'=HYPERLINK(""http://x"")","배송 언제 되나요?`,
    );
    expect(text).toContain(`""빠른"" 답변 부탁",예,'-확인\r\n`);
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'])('neutralises %j', (v) => {
    expect(csvCell(v).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
  });

  it('renders received times in the display time zone and English labels', () => {
    const text = new TextDecoder().decode(notesToCsv([note], { lang: 'en', timeZone: 'UTC', local: {} }));
    expect(text).toContain('No reply,Shipping');
    expect(text).toContain('2026-11-19 23:03:00');
  });

  it("a team's export has the memo thread in a column: an entry a line, time, author and text (a cell that starts with a time: never a formula)", () => {
    const at = Date.parse('2026-11-20T09:30:00+09:00');
    const threads = {
      '100001': [
        { author: 'anna', at, body: '재고 확인 중' },
        { author: 'ben', at: at + 60_000, body: '=내일 입고' },
      ],
    };
    const text = new TextDecoder().decode(
      notesToCsv([note, { ...note, seqNo: 100_002 }], {
        lang: 'ko',
        timeZone: 'Asia/Seoul',
        local: {},
        threads,
      }),
    );
    const [header] = text.split('\r\n');
    expect(header!.endsWith(',처리 표시(로컬),메모(로컬),팀 메모')).toBe(true);
    expect(text).toContain(
      `,,,"2026-11-20 09:30:00 anna: 재고 확인 중\n2026-11-20 09:31:00 ben: =내일 입고"\r\n`,
    );
    // A note without entries has an empty cell; a single desktop's export has no such column.
    expect(text.trimEnd().endsWith(',,,')).toBe(true);
    const single = new TextDecoder().decode(notesToCsv([note], { lang: 'en', timeZone: 'UTC', local: {} }));
    expect(single).not.toContain('Team memos');
  });

  it('writes an XLSX workbook (a zip) in Node', async () => {
    const bytes = await notesToXlsx([note], { lang: 'ko', timeZone: 'Asia/Seoul', local: {} });
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });
});
