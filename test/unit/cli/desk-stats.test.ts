// `desk stats` counts what `desk notes --offline` lists: the same mirror, the same range, counted two ways (the
// store's aggregate queries against a count made here from the listed notes). Twice: on what `desk sync` brings
// from the sandbox, and on a mirror of 100,000 notes (the sandbox's generator written straight into the file
// `desk sync` created, as a finished sync of its whole history would have).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/desk';
import type { DeskIo } from '../../../src-main/cli/desk';
import type { InsightsReport } from '../../../src-main/contract';
import type { SendNote } from '../../../src-main/schema';
import { createBackend, recentNotes } from '../../../src-main/sandbox/backend';
import { toInboxNote } from '../../../src-main/storage/inbox-note';
import { MIRROR_VERSION, migrate } from '../../../src-main/storage/mirror-schema';
import { MirrorStore } from '../../../src-main/storage/mirror-store';
import { openDatabase } from '../../../src-main/storage/sqlite-file';
import { addDays, marketDayOf } from '../../../src-shared/market-day';
import { seedMirror } from '../../support/mirror';

const NOW = '2026-11-20T09:00:00+09:00';
const NOW_MS = Date.parse(NOW);
const FROM = '2026-10-22';
const TO = '2026-11-20';
const DAY = 86_400_000;

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: DeskIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: {},
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

type Listed = SendNote & { Local: { Handled: boolean } };

function countBy<T>(items: readonly T[], key: (t: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of items) out.set(key(t), (out.get(key(t)) ?? 0) + 1);
  return out;
}

const BIG_FROM = addDays(TO, -119);

/** The mirror `desk sync` created in `dataDir`, filled with the sandbox's 100,000 notes of 120 days. */
async function fillBigMirror(dataDir: string): Promise<void> {
  const first = await run([
    'sync',
    '--data-dir',
    dataDir,
    '--now',
    NOW,
    '--from',
    TO,
    '--to',
    TO,
    '--format',
    'json',
  ]);
  expect(first.code).toBe(0);
  const file = (JSON.parse(first.stdout) as { mirror: string }).mirror;
  const backend = createBackend({ seed: 42, now: new Date(NOW), notes: 100_000 });
  const notes = recentNotes(backend).map((n) => toInboxNote(n)!);
  const days: string[] = [];
  for (let d = BIG_FROM; d <= TO; d = addDays(d, 1)) days.push(d);
  const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
  migrate(db, { nowMs: NOW_MS });
  const store = new MirrorStore(db, file);
  try {
    seedMirror(
      store,
      notes.filter((n) => marketDayOf(n.at) >= BIG_FROM),
      backend.sellerIds,
      days,
      NOW_MS,
    );
  } finally {
    store.close();
  }
}

describe.each([
  { name: 'the sandbox, synced by desk sync', from: FROM, days: 30, big: false },
  { name: 'a mirror of 100,000 notes', from: BIG_FROM, days: 120, big: true },
])('desk stats against desk notes --offline on $name', ({ from, days, big }) => {
  let dataDir: string;
  let report: InsightsReport;
  let notes: Listed[];
  const at = (n: SendNote) => Date.parse(n.InsDate!);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'desk-stats-'));
    const common = ['--data-dir', dataDir, '--now', NOW, '--from', from, '--to', TO];
    if (big) await fillBigMirror(dataDir);
    else expect((await run(['sync', ...common])).code).toBe(0);
    const stats = await run(['stats', ...common, '--format', 'json']);
    expect(stats.stderr).toBe('');
    expect(stats.code).toBe(0);
    report = JSON.parse(stats.stdout) as InsightsReport;
    const listed = await run(['notes', '--offline', ...common, '--format', 'json']);
    expect(listed.code).toBe(0);
    notes = (JSON.parse(listed.stdout) as { SendNote: Listed[] }).SendNote;
    expect(notes.length).toBeGreaterThan(big ? 95_000 : 500);
  }, 240_000);

  it('counts the notes per type and per day as listed', () => {
    const perType = countBy(notes, (n) => n.SearchQueryType!);
    const perDay = countBy(notes, (n) => n.InsDate!.slice(0, 10));
    expect(report.days).toHaveLength(days);
    for (const d of report.days) {
      expect(Object.values(d.counts).reduce((a, b) => a + b, 0)).toBe(perDay.get(d.day) ?? 0);
    }
    // Weeks start on Monday; together they hold the period's notes.
    expect(report.weeks.reduce((sum, w) => sum + w.notes, 0)).toBe(notes.length);
    for (const w of report.weeks) expect(new Date(`${w.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    for (const [type, count] of perType) {
      expect(report.days.reduce((sum, d) => sum + d.counts[type as keyof typeof d.counts], 0)).toBe(count);
    }
  });

  it('counts the top items as listed, and no other item has more notes than the tenth', () => {
    const perItem = countBy(notes, (n) => n.ItemNo!);
    const refundExchange = countBy(
      notes.filter((n) => n.SearchQueryType === 'Refund' || n.SearchQueryType === 'Exchange'),
      (n) => n.ItemNo!,
    );
    expect(report.topByNotes).toHaveLength(10);
    for (const it of report.topByNotes) {
      expect(it.notes).toBe(perItem.get(it.itemNo));
      expect(it.refundExchange).toBe(refundExchange.get(it.itemNo) ?? 0);
    }
    const tenth = report.topByNotes.at(-1)!.notes;
    const top = new Set(report.topByNotes.map((it) => it.itemNo));
    for (const [item, count] of perItem) if (!top.has(item)) expect(count).toBeLessThanOrEqual(tenth);
    for (const it of report.topByRefundExchange) {
      expect(it.refundExchange).toBe(refundExchange.get(it.itemNo));
      expect(it.notes).toBe(perItem.get(it.itemNo));
    }
  });

  it('counts answered and waiting (within and past 24 hours) as listed, and arrivals by weekday and hour', () => {
    const answered = notes.filter((n) => n.ReplyStatus !== 'NoReply').length;
    const waiting = notes.filter((n) => n.ReplyStatus === 'NoReply' && !n.Local.Handled);
    const s = report.speed;
    expect(s.total).toBe(notes.length);
    expect(s.known + s.answeredUnknown).toBe(answered);
    expect(s.waitingWithin24h + s.waitingPast24h).toBe(waiting.length);
    expect(s.waitingPast24h).toBe(waiting.filter((n) => NOW_MS - at(n) > DAY).length);
    const arrivals = countBy(notes, (n) => {
      const local = new Date(at(n) + 9 * 3_600_000);
      return `${(local.getUTCDay() + 6) % 7} ${local.getUTCHours()}`;
    });
    report.arrivals.forEach((hours, wd) =>
      hours.forEach((count, h) => expect(count).toBe(arrivals.get(`${wd} ${h}`) ?? 0)),
    );
  });

  it('writes the same figures as CSV rows through the CSV writer', async () => {
    const csv = await run([
      'stats',
      '--data-dir',
      dataDir,
      '--now',
      NOW,
      '--from',
      from,
      '--to',
      TO,
      '--format',
      'csv',
    ]);
    const lines = csv.stdout.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('figure,key,measure,value');
    expect(lines).toContain(`speed,,total,${notes.length}`);
  });
});
