// The virtualized note list: only the rows in view (plus a few) are in the DOM, so 100,000 notes scroll like
// 100. It is an ARIA grid whose active row is announced through aria-activedescendant; the keyboard itself is
// handled by the page (j/k work wherever focus is, except in a text field).
//
// Rows have one fixed height, so the window is arithmetic on the scroll offset: nothing is measured and no
// work grows with the number of notes (a general virtualizer keeps a measurement per row and rebuilds it
// whenever the count changes, i.e. on every filter keystroke). Rows are keyed by their position in the
// list and memoized: a filter change updates the text of the rows on screen in place, and rows whose note
// and marks did not change are not rendered at all. The rows sit in normal flow inside one window moved by
// a single transform, rather than each row positioned on its own: one transform and one paint chunk for
// the window instead of one per row, which the browser lays out, paints and hands to the compositor for
// less on each keystroke (measured against per-row transforms, builds alternated on one machine).
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, MouseEvent, ReactNode, RefObject } from 'react';
import { flushSync } from 'react-dom';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { InboxNote, NoteLocalMark } from '../../../src-main/contract';
import { searchMarks } from '../../../src-shared/note-search';
import { useI18n } from '../../i18n';
import { Marked } from '../../ui/Marked';
import type { InboxFilters, SortKey } from './model/filters';
import { GRID_TEMPLATES, LIST_COLUMNS, cellClass, headerCells, rowFacts } from './model/list-columns';
import type { CellContent, CellPart } from './model/list-columns';
import type { TimeFormat } from './time-format';
import { TeamRowMarks } from './TeamParts';
import type { QueueMark } from './model/team-status';

const ROW_HEIGHT = 34;

const rowId = (seqNo: number) => `note-row-${seqNo}`;

/** Rows rendered beyond each edge of the viewport: scrolling renders within the scroll event, so one covers the compositor's head start. */
const OVERSCAN = 1;

/** The scroll offset (to the row) and height of the list's viewport; updated only when the window moves. */
function useViewport(scroller: RefObject<HTMLDivElement | null>) {
  const [port, setPort] = useState({ top: 0, height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const read = () => {
      const top = el.scrollTop;
      const height = el.clientHeight;
      setPort((p) =>
        Math.floor(p.top / ROW_HEIGHT) === Math.floor(top / ROW_HEIGHT) && p.height === height
          ? p
          : { top, height },
      );
    };
    read();
    // Rendered within the scroll event, so the rows arrive in the frame that scrolled.
    const onScroll = () => flushSync(read);
    el.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(read);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, [scroller]);
  return port;
}

export function NoteList(props: {
  /** Every cached note; `rows` are positions into it, in display order. */
  notes: readonly InboxNote[];
  rows: Int32Array;
  /** Position in `rows` of the cursor's note, or -1. */
  cursorIndex: number;
  cursor: number | undefined;
  openSeq: number | undefined;
  selected: ReadonlySet<number>;
  local: Record<string, NoteLocalMark>;
  sort: InboxFilters['sort'];
  onSort: (key: SortKey) => void;
  onRowClick: (index: number, e: MouseEvent) => void;
  now: number;
  slaHours: number;
  time: TimeFormat;
  /** The search box's text: what it matched in a row's title, buyer, item and order is marked. */
  search: string;
}) {
  const { t, lang } = useI18n();
  const { notes, rows, cursorIndex, cursor, selected, sort, time, now, slaHours, local } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const port = useViewport(scroller);
  const count = rows.length;
  // The offset the browser will clamp to once a shorter list is laid out.
  const top = Math.max(0, Math.min(port.top, count * ROW_HEIGHT - port.height));
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((top + port.height) / ROW_HEIGHT) + OVERSCAN);

  useEffect(() => {
    const el = scroller.current;
    if (cursorIndex < 0 || !el) return;
    const rowTop = cursorIndex * ROW_HEIGHT;
    if (rowTop < el.scrollTop) el.scrollTop = rowTop;
    else if (rowTop + ROW_HEIGHT > el.scrollTop + el.clientHeight)
      el.scrollTop = rowTop + ROW_HEIGHT - el.clientHeight;
  }, [cursorIndex]);

  // One click handler for every row, stable across renders so memoized rows stay untouched.
  const onRowClick = useRef(props.onRowClick);
  useLayoutEffect(() => {
    onRowClick.current = props.onRowClick;
  });
  const onClick = useCallback((index: number, e: MouseEvent) => onRowClick.current(index, e), []);

  // Tooltips are written when the pointer reaches a cell, not on every render: a filter keystroke then
  // rewrites only what the rows show.
  const onHover = (e: MouseEvent) => {
    const cell = (e.target as Element).closest('[role="gridcell"]');
    const row = cell?.parentElement;
    if (!(cell instanceof HTMLElement) || !row) return;
    const title = LIST_COLUMNS[Array.prototype.indexOf.call(row.children, cell)]?.title;
    const k = Number(row.getAttribute('aria-rowindex')) - 2;
    const n = k >= 0 && k < rows.length ? notes[rows[k]!] : undefined;
    if (n && title) {
      const mark: QueueMark | undefined = local[String(n.seqNo)];
      const aside = mark?.aside;
      cell.title = title(rowFacts(n, mark?.handled === true, { now, slaHours, time, t, lang, aside }));
    }
  };

  const visible = [];
  for (let k = first; k < last; k++) {
    const n = notes[rows[k]!]!;
    const key = String(n.seqNo);
    visible.push(
      <Row
        key={k}
        note={n}
        index={k}
        selected={selected.has(n.seqNo)}
        isCursor={n.seqNo === cursor}
        isOpen={n.seqNo === props.openSeq}
        handled={local[key]?.handled === true}
        aside={(local[key] as QueueMark | undefined)?.aside}
        now={now}
        slaHours={slaHours}
        time={time}
        search={props.search}
        onClick={onClick}
      />,
    );
  }

  return (
    <div
      className="note-grid"
      // The columns' tracks in the UI's language, from the column table (inbox.css reads --note-grid).
      style={{ '--note-grid': GRID_TEMPLATES[lang] } as CSSProperties}
      role="grid"
      aria-label={t('inbox.list.label')}
      aria-rowcount={rows.length + 1}
      aria-multiselectable
      tabIndex={0}
      aria-activedescendant={cursorIndex >= 0 ? rowId(cursor!) : undefined}
      data-testid="note-list"
    >
      <div className="note-head" role="row" aria-rowindex={1}>
        {headerCells(LIST_COLUMNS, sort).map((c) => (
          <div
            key={c.id}
            role="columnheader"
            className={c.className}
            title={t(c.label)}
            aria-sort={c.direction}
          >
            {c.sortable ? (
              <button
                type="button"
                className="sort-btn"
                title={t('inbox.sort.hint')}
                onClick={() => props.onSort(c.id as SortKey)}
              >
                {t(c.label)}
                {c.direction === 'descending' && <ArrowDown size={12} aria-hidden />}
                {c.direction === 'ascending' && <ArrowUp size={12} aria-hidden />}
              </button>
            ) : (
              t(c.label)
            )}
          </div>
        ))}
      </div>
      <div className="note-scroll" ref={scroller} data-testid="note-scroll" onMouseOver={onHover}>
        <div style={{ height: count * ROW_HEIGHT }}>
          <div className="note-window" style={{ transform: `translateY(${first * ROW_HEIGHT}px)` }}>
            {visible}
          </div>
        </div>
      </div>
    </div>
  );
}

/** A cell's parts as elements: text, text with the search's matches marked, a span. */
function renderCell(content: CellContent, search: string): ReactNode {
  if (content === undefined || typeof content === 'string') return content;
  if (!Array.isArray(content)) return renderPart(content as CellPart, search);
  return (content as readonly CellPart[]).map((p, i) => renderPart(p, search, i));
}

function renderPart(p: CellPart, search: string, key?: number): ReactNode {
  if (typeof p === 'string') return p;
  if ('marked' in p) return <Marked key={key} text={p.marked} ranges={searchMarks(search, p.marked)} />;
  return (
    <span key={key} className={p.className} title={p.title} data-testid={p.testId}>
      {p.span}
    </span>
  );
}

const Row = memo(function Row(props: {
  note: InboxNote;
  /** Position in the list. */
  index: number;
  selected: boolean;
  isCursor: boolean;
  isOpen: boolean;
  handled: boolean;
  aside: QueueMark['aside'];
  now: number;
  slaHours: number;
  time: TimeFormat;
  search: string;
  onClick: (index: number, e: MouseEvent) => void;
}) {
  const { t, lang } = useI18n();
  const { note: n, index, selected, handled, now, slaHours, time, search } = props;
  const facts = rowFacts(n, handled, { now, slaHours, time, t, lang, aside: props.aside });
  const classes = ['note-row'];
  if (selected) classes.push('selected');
  if (props.isCursor) classes.push('cursor');
  if (props.isOpen) classes.push('open');
  if (handled) classes.push('handled');
  return (
    <div
      id={rowId(n.seqNo)}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={classes.join(' ')}
      data-seqno={n.seqNo}
      style={{ height: ROW_HEIGHT }}
      onMouseDown={(e) => {
        // Shift-click selects a range; without this the browser selects text instead.
        if (e.shiftKey) e.preventDefault();
      }}
      onClick={(e) => props.onClick(index, e)}
    >
      {LIST_COLUMNS.map((c) => (
        <div key={c.id} role="gridcell" className={cellClass(c, facts)}>
          {c.id === 'title' && <TeamRowMarks seqNo={n.seqNo} />}
          {renderCell(c.cell(facts), search)}
        </div>
      ))}
    </div>
  );
});
