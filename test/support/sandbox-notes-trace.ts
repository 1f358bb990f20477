// What the sandbox's note generator gives for fixed seeds, written out line by line: every note of a few ranges,
// filtered queries, pages (through a small cache and a full one), replies and day counts; and the suggest data. The golden file
// test/fixtures/golden/sandbox-notes.json holds a digest of each part as the generator wrote it before its
// refactor (scripts/golden-sandbox-notes.ts, run once then); test/unit/sandbox/notes-golden.test.ts recomputes
// them, so a rewrite of the generator that changes one byte of one note fails.
import { createHash } from 'node:crypto';
import { BIG_ORDER_NO, NOTE_HISTORY_DAYS } from '../../src-main/sandbox/data/notes';
import type { NoteTimeline } from '../../src-main/sandbox/data/notes';
import { koreanDayOf, koreanDayStart } from '../../src-main/sandbox/data/dates';
import { formatDateTime } from '../../src-shared/date-time';
import { createSandboxData } from '../../src-main/sandbox/data/sandbox-data';
import type { SendNote } from '../../src-main/sandbox/data/types';

const NOW = Date.parse('2025-06-15T12:00:00+09:00');
const DAY = 86_400_000;

const line = (n: SendNote) => JSON.stringify(n);

function recentNotes(tl: NoteTimeline, nowMs: number, days: number): SendNote[] {
  return tl.query({ start: formatDateTime(nowMs - days * DAY) }, nowMs);
}

/** Default data (seed 42, 5,000 notes): the whole history asked for, then filtered and paged. */
function defaultSeed(): Record<string, string[]> {
  const tl = createSandboxData({ seed: 42, now: new Date(NOW), notes: 5000 }).notes;
  const all = recentNotes(tl, NOW, NOTE_HISTORY_DAYS + 10);
  const withOrder = all.find((n) => n.OrderNo !== undefined && n.OrderNo !== BIG_ORDER_NO)!;
  const start = formatDateTime(NOW - 30 * DAY);
  const filtered = [
    tl.query({ start, sellerId: all[0]!.SellerID! }, NOW),
    tl.query({ start, replyStatus: 'NoReply' }, NOW),
    tl.query({ start, replyStatus: 'ReplyComplete', sellerId: all[1]!.SellerID! }, NOW),
    tl.query({ start: '2024-01-01', itemNo: all[2]!.ItemNo! }, NOW),
    tl.query({ start: '2024-01-01', orderNo: withOrder.OrderNo! }, NOW),
    tl.query({ start: '2025-05-01', orderNo: BIG_ORDER_NO }, NOW),
    tl.query({ start: '2025-06-01T00:00:00Z', end: '2025-06-03T12:30:00+09:00' }, NOW),
    tl.query({ start }, NOW, { offset: 700, size: 50 }),
    tl.query({ start, sellerId: all[0]!.SellerID! }, NOW, { offset: 120, size: 30 }),
  ];
  // Replies: every 7th note of the last five days, at a later clock; then those days again.
  const later = NOW + 3 * 3_600_000;
  const replies = recentNotes(tl, NOW, 5)
    .filter((_, i) => i % 7 === 0)
    .map((n) => `${n.SeqNo} ${JSON.stringify(tl.reply(n.SeqNo!, later))}`);
  const today = koreanDayOf(NOW);
  const counts: string[] = [];
  for (let day = today - NOTE_HISTORY_DAYS; day <= today + 3; day++) counts.push(`${day} ${tl.countOn(day)}`);
  return {
    all: all.map(line),
    filtered: filtered.map((q) => q.map(line).join('\n')),
    replies: [...replies, ...recentNotes(tl, later, 5).map(line)],
    counts,
  };
}

/** Another seed, many notes a day, through a small cache: pages deep in, a seller's waiting notes, the cache. */
function busySeed(): Record<string, string[]> {
  const tl = createSandboxData({
    seed: 7,
    now: new Date(NOW),
    notes: 400_000,
    notesCache: { maxNotes: 12_000, maxRecords: 800 },
  }).notes;
  const today = koreanDayOf(NOW);
  const range = { start: formatDateTime(koreanDayStart(today - 20)), end: formatDateTime(NOW) };
  const pages = [0, 2_999, 31_000, 55_555].map((offset) =>
    tl.query(range, NOW, { offset, size: 40 }).map(line).join('\n'),
  );
  const waiting = tl.query({ ...range, replyStatus: 'NoReply', sellerId: 'seoul_mart' }, NOW, {
    offset: 100,
    size: 300,
  });
  const oneDay = tl.query(
    { start: formatDateTime(koreanDayStart(today - 3)), end: formatDateTime(koreanDayStart(today - 2) - 1) },
    NOW,
  );
  return {
    busyPages: pages,
    busyWaiting: waiting.map(line),
    busyDay: oneDay.map(line),
    busyCache: [JSON.stringify(tl.cacheStats())],
  };
}

/** The suggest data (keywords, brands, books, tickets, nicknames, catalogs, notices) of two seeds, as JSON. */
function suggestData(): Record<string, string[]> {
  const of = (seed: number) => {
    const suggest = createSandboxData({ seed, now: new Date(NOW), notes: 0 }).suggest;
    return Object.entries(suggest).map(([key, value]) => `${key} ${JSON.stringify(value)}`);
  };
  return { suggest42: of(42), suggest7: of(7) };
}

/** Each part's line count and SHA-256 of its lines joined by newlines. */
export function sandboxNotesTrace(): Record<string, { lines: number; sha256: string }> {
  const parts = { ...defaultSeed(), ...busySeed(), ...suggestData() };
  return Object.fromEntries(
    Object.entries(parts).map(([name, lines]) => [
      name,
      { lines: lines.length, sha256: createHash('sha256').update(lines.join('\n')).digest('hex') },
    ]),
  );
}
