// From the wire to the note model: a SendNote as the inbox, the mirror and the exports keep it, field by field
// from the one table (src-shared/note-fields.ts).
import type { InboxNote, NoteField } from '../../src-shared/note-fields';
import { NOTE_FIELDS, QUERY_TYPES, REPLY_STATUSES } from '../../src-shared/note-fields';
import { dateTimeInstant } from '../../src-shared/date-time';
import type { SendNote } from '../schema';
import { KOREA_OFFSET_MINUTES } from '../../src-shared/market-day';

/** A field's value from its wire value; undefined only for an optional field that is absent or empty. */
function fieldValue(field: NoteField, wire: unknown): string | number | undefined {
  switch (field.kind) {
    case 'int':
      return typeof wire === 'number' ? wire : 0;
    case 'long':
      return typeof wire === 'string' && wire !== '' ? wire : field.optional ? undefined : '';
    case 'replyStatus':
      // A note without a status has not been answered as far as anyone can tell.
      return (REPLY_STATUSES as readonly unknown[]).includes(wire) ? (wire as string) : 'NoReply';
    case 'queryType':
      return (QUERY_TYPES as readonly unknown[]).includes(wire) ? (wire as string) : 'Other';
    case 'text':
    case 'dateTime':
      return typeof wire === 'string' ? wire : field.optional ? undefined : '';
  }
}

/** The instant of an InsDate; the marketplace means Korean time when a value carries no offset. */
function instantOfInsDate(insDate: string): number {
  return dateTimeInstant(insDate, KOREA_OFFSET_MINUTES) ?? 0;
}

/** A SendNote as the inbox keeps it; undefined when it has no SeqNo (it could never be de-duplicated). */
export function toInboxNote(n: SendNote): InboxNote | undefined {
  if (n.SeqNo === undefined) return undefined;
  const wire = n as Record<string, unknown>;
  const note: Record<string, unknown> = {};
  for (const field of NOTE_FIELDS) {
    const value = fieldValue(field, wire[field.wire]);
    if (value !== undefined) note[field.key] = value;
  }
  note['at'] = instantOfInsDate(note['insDate'] as string);
  return note as InboxNote;
}

/** A note back on the wire, as `desk notes` prints it: the spec's attributes, absent where the note has none. */
export function toSendNote(note: InboxNote): SendNote {
  const out: Record<string, unknown> = {};
  const values = note as unknown as Record<string, unknown>;
  for (const field of NOTE_FIELDS) {
    const v = values[field.key];
    if (v !== undefined) out[field.wire] = v;
  }
  return out as SendNote;
}
