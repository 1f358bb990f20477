// The inbox list's columns, once: each column's header, its width in each language, what its cell shows, its
// tooltip and how it sorts. The list's header, its rows' cells, their tooltips, the sort keys the filters keep
// and the grid template (the `--note-grid` custom property, per language) are all read from this table, so a
// column is one entry here (docs/adding-a-column.md). A field of the note table joins the list by its `list`
// entry there, as it joins the note pane by `detail`.
//
// Cells are described, not rendered: a cell is text, text whose search matches are marked, or a span with a
// class; NoteList.tsx turns the description into elements. The table is pure, so the unit tests read it.
import type { InboxNote } from '../../../../src-main/contract';
import { NOTE_FIELDS } from '../../../../src-shared/note-fields';
import type { NoteField, NoteFieldSpec } from '../../../../src-shared/note-fields';
import type { Lang } from '../../../i18n/lang';
import type { MessageKey } from '../../../i18n/messages';
import type { Translate } from '../../../i18n/translator';
import { isPastSla, stateRank } from './note-state';
import type { Marks } from './note-state';

/** A grid track: one for both languages, or one per language where the words differ in length. */
export type ListWidth = string | Readonly<Record<Lang, string>>;

/** The list's time formats (time-format.ts gives them in the display zone and the UI's language). */
export interface ListTime {
  relativeNarrow(ms: number): string;
  absolute(ms: number): string;
  duration(ms: number): string;
}

/** What a row's cells are written from; built once per row render. */
export interface RowFacts {
  note: InboxNote;
  /** The seller marked it handled. */
  handled: boolean;
  /** Not yet answered on the marketplace. */
  open: boolean;
  /** Open and not handled: it counts against the reply SLA. */
  waiting: boolean;
  /** Team mode: why an open note is out of the queue (snoozed, or no reply needed), shown instead of "handled". */
  aside?: 'snoozed' | 'no-reply-needed';
  now: number;
  slaHours: number;
  time: ListTime;
  t: Translate;
  /** The UI's language (numbers: format/numbers.ts). */
  lang: Lang;
}

export function rowFacts(
  note: InboxNote,
  handled: boolean,
  env: Pick<RowFacts, 'now' | 'slaHours' | 'time' | 't' | 'lang' | 'aside'>,
): RowFacts {
  // A handled note is done for now: it shows how long it has been open, but no longer counts against the SLA.
  const open = note.replyStatus === 'NoReply';
  return { note, handled, open, waiting: open && !handled, ...env };
}

/** Text; text with what the search matched marked; or a span with its class (and tooltip, test id). */
export type CellPart =
  | string
  | { readonly marked: string }
  | { readonly span: string; readonly className: string; readonly title?: string; readonly testId?: string };
export type CellContent = CellPart | readonly CellPart[] | undefined;

type Comparator = (a: InboxNote, b: InboxNote) => number;

export interface ListColumn {
  readonly id: string;
  /** The header's words. */
  readonly label: MessageKey;
  readonly width: ListWidth;
  /** The cell's class (the header's too). */
  readonly className: string;
  /** A class the cell adds for this row. */
  readonly state?: (r: RowFacts) => string;
  readonly cell: (r: RowFacts) => CellContent;
  /** The cell's tooltip, written when the pointer reaches it: the whole text where the cell may cut it short. */
  readonly title?: (r: RowFacts) => string;
  /** Sortable: its ascending order (ties fall back to the oldest first); `reversed` when the values the
   *  column shows run opposite to that order (the sort's arrow and aria-sort then say so). */
  readonly sort?: { readonly compare: (local: Marks) => Comparator; readonly reversed?: boolean };
}

const collator = new Intl.Collator('ko', { numeric: true });
const byText = (text: (n: InboxNote) => string) => ({
  compare: () => (a: InboxNote, b: InboxNote) => collator.compare(text(a), text(b)),
});

/** Numbers that may be absent (NaN): absent ones last. */
function compareMaybe(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number(Number.isNaN(a)) - Number(Number.isNaN(b));
  return a - b;
}

/** Order numbers are longs beyond 2^53: compare as digit strings, absent ones last. */
function compareDigits(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a.length - b.length || (a < b ? -1 : 1);
}

// Narrow columns cut English words: the whole one is the cell's tooltip.
const statusLabel = (r: RowFacts) =>
  r.t(
    r.waiting || !r.open
      ? `inbox.status.${r.note.replyStatus}`
      : r.aside
        ? `inbox.team.state.${r.aside}`
        : 'inbox.status.Handled',
  );

function waitingCell(r: RowFacts): CellContent {
  if (!r.open) return undefined;
  const waited = r.time.duration(r.now - r.note.at);
  const late = r.waiting && isPastSla(r.note, r.now, r.slaHours);
  const time = {
    span: waited,
    className: late ? 'waiting late' : r.waiting ? 'waiting' : 'waiting muted',
    title: waited,
  };
  if (!late) return time;
  return [time, { span: r.t('inbox.sla.past'), className: 'sla-badge', testId: 'sla-badge' }];
}

/** The columns the list lays out itself, in order. */
const OWN_COLUMNS = [
  {
    id: 'status',
    // English status words are longer than Korean ones ("No reply"): the column fits them whole.
    label: 'inbox.col.status',
    width: { ko: '78px', en: '96px' },
    className: 'c-status',
    state: (r) => (r.waiting ? 'noreply' : r.open ? (r.aside ?? 'handled') : 'replied'),
    cell: statusLabel,
    title: statusLabel,
    // Waiting, then handled, then answered in ascending order.
    sort: { compare: (local) => (a, b) => stateRank(a, local) - stateRank(b, local) },
  },
  {
    id: 'type',
    // English type words are longer than Korean ones ("Shipping"): the column fits them whole.
    label: 'inbox.col.type',
    width: { ko: '50px', en: '74px' },
    className: 'c-type',
    cell: (r) => r.t(`inbox.type.${r.note.queryType}` as MessageKey),
    sort: byText((n) => n.queryType),
  },
  {
    id: 'title',
    label: 'inbox.col.title',
    width: 'minmax(100px, 1.4fr)',
    className: 'c-title',
    cell: (r) =>
      r.handled && !r.open
        ? [{ span: r.t('inbox.handled'), className: 'handled-tag' }, { marked: r.note.title }]
        : { marked: r.note.title },
    title: (r) => r.note.title,
    sort: byText((n) => n.title),
  },
  {
    id: 'buyer',
    label: 'inbox.col.buyer',
    width: '104px',
    className: 'c-buyer',
    cell: (r) => ({ marked: r.note.buyerId }),
    title: (r) => r.note.buyerId,
    sort: byText((n) => n.buyerId),
  },
  {
    id: 'item',
    label: 'inbox.col.item',
    width: 'minmax(70px, 1fr)',
    className: 'c-item',
    cell: (r) => ({ marked: r.note.itemName }),
    title: (r) => `${r.note.itemName} (${r.note.itemNo})`,
    sort: byText((n) => n.itemName),
  },
  {
    id: 'order',
    label: 'inbox.col.order',
    width: { ko: '112px', en: '104px' },
    className: 'c-order num',
    cell: (r) => (r.note.orderNo === undefined ? '—' : { marked: r.note.orderNo }),
    sort: { compare: () => (a, b) => compareDigits(a.orderNo, b.orderNo) },
  },
  {
    id: 'received',
    // "Received" is longer than "받은 시각": the English column fits it whole.
    label: 'inbox.col.received',
    width: { ko: '68px', en: '84px' },
    className: 'c-received num',
    cell: (r) => r.time.relativeNarrow(r.note.at),
    title: (r) => r.time.absolute(r.note.at),
    sort: { compare: () => (a, b) => a.at - b.at },
  },
  {
    id: 'waiting',
    label: 'inbox.col.waiting',
    width: { ko: '146px', en: '140px' },
    className: 'c-waiting num',
    cell: waitingCell,
    // Ascending: what still waits first, the longest wait first (the oldest); handled and answered after it.
    // The column shows how long each note has waited, so that order shows its values from the longest down.
    sort: {
      compare: (local) => (a, b) =>
        Math.min(stateRank(a, local), 1) - Math.min(stateRank(b, local), 1) || a.at - b.at,
      reversed: true,
    },
  },
] as const satisfies readonly ListColumn[];

type Listed = NoteField & { readonly list: NonNullable<NoteField['list']> };
const isListed = (f: NoteField): f is Listed => f.list !== undefined;

/** The column of a note-table field marked `list`: its value as text (a dateTime as the received time is). */
function fieldColumn(f: Listed): ListColumn {
  const raw = (n: InboxNote) => (n as unknown as Record<string, string | number | undefined>)[f.key];
  const text = (n: InboxNote) => String(raw(n) ?? '');
  const base = { id: f.key, label: `inbox.field.${f.key}` as MessageKey, width: f.list.width };
  if (f.kind === 'dateTime' || f.kind === 'int') {
    const value = (n: InboxNote) => (f.kind === 'int' ? Number(raw(n) ?? NaN) : Date.parse(text(n)));
    const shown = (r: RowFacts, absolute: boolean) => {
      const v = value(r.note);
      if (Number.isNaN(v)) return '';
      if (f.kind === 'int') return String(v);
      return absolute ? r.time.absolute(v) : r.time.relativeNarrow(v);
    };
    return {
      ...base,
      className: `c-${f.key} num`,
      cell: (r) => shown(r, false),
      title: (r) => shown(r, true),
      sort: { compare: () => (a, b) => compareMaybe(value(a), value(b)) },
    };
  }
  return {
    ...base,
    className: `c-${f.key}`,
    cell: (r) => (f.searched === true ? { marked: text(r.note) } : text(r.note)),
    title: (r) => text(r.note),
    sort: byText(text),
  };
}

/** The list's columns: its own, then every field of the note table marked `list`, in the table's order. */
export function listColumns(fields: readonly NoteField[] = NOTE_FIELDS): readonly ListColumn[] {
  return [...OWN_COLUMNS, ...fields.filter(isListed).map(fieldColumn)];
}

export const LIST_COLUMNS = listColumns();

/** The keys the list sorts by: the ids of its sortable columns. */
export type ListSortKey =
  | Extract<(typeof OWN_COLUMNS)[number], { sort: object }>['id']
  | Extract<NoteFieldSpec, { list: object }>['key'];

export const sortKeysOf = (columns: readonly ListColumn[]): readonly string[] =>
  columns.filter((c) => c.sort !== undefined).map((c) => c.id);

export const SORT_KEYS = sortKeysOf(LIST_COLUMNS) as readonly ListSortKey[];

const SORTS = new Map(LIST_COLUMNS.map((c) => [c.id, c.sort]));

/** How the list sorts by `key` (no order at all for a key no column sorts by). */
export function columnComparator(key: string, local: Marks): Comparator {
  return SORTS.get(key)?.compare(local) ?? (() => 0);
}

/** The grid's column template in each language, one track per column: the `--note-grid` of the list. */
export function gridTemplates(columns: readonly ListColumn[]): Record<Lang, string> {
  const track = (w: ListWidth, lang: Lang) => (typeof w === 'string' ? w : w[lang]);
  return {
    ko: columns.map((c) => track(c.width, 'ko')).join(' '),
    en: columns.map((c) => track(c.width, 'en')).join(' '),
  };
}

/** Computed once: a keystroke renders rows, never templates. */
export const GRID_TEMPLATES = gridTemplates(LIST_COLUMNS);

export interface HeaderCell {
  id: string;
  label: MessageKey;
  className: string;
  sortable: boolean;
  /** Only on the column the list is sorted by: which way its own values run down the list. */
  direction: 'ascending' | 'descending' | undefined;
}

/** The list's header: one cell per column. */
export function headerCells(
  columns: readonly ListColumn[],
  sort: { key: string; dir: 'asc' | 'desc' },
): HeaderCell[] {
  return columns.map((c) => {
    const down = c.sort?.reversed === true ? sort.dir === 'asc' : sort.dir === 'desc';
    return {
      id: c.id,
      label: c.label,
      className: c.className,
      sortable: c.sort !== undefined,
      direction: c.sort !== undefined && c.id === sort.key ? (down ? 'descending' : 'ascending') : undefined,
    };
  });
}

/** A row's cell class: the column's, and the row's state where the column has one. */
export function cellClass(column: ListColumn, r: RowFacts): string {
  return column.state ? `${column.className} ${column.state(r)}` : column.className;
}
