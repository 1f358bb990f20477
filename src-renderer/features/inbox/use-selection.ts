// Which notes the seller has in hand: the cursor (the row the keys act on), the open note beside the list, the
// selection (shift and ctrl clicks, select all) and the anchor a shift click extends from. All of them are notes
// the list shows: when one leaves it (a search, a chip, a sync or a mark removed it), the selection lets it go,
// and the pane follows to the nearest row if the seller was going through the list by keyboard, else closes.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import type { InboxNote } from '../../../src-main/contract';
import { useNavIntent } from '../../ui/shell-slots';
import { rowOfSeq, seqNosOf } from './model/note-columns';
import type { NoteColumns } from './model/note-columns';
import { listedOnly, nearestListedRow } from './model/pane-follow';
import type { ListedSeqNos } from './model/pane-follow';

const listed = (columns: NoteColumns, rows: Int32Array): ListedSeqNos => ({
  length: rows.length,
  seqNoAt: (k) => columns.seqNo[rows[k]!]!,
});

/**
 * `reveal` clears whatever keeps a note from the list: a note asked for from elsewhere (a notification) that the
 * filters hide is shown by clearing them, not opened beside a list without it.
 */
export function useNoteSelection(
  notes: InboxNote[],
  columns: NoteColumns,
  rows: Int32Array,
  reveal: () => void,
) {
  const [cursor, setCursor] = useState<number | undefined>();
  const [openSeq, setOpenSeq] = useState<number | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | undefined>(undefined);
  /** Whether the seller reached the cursor and the open note by keyboard (then the pane follows the list). */
  const byKeys = useRef(false);
  const noteAt = (k: number) => notes[rows[k]!];

  const open = useCallback((n: InboxNote) => {
    byKeys.current = false;
    setCursor(n.seqNo);
    setOpenSeq(n.seqNo);
    setSelected(new Set([n.seqNo]));
  }, []);

  const closeNote = useCallback(() => setOpenSeq(undefined), []);
  const cursorIndex = useMemo(() => rowOfSeq(columns, rows, cursor), [columns, rows, cursor]);
  const openIndex = useMemo(
    () => (openSeq === cursor ? cursorIndex : rowOfSeq(columns, rows, openSeq)),
    [columns, rows, openSeq, cursor, cursorIndex],
  );
  const openNote = openIndex >= 0 ? noteAt(openIndex) : undefined;
  useFollowList({ columns, rows, cursor, cursorIndex, openSeq, openIndex, byKeys, setCursor, setOpenSeq });
  // The selection is what the list shows of it: a mark for "every selected note" never reaches a hidden one.
  const listedSelection = useMemo(() => {
    const one = selected.size === 1 ? [...selected][0] : undefined;
    if ((one === cursor && cursorIndex >= 0) || (one === openSeq && openIndex >= 0)) return selected;
    return listedOnly(selected, listed(columns, rows));
  }, [selected, columns, rows, cursor, cursorIndex, openSeq, openIndex]);
  useEffect(() => {
    if (listedSelection !== selected) setSelected(listedSelection);
  }, [listedSelection, selected]);

  const onRowClick = (index: number, e: MouseEvent) => {
    const n = noteAt(index);
    if (!n) return;
    byKeys.current = false;
    if (e.shiftKey && anchor.current !== undefined) {
      const [a, b] = anchor.current < index ? [anchor.current, index] : [index, anchor.current];
      setSelected(new Set(seqNosOf(columns, rows.subarray(a, b + 1))));
      setCursor(n.seqNo);
      setOpenSeq(n.seqNo);
      return;
    }
    anchor.current = index;
    if (e.ctrlKey || e.metaKey) {
      setSelected((old) => {
        const next = new Set(old);
        if (next.has(n.seqNo)) next.delete(n.seqNo);
        else next.add(n.seqNo);
        return next;
      });
      setCursor(n.seqNo);
      return;
    }
    open(n);
  };

  /** Puts the cursor (and the selection) on one row, without opening it. */
  const pointAt = (index: number) => {
    const n = noteAt(index);
    if (!n) return;
    byKeys.current = true;
    anchor.current = index;
    setCursor(n.seqNo);
    setSelected(new Set([n.seqNo]));
  };

  const move = (delta: number) => {
    if (rows.length === 0) return;
    const at = cursorIndex;
    pointAt(at < 0 ? (delta > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + delta)));
  };

  /** The note the keys act on: the one under the cursor, else the open one; never one the list does not show. */
  const current = () => (cursorIndex >= 0 ? noteAt(cursorIndex) : openNote);

  // Arriving from a notification or another page with { seqNo }: open that note.
  const intent = useNavIntent('inbox');
  const handledIntent = useRef<number | undefined>(undefined);
  const revealed = useRef<number | undefined>(undefined);
  useEffect(() => {
    const seq = intent?.data['seqNo'];
    if (!intent || handledIntent.current === intent.id || typeof seq !== 'number') return;
    const n = notes.find((x) => x.seqNo === seq);
    if (!n) return;
    if (rowOfSeq(columns, rows, seq) < 0 && revealed.current !== intent.id) {
      revealed.current = intent.id;
      reveal();
      return;
    }
    handledIntent.current = intent.id;
    open(n);
  }, [intent, notes, open, columns, rows, reveal]);

  return {
    cursor,
    cursorIndex,
    openSeq,
    openNote,
    selected: listedSelection,
    open,
    closeNote,
    onRowClick,
    move,
    pointAt,
    current,
    /** Opens the note under the cursor; false when there is none. */
    openCursor: () => {
      const n = cursorIndex >= 0 ? noteAt(cursorIndex) : undefined;
      if (n) {
        byKeys.current = true;
        setOpenSeq(n.seqNo);
      }
      return n !== undefined;
    },
    openSeqNo: (seqNo: number) => setOpenSeq(seqNo),
    selectAll: () => setSelected(new Set(seqNosOf(columns, rows))),
    clearSelection: () => setSelected(new Set()),
  };
}

/**
 * When the open note or the cursor's note leaves the list: by keyboard, both go to the nearest row still listed
 * (the one that took its place); otherwise the pane closes and the cursor goes. A note opened while not listed
 * (arriving from elsewhere) is left alone until the list has shown it.
 */
function useFollowList(s: {
  columns: NoteColumns;
  rows: Int32Array;
  cursor: number | undefined;
  cursorIndex: number;
  openSeq: number | undefined;
  openIndex: number;
  byKeys: { current: boolean };
  setCursor: (seq: number | undefined) => void;
  setOpenSeq: (seq: number | undefined) => void;
}) {
  const { columns, rows, cursor, cursorIndex, openSeq, openIndex } = s;
  /** The list as last drawn with each note in it, and that note's row there. */
  const seen = useRef<{ open?: { seq: number; at: number }; cursor?: { seq: number; at: number } }>({});
  const lastList = useRef<ListedSeqNos>(listed(columns, rows));
  useEffect(() => {
    const before = lastList.current;
    const now = listed(columns, rows);
    lastList.current = now;
    const follow = (was: { seq: number; at: number } | undefined, seq: number | undefined, index: number) => {
      if (seq === undefined || index >= 0 || was?.seq !== seq) return 'stay' as const;
      if (!s.byKeys.current) return undefined;
      const row = nearestListedRow(before, was.at, now);
      return row < 0 ? undefined : now.seqNoAt(row);
    };
    const nextOpen = follow(seen.current.open, openSeq, openIndex);
    const nextCursor = follow(seen.current.cursor, cursor, cursorIndex);
    if (nextOpen !== 'stay') s.setOpenSeq(nextOpen);
    if (nextCursor !== 'stay') s.setCursor(nextCursor);
    seen.current = {
      ...(openSeq !== undefined && openIndex >= 0 ? { open: { seq: openSeq, at: openIndex } } : {}),
      ...(cursor !== undefined && cursorIndex >= 0 ? { cursor: { seq: cursor, at: cursorIndex } } : {}),
    };
  }, [columns, rows, cursor, cursorIndex, openSeq, openIndex]); // eslint-disable-line react-hooks/exhaustive-deps
}
