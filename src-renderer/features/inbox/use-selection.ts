// Which notes the seller has in hand: the cursor (the row the keys act on), the open note beside the list, the
// selection (shift and ctrl clicks, select all) and the anchor a shift click extends from.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import type { InboxNote } from '../../../src-main/contract';
import { useNavIntent } from '../../app/shell-slots';
import { rowOfSeq, seqNosOf } from './model/note-columns';
import type { NoteColumns } from './model/note-columns';

export function useNoteSelection(notes: InboxNote[], columns: NoteColumns, rows: Int32Array) {
  const [cursor, setCursor] = useState<number | undefined>();
  const [openSeq, setOpenSeq] = useState<number | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | undefined>(undefined);
  const openNote = useMemo(
    () => (openSeq === undefined ? undefined : notes.find((n) => n.seqNo === openSeq)),
    [openSeq, notes],
  );
  const noteAt = (k: number) => notes[rows[k]!];

  const open = useCallback((n: InboxNote) => {
    setCursor(n.seqNo);
    setOpenSeq(n.seqNo);
    setSelected(new Set([n.seqNo]));
  }, []);

  const closeNote = useCallback(() => setOpenSeq(undefined), []);
  const cursorIndex = useMemo(() => rowOfSeq(columns, rows, cursor), [columns, rows, cursor]);

  const onRowClick = (index: number, e: MouseEvent) => {
    const n = noteAt(index);
    if (!n) return;
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
    anchor.current = index;
    setCursor(n.seqNo);
    setSelected(new Set([n.seqNo]));
  };

  const move = (delta: number) => {
    if (rows.length === 0) return;
    const at = cursorIndex;
    pointAt(at < 0 ? (delta > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + delta)));
  };

  /** The note the keys act on: the one under the cursor, else the open one. */
  const current = () => (cursorIndex >= 0 ? noteAt(cursorIndex) : openNote);

  // Arriving from a notification or another page with { seqNo }: open that note.
  const intent = useNavIntent('inbox');
  const handledIntent = useRef<number | undefined>(undefined);
  useEffect(() => {
    const seq = intent?.data['seqNo'];
    if (!intent || handledIntent.current === intent.id || typeof seq !== 'number') return;
    const n = notes.find((x) => x.seqNo === seq);
    if (!n) return;
    handledIntent.current = intent.id;
    open(n);
  }, [intent, notes, open]);

  return {
    cursor,
    cursorIndex,
    openSeq,
    openNote,
    selected,
    open,
    closeNote,
    onRowClick,
    move,
    pointAt,
    current,
    /** Opens the note under the cursor; false when there is none. */
    openCursor: () => {
      const n = cursorIndex >= 0 ? noteAt(cursorIndex) : undefined;
      if (n) setOpenSeq(n.seqNo);
      return n !== undefined;
    },
    openSeqNo: (seqNo: number) => setOpenSeq(seqNo),
    selectAll: () => setSelected(new Set(seqNosOf(columns, rows))),
    clearSelection: () => setSelected(new Set()),
  };
}
