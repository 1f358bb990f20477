// The mirror the insights benches read: a sandbox of `notes` (createTestDeps: seed 42, its clock TEST_NOW) synced
// in this process into a mirror opened as the app opens it, its whole history (NOTE_HISTORY_DAYS up to TEST_NOW's
// day). Shared by bench/insights.ts (the queries, and the rollup's cost on the sync's writes) and
// bench/insights-paint.ts (the page's first paint), run alone or from `npm run bench -- insights`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOTE_HISTORY_DAYS } from '../src-main/sandbox/data/notes';
import { syncNotes } from '../src-main/services/notes-sync';
import type { MirrorStore } from '../src-main/storage/mirror-store';
import { addDays, marketDayOf } from '../src-shared/market-day';
import type { NoteDay } from '../src-main/contract';
import { TEST_NOW, createTestDeps } from '../test/support/host-deps';

/** The rollup's triggers on notes (src-main/storage/insights-rollup.ts). */
const ROLLUP_TRIGGERS = ['insights_on_insert', 'insights_on_update', 'insights_on_delete'];
/** The store's methods a sync writes the mirror through. */
const WRITES = ['writeSlice', 'writeNotes', 'recordChecked', 'recordSync'] as const;

export interface SyncedMirror {
  dataDir: string;
  store: MirrorStore;
  /** TEST_NOW's Korean day: the newest day of the sandbox's history. */
  end: NoteDay;
  /** The sync's wall time (the in-process sandbox answering included). */
  syncMs: number;
  /** Of that, the time inside the store's writes (the rollup's triggers run there). */
  writeMs: number;
  /** Closes the mirror (its folder stays, for a page opened on it). */
  close(): Promise<void>;
  /** Closes the mirror and removes its folder. */
  remove(): Promise<void>;
}

/** Times every call of the store's write methods into `acc.ms`. */
function timeWrites(store: MirrorStore, acc: { ms: number }): void {
  const s = store as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of WRITES) {
    const write = s[name]!.bind(store);
    s[name] = (...args: unknown[]) => {
      const t = performance.now();
      try {
        return write(...args);
      } finally {
        acc.ms += performance.now() - t;
      }
    };
  }
}

/** Drops the rollup's triggers (the mirror then writes as before version 6); throws if one was missing. */
function dropRollup(store: MirrorStore): void {
  for (const name of ROLLUP_TRIGGERS) {
    const found = store.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?")
      .get(name);
    if (!found) throw new Error(`The mirror has no trigger ${name}: the rollup's triggers changed name.`);
    store.db.exec(`DROP TRIGGER ${name}`);
  }
}

/** A mirror of a sandbox of `notes` synced in full; `rollup: false` drops the rollup's triggers first. */
export async function syncedMirror(
  notes: number,
  opts: { rollup?: boolean; progress?: (what: string) => void } = {},
): Promise<SyncedMirror> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-insights-'));
  const deps = createTestDeps({ dataDir, sandbox: { notes } });
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= deps.close());
  const remove = async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const active = await deps.connection.active();
    const owner = {
      profileId: active.profile.id,
      profileName: active.profile.name,
      kind: active.profile.kind,
      fingerprint: active.fingerprint,
    };
    const store = deps.mirrors.open(owner, ['sandbox']);
    if (opts.rollup === false) dropRollup(store);
    const acc = { ms: 0 };
    timeWrites(store, acc);
    const end = marketDayOf(TEST_NOW.getTime());
    opts.progress?.(
      `sync of ${notes.toLocaleString('en-US')} notes, rollup ${opts.rollup === false ? 'off' : 'on'}`,
    );
    const t0 = performance.now();
    await syncNotes(
      { start: addDays(end, -NOTE_HISTORY_DAYS), end, mode: 'full' },
      {
        client: active.client,
        store,
        sellerIds: active.info.sellerIds,
        pageIndexBase: active.info.pageIndexBase,
        signal: new AbortController().signal,
      },
    );
    return { dataDir, store, end, syncMs: performance.now() - t0, writeMs: acc.ms, close, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}
