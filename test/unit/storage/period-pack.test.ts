// The inbox's period travels packed (src-shared/period-pack.ts): every value comes back as it went in, texts
// with no value told from empty ones, and through the mirror's read worker main receives one buffer whose size,
// not a note count, is what it handles: the rest of the answer stays a few hundred bytes whatever the period holds.
// The read worker deflates the buffer (storage/period-deflate.ts): a fraction of the packed bytes, inflated back
// to the same values.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend, recentNotes } from '../../../src-main/sandbox/backend';
import { toInboxNote } from '../../../src-main/storage/inbox-note';
import { MirrorReads } from '../../../src-main/storage/mirror-reads';
import { MIRROR_VERSION, migrate } from '../../../src-main/storage/mirror-schema';
import { MirrorStore } from '../../../src-main/storage/mirror-store';
import { openDatabase } from '../../../src-main/storage/sqlite-file';
import { deflatePeriod } from '../../../src-main/storage/period-deflate';
import { decodePeriod, readPeriod } from '../../../src-shared/note-period';
import {
  inflatePeriod,
  isDeflated,
  packPeriod,
  periodArrays,
  unpackPeriod,
} from '../../../src-shared/period-pack';
import type { PeriodColumns } from '../../../src-shared/period-pack';
import { addDays, marketDayOf } from '../../../src-shared/market-day';

const NOW = new Date('2026-11-20T21:00:00+09:00');
const closing: { close(): void }[] = [];
afterAll(() => {
  for (const c of closing) c.close();
});

/** Texts, numbers, codes, dictionaries, derived values; Korean, emoji, empty texts and no value. */
function mixedPeriod(): PeriodColumns {
  return {
    count: 4,
    at: [1, 2.5, Date.UTC(2026, 10, 20), -3],
    columns: {
      title: { kind: 'plain', values: ['배송 문의', '', null, 'emoji 😀 and ㄱ'] },
      seqNo: { kind: 'plain', values: [7, 0, 123456789012, null] },
      sellerId: { kind: 'dict', dict: ['shop-a', '가게'], codes: [1, 0, -1, 1] },
      replyStatus: { kind: 'code', codes: [0, 1, -1, 2] },
      orderNo: { kind: 'plain', values: [null, null, null, null] },
    },
    derived: { trial: [0.5, 1, 2, 3] } as PeriodColumns['derived'],
  };
}

describe('a packed period', () => {
  it('gives back every value: texts, numbers, codes, dictionaries, derived values, no value and empty apart', () => {
    const period = mixedPeriod();
    const back = periodArrays(unpackPeriod(packPeriod(period)));
    expect(back).toEqual({
      ...period,
      // A column with no value at all is a number column (nothing tells it from one): no value either way.
      columns: { ...period.columns, orderNo: { kind: 'plain', values: [null, null, null, null] } },
    });
  });

  it('an empty period packs and unpacks', () => {
    const empty: PeriodColumns = { count: 0, at: [], columns: {}, derived: {} as PeriodColumns['derived'] };
    expect(periodArrays(unpackPeriod(packPeriod(empty)))).toEqual(empty);
  });

  it('deflated and inflated, gives back the packed bytes and every value (Korean, emoji, empty, none)', async () => {
    const period = mixedPeriod();
    const packed = packPeriod(period);
    const deflated = deflatePeriod(packed);
    expect(isDeflated(deflated)).toBe(true);
    expect(isDeflated(packed)).toBe(false);
    // Unpacked without inflating, it says so instead of reading bytes that are not a header.
    expect(() => unpackPeriod(deflated)).toThrow(/inflate/);
    const inflated = await inflatePeriod(deflated);
    expect(new Uint8Array(inflated)).toEqual(new Uint8Array(packed));
    expect(periodArrays(unpackPeriod(inflated))).toEqual(periodArrays(unpackPeriod(packed)));
    const empty: PeriodColumns = { count: 0, at: [], columns: {}, derived: {} as PeriodColumns['derived'] };
    expect(periodArrays(unpackPeriod(await inflatePeriod(deflatePeriod(packPeriod(empty)))))).toEqual(empty);
  });
});

describe('the period through the read worker', () => {
  it('reaches main as one buffer beside a few small fields, with the notes the store reads', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'period-pack-')), 'm.sqlite');
    const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
    migrate(db, { nowMs: NOW.getTime() });
    const store = new MirrorStore(db, file);
    closing.push(store);
    const notes = recentNotes(createBackend({ seed: 5, now: NOW, notes: 3000 })).map((n) => toInboxNote(n)!);
    store.writeNotes(notes);
    store.setMark(notes[5]!.seqNo, { memo: '확인' }, 1);
    const reads = new MirrorReads(file);
    closing.push(reads);
    const today = marketDayOf(NOW.getTime());
    const span = { start: addDays(today, -29), end: today };
    const answer = await reads.ask('notes.period', span);
    if (answer.unchanged) throw new Error('expected notes');
    const { packed, marks, ...rest } = answer;
    expect(packed).toBeInstanceOf(ArrayBuffer);
    // Nothing per note outside the buffer but the marks (few): main never walks the notes.
    expect(Object.values(rest).some((v) => typeof v === 'object' && v !== null)).toBe(false);
    expect(Buffer.byteLength(JSON.stringify(rest))).toBeLessThan(300);
    expect(answer.count).toBeGreaterThan(500);
    const own = store.period(span.start, span.end);
    if (own.unchanged) throw new Error('expected notes');
    expect(await readPeriod(answer)).toEqual(decodePeriod(own));
    expect(marks).toEqual(own.marks);
    // Deflated on the way: this fixture's packed notes take 285 bytes a note, deflated 65 (4.4 times fewer).
    expect(isDeflated(packed)).toBe(true);
    expect(packed.byteLength).toBeLessThan(own.packed.byteLength / 3.5);
    expect(packed.byteLength / answer.count).toBeLessThan(80);
  });
});
