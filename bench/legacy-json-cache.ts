// Release 0.1.0's notes cache, kept in the bench only so the mirror's figures stand beside the design they replace
// (npm run bench, section h). A copy of src-main/services/notes-cache.ts of that release, its imports adjusted.
// Original header:
//
// The notes mirror in the main process and its two files in the data directory:
//   notes-cache.json — the notes, which days of which seller are synced, the last sync's outcome;
//   notes-local.json — the seller's own "handled" marks and memos (never sent anywhere).
// Kept apart so a re-sync or a reset cache can never take a seller's memos with it. Both are written with
// writeFileAtomic, so a crash mid-write leaves the previous file; an unreadable file is moved aside and the
// inbox starts empty with a notice instead of refusing to open.
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { QUERY_TYPES, REPLY_STATUSES } from '../src-shared/note-fields';
import type { InboxNote, NoteDay, NoteLocalMark, NotesLastSync } from '../src-main/contract';
import { readTextIfExists, writeFileAtomic } from '../src-main/storage/atomic-file';
export { toInboxNote } from '../src-main/storage/inbox-note';

interface NotesCacheNotice {
  kind: 'cache-reset' | 'local-reset';
  backupFile: string;
}

interface NotesCached {
  notes: InboxNote[];
  asOf?: number;
  coverage: Record<string, NoteDay[]>;
  lastSync?: NotesLastSync;
  local: Record<string, NoteLocalMark>;
  notices: NotesCacheNotice[];
  revision: number;
}

export const NOTES_CACHE_FILE = 'notes-cache.json';
export const NOTES_LOCAL_FILE = 'notes-local.json';
const CACHE_VERSION = 1;

const noteSchema = z.object({
  seqNo: z.number().int(),
  sellerId: z.string(),
  buyerId: z.string(),
  itemNo: z.string(),
  itemName: z.string(),
  orderNo: z.string().optional(),
  insDate: z.string(),
  at: z.number(),
  title: z.string(),
  content: z.string(),
  replyStatus: z.enum(REPLY_STATUSES),
  queryType: z.enum(QUERY_TYPES),
});

const failedSliceSchema = z.object({
  sellerId: z.string(),
  day: z.string(),
  code: z.string(),
  message: z.string(),
  attempts: z.number(),
  pagesFetched: z.number(),
});

const cacheDocSchema = z.object({
  version: z.literal(CACHE_VERSION),
  asOf: z.number().optional(),
  coverage: z.record(z.string(), z.array(z.string())),
  lastSync: z
    .object({
      at: z.number(),
      ok: z.boolean(),
      cancelled: z.boolean(),
      errorCode: z.string().optional(),
      errorMessage: z.string().optional(),
      failedSlices: z.array(failedSliceSchema),
    })
    .optional(),
  notes: z.array(noteSchema),
});

const localDocSchema = z.object({
  version: z.literal(CACHE_VERSION),
  marks: z.record(
    z.string().regex(/^\d+$/),
    z.object({ handled: z.boolean(), memo: z.string(), updatedAt: z.number() }),
  ),
});

const byTime = (a: InboxNote, b: InboxNote) => a.at - b.at || a.seqNo - b.seqNo;

function sameNote(a: InboxNote, b: InboxNote): boolean {
  return (
    a.replyStatus === b.replyStatus &&
    a.at === b.at &&
    a.title === b.title &&
    a.content === b.content &&
    a.queryType === b.queryType &&
    a.orderNo === b.orderNo &&
    a.itemNo === b.itemNo &&
    a.itemName === b.itemName &&
    a.buyerId === b.buyerId &&
    a.sellerId === b.sellerId
  );
}

export interface NotesCache {
  /** Reads both files once; later calls return at once. Never throws for a damaged file. */
  load(): Promise<void>;
  snapshot(): NotesCached;
  /** Adds or updates notes by SeqNo in one step; returns the SeqNos that were new. */
  merge(notes: readonly InboxNote[]): number[];
  markCovered(sellerId: string, day: NoteDay): void;
  /** Days of `sellerId` synced completely. */
  covered(sellerId: string): ReadonlySet<NoteDay>;
  /** The newest note's instant, or undefined when empty. */
  newestAt(): number | undefined;
  recordSync(lastSync: NotesLastSync, asOf: number | undefined): void;
  /** Writes the cache file (serialized: a slow write is never overtaken by an older one). */
  persist(): Promise<void>;
  setLocal(seqNo: number, patch: { handled?: boolean; memo?: string }): Promise<NoteLocalMark>;
  readonly dir: string;
}

export function createNotesCache(dir: string, now: () => number = Date.now): NotesCache {
  const cacheFile = join(dir, NOTES_CACHE_FILE);
  const localFile = join(dir, NOTES_LOCAL_FILE);
  const notes = new Map<number, InboxNote>();
  const coverage = new Map<string, Set<NoteDay>>();
  let local: Record<string, NoteLocalMark> = {};
  let asOf: number | undefined;
  let lastSync: NotesLastSync | undefined;
  const notices: NotesCacheNotice[] = [];
  let revision = 0;
  let sorted: InboxNote[] | undefined;
  let loading: Promise<void> | undefined;
  let writes: Promise<unknown> = Promise.resolve();
  let localWrites: Promise<unknown> = Promise.resolve();

  async function moveAside(file: string, name: string, kind: NotesCacheNotice['kind']) {
    const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
    const backupFile = `${name.replace(/\.json$/, '')}.corrupt-${stamp}.json`;
    await rename(file, join(dir, backupFile));
    notices.push({ kind, backupFile });
  }

  async function readDoc<T>(
    file: string,
    name: string,
    kind: NotesCacheNotice['kind'],
    schema: z.ZodType<T>,
  ) {
    const text = await readTextIfExists(file);
    if (text === undefined) return undefined;
    let parsed: z.ZodSafeParseResult<T>;
    try {
      parsed = schema.safeParse(JSON.parse(text));
    } catch {
      parsed = { success: false } as z.ZodSafeParseResult<T>;
    }
    if (parsed.success) return parsed.data;
    await moveAside(file, name, kind);
    return undefined;
  }

  async function loadOnce() {
    await mkdir(dir, { recursive: true });
    const doc = await readDoc(cacheFile, NOTES_CACHE_FILE, 'cache-reset', cacheDocSchema);
    if (doc) {
      for (const n of doc.notes) notes.set(n.seqNo, n);
      for (const [seller, days] of Object.entries(doc.coverage)) coverage.set(seller, new Set(days));
      asOf = doc.asOf;
      lastSync = doc.lastSync;
      revision++;
    }
    const localDoc = await readDoc(localFile, NOTES_LOCAL_FILE, 'local-reset', localDocSchema);
    if (localDoc) local = localDoc.marks;
  }

  function ordered(): InboxNote[] {
    return (sorted ??= [...notes.values()].sort(byTime));
  }

  return {
    dir,
    load() {
      loading ??= loadOnce().catch((err: unknown) => {
        loading = undefined;
        throw err;
      });
      return loading;
    },
    snapshot() {
      const cov: Record<string, NoteDay[]> = {};
      for (const [seller, days] of coverage) cov[seller] = [...days].sort();
      const out: NotesCached = {
        notes: ordered(),
        coverage: cov,
        local: { ...local },
        notices: [...notices],
        revision,
      };
      if (asOf !== undefined) out.asOf = asOf;
      if (lastSync !== undefined) out.lastSync = lastSync;
      return out;
    },
    merge(incoming) {
      const added: number[] = [];
      let changed = false;
      for (const n of incoming) {
        const old = notes.get(n.seqNo);
        if (old === undefined) added.push(n.seqNo);
        if (old === undefined || !sameNote(old, n)) {
          notes.set(n.seqNo, n);
          changed = true;
        }
      }
      if (changed) {
        sorted = undefined;
        revision++;
      }
      return added;
    },
    markCovered(sellerId, day) {
      let days = coverage.get(sellerId);
      if (!days) coverage.set(sellerId, (days = new Set()));
      days.add(day);
    },
    covered: (sellerId) => coverage.get(sellerId) ?? new Set(),
    newestAt() {
      const list = ordered();
      return list.length > 0 ? list[list.length - 1]!.at : undefined;
    },
    recordSync(sync, at) {
      lastSync = sync;
      if (at !== undefined) asOf = at;
    },
    persist() {
      const run = writes.then(async () => {
        const cov: Record<string, NoteDay[]> = {};
        for (const [seller, days] of coverage) cov[seller] = [...days].sort();
        const doc = { version: CACHE_VERSION, asOf, coverage: cov, lastSync, notes: ordered() };
        await mkdir(dir, { recursive: true });
        await writeFileAtomic(cacheFile, JSON.stringify(doc));
      });
      writes = run.catch(() => {});
      return run;
    },
    async setLocal(seqNo, patch) {
      const key = String(seqNo);
      const old = local[key] ?? { handled: false, memo: '', updatedAt: 0 };
      const mark: NoteLocalMark = {
        handled: patch.handled ?? old.handled,
        memo: patch.memo ?? old.memo,
        updatedAt: now(),
      };
      if (!mark.handled && mark.memo === '') delete local[key];
      else local[key] = mark;
      const doc = { version: CACHE_VERSION, marks: local };
      const run = localWrites.then(() => writeFileAtomic(localFile, JSON.stringify(doc)));
      localWrites = run.catch(() => {});
      await run;
      return mark;
    },
  };
}
