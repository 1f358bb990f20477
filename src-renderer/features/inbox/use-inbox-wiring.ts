// What the inbox page wires between its parts: the filter changes its banners, hints and note pane offer, the
// refresh of what it covers, the keyboard, and the errors its banners show.
import { useCallback, useEffect, useMemo } from 'react';
import type { RefObject } from 'react';
import type { InboxNote, NoteDay, NoteLocalMark } from '../../../src-main/contract';
import { useConnectionInfo } from '../../api/queries';
import type { Wider } from './MirrorBanners';
import { allWaitingFilters, defaultFilters } from './model/filters';
import type { InboxFilters, ResolvedRange } from './model/filters';
import type { NoteScope } from './NoteDetail';
import { useInboxKeys } from './use-inbox-keys';
import type { useCopyOrderNo, useNoteExport, useNoteMarks } from './use-note-actions';
import { useMirrorStatus, useNotesSync, usePeriodNotes, useSearchFill, useWaitingOutside } from './use-notes';
import type { useNoteSelection } from './use-selection';
import { useTeamInbox } from './use-team';

type Patch = (p: Partial<InboxFilters>) => void;

/** Below this width the note pane lies over the list instead of beside it (inbox.css has the same query). */
const NARROW_INBOX = '(max-width: 1199px)';

/** Changes to the filters: any (`patch`), and those offered around the list; stable, so the memoized parts around it stay untouched. */
export function useFilterActions(
  setFilters: (update: (f: InboxFilters) => InboxFilters) => void,
  today: NoteDay,
) {
  const patch = useCallback(
    (p: Partial<InboxFilters>) => setFilters((old) => ({ ...old, ...p })),
    [setFilters],
  );
  const showPastSla = useCallback(() => patch({ waiting: 'sla' }), [patch]);
  // A scope's notes the mirror holds (every one, as far back as it has them); otherwise the last 90 days.
  const widenPeriod = useCallback(
    (to: Wider) => patch(to.whole ? { preset: 'custom', start: to.start, end: to.end } : { preset: '90d' }),
    [patch],
  );
  const showAllWaiting = useCallback(
    (oldestAt: number) => patch(allWaitingFilters(oldestAt, today)),
    [patch, today],
  );
  // Every filter back to its default but the period and the sort, which describe the view, not a narrowing.
  const clearNarrowing = useCallback(() => {
    const {
      preset: _preset,
      start: _start,
      end: _end,
      sort: _sort,
      teamView: _teamView,
      teamBadgeMine: _badge,
      ...narrowing
    } = defaultFilters();
    patch(narrowing);
  }, [patch]);
  // "All notes of this buyer / item / order": that one scope, every status and type, no search; the period stays
  // (the hint under the filters offers to widen it when the store holds more).
  const onScope = useCallback(
    (scope: NoteScope) =>
      patch({ itemNo: '', orderNo: '', buyerId: '', search: '', status: 'All', types: [], ...scope }),
    [patch],
  );
  return { patch, showPastSla, widenPeriod, showAllWaiting, clearNarrowing, onScope };
}

/**
 * Refreshes the period shown (and the seller chosen): once when the inbox opens or what it covers changes, so
 * it fetches what the cache lacks (plus the overlap), and on demand.
 */
function usePeriodRefresh(
  startSync: ReturnType<typeof useNotesSync>['start'],
  scope: { start: NoteDay; end: NoteDay; sellerId: string },
): () => void {
  const { start, end, sellerId } = scope;
  const syncReq = useMemo(
    () => ({ start, end, mode: 'refresh' as const, ...(sellerId ? { sellerIds: [sellerId] } : {}) }),
    [start, end, sellerId],
  );
  useEffect(() => {
    const id = setTimeout(() => void startSync(syncReq), 300);
    return () => clearTimeout(id);
  }, [syncReq, startSync]);
  return useCallback(() => void startSync(syncReq), [startSync, syncReq]);
}

const NO_NOTES: InboxNote[] = [];
const NO_MARKS: Record<string, NoteLocalMark> = {};

/**
 * What the inbox shows of a profile's mirror: its status, the period's notes and marks, the sellers to filter
 * by, what waits outside the period, and the sync that keeps the period current.
 */
export function useInboxData(
  profileId: string,
  range: ResolvedRange,
  at: { sellerId: string; now: number; slaHours: number },
) {
  const { start, end } = range;
  const mirror = useMirrorStatus(profileId);
  const period = usePeriodNotes(profileId, start, end);
  const searchFill = useSearchFill(profileId, mirror.data?.searchFill);
  const data = {
    notes: period.data?.notes ?? NO_NOTES,
    local: period.data?.local ?? NO_MARKS,
    asOf: mirror.data?.asOf,
    lastSync: mirror.data?.lastSync,
    searchFill,
  };
  const sync = useNotesSync();
  const connection = useConnectionInfo();
  const sellerIds = useMemo(
    () => connection.data?.sellerIds ?? mirror.data?.sellerIds ?? [],
    [connection.data, mirror.data],
  );
  // Opening the inbox or changing what it covers fetches what the cache lacks (plus the overlap).
  const refresh = usePeriodRefresh(sync.start, { start, end, sellerId: at.sellerId });
  const outside = useWaitingOutside(profileId, range, period.data?.revision, at.now, at.slaHours);
  return { mirror, period, data, sync, sellerIds, refresh, outside };
}

/** The filters the toolbar shows, kept the same object while they do not change (it is memoized). */
export function useTopFilters(f: InboxFilters) {
  const { search, preset, start, end } = f;
  return useMemo(() => ({ search, preset, start, end }), [search, preset, start, end]);
}

/** The inbox's keyboard (use-inbox-keys.ts) over this render's selection, marks and actions. */
export function useInboxShortcuts(w: {
  searchRef: RefObject<HTMLInputElement | null>;
  search: string;
  patch: Patch;
  clearFilters: () => void;
  selection: ReturnType<typeof useNoteSelection>;
  marks: ReturnType<typeof useNoteMarks>;
  copier: ReturnType<typeof useCopyOrderNo>;
  exporter: ReturnType<typeof useNoteExport>;
  refresh: () => void;
}) {
  const { selection, marks } = w;
  const team = useTeamInbox();
  useInboxKeys({
    searchRef: w.searchRef,
    searchText: w.search,
    clearSearch: () => w.patch({ search: '' }),
    clearFilters: w.clearFilters,
    closeOverlaidNote: () => {
      if (selection.openNote === undefined || !window.matchMedia(NARROW_INBOX).matches) return false;
      selection.closeNote();
      return true;
    },
    toFirstRow: () => selection.pointAt(0),
    selectAll: selection.selectAll,
    move: selection.move,
    openCursor: selection.openCursor,
    openMemo: () => {
      const n = selection.current();
      if (!n) return false;
      selection.openSeqNo(n.seqNo);
      // The pane renders the note first; then its memo takes the focus.
      requestAnimationFrame(() => document.getElementById('note-memo')?.focus());
      return true;
    },
    refresh: w.refresh,
    toggleHandled: () => {
      const n = selection.current();
      if (n) void marks.toggleHandled(n, selection.selected);
    },
    copyOrderNo: () => {
      const n = selection.current();
      if (n) w.copier.copy(n);
    },
    exportCsv: () => w.exporter.start('csv'),
    cancelExport: w.exporter.cancel,
    take: () => {
      const n = selection.current();
      if (!team || !n) return false;
      void team.take(n.seqNo);
      return true;
    },
    assign: () => {
      const n = selection.current();
      if (!team || !n) return false;
      selection.openSeqNo(n.seqNo);
      requestAnimationFrame(() => document.getElementById('team-assign')?.focus());
      return true;
    },
  });
}

/** What the banners show as failed: reading the period or the mirror (with a retry), and the seller's actions. */
export function inboxErrors(
  period: ReturnType<typeof usePeriodNotes>,
  mirror: ReturnType<typeof useMirrorStatus>,
  marks: ReturnType<typeof useNoteMarks>,
  exporter: ReturnType<typeof useNoteExport>,
) {
  return {
    readErrors: [
      ...(period.isError ? [{ key: 'period', error: period.error, retry: () => void period.refetch() }] : []),
      ...(mirror.isError ? [{ key: 'mirror', error: mirror.error, retry: () => void mirror.refetch() }] : []),
    ],
    actionErrors: [
      ...(marks.error !== undefined ? [{ key: 'mark', error: marks.error }] : []),
      ...(exporter.error !== undefined ? [{ key: 'export', error: exporter.error }] : []),
    ],
  };
}
