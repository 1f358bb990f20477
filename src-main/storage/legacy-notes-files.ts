// The notes files of release 0.1.0, read once by the mirror's first migration:
//   notes-cache.json — the notes, which days of which seller were synced, the last sync's outcome;
//   notes-local.json — the seller's handled marks and memos.
// That release kept what servers sent unscrubbed (a ticket echoed in a note, in a sync error): what is imported
// is redacted as wire text is (ticket elements, ticket-like tokens). Once the import has committed, the files
// are deleted, and so are the *.imported.json copies earlier versions kept; the marks live profiles are offered
// are kept in the sandbox mirror. A file that cannot be read is moved to *.corrupt-<local time>.json with a
// notice, as that release did.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { InboxNote, NoteLocalMark, NotesLastSync } from '../contract';
import { QUERY_TYPES, REPLY_STATUSES } from '../../src-shared/note-fields';
import { redactText } from '../soap/redact';
import { localStamp } from './sqlite-file';

export const LEGACY_CACHE_FILE = 'notes-cache.json';
export const LEGACY_LOCAL_FILE = 'notes-local.json';
export const IMPORTED_CACHE_FILE = 'notes-cache.imported.json';
export const IMPORTED_LOCAL_FILE = 'notes-local.imported.json';

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

const cacheSchema = z.object({
  version: z.literal(1),
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

const marksSchema = z.record(
  z.string().regex(/^\d+$/),
  z.object({ handled: z.boolean(), memo: z.string(), updatedAt: z.number() }),
);
const localSchema = z.object({ version: z.literal(1), marks: marksSchema });

export interface LegacyCache {
  notes: InboxNote[];
  coverage: Record<string, string[]>;
  asOf?: number;
  lastSync?: NotesLastSync;
}

export interface LegacyNotesFiles {
  cache?: LegacyCache;
  marks?: Record<string, NoteLocalMark>;
  /** Files that could not be read, with the names they were moved to. */
  movedAside: { kind: 'cache-reset' | 'local-reset'; file: string }[];
}

export function hasLegacyNotesFiles(dataDir: string): boolean {
  return existsSync(join(dataDir, LEGACY_CACHE_FILE)) || existsSync(join(dataDir, LEGACY_LOCAL_FILE));
}

function read<T>(
  dataDir: string,
  name: string,
  schema: z.ZodType<T>,
  nowMs: number,
): { value?: T; movedTo?: string } {
  const file = join(dataDir, name);
  if (!existsSync(file)) return {};
  let parsed: z.ZodSafeParseResult<T> | undefined;
  try {
    parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    parsed = undefined;
  }
  if (parsed?.success) return { value: parsed.data };
  const movedTo = `${name.replace(/\.json$/, '')}.corrupt-${localStamp(nowMs)}.json`;
  renameSync(file, join(dataDir, movedTo));
  return { movedTo };
}

/** A note as release 0.1.0 kept it, with every text a server sent redacted (its instant and date stay). */
function scrubNote(note: InboxNote): InboxNote {
  const out = { ...note } as Record<string, unknown>;
  for (const [key, value] of Object.entries(note)) {
    if (typeof value === 'string' && key !== 'insDate') out[key] = redactText(value);
  }
  return out as unknown as InboxNote;
}

function scrubLastSync(last: NotesLastSync): NotesLastSync {
  return {
    ...last,
    ...(last.errorMessage !== undefined ? { errorMessage: redactText(last.errorMessage) } : {}),
    failedSlices: last.failedSlices.map((f) => ({ ...f, message: redactText(f.message) })),
  };
}

/** Reads both files; an unreadable one is moved aside at once and reported. What servers sent is redacted. */
export function readLegacyNotesFiles(dataDir: string, nowMs: number): LegacyNotesFiles {
  const out: LegacyNotesFiles = { movedAside: [] };
  const cache = read(dataDir, LEGACY_CACHE_FILE, cacheSchema, nowMs);
  if (cache.value) {
    const { notes, coverage, asOf, lastSync } = cache.value;
    out.cache = { notes: (notes as InboxNote[]).map(scrubNote), coverage };
    if (asOf !== undefined) out.cache.asOf = asOf;
    if (lastSync !== undefined) out.cache.lastSync = scrubLastSync(lastSync);
  }
  if (cache.movedTo) out.movedAside.push({ kind: 'cache-reset', file: cache.movedTo });
  const local = read(dataDir, LEGACY_LOCAL_FILE, localSchema, nowMs);
  if (local.value) out.marks = local.value.marks;
  if (local.movedTo) out.movedAside.push({ kind: 'local-reset', file: local.movedTo });
  return out;
}

/**
 * After the import committed: release 0.1.0's files, and the *.imported.json copies earlier versions kept, are
 * deleted. Returns the names deleted (none when another process that opened the mirror at the same time did it).
 */
export function deleteLegacyNotesFiles(dataDir: string): string[] {
  const deleted: string[] = [];
  for (const name of [LEGACY_CACHE_FILE, LEGACY_LOCAL_FILE, IMPORTED_CACHE_FILE, IMPORTED_LOCAL_FILE]) {
    const file = join(dataDir, name);
    if (!existsSync(file)) continue;
    rmSync(file, { force: true });
    deleted.push(name);
  }
  return deleted;
}

/** The marks an earlier version kept in notes-local.imported.json, if it is still there. */
export function readImportedMarks(dataDir: string): Record<string, NoteLocalMark> | undefined {
  const file = join(dataDir, IMPORTED_LOCAL_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = localSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data.marks : undefined;
  } catch {
    return undefined;
  }
}

/** Marks as kept in the sandbox mirror's meta for live profiles' carry-over (see mirror-registry.ts). */
export function parseLegacyMarks(json: string | undefined): Record<string, NoteLocalMark> | undefined {
  if (json === undefined) return undefined;
  try {
    const parsed = marksSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
