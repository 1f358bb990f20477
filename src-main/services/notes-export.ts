// The inbox's filtered view as a file a seller opens in Excel.
//   CSV: UTF-8 with a BOM (without it Excel reads Korean as mojibake), CRLF rows, RFC 4180 quoting, and a
//        leading apostrophe on cells that start like a formula (= + - @, tab, CR): a buyer writes the note
//        text, so it must never run as a formula on the seller's machine.
//   XLSX: every cell is a typed string or number, never a formula, so no escaping is needed; long order
//        numbers stay text and keep every digit.
import writeXlsxFile from 'write-excel-file/node';
import type { InboxNote, NoteLocalMark } from '../contract';

export interface ExportContext {
  lang: 'ko' | 'en';
  timeZone: string;
  local: Record<string, NoteLocalMark>;
}

const LABELS = {
  ko: {
    header: [
      '문의번호',
      '상태',
      '유형',
      '판매자 ID',
      '구매자 ID',
      '상품번호',
      '상품명',
      '주문번호',
      '받은 시각',
      '제목',
      '내용',
      '처리 표시(로컬)',
      '메모(로컬)',
    ],
    NoReply: '미답변',
    ReplyComplete: '답변 완료',
    yes: '예',
    types: { All: '전체', Item: '상품', Shipping: '배송', Exchange: '교환', Refund: '환불', Other: '기타' },
  },
  en: {
    header: [
      'Note no.',
      'Status',
      'Type',
      'Seller ID',
      'Buyer ID',
      'Item no.',
      'Item name',
      'Order no.',
      'Received',
      'Title',
      'Content',
      'Handled (local)',
      'Memo (local)',
    ],
    NoReply: 'No reply',
    ReplyComplete: 'Replied',
    yes: 'yes',
    types: {
      All: 'All',
      Item: 'Item',
      Shipping: 'Shipping',
      Exchange: 'Exchange',
      Refund: 'Refund',
      Other: 'Other',
    },
  },
} as const;

/** 'YYYY-MM-DD HH:mm:ss' in `timeZone` (the sv-SE pattern is ISO-like and sorts in Excel). */
function timeFormatter(timeZone: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (ms) => f.format(ms);
}

function rows(notes: readonly InboxNote[], ctx: ExportContext): (string | number)[][] {
  const l = LABELS[ctx.lang];
  const time = timeFormatter(ctx.timeZone);
  return notes.map((n) => {
    const mark = ctx.local[String(n.seqNo)];
    return [
      n.seqNo,
      l[n.replyStatus],
      l.types[n.queryType],
      n.sellerId,
      n.buyerId,
      n.itemNo,
      n.itemName,
      n.orderNo ?? '',
      time(n.at),
      n.title,
      n.content,
      mark?.handled ? l.yes : '',
      mark?.memo ?? '',
    ];
  });
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function notesToCsv(notes: readonly InboxNote[], ctx: ExportContext): Uint8Array {
  const lines = [LABELS[ctx.lang].header.map(csvCell).join(',')];
  for (const row of rows(notes, ctx)) lines.push(row.map(csvCell).join(','));
  const body = new TextEncoder().encode(lines.join('\r\n') + '\r\n');
  const out = new Uint8Array(body.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(body, 3);
  return out;
}

export async function notesToXlsx(notes: readonly InboxNote[], ctx: ExportContext): Promise<Uint8Array> {
  const header = LABELS[ctx.lang].header.map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = rows(notes, ctx).map((row) =>
    row.map((value) => (typeof value === 'number' ? { type: Number, value } : { type: String, value })),
  );
  const widths = [10, 10, 8, 14, 16, 12, 30, 20, 20, 24, 60, 10, 24];
  const buffer = await writeXlsxFile([header, ...data], {
    columns: widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export function exportFileName(
  format: 'csv' | 'xlsx',
  lang: 'ko' | 'en',
  at: Date,
  timeZone: string,
): string {
  const stamp = timeFormatter(timeZone)(at.getTime()).replace(/[-:]/g, '').replace(' ', '-').slice(0, 13);
  return `${lang === 'ko' ? '구매자문의' : 'buyer-notes'}-${stamp}.${format}`;
}
