// Migration v1 is frozen: it is literal SQL, not derived from the note field table, so a field added to that table
// leaves v1 as it was (and reaches every mirror, new or old, as a column added on open).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoteField } from '../../../src-shared/note-fields';
import type * as FieldsNow from '../../../src-shared/note-fields';
import type * as SchemaNow from '../../../src-main/storage/mirror-schema';
import { openDatabase } from '../../../src-main/storage/sqlite-file';

const NOW = Date.parse('2026-11-24T10:00:00+09:00');
const SCHEMA = '../../../src-main/storage/mirror-schema';
const FIELDS = '../../../src-shared/note-fields';

/** A field no release has: required, so a v1 derived from the table would have made it a NOT NULL column. */
const MADE_UP: NoteField = {
  key: 'madeUpFrozenProbe' as NoteField['key'],
  wire: 'MadeUpFrozenProbe',
  kind: 'text',
  optional: false,
  column: 'made_up_frozen_probe',
  payload: 'plain',
  label: { ko: '시험 필드', en: 'Probe' },
  exportOrder: 99,
  exportWidth: 10,
};

type SchemaModule = typeof SchemaNow;

function schemaOf(db: DatabaseSync): string[] {
  return (
    db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { type: string; name: string; sql: string }[]
  ).map((r) => `${r.type} ${r.name}: ${r.sql}`);
}

function columnsOf(db: DatabaseSync): string[] {
  return (db.prepare('SELECT name FROM pragma_table_info(?)').all('notes') as { name: string }[]).map(
    (r) => r.name,
  );
}

function newFile(schema: SchemaModule): DatabaseSync {
  return openDatabase(join(mkdtempSync(join(tmpdir(), 'mirror-v1-')), 'm.sqlite'), {
    maxVersion: schema.MIRROR_VERSION,
  });
}

/** A new file with the given module's migration v1 run on it, and nothing else (a file release 1 left). */
function v1Only(schema: SchemaModule): DatabaseSync {
  const db = newFile(schema);
  schema.MIGRATIONS[0]!(db, { nowMs: NOW });
  db.exec('PRAGMA user_version = 1');
  return db;
}

/** The mirror schema module as it loads when the note field table has one more field. */
async function schemaWithMadeUpField(): Promise<SchemaModule> {
  vi.resetModules();
  vi.doMock(FIELDS, async (importOriginal) => {
    const real = await importOriginal<typeof FieldsNow>();
    return { ...real, NOTE_FIELDS: [...real.NOTE_FIELDS, MADE_UP] };
  });
  const fields = await import('../../../src-shared/note-fields');
  // The mock took: the table the schema module sees has the made-up field.
  expect(fields.NOTE_FIELDS.map((f) => f.column)).toContain(MADE_UP.column);
  return (await import(SCHEMA)) as SchemaModule;
}

afterEach(() => {
  vi.doUnmock(FIELDS);
  vi.resetModules();
});

describe('migration v1', () => {
  it('is the same SQL and the same tables when the note field table gains a field', async () => {
    vi.resetModules();
    const real = (await import(SCHEMA)) as SchemaModule;
    const before = v1Only(real);
    const grown = await schemaWithMadeUpField();
    const after = v1Only(grown);
    expect(grown.MIRROR_V1_SQL).toBe(real.MIRROR_V1_SQL);
    expect(columnsOf(after)).not.toContain(MADE_UP.column);
    expect(schemaOf(after)).toEqual(schemaOf(before));
    before.close();
    after.close();
  });

  it('still lets the new field reach every mirror as a column, a new file shaped as a migrated one', async () => {
    const grown = await schemaWithMadeUpField();
    const fresh = newFile(grown);
    grown.migrate(fresh, { nowMs: NOW });
    const old = v1Only(grown);
    expect(grown.migrate(old, { nowMs: NOW })).toBe(1);
    expect(columnsOf(fresh)).toContain(MADE_UP.column);
    expect(schemaOf(old)).toEqual(schemaOf(fresh));
    fresh.close();
    old.close();
  });
});
