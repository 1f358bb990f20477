// What the seller does to notes from the list: export the rows shown, mark notes handled (or not), copy an
// order number. Each keeps its own outcome (a message, an error) for the banners to show.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { InboxNote, NoteLocalMark } from '../../../src-main/contract';
import type { NotesExportProgressEvent } from '../../../src-main/contract';
import { call, getDesk } from '../../api/desk';
import type { useI18n } from '../../i18n';
import { setLocalMark } from './use-notes';

type Translate = ReturnType<typeof useI18n>['t'];

/**
 * `pending`, or an AbortError as soon as `abort` fires: Cancel answers at once, while main stops the export and
 * deletes what it wrote (a save dialog still open is the OS's, and main checks the cancel once it closes).
 */
function untilAborted<T>(pending: Promise<T>, abort: AbortController): Promise<T> {
  void pending.catch(() => {});
  const aborted = new Promise<never>((_, reject) =>
    abort.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), {
      once: true,
    }),
  );
  return Promise.race([pending, aborted]);
}

export function useNoteExport(opts: {
  /** The SeqNos of the rows shown, read when the export starts. */
  seqNos: () => number[];
  lang: 'ko' | 'en';
  timeZone: string;
  t: Translate;
}) {
  const [message, setMessage] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();
  // Set synchronously: a second click (or `e`) while an export runs starts nothing, so it never writes twice.
  const exporting = useRef(false);
  const [rows, setRows] = useState<number | undefined>();
  const [path, setPath] = useState<string | undefined>();
  const [progress, setProgress] = useState<NotesExportProgressEvent | undefined>();
  // Cancel aborts the call: main stops the export's worker and deletes what it wrote.
  const controller = useRef<AbortController | undefined>(undefined);
  const { lang, timeZone, t } = opts;
  useEffect(
    () =>
      getDesk().on('notes.exportProgress', (p) => {
        if (exporting.current) setProgress(p);
      }),
    [],
  );
  const run = async (format: 'csv' | 'xlsx') => {
    if (exporting.current) return;
    exporting.current = true;
    const abort = new AbortController();
    controller.current = abort;
    const seqNos = opts.seqNos();
    setRows(seqNos.length);
    setProgress(undefined);
    setMessage(undefined);
    setPath(undefined);
    setError(undefined);
    try {
      const r = await untilAborted(
        call('notes.export', { format, seqNos, lang, timeZone }, abort.signal),
        abort,
      );
      setPath(r.path);
      setMessage(
        r.path ? t('inbox.export.done', { count: r.rows, path: r.path }) : t('inbox.export.dismissed'),
      );
    } catch (err) {
      if (abort.signal.aborted) setMessage(t('inbox.export.cancelled'));
      else setError(err);
    } finally {
      exporting.current = false;
      controller.current = undefined;
      setRows(undefined);
      setProgress(undefined);
    }
  };
  /** Cancels the running export; false when none runs. */
  const cancel = useCallback(() => {
    if (!controller.current) return false;
    controller.current.abort();
    return true;
  }, []);
  // Stable for the toolbar (memoized), always running the latest rows.
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  const start = useCallback((format: 'csv' | 'xlsx') => void latest.current(format), []);
  // What the banner shows (ExportStatus's props).
  const status = { running: rows, progress, onCancel: cancel, message, path };
  return { start, cancel, running: rows, status, error };
}

export function useNoteMarks(local: Record<string, NoteLocalMark>) {
  const qc = useQueryClient();
  const [error, setError] = useState<unknown>();
  const mark = async (seqNos: Iterable<number>, handled: boolean) => {
    setError(undefined);
    try {
      for (const seqNo of seqNos) setLocalMark(qc, seqNo, await call('notes.local.set', { seqNo, handled }));
    } catch (err) {
      setError(err);
    }
  };
  return {
    error,
    setError,
    /** Marks every selected note handled. */
    markHandled: (selected: ReadonlySet<number>) => mark(selected, true),
    /** Flips the note's handled mark, and gives the same to the rest of the selection. */
    toggleHandled: (note: InboxNote, selected: ReadonlySet<number>) =>
      mark(selected.size > 1 ? [...selected] : [note.seqNo], local[String(note.seqNo)]?.handled !== true),
  };
}

/** Copies a note's order number; the words saying so stay a moment. */
export function useCopyOrderNo(t: Translate, onError: (err: unknown) => void) {
  const [copied, setCopied] = useState<string | undefined>();
  useEffect(() => {
    if (copied === undefined) return;
    const id = setTimeout(() => setCopied(undefined), 2500);
    return () => clearTimeout(id);
  }, [copied]);
  const copy = (n: InboxNote) => {
    if (!n.orderNo) {
      setCopied(t('inbox.copied.none'));
      return;
    }
    const text = t('inbox.copied.orderNo', { value: n.orderNo });
    void navigator.clipboard.writeText(n.orderNo).then(
      () => setCopied(text),
      (err: unknown) => onError(err),
    );
  };
  return { copied, copy };
}
