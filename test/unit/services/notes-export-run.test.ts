// The inbox export run off the main thread (services/notes-export-run.ts and its worker): the bytes are the
// in-place writers' own, progress arrives and only grows, the main thread keeps answering while 100,000 notes are
// exported, and an aborted export leaves neither the file nor its temporary one.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import { notesToCsv, notesToXlsx } from '../../../src-main/services/notes-export';
import { runNotesExport } from '../../../src-main/services/notes-export-run';
import { exportedNotes } from '../../../src-main/services/notes-mirror';
import type { MirrorStore } from '../../../src-main/storage/mirror-store';
import { openMirror } from '../../support/mirror';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-08-01T00:00:00+09:00');
const TEXTS = ['=SUM(A1)', '배송 언제 되나요?\r\n"빠른" 답변', 'a,b', ' padded ', '-확인', '＝1+1', 'plain'];

function noteAt(i: number): InboxNote {
  const at = START + (i % 100) * DAY_MS + i * 7;
  return {
    seqNo: 1_000_000 + i,
    sellerId: 'soho_01',
    buyerId: `buyer${i % 997}`,
    itemNo: String(3_000_000 + (i % 501)),
    itemName: `상품 ${i % 89}, ${TEXTS[i % TEXTS.length]}`,
    orderNo: i % 3 ? String(9_007_199_254_740_000 + i) : '',
    insDate: new Date(at).toISOString(),
    at,
    title: TEXTS[(i + 3) % TEXTS.length]!,
    content: `${TEXTS[i % TEXTS.length]} #${i}`,
    replyStatus: i % 4 ? 'Replied' : 'NoReply',
    queryType: i % 2 ? 'Shipping' : 'Item',
  } as InboxNote;
}

let dir: string;
let mirror: ReturnType<typeof openMirror>;
let store: MirrorStore;
let seqNos: number[];
const NOTES = 100_000;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'export-run-'));
  mirror = openMirror(join(dir, 'data'));
  store = mirror.store;
  const byDay = new Map<string, InboxNote[]>();
  for (let i = 0; i < NOTES; i++) {
    const n = noteAt(i);
    const day = new Date(n.at + 9 * 3_600_000).toISOString().slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), n]);
  }
  for (const [day, notes] of byDay)
    store.writeSlice({ sellerId: 'soho_01', day, notes, complete: true }, START);
  for (let i = 0; i < NOTES; i += 37)
    store.setMark(1_000_000 + i, { handled: i % 2 === 0, memo: i % 3 ? '' : `=메모 ${i}` }, START);
  // The view's order: newest first, as the inbox lists them.
  seqNos = Array.from({ length: NOTES }, (_, i) => 1_000_000 + NOTES - 1 - i);
}, 120_000);

afterAll(() => {
  mirror.close();
  rmSync(dir, { recursive: true, force: true });
});

const outDir = () => mkdtempSync(join(dir, 'out-'));

describe('the export worker', () => {
  it('writes the CSV byte for byte as the in-place writer, streamed to the file', async () => {
    const some = seqNos.slice(0, 5_003);
    const out = outDir();
    const path = join(out, 'notes.csv');
    const progress: number[] = [];
    const r = await runNotesExport(store.db.location()!, {
      format: 'csv',
      seqNos: some,
      lang: 'ko',
      timeZone: 'Asia/Seoul',
      path,
      pieceNotes: 1_000,
      onProgress: (written, total) => {
        expect(total).toBe(some.length);
        progress.push(written);
      },
    });
    const { notes, local } = exportedNotes(store, some);
    expect(r.rows).toBe(some.length);
    expect(readFileSync(path)).toEqual(
      Buffer.from(notesToCsv(notes, { lang: 'ko', timeZone: 'Asia/Seoul', local })),
    );
    expect(readdirSync(out)).toEqual(['notes.csv']);
    // Progress: from 0, one report per piece, only growing, ending at the total.
    expect(progress).toEqual([0, 1_000, 2_000, 3_000, 4_000, 5_000, 5_003]);
  }, 60_000);

  it('builds the XLSX off the main thread, part for part as the in-place writer', async () => {
    const some = seqNos.slice(0, 2_000);
    const { notes, local } = exportedNotes(store, some);
    const r = await runNotesExport(store.db.location()!, {
      format: 'xlsx',
      seqNos: some,
      lang: 'en',
      timeZone: 'UTC',
    });
    expect(r.rows).toBe(some.length);
    // Every part of the workbook the same, byte for byte (the zip stamps each part with the time it was written).
    expect(unzipSync(r.bytes!)).toEqual(
      unzipSync(await notesToXlsx(notes, { lang: 'en', timeZone: 'UTC', local })),
    );
  }, 60_000);

  it.each(['csv', 'xlsx'] as const)(
    'keeps the main thread answering while 100,000 notes are exported (%s)',
    async (format) => {
      const out = outDir();
      // How much of the export's time the main thread's event loop was busy (a ratio of its own time, not a speed:
      // on a loaded machine the export takes longer, and the loop is still idle while it waits). The in-handler
      // export kept it busy the whole time (utilization near 1): nothing else could be answered.
      const before = performance.eventLoopUtilization();
      const progress: number[] = [];
      const r = await runNotesExport(store.db.location()!, {
        format,
        seqNos,
        lang: 'ko',
        timeZone: 'Asia/Seoul',
        path: join(out, `notes.${format}`),
        onProgress: (written) => progress.push(written),
      });
      const busy = performance.eventLoopUtilization(before);
      expect(r.rows).toBe(NOTES);
      expect(busy.utilization).toBeLessThan(0.25);
      expect(progress.at(-1)).toBe(NOTES);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(new Set(progress).size).toBe(progress.length);
      expect(readdirSync(out)).toEqual([`notes.${format}`]);
    },
    180_000,
  );

  it.each(['csv', 'xlsx'] as const)(
    'leaves no file and no temporary file when aborted (%s)',
    async (format) => {
      const out = outDir();
      const controller = new AbortController();
      const progress: number[] = [];
      const run = runNotesExport(store.db.location()!, {
        format,
        seqNos,
        lang: 'ko',
        timeZone: 'Asia/Seoul',
        path: join(out, `notes.${format}`),
        pieceNotes: 500,
        signal: controller.signal,
        onProgress: (written) => {
          progress.push(written);
          // Cancelled part way, once some notes are in the file.
          if (written >= 2_000) controller.abort();
        },
      });
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      expect(progress.at(-1)).toBeLessThan(NOTES);
      expect(readdirSync(out)).toEqual([]);
    },
    60_000,
  );
});
