// One note model: the field table agrees with the spec's SendNote, a note survives the wire both ways, and the
// reply-status and inquiry-type lists exist once in the sources.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDS } from '../../../src-main/schema';
import { createBackend, recentNotes } from '../../../src-main/sandbox/backend';
import { toInboxNote, toSendNote } from '../../../src-main/storage/inbox-note';
import { EXPORT_FIELDS, NOTE_FIELDS } from '../../../src-shared/note-fields';

const SCALAR_OF_KIND = {
  int: 'int',
  long: 'long',
  dateTime: 'dateTime',
  text: 'string',
  replyStatus: 'string',
  queryType: 'string',
} as const;

describe('the note field table', () => {
  it('lists SendNote’s attributes in the spec’s order, each with the scalar type the schema gives it', () => {
    const attrs = RECORDS.SendNote.attrs as Record<string, string>;
    expect(NOTE_FIELDS.map((f) => f.wire)).toEqual(Object.keys(attrs));
    for (const f of NOTE_FIELDS) expect(attrs[f.wire]).toBe(SCALAR_OF_KIND[f.kind]);
  });

  it('has unique keys, columns and export positions', () => {
    type Field = (typeof NOTE_FIELDS)[number];
    const picks: ((f: Field) => unknown)[] = [(f) => f.key, (f) => f.column, (f) => f.exportOrder];
    for (const pick of picks) {
      const values = NOTE_FIELDS.map(pick);
      expect(new Set(values).size).toBe(values.length);
    }
    expect(EXPORT_FIELDS.map((f) => f.exportOrder)).toEqual([...NOTE_FIELDS.keys()]);
  });

  it('carries a note from the wire and back without losing a field, a long order number included', () => {
    const wires = recentNotes(
      createBackend({ seed: 42, now: new Date('2026-11-20T09:00:00+09:00'), notes: 3000 }),
    );
    for (const wire of wires) {
      const note = toInboxNote(wire)!;
      expect(note.at).toBe(Date.parse(wire.InsDate!));
      expect(toSendNote(note)).toEqual(wire);
    }
    expect(wires.some((n) => n.OrderNo === undefined)).toBe(true);
    expect(wires.some((n) => BigInt(n.OrderNo ?? 0) > BigInt(Number.MAX_SAFE_INTEGER))).toBe(true);
  });

  it('reads a note without status or type as waiting, of type Other; one without SeqNo is dropped', () => {
    expect(toInboxNote({ SeqNo: 1 })).toEqual({
      seqNo: 1,
      buyerId: '',
      sellerId: '',
      itemNo: '',
      itemName: '',
      insDate: '',
      title: '',
      content: '',
      replyStatus: 'NoReply',
      queryType: 'Other',
      at: 0,
    });
    expect(toInboxNote({ Title: 'x' })).toBeUndefined();
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the value lists', () => {
  it('are written out once, in src-shared/note-fields.ts', () => {
    // A list is two of the values side by side, in an array or a union type.
    const list =
      /['"](NoReply|All)['"]\s*[,|]\s*['"](ReplyComplete|NoReply)['"]|['"]Item['"]\s*[,|]\s*['"]Shipping['"]/;
    const holders = ['src-main', 'src-renderer', 'src-shared']
      .flatMap(sources)
      .filter((file) => list.test(readFileSync(file, 'utf8')));
    expect(holders).toEqual([join('src-shared', 'note-fields.ts')]);
  });
});
