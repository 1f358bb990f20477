// The inbox list from one column table: its header, cells, tooltips, sort keys and grid templates are read from
// the table (features/inbox/model/list-columns.ts), and a field of the note table joins the list by its `list`
// entry (docs/adding-a-column.md).
import { describe, expect, it } from 'vitest';
import type { InboxNote } from '../../../src-main/contract';
import {
  GRID_TEMPLATES,
  LIST_COLUMNS,
  SORT_KEYS,
  cellClass,
  gridTemplates,
  headerCells,
  listColumns,
  rowFacts,
  sortKeysOf,
} from '../../../src-renderer/features/inbox/model/list-columns';
import type { ListColumn, ListTime } from '../../../src-renderer/features/inbox/model/list-columns';
import { sortOrder } from '../../../src-renderer/features/inbox/model/note-view';
import type { MessageKey } from '../../../src-renderer/i18n/messages';
import { namespaceOf, RESOURCES, translatorFor } from '../../../src-renderer/app/message-registry';
import { NOTE_FIELDS } from '../../../src-shared/note-fields';
import type { NoteField } from '../../../src-shared/note-fields';

/** The tracks of a grid template: its values separated by spaces outside parentheses. */
function tracks(template: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let track = '';
  for (const ch of template) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ' ' && depth === 0) {
      if (track) out.push(track);
      track = '';
    } else track += ch;
  }
  if (track) out.push(track);
  return out;
}

const AT = Date.parse('2026-11-20T08:03:00+09:00');
const note = (over: Partial<InboxNote> = {}): InboxNote => ({
  seqNo: 7,
  buyerId: 'buyer7',
  sellerId: 's',
  itemNo: '1001',
  itemName: '셔츠',
  insDate: '2026-11-20T08:03:00+09:00',
  at: AT,
  title: '사이즈 문의',
  content: 'c',
  replyStatus: 'NoReply',
  queryType: 'Item',
  ...over,
});
const time: ListTime = {
  relativeNarrow: (ms) => `rel:${ms}`,
  absolute: (ms) => `abs:${ms}`,
  duration: (ms) => `dur:${ms}`,
};
const t = translatorFor('en');
const env = { now: AT + 30 * 3_600_000, slaHours: 24, time, t, lang: 'en' as const };

const field = (f: Partial<NoteField> & Pick<NoteField, 'key' | 'kind'>): NoteField => ({
  wire: f.key,
  column: f.key,
  payload: 'plain',
  label: { ko: f.key, en: f.key },
  exportOrder: 99,
  exportWidth: 10,
  ...f,
});

describe('the inbox list from its column table', () => {
  it('has a header cell, a sort key and a track in each language for every column', () => {
    const head = headerCells(LIST_COLUMNS, { key: 'received', dir: 'asc' });
    expect(head.map((h) => h.id)).toEqual(LIST_COLUMNS.map((c) => c.id));
    expect(head.map((h) => h.label)).toEqual(LIST_COLUMNS.map((c) => c.label));
    expect([...SORT_KEYS]).toEqual(LIST_COLUMNS.filter((c) => c.sort).map((c) => c.id));
    expect(tracks(GRID_TEMPLATES.ko)).toHaveLength(LIST_COLUMNS.length);
    expect(tracks(GRID_TEMPLATES.en)).toHaveLength(LIST_COLUMNS.length);
    // Every header reads in both languages.
    for (const c of LIST_COLUMNS) {
      const ns = namespaceOf(c.label);
      const tables = RESOURCES[ns!] as Record<'ko' | 'en', Record<string, string>>;
      expect(tables.ko[c.label], c.label).toBeTruthy();
      expect(tables.en[c.label], c.label).toBeTruthy();
    }
  });

  it('grows by a column added to the table: header, sort key, cell and one more track per language', () => {
    const extra: ListColumn = {
      id: 'sampleCount',
      label: 'inbox.col.buyer',
      width: { ko: '61px', en: '67px' },
      className: 'c-sample num',
      cell: (r) => String(r.note.seqNo * 2),
      title: (r) => `seq ${r.note.seqNo}`,
      sort: { compare: () => (a, b) => a.seqNo - b.seqNo },
    };
    const columns = [...LIST_COLUMNS, extra];
    const templates = gridTemplates(columns);
    expect(tracks(templates.ko)).toEqual([...tracks(GRID_TEMPLATES.ko), '61px']);
    expect(tracks(templates.en)).toEqual([...tracks(GRID_TEMPLATES.en), '67px']);
    expect(headerCells(columns, { key: 'sampleCount', dir: 'desc' }).at(-1)).toEqual({
      id: 'sampleCount',
      label: 'inbox.col.buyer',
      className: 'c-sample num',
      sortable: true,
      direction: 'descending',
    });
    expect(sortKeysOf(columns)).toEqual([...SORT_KEYS, 'sampleCount']);
    const r = rowFacts(note(), false, env);
    expect(cellClass(extra, r)).toBe('c-sample num');
    expect(extra.cell(r)).toBe('14');
  });

  it('lists a note-table field marked `list`, headed by its pane label, after the list’s own columns', () => {
    const fields = [
      ...NOTE_FIELDS,
      field({ key: 'sampleOption', kind: 'text', optional: true, searched: true, list: { width: '90px' } }),
      field({ key: 'sampleGiftWrap', kind: 'text', optional: true }),
      field({
        key: 'sampleAnsweredAt',
        kind: 'dateTime',
        optional: true,
        list: { width: { ko: '70px', en: '88px' } },
      }),
    ];
    const columns = listColumns(fields);
    expect(columns.map((c) => c.id)).toEqual([
      ...LIST_COLUMNS.map((c) => c.id),
      'sampleOption',
      'sampleAnsweredAt',
    ]);
    expect(columns.slice(-2).map((c) => c.label)).toEqual([
      'inbox.field.sampleOption',
      'inbox.field.sampleAnsweredAt',
    ]);
    expect(tracks(gridTemplates(columns).ko).slice(-2)).toEqual(['90px', '70px']);
    expect(tracks(gridTemplates(columns).en).slice(-2)).toEqual(['90px', '88px']);
    expect(sortKeysOf(columns).slice(-2)).toEqual(['sampleOption', 'sampleAnsweredAt']);

    const answeredAt = Date.parse('2026-11-21T10:00:00+09:00');
    const withValues = {
      ...note(),
      sampleOption: '블랙 / 260',
      sampleAnsweredAt: '2026-11-21T10:00:00+09:00',
    } as InboxNote;
    const [option, answered] = columns.slice(-2) as [ListColumn, ListColumn];
    const r = rowFacts(withValues, false, env);
    // A searched text field marks what the search matched; a dateTime reads as the received time does.
    expect(option.cell(r)).toEqual({ marked: '블랙 / 260' });
    expect(option.title?.(r)).toBe('블랙 / 260');
    expect(answered.cell(r)).toBe(`rel:${answeredAt}`);
    expect(answered.title?.(r)).toBe(`abs:${answeredAt}`);
    expect(answered.cell(rowFacts(note(), false, env))).toBe('');
    // Sorting by the field: absent values last.
    const later = { ...withValues, seqNo: 8, sampleAnsweredAt: '2026-11-22T10:00:00+09:00' } as InboxNote;
    const compare = answered.sort!.compare({});
    expect([later, note(), withValues].sort(compare).map((n) => n.seqNo)).toEqual([7, 8, 7]);
    expect(compare(note(), withValues)).toBeGreaterThan(0);
  });

  it('marks only the sorted column, the waiting column’s values running opposite to its sort', () => {
    const dirOf = (key: string, dir: 'asc' | 'desc') =>
      headerCells(LIST_COLUMNS, { key, dir })
        .filter((h) => h.direction !== undefined)
        .map((h) => [h.id, h.direction]);
    expect(dirOf('title', 'asc')).toEqual([['title', 'ascending']]);
    expect(dirOf('title', 'desc')).toEqual([['title', 'descending']]);
    // Ascending puts the longest wait first: the waiting times shown run down.
    expect(dirOf('waiting', 'asc')).toEqual([['waiting', 'descending']]);
  });

  it('writes each row’s cells, classes and tooltips from the table', () => {
    const col = (id: string) => LIST_COLUMNS.find((c) => c.id === id)!;
    const waiting = rowFacts(note(), false, env);
    const handled = rowFacts(note(), true, env);
    const answered = rowFacts(note({ replyStatus: 'ReplyComplete' }), true, env);
    expect([waiting, handled, answered].map((r) => cellClass(col('status'), r))).toEqual([
      'c-status noreply',
      'c-status handled',
      'c-status replied',
    ]);
    expect([waiting, handled, answered].map((r) => col('status').title?.(r))).toEqual([
      t('inbox.status.NoReply'),
      t('inbox.status.Handled'),
      t('inbox.status.ReplyComplete'),
    ]);
    // Handled and answered: the title carries the handled tag before the marked title.
    expect(col('title').cell(answered)).toEqual([
      { span: t('inbox.handled'), className: 'handled-tag' },
      { marked: '사이즈 문의' },
    ]);
    expect(col('item').title?.(waiting)).toBe('셔츠 (1001)');
    expect(col('order').cell(waiting)).toBe('—');
    // Past the 24-hour SLA: the waiting time, then the badge; a handled note shows the time muted, no badge.
    const waited = `dur:${30 * 3_600_000}`;
    expect(col('waiting').cell(waiting)).toEqual([
      { span: waited, className: 'waiting late', title: waited },
      { span: t('inbox.sla.past' as MessageKey), className: 'sla-badge', testId: 'sla-badge' },
    ]);
    expect(col('waiting').cell(handled)).toEqual({ span: waited, className: 'waiting muted', title: waited });
    expect(col('waiting').cell(answered)).toBeUndefined();
  });

  it('sorts the list by each sortable column’s comparator', () => {
    const notes = [
      note({ seqNo: 1, title: '나', at: AT + 2 }),
      note({ seqNo: 2, title: '가', at: AT + 1 }),
      note({ seqNo: 3, title: '다', at: AT }),
    ];
    const seqs = (o: Int32Array) => Array.from(o, (i) => notes[i]!.seqNo);
    expect(seqs(sortOrder(notes, { key: 'title', dir: 'asc' }))).toEqual([2, 1, 3]);
    expect(seqs(sortOrder(notes, { key: 'received', dir: 'desc' }))).toEqual([1, 2, 3]);
  });
});

describe('the status column in team mode', () => {
  it('names a note the team set aside (snoozed, no reply needed) as such, not as handled', () => {
    const status = LIST_COLUMNS.find((c) => c.id === 'status')!;
    const ko = translatorFor('ko');
    const handled = rowFacts(note(), true, env);
    expect(status.cell(handled)).toBe(t('inbox.status.Handled'));
    const snoozed = rowFacts(note(), true, { ...env, aside: 'snoozed' });
    expect(status.cell(snoozed)).toBe(t('inbox.team.state.snoozed'));
    expect(status.cell(snoozed)).not.toBe(t('inbox.status.Handled'));
    expect(status.cell(rowFacts(note(), true, { ...env, t: ko, lang: 'ko', aside: 'no-reply-needed' }))).toBe(
      ko('inbox.team.state.no-reply-needed'),
    );
    // The marketplace's answer wins: an answered note says so whatever the team set.
    const answered = rowFacts(note({ replyStatus: 'ReplyComplete' }), true, { ...env, aside: 'snoozed' });
    expect(status.cell(answered)).toBe(t('inbox.status.ReplyComplete'));
  });
});
