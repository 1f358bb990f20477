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
import type { MouseEvent, RefObject } from 'react';
import { flushSync } from 'react-dom';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { InboxNote, NoteLocalMark } from '../../../src-main/contract';
import { searchMarks } from '../../../src-shared/note-search';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { Marked } from '../../ui/Marked';
import type { InboxFilters, SortKey } from './model/filters';
import { isPastSla } from './model/note-view';
import type { TimeFormat } from './time-format';

export const ROW_HEIGHT = 34;

const COLUMNS: { key: SortKey; label: MessageKey; className: string }[] = [
  { key: 'status', label: 'inbox.col.status', className: 'c-status' },
  { key: 'type', label: 'inbox.col.type', className: 'c-type' },
  { key: 'title', label: 'inbox.col.title', className: 'c-title' },
  { key: 'buyer', label: 'inbox.col.buyer', className: 'c-buyer' },
  { key: 'item', label: 'inbox.col.item', className: 'c-item' },
  { key: 'order', label: 'inbox.col.order', className: 'c-order' },
  { key: 'received', label: 'inbox.col.received', className: 'c-received' },
  { key: 'waiting', label: 'inbox.col.waiting', className: 'c-waiting' },
];

export const rowId = (seqNo: number) => `note-row-${seqNo}`;

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
  const { t } = useI18n();
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
    const k = Number(row.getAttribute('aria-rowindex')) - 2;
    const n = k >= 0 && k < rows.length ? notes[rows[k]!] : undefined;
    if (n) cell.title = cellTitle(cell.className, n, time);
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
      role="grid"
      aria-label={t('inbox.list.label')}
      aria-rowcount={rows.length + 1}
      aria-multiselectable
      tabIndex={0}
      aria-activedescendant={cursorIndex >= 0 ? rowId(cursor!) : undefined}
      data-testid="note-list"
    >
      <div className="note-head" role="row" aria-rowindex={1}>
        {COLUMNS.map((c) => {
          const active = c.key === sort.key;
          // How the column's own values run down the list. The waiting column shows how long each note has
          // waited, so the order that puts the oldest note first (the sort's ascending, by received time) shows
          // its values from the longest wait down: descending, and a screen reader and the arrow say so.
          const down = c.key === 'waiting' ? sort.dir === 'asc' : sort.dir === 'desc';
          return (
            <div
              key={c.key}
              role="columnheader"
              className={c.className}
              title={t(c.label)}
              aria-sort={active ? (down ? 'descending' : 'ascending') : undefined}
            >
              <button
                type="button"
                className="sort-btn"
                title={t('inbox.sort.hint')}
                onClick={() => props.onSort(c.key)}
              >
                {t(c.label)}
                {active && (down ? <ArrowDown size={12} aria-hidden /> : <ArrowUp size={12} aria-hidden />)}
              </button>
            </div>
          );
        })}
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

/** The tooltip of a cell: the whole text where a cell may cut it short, the absolute time for the relative one. */
function cellTitle(className: string, n: InboxNote, time: TimeFormat): string {
  if (className.includes('c-title')) return n.title;
  if (className.includes('c-item')) return `${n.itemName} (${n.itemNo})`;
  if (className.includes('c-received')) return time.absolute(n.at);
  if (className.includes('c-buyer')) return n.buyerId;
  return '';
}

const Row = memo(function Row(props: {
  note: InboxNote;
  /** Position in the list. */
  index: number;
  selected: boolean;
  isCursor: boolean;
  isOpen: boolean;
  handled: boolean;
  now: number;
  slaHours: number;
  time: TimeFormat;
  search: string;
  onClick: (index: number, e: MouseEvent) => void;
}) {
  const { t } = useI18n();
  const { note: n, index, selected, handled, now, slaHours, time, search } = props;
  // A handled note is done for now: it shows how long it has been open, but no longer counts against the SLA.
  const open = n.replyStatus === 'NoReply';
  const waiting = open && !handled;
  const late = waiting && isPastSla(n, now, slaHours);
  const waited = open ? time.duration(now - n.at) : undefined;
  // Narrow columns cut English words: the whole one is the cell's tooltip.
  const statusLabel = t(waiting || !open ? `inbox.status.${n.replyStatus}` : 'inbox.status.Handled');
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
      <div
        role="gridcell"
        className={waiting ? 'c-status noreply' : open ? 'c-status handled' : 'c-status replied'}
        title={statusLabel}
      >
        {statusLabel}
      </div>
      <div role="gridcell" className="c-type">
        {t(`inbox.type.${n.queryType}` as MessageKey)}
      </div>
      <div role="gridcell" className="c-title">
        {handled && !open && <span className="handled-tag">{t('inbox.handled')}</span>}
        <Marked text={n.title} ranges={searchMarks(search, n.title)} />
      </div>
      <div role="gridcell" className="c-buyer">
        <Marked text={n.buyerId} ranges={searchMarks(search, n.buyerId)} />
      </div>
      <div role="gridcell" className="c-item">
        <Marked text={n.itemName} ranges={searchMarks(search, n.itemName)} />
      </div>
      <div role="gridcell" className="c-order num">
        {n.orderNo === undefined ? '—' : <Marked text={n.orderNo} ranges={searchMarks(search, n.orderNo)} />}
      </div>
      <div role="gridcell" className="c-received num">
        {time.relativeNarrow(n.at)}
      </div>
      <div role="gridcell" className="c-waiting num">
        {open && (
          <>
            <span className={late ? 'waiting late' : waiting ? 'waiting' : 'waiting muted'} title={waited}>
              {waited}
            </span>
            {late && (
              <span className="sla-badge" data-testid="sla-badge">
                {t('inbox.sla.past')}
              </span>
            )}
          </>
        )}
      </div>
    </div>
  );
});
