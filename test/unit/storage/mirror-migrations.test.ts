// Mirror schema versions: every earlier version migrates forward to the same shape a new file gets; release
// 0.1.0's notes files (a frozen sample that release's writer produced) come over with every note and mark; a
// newer file is refused and left as it is; a field added to the note table becomes a column.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  LEGACY_CACHE_FILE,
  LEGACY_LOCAL_FILE,
  readLegacyNotesFiles,
} from '../../../src-main/storage/legacy-notes-files';
import {
  ensureFieldColumns,
  migrate,
  MIGRATIONS,
  MIRROR_VERSION,
} from '../../../src-main/storage/mirror-schema';
import { MirrorStore, WAITING_NOTES_SQL } from '../../../src-main/storage/mirror-store';
import { openDatabase, UnreadableDatabaseError, userVersion } from '../../../src-main/storage/sqlite-file';
import type { NoteField } from '../../../src-shared/note-fields';
import { NOTE_FIELDS } from '../../../src-shared/note-fields';

const FIXTURE = 'test/fixtures/legacy-json';
const NOW = Date.parse('2026-11-24T10:00:00+09:00');
const tmp = () => mkdtempSync(join(tmpdir(), 'mirror-migrate-'));

function schemaOf(db: DatabaseSync): string[] {
  return (
    db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as {
      type: string;
      name: string;
      sql: string;
    }[]
  ).map((r) => `${r.type} ${r.name}: ${r.sql.replace(/\s+/g, ' ')}`);
}

describe('forward migrations', () => {
  it.each(Array.from({ length: MIRROR_VERSION }, (_, v) => v))(
    'a file at version %i reaches the current version with the shape a new file has',
    (from) => {
      const fresh = openDatabase(join(tmp(), 'fresh.sqlite'), { maxVersion: MIRROR_VERSION });
      migrate(fresh, { nowMs: NOW });
      const old = openDatabase(join(tmp(), 'old.sqlite'), { maxVersion: MIRROR_VERSION });
      migrate(old, { nowMs: NOW }, MIGRATIONS, from);
      expect(userVersion(old)).toBe(from);
      expect(migrate(old, { nowMs: NOW })).toBe(from);
      expect(userVersion(old)).toBe(MIRROR_VERSION);
      expect(schemaOf(old)).toEqual(schemaOf(fresh));
      fresh.close();
      old.close();
    },
  );

  it('lets the status check read the held waiting notes from the index alone, on a file migrated from version 1', () => {
    const db = openDatabase(join(tmp(), 'v1.sqlite'), { maxVersion: MIRROR_VERSION });
    migrate(db, { nowMs: NOW }, MIGRATIONS, 1);
    const plan = () =>
      (db.prepare(`EXPLAIN QUERY PLAN ${WAITING_NOTES_SQL}`).all('s', 0, 1) as { detail: string }[])
        .map((r) => r.detail)
        .join('; ');
    // Version 1 reads every row from the table as well: one random read per waiting note.
    expect(plan()).not.toContain('COVERING INDEX');
    migrate(db, { nowMs: NOW });
    expect(plan()).toContain('COVERING INDEX notes_waiting');
    db.close();
  });

  it('keeps a version-2 file’s notes: its answers count as time unknown, its waiting notes are observed from the next check', () => {
    const db = openDatabase(join(tmp(), 'v2.sqlite'), { maxVersion: MIRROR_VERSION });
    migrate(db, { nowMs: NOW }, MIGRATIONS, 2);
    const columns = [
      'seq_no',
      'buyer_id',
      'seller_id',
      'item_no',
      'item_name',
      'ins_date',
      'title',
      'content',
    ];
    const insert = db.prepare(
      `INSERT INTO notes (${columns.join(', ')}, reply_status, query_type, at, day)
       VALUES (?, 'b', 's', 'i', 'n', 'd', 't', 'c', ?, 'Item', ?, '2026-11-23')`,
    );
    const at = NOW - 30 * 3_600_000;
    insert.run(1, 'ReplyComplete', at);
    insert.run(2, 'NoReply', at);
    migrate(db, { nowMs: NOW });
    const store = new MirrorStore(db, 'v2.sqlite');
    const q = { startMs: at - 1, endMs: NOW, nowMs: NOW, businessDays: false };
    expect(store.insights.replySpeed(q)).toMatchObject({ total: 2, answeredUnknown: 1, waitingPast24h: 1 });
    // A sync that started an hour ago checked seller s; this one sees note 2 answered.
    store.recordChecked(['s'], NOW - 3_600_000);
    const [two] = store.notesBySeq([2]);
    store.writeNotes([{ ...two!, replyStatus: 'ReplyComplete' }], NOW);
    expect(store.insights.replySpeed(q)).toMatchObject({
      answeredUnknown: 1,
      known: 1,
      answeredLate: 1,
      medianMs: NOW - at,
      medianWindowMs: 3_600_000,
    });
    db.close();
  });

  it('leaves a file at its old version when a migration fails, and can run it again', () => {
    const db = openDatabase(join(tmp(), 'm.sqlite'), { maxVersion: MIRROR_VERSION });
    const failing = [
      (d: DatabaseSync) => {
        d.exec('CREATE TABLE half_done (x)');
        throw new Error('disk full');
      },
    ];
    expect(() => migrate(db, { nowMs: NOW }, failing, 1)).toThrow('disk full');
    expect(userVersion(db)).toBe(0);
    expect(schemaOf(db)).toEqual([]);
    migrate(db, { nowMs: NOW });
    expect(userVersion(db)).toBe(MIRROR_VERSION);
    db.close();
  });

  it('migrates once when two connections open a new file', () => {
    const file = join(tmp(), 'm.sqlite');
    const a = openDatabase(file, { maxVersion: MIRROR_VERSION });
    const b = openDatabase(file, { maxVersion: MIRROR_VERSION });
    migrate(a, { nowMs: NOW });
    expect(migrate(b, { nowMs: NOW })).toBe(MIRROR_VERSION);
    expect(schemaOf(b)).toEqual(schemaOf(a));
    a.close();
    b.close();
  });

  it('refuses a file a newer release wrote, without touching it', () => {
    const file = join(tmp(), 'm.sqlite');
    const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
    migrate(db, { nowMs: NOW });
    db.exec(`PRAGMA user_version = ${MIRROR_VERSION + 1}`);
    db.close();
    const before = readFileSync(file);
    let error: unknown;
    try {
      openDatabase(file, { maxVersion: MIRROR_VERSION });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UnreadableDatabaseError);
    expect((error as UnreadableDatabaseError).reason).toBe('newer-version');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('adds a column for a field added to the note table, empty for the notes already held', () => {
    const db = openDatabase(join(tmp(), 'm.sqlite'), { maxVersion: MIRROR_VERSION });
    migrate(db, { nowMs: NOW });
    // A made-up field: docs/adding-a-field.md's example (AnswerDate) may be added to the real table.
    const added: NoteField = {
      key: 'sampleRepliedAt',
      wire: 'SampleRepliedAt',
      kind: 'dateTime',
      optional: true,
      column: 'sample_replied_at',
      payload: 'plain',
      label: { ko: '샘플 시각', en: 'Sample' },
      exportOrder: 11,
      exportWidth: 20,
    };
    expect(ensureFieldColumns(db, [...NOTE_FIELDS, added])).toEqual(['sample_replied_at']);
    expect(ensureFieldColumns(db, [...NOTE_FIELDS, added])).toEqual([]);
    db.close();
  });
});

describe('release 0.1.0’s notes files', () => {
  it('come over into the mirror with every note, every mark, the coverage and the last sync', async () => {
    const dir = tmp();
    copyFileSync(join(FIXTURE, LEGACY_CACHE_FILE), join(dir, LEGACY_CACHE_FILE));
    copyFileSync(join(FIXTURE, LEGACY_LOCAL_FILE), join(dir, LEGACY_LOCAL_FILE));
    const cache = JSON.parse(readFileSync(join(FIXTURE, LEGACY_CACHE_FILE), 'utf8')) as {
      notes: { seqNo: number; at: number }[];
      coverage: Record<string, string[]>;
      asOf: number;
      lastSync: unknown;
    };
    const local = JSON.parse(readFileSync(join(FIXTURE, LEGACY_LOCAL_FILE), 'utf8')) as {
      marks: Record<string, { handled: boolean; memo: string; updatedAt: number }>;
    };
    expect(cache.notes.length).toBe(140);

    const file = join(dir, 'm.sqlite');
    const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
    migrate(db, { nowMs: NOW, legacy: readLegacyNotesFiles(dir, NOW) });
    const store = new MirrorStore(db, file);
    expect([...store.iterateNotes()]).toEqual(cache.notes);
    expect(Object.fromEntries([...store.marks()].map(([k, v]) => [String(k), v]))).toEqual(local.marks);
    for (const [seller, days] of Object.entries(cache.coverage)) {
      expect([...store.coveredDays(seller)].sort()).toEqual(days);
    }
    expect(store.asOf()).toBe(cache.asOf);
    expect(store.lastSync()).toEqual(cache.lastSync);
    expect(store.notices()).toEqual([]);
    store.close();
  });

  it('an unreadable file is moved aside with a notice, the other one still comes over', () => {
    const dir = tmp();
    copyFileSync(join(FIXTURE, LEGACY_LOCAL_FILE), join(dir, LEGACY_LOCAL_FILE));
    const broken = readFileSync(join(FIXTURE, LEGACY_CACHE_FILE), 'utf8').slice(0, 900);
    writeFileSync(join(dir, LEGACY_CACHE_FILE), broken);
    const legacy = readLegacyNotesFiles(dir, NOW);
    expect(legacy.movedAside).toEqual([
      { kind: 'cache-reset', file: expect.stringMatching(/^notes-cache\.corrupt-2026-11-24-\d{6}\.json$/) },
    ]);
    expect(readFileSync(join(dir, legacy.movedAside[0]!.file), 'utf8')).toBe(broken);
    expect(existsSync(join(dir, LEGACY_CACHE_FILE))).toBe(false);
    const file = join(dir, 'm.sqlite');
    const db = openDatabase(file, { maxVersion: MIRROR_VERSION });
    migrate(db, { nowMs: NOW, legacy });
    const store = new MirrorStore(db, file);
    expect(store.noteCount()).toBe(0);
    expect(store.marks().size).toBe(4);
    expect(store.notices()).toMatchObject([{ kind: 'cache-reset', file: legacy.movedAside[0]!.file }]);
    store.close();
  });
});
