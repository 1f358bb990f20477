// (i) The inbox export of a large view: the export worker (the app's path: the worker reads the mirror and
// writes the file, main only relays progress) beside the former in-handler export (read, built and written on
// the main thread, still callable as exportedNotes + notesToCsv / notesToXlsx). Wall time and the longest
// main-thread block, by monitorEventLoopDelay and by the gaps of a 5 ms timer, whichever is longer.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { InboxNote } from '../src-main/contract';
import { notesToCsv, notesToXlsx } from '../src-main/services/notes-export';
import { runNotesExport } from '../src-main/services/notes-export-run';
import { exportedNotes } from '../src-main/services/notes-mirror';
import { createMirrorRegistry, endpointFingerprint } from '../src-main/storage/mirror-registry';
import type { MirrorOwner } from '../src-main/storage/notes-store';

export interface ExportBenchRow {
  format: 'csv' | 'xlsx';
  design: 'worker' | 'in-handler';
  wallMs: number;
  longestBlockMs: number;
}

const OWNER: MirrorOwner = {
  profileId: 'sandbox',
  profileName: 'Sandbox',
  kind: 'sandbox',
  fingerprint: endpointFingerprint({ kind: 'sandbox', identity: 'bench-export' }),
};
const START = Date.parse('2026-08-01T00:00:00+09:00');
const DAY_MS = 86_400_000;

function noteAt(i: number): InboxNote {
  const at = START + (i % 100) * DAY_MS + i * 7;
  return {
    seqNo: 1_000_000 + i,
    sellerId: 'soho_01',
    buyerId: `buyer${i % 997}`,
    itemNo: String(3_000_000 + (i % 501)),
    itemName: `상품 ${i % 89}, 린넨 셔츠`,
    orderNo: i % 3 ? String(9_007_199_254_740_000 + i) : '',
    insDate: new Date(at).toISOString(),
    at,
    title: i % 7 ? '배송 문의' : '=SUM(A1)',
    content: `배송 언제 되나요?\r\n"빠른" 답변 부탁 #${i}`,
    replyStatus: i % 4 ? 'Replied' : 'NoReply',
    queryType: i % 2 ? 'Shipping' : 'Item',
  } as InboxNote;
}

/** Runs `work` and measures it: wall time, and the longest time the main thread's event loop could not turn. */
export async function measured(
  work: () => Promise<unknown>,
): Promise<{ wallMs: number; longestBlockMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let longestGap = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 5);
  delay.enable();
  const t0 = performance.now();
  await work();
  const wallMs = performance.now() - t0;
  // The last stretch before the timer would have ticked counts too.
  longestGap = Math.max(longestGap, performance.now() - last);
  delay.disable();
  clearInterval(timer);
  return { wallMs, longestBlockMs: Math.max(longestGap, delay.max / 1e6) };
}

export async function benchExport(notes: number): Promise<ExportBenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
  const registry = createMirrorRegistry({ dataDir: join(dir, 'data'), sandbox: OWNER });
  try {
    const store = registry.open(OWNER, [OWNER.profileId]);
    const byDay = new Map<string, InboxNote[]>();
    for (let i = 0; i < notes; i++) {
      const n = noteAt(i);
      const day = new Date(n.at + 9 * 3_600_000).toISOString().slice(0, 10);
      const list = byDay.get(day);
      if (list) list.push(n);
      else byDay.set(day, [n]);
    }
    for (const [day, list] of byDay)
      store.writeSlice({ sellerId: 'soho_01', day, notes: list, complete: true }, START);
    const seqNos = Array.from({ length: notes }, (_, i) => 1_000_000 + notes - 1 - i);
    const file = resolve(registry.dir, store.file);
    // The built worker, as the app runs it, when there is a build.
    const built = resolve('out/main/notes-export-worker.js');
    const workerFile = existsSync(built) ? built : undefined;
    const rows: ExportBenchRow[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      const ctx = { lang: 'ko' as const, timeZone: 'Asia/Seoul' };
      const worker = await measured(() =>
        runNotesExport(file, { format, seqNos, ...ctx, path: join(dir, `worker.${format}`), workerFile }),
      );
      rows.push({ format, design: 'worker', ...worker });
      const inHandler = await measured(async () => {
        const { notes: held, local } = exportedNotes(store, seqNos);
        const c = { ...ctx, local };
        const bytes = format === 'csv' ? notesToCsv(held, c) : await notesToXlsx(held, c);
        await writeFile(join(dir, `handler.${format}`), bytes);
      });
      rows.push({ format, design: 'in-handler', ...inHandler });
    }
    return rows;
  } finally {
    registry.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
