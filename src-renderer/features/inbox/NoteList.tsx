// The virtualized note list: only the rows in view (plus a few) are in the DOM, so 100,000 notes scroll like
// 100. It is an ARIA grid whose active row is announced through aria-activedescendant; the keyboard itself is
// handled by the page (j/k work wherever focus is, except in a text field).
import { useEffect, useRef } from 'react';
import type { MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { InboxNote, NoteLocalMark } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import type { InboxFilters, SortKey } from './filters';
import { isPastSla } from './note-view';
import type { TimeFormat } from './time-format';

export const ROW_HEIGHT = 34;

const COLUMNS: { key: SortKey | 'waiting'; label: MessageKey; className: string }[] = [
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

export function NoteList(props: {
  notes: InboxNote[];
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
}) {
  const { t } = useI18n();
  const { notes, cursor, selected, sort, time, now, slaHours, local } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns a mutable instance the React compiler cannot memoize; this component is not
  // compiled, which is what the library expects.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: notes.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const cursorIndex = cursor === undefined ? -1 : notes.findIndex((n) => n.seqNo === cursor);
  useEffect(() => {
    if (cursorIndex >= 0) virtualizer.scrollToIndex(cursorIndex, { align: 'auto' });
  }, [cursorIndex, virtualizer]);

  return (
    <div
      className="note-grid"
      role="grid"
      aria-label={t('inbox.list.label')}
      aria-rowcount={notes.length + 1}
      aria-multiselectable
      tabIndex={0}
      aria-activedescendant={cursorIndex >= 0 ? rowId(cursor!) : undefined}
      data-testid="note-list"
    >
      <div className="note-head" role="row" aria-rowindex={1}>
        {COLUMNS.map((c) => {
          const active = c.key === sort.key;
          const sortable = c.key !== 'waiting';
          return (
            <div
              key={c.key}
              role="columnheader"
              className={c.className}
              aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {sortable ? (
                <button type="button" className="sort-btn" title={t('inbox.sort.hint')} onClick={() => props.onSort(c.key as SortKey)}>
                  {t(c.label)}
                  {active && (sort.dir === 'asc' ? <ArrowUp size={12} aria-hidden /> : <ArrowDown size={12} aria-hidden />)}
                </button>
              ) : (
                t(c.label)
              )}
            </div>
          );
        })}
      </div>
      <div className="note-scroll" ref={scroller} data-testid="note-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const n = notes[v.index]!;
            const waiting = n.replyStatus === 'NoReply';
            const late = isPastSla(n, now, slaHours);
            const classes = ['note-row'];
            if (selected.has(n.seqNo)) classes.push('selected');
            if (n.seqNo === cursor) classes.push('cursor');
            if (n.seqNo === props.openSeq) classes.push('open');
            if (local[String(n.seqNo)]?.handled) classes.push('handled');
            return (
              <div
                key={n.seqNo}
                id={rowId(n.seqNo)}
                role="row"
                aria-rowindex={v.index + 2}
                aria-selected={selected.has(n.seqNo)}
                className={classes.join(' ')}
                data-seqno={n.seqNo}
                style={{ transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
                onMouseDown={(e) => {
                  // Shift-click selects a range; without this the browser selects text instead.
                  if (e.shiftKey) e.preventDefault();
                }}
                onClick={(e) => props.onRowClick(v.index, e)}
              >
                <div role="gridcell" className="c-status">
                  <span className={`status-dot ${waiting ? 'noreply' : 'replied'}`} aria-hidden />
                  <span className={waiting ? 'status-text noreply' : 'status-text'}>
                    {t(`inbox.status.${n.replyStatus}`)}
                  </span>
                </div>
                <div role="gridcell" className="c-type">
                  {t(`inbox.type.${n.queryType}` as MessageKey)}
                </div>
                <div role="gridcell" className="c-title" title={n.title}>
                  {local[String(n.seqNo)]?.handled && <span className="handled-tag">{t('inbox.handled')}</span>}
                  {n.title}
                </div>
                <div role="gridcell" className="c-buyer">{n.buyerId}</div>
                <div role="gridcell" className="c-item" title={`${n.itemName} (${n.itemNo})`}>
                  {n.itemName}
                </div>
                <div role="gridcell" className="c-order num">{n.orderNo ?? '—'}</div>
                <div role="gridcell" className="c-received num" title={time.absolute(n.at)}>
                  {time.relative(n.at)}
                </div>
                <div role="gridcell" className="c-waiting num">
                  {waiting && (
                    <>
                      <span className={late ? 'waiting late' : 'waiting'}>{time.duration(now - n.at)}</span>
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
          })}
        </div>
      </div>
    </div>
  );
}
