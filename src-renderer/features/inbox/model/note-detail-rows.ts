// The note pane's table-driven lines: every field of the note table marked `detail`, in the table's order, with
// its message key and its value as text. A field the marketplace starts sending is shown by marking it there
// (docs/adding-a-field.md), not by editing the pane.
import type { InboxNote } from '../../../../src-main/contract';
import { NOTE_FIELDS } from '../../../../src-shared/note-fields';
import type { NoteField } from '../../../../src-shared/note-fields';

export interface DetailRow {
  key: string;
  /** `inbox.field.<key>`. */
  label: `inbox.field.${string}`;
  /** The value as the pane shows it; a dateTime field gives its instant (epoch ms) to be formatted. */
  value: { text: string } | { at: number };
}

/** The lines of `note` for the fields marked `detail`; an absent or empty value has no line. */
export function detailRows(note: InboxNote, fields: readonly NoteField[] = NOTE_FIELDS): DetailRow[] {
  const values = note as unknown as Record<string, string | number | undefined>;
  const rows: DetailRow[] = [];
  for (const f of fields) {
    if (f.detail !== true) continue;
    const v = values[f.key];
    if (v === undefined || v === '') continue;
    const at = f.kind === 'dateTime' ? Date.parse(String(v)) : NaN;
    rows.push({
      key: f.key,
      label: `inbox.field.${f.key}`,
      value: Number.isNaN(at) ? { text: String(v) } : { at },
    });
  }
  return rows;
}
