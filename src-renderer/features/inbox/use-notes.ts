// The inbox's data. The renderer holds the chosen period; the main process's mirror holds everything:
//   - the mirror's status (whose notes, as of, last sync, notices, carry-over offers);
//   - the period's notes, sent column by column and rebuilt here once per change (an unchanged mirror answers
//     without the notes);
//   - the sync: one per mirror in main, so a page that opens while one runs shows its bar and its Cancel.
// Auto refresh runs in main and new-note notifications in the shell (app/notes-watch.ts), whatever page is open.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  InboxNote,
  NoteLocalMark,
  NotesProgressEvent,
  NotesSearchFill,
  NotesSearchFillEvent,
  NotesSyncRequest,
  NotesSyncSummary,
  NotesWaitingOutsideResult,
} from '../../../src-main/contract';
import { readPeriod } from '../../../src-shared/note-period';
import { call, getDesk } from '../../api/desk';
import { NOTES_ROOT, rereadNotes } from '../../api/queries';

// Keyed by the active profile: another profile's notes are never shown, not even while the next ones load.
const statusKey = (profileId: string) => [...NOTES_ROOT, 'status', profileId] as const;
const periodKey = (profileId: string, start: string, end: string) =>
  [...NOTES_ROOT, 'period', profileId, start, end] as const;
/** What waits for an answer in the whole mirror (the sidebar's count; app/notes-watch.ts). */
export const waitingKey = (profileId: string, lateBeforeMs: number) =>
  [...NOTES_ROOT, 'waiting', profileId, lateBeforeMs] as const;

export interface PeriodNotes {
  mirror: string;
  revision: number;
  start: string;
  end: string;
  /** Oldest first. */
  notes: InboxNote[];
  /** The marks of these notes, by SeqNo. */
  local: Record<string, NoteLocalMark>;
}

export function useMirrorStatus(profileId: string, enabled = true) {
  return useQuery({
    queryKey: statusKey(profileId),
    enabled,
    queryFn: ({ signal }) => call('notes.status', undefined, signal),
    staleTime: Infinity,
  });
}

export function usePeriodNotes(profileId: string, start: string, end: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: periodKey(profileId, start, end),
    queryFn: async ({ signal }): Promise<PeriodNotes> => {
      const held = qc.getQueryData<PeriodNotes>(periodKey(profileId, start, end));
      const answer = await call(
        'notes.period',
        held ? { start, end, known: { mirror: held.mirror, revision: held.revision } } : { start, end },
        signal,
      );
      // For the bench and DevTools: when the period's notes reached the page (the list is drawn from here on).
      performance.mark('notes:period-arrived');
      if (answer.unchanged && held) return held;
      if (answer.unchanged)
        throw new Error('The mirror answered "unchanged" for a period this page does not hold.');
      return {
        mirror: answer.mirror,
        revision: answer.revision,
        start,
        end,
        notes: await readPeriod(answer),
        local: answer.marks,
      };
    },
    staleTime: Infinity,
    // The previous period of the same profile stays on screen while the next one loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === profileId ? previous : undefined,
  });
}

/**
 * How far the search index fill of the profile's mirror is (a mirror from before version 5; search is slower until
 * it ends), or undefined when none runs: main's pushes, and until the first one the mirror's status.
 */
export function useSearchFill(profileId: string, fromStatus: NotesSearchFill | undefined) {
  const [pushed, setPushed] = useState<NotesSearchFillEvent>();
  useEffect(() => getDesk().on('notes.searchFill', setPushed), []);
  return pushed?.profileId === profileId ? pushed.fill : fromStatus;
}

/** A mark the seller just saved, into every period on screen that holds its note, and the sidebar's count. */
export function setLocalMark(qc: QueryClient, seqNo: number, mark: NoteLocalMark) {
  qc.setQueriesData<PeriodNotes>({ queryKey: [...NOTES_ROOT, 'period'] }, (old) =>
    old ? { ...old, local: { ...old.local, [String(seqNo)]: mark } } : old,
  );
  void qc.invalidateQueries({ queryKey: [...NOTES_ROOT, 'waiting'] });
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
  // Calls in flight: several may wait on the same sync in main (they attach to it).
  const inFlight = useRef(0);

  useEffect(
    () => getDesk().on('notes.progress', (p) => setState((s) => (s.running ? { ...s, progress: p } : s))),
    [],
  );

  const start = useCallback(
    async (req: NotesSyncRequest): Promise<void> => {
      inFlight.current++;
      setState((s) => ({
        running: true,
        progress: s.running ? s.progress : undefined,
        summary: undefined,
        error: undefined,
      }));
      try {
        const summary = await call('notes.sync', req);
        inFlight.current--;
        setState((s) => ({ ...s, running: inFlight.current > 0, summary, error: undefined }));
      } catch (error) {
        inFlight.current--;
        setState((s) => ({ ...s, running: inFlight.current > 0, summary: undefined, error }));
      } finally {
        await rereadNotes(qc);
      }
    },
    [qc],
  );

  // Opened while a sync of this mirror runs (the seller left the inbox and came back): show that sync's bar,
  // and wait on it with a request it covers, which main attaches to it instead of starting another.
  useEffect(() => {
    let live = true;
    void call('notes.syncState', undefined)
      .then((s) => {
        if (!live || !s.running || !s.request) return;
        setState((old) => ({ ...old, running: true, progress: s.progress }));
        void start(s.request);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [start]);

  const cancel = useCallback(() => {
    void call('notes.cancelSync', undefined);
  }, []);

  return { ...state, start, cancel };
}

/**
 * What waits for an answer in this profile's mirror outside the period on screen: the sidebar's count adds it,
 * and the inbox says so, so a note older than the period never waits unseen. Asked again when the mirror's
 * revision moves (a sync, a mark) and each minute the SLA line moves.
 */
export function useWaitingOutside(
  profileId: string,
  range: { start: string; end: string },
  revision: number | undefined,
  nowMs: number,
  slaHours: number,
): NotesWaitingOutsideResult | undefined {
  const lateBeforeMs = Math.floor((nowMs - slaHours * 3_600_000) / 60_000) * 60_000;
  const { start, end } = range;
  return useQuery({
    queryKey: [...NOTES_ROOT, 'waitingOutside', profileId, start, end, revision, lateBeforeMs],
    enabled: revision !== undefined,
    queryFn: ({ signal }) =>
      call(
        'notes.waitingOutside',
        { start, end, lateBeforeMs, nowMs: Math.floor(nowMs / 60_000) * 60_000 },
        signal,
      ),
    // While the next answer comes, the last one of the same profile and period stands (no flicker each minute).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === profileId &&
      previousQuery.queryKey[3] === start &&
      previousQuery.queryKey[4] === end
        ? previous
        : undefined,
  }).data;
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
