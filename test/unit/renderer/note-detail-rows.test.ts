// The note pane's table-driven lines: a field marked `detail` in the note table is shown with its message, so a new
// SendNote attribute reaches the inbox without an edit to the pane (docs/adding-a-field.md).
import { describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import { detailRows } from '../../../src-renderer/features/inbox/model/note-detail-rows';
import { RESOURCES, namespaceOf } from '../../../src-renderer/app/message-registry';
import { NOTE_FIELDS } from '../../../src-shared/note-fields';
import type { NoteField } from '../../../src-shared/note-fields';

const note = {
  seqNo: 7,
  buyerId: 'b',
  sellerId: 's',
  itemNo: '1',
  itemName: '셔츠',
  insDate: '2026-11-20T08:03:00+09:00',
  at: Date.parse('2026-11-20T08:03:00+09:00'),
  title: 't',
  content: 'c',
  replyStatus: 'NoReply',
  queryType: 'Item',
} satisfies InboxNote;

const field = (f: Partial<NoteField> & Pick<NoteField, 'key' | 'kind'>): NoteField => ({
  wire: f.key,
  column: f.key,
  payload: 'plain',
  label: { ko: f.key, en: f.key },
  exportOrder: 99,
  exportWidth: 10,
  ...f,
});

describe('note pane lines from the note table', () => {
  it('shows the fields marked detail, in table order, text as it is and a dateTime as its instant', () => {
    const fields = [
      ...NOTE_FIELDS,
      field({ key: 'sampleOption', kind: 'text', optional: true, detail: true }),
      field({ key: 'sampleAnsweredAt', kind: 'dateTime', optional: true, detail: true }),
      field({ key: 'sampleGiftWrap', kind: 'text', optional: true }),
    ];
    const withValues = {
      ...note,
      sampleOption: '블랙 / 260',
      sampleAnsweredAt: '2026-11-21T10:00:00+09:00',
      sampleGiftWrap: 'yes',
    } as InboxNote;
    expect(detailRows(withValues, fields)).toEqual([
      { key: 'sampleOption', label: 'inbox.field.sampleOption', value: { text: '블랙 / 260' } },
      {
        key: 'sampleAnsweredAt',
        label: 'inbox.field.sampleAnsweredAt',
        value: { at: Date.parse('2026-11-21T01:00:00Z') },
      },
    ]);
    // Absent or empty: no line at all rather than an empty one.
    expect(detailRows({ ...note, sampleOption: '' } as InboxNote, fields)).toEqual([]);
  });

  it('has the message of every field the table marks detail, in Korean and English', () => {
    const marked = NOTE_FIELDS.filter((f: NoteField) => f.detail === true);
    for (const f of marked) {
      const key = `inbox.field.${f.key}`;
      const ns = namespaceOf(key);
      expect(ns, key).toBeDefined();
      const tables = RESOURCES[ns!] as Record<'ko' | 'en', Record<string, string>>;
      expect(tables.ko[key], key).toBeTruthy();
      expect(tables.en[key], key).toBeTruthy();
    }
    // The fields of today's table are laid out by the pane itself; none is shown twice.
    expect(detailRows(note)).toEqual([]);
  });
});
