// A read-only connection (the read worker's, the export worker's) opens a mirror on its own: nothing before it has
// registered the SQL functions the insights rollup's triggers call, and preparing the store's statements compiles
// those triggers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { openMirrorReader } from '../../../src-main/storage/mirror-reader';
import { migrate } from '../../../src-main/storage/mirror-schema';

describe('a mirror reader on a connection of its own', () => {
  it('opens a mirror of this version and answers a read', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mirror-reader-')), 'm.sqlite');
    const db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL');
    migrate(db, { nowMs: Date.parse('2026-11-20T09:00:00+09:00') });
    db.close();
    const reader = openMirrorReader(file);
    try {
      expect(reader.count({ start: '2026-11-01', end: '2026-11-20' })).toMatchObject({ total: 0 });
    } finally {
      reader.close();
    }
  });
});
