// The inbox's data: the main process's cached notes (read once, re-read after each sync) and the sync itself,
// with its streamed progress, cancel, auto-refresh and new-note notifications.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotesProgressEvent, NotesSyncRequest, NotesSyncSummary } from '../../../src-main/contract';
import { call, getDesk } from '../../api/desk';

export const notesKey = ['notes.cached'] as const;

export function useCachedNotes() {
  return useQuery({
    queryKey: notesKey,
    queryFn: ({ signal }) => call('notes.cached', undefined, signal),
    staleTime: Infinity,
  });
}

export interface SyncState {
  running: boolean;
  progress: NotesProgressEvent | undefined;
  summary: NotesSyncSummary | undefined;
  error: unknown;
}

export function useNotesSync() {
  const qc = useQueryClient();
  const [state, setState] = useState<SyncState>({
    running: false,
    progress: undefined,
    summary: undefined,
    error: undefined,
  });
  const running = useRef(false);
  // The newest request that arrived while a sync ran; it runs next (older ones are superseded).
  const pending = useRef<NotesSyncRequest | undefined>(undefined);
  const startRef = useRef<(req: NotesSyncRequest) => Promise<void>>(async () => {});

  useEffect(
    () => getDesk().on('notes.progress', (p) => setState((s) => (s.running ? { ...s, progress: p } : s))),
    [],
  );

  const start = useCallback(
    async (req: NotesSyncRequest): Promise<void> => {
      if (running.current) {
        pending.current = req;
        return;
      }
      running.current = true;
      setState({ running: true, progress: undefined, summary: undefined, error: undefined });
      try {
        const summary = await call('notes.sync', req);
        setState({ running: false, progress: undefined, summary, error: undefined });
      } catch (error) {
        setState({ running: false, progress: undefined, summary: undefined, error });
      } finally {
        running.current = false;
        await qc.invalidateQueries({ queryKey: notesKey });
      }
      const next = pending.current;
      pending.current = undefined;
      if (next) await startRef.current(next);
    },
    [qc],
  );

  useEffect(() => {
    startRef.current = start;
  }, [start]);

  const cancel = useCallback(() => {
    pending.current = undefined;
    void call('notes.cancelSync', undefined);
  }, []);

  return { ...state, start, cancel };
}

/** Ticks every `ms` (relative times and SLA clocks move on without new data). */
export function useNow(ms = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/** Runs `refresh` every N minutes; 0 turns it off. */
export function useAutoRefresh(minutes: number, refresh: () => void) {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    if (!minutes) return;
    const id = setInterval(() => latest.current(), minutes * 60_000);
    return () => clearInterval(id);
  }, [minutes]);
}

/**
 * A desktop notification for new NoReply notes, only when the seller has granted it: the app never asks on its
 * own (Electron's session refuses permission prompts). Clicking it opens the first new note.
 */
export function useArrivalNotifications(title: (count: number) => string, open: (seqNo: number) => void) {
  const latest = useRef({ title, open });
  useEffect(() => {
    latest.current = { title, open };
  });
  useEffect(
    () =>
      getDesk().on('notes.arrived', ({ count, seqNos }) => {
        if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
        const n = new Notification(latest.current.title(count), { tag: 'seller-desk-notes' });
        n.onclick = () => {
          window.focus();
          if (seqNos[0] !== undefined) latest.current.open(seqNos[0]);
        };
      }),
    [],
  );
}
