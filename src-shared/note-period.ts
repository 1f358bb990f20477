// The inbox's period payload back into notes. Main sends a period column by column, packed into one buffer (see
// NotesPeriod and period-pack.ts): no repeated keys, and the few distinct sellers, buyers and items once each, so
// the payload is a fraction of the notes as objects and costs the renderer one pass to rebuild them.
import type { InboxNote, NotesPeriod } from '../src-main/contract';
import type { NoteField } from './note-fields';
import { CODE_VALUES, NOTE_FIELDS } from './note-fields';
import type { UnpackedPeriod } from './period-pack';
import { inflatePeriod, unpackPeriod } from './period-pack';

type Reader = (i: number) => string | number | null;

function readerOf(field: NoteField, period: UnpackedPeriod): Reader {
  const column = period.columns[field.key];
  if (!column) return () => null;
  switch (column.kind) {
    case 'plain':
      return (i) => column.values[i] ?? null;
    case 'number':
      return (i) => {
        const v = column.values[i]!;
        return Number.isNaN(v) ? null : v;
      };
    case 'dict':
      return (i) => {
        const code = column.codes[i]!;
        return code < 0 ? null : (column.dict[code] ?? null);
      };
    case 'code': {
      const set = CODE_VALUES[field.kind as keyof typeof CODE_VALUES] ?? [];
      return (i) => set[column.codes[i]!] ?? null;
    }
  }
}

/** The period's notes, oldest first, as the inbox's note objects (its buffer packed, not deflated). */
export function decodePeriod(period: NotesPeriod): InboxNote[] {
  return decodeColumns(unpackPeriod(period.packed));
}

/** The period's notes as they reach the window: inflated first when the read worker deflated them. */
export async function readPeriod(period: NotesPeriod): Promise<InboxNote[]> {
  return decodeColumns(unpackPeriod(await inflatePeriod(period.packed)));
}

/** A period's unpacked columns as the inbox's note objects. */
function decodeColumns(period: UnpackedPeriod): InboxNote[] {
  const fields = NOTE_FIELDS as readonly NoteField[];
  const readers = fields.map((f) => readerOf(f, period));
  const fallback = fields.map((f) =>
    f.optional
      ? undefined
      : f.kind === 'int'
        ? 0
        : f.kind === 'replyStatus'
          ? 'NoReply'
          : f.kind === 'queryType'
            ? 'Other'
            : '',
  );
  const derived = Object.entries(period.derived);
  const out = new Array<InboxNote>(period.count);
  for (let i = 0; i < period.count; i++) {
    const note: Record<string, unknown> = {};
    for (let k = 0; k < fields.length; k++) {
      const v = readers[k]!(i);
      if (v !== null) note[fields[k]!.key] = v;
      else if (fallback[k] !== undefined) note[fields[k]!.key] = fallback[k];
    }
    note['at'] = period.at[i];
    for (const [key, values] of derived) note[key] = values[i];
    out[i] = note as InboxNote;
  }
  return out;
}
