// The buyer-notes inbox: the chosen period's notes from the main process's mirror, filtered here; a virtualized
// list, the note beside it. Questions about the rest of the mirror go to the store (see OutsidePeriodHint).
// The page wires its parts: the view (use-inbox-view), the selection (use-selection), the keys (use-inbox-keys),
// the actions (use-note-actions), the banners (InboxBanners) and the frame (InboxLayout).
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxNote, NoteLocalMark, SettingsView } from '../../../src-main/contract';
import { settingsQuery, useConnectionInfo } from '../../api/queries';
import { useUpdateSettings } from '../../api/settings';
import { PageToolbar } from '../../ui/shell-slots';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { FacetBar, TopFilters } from './FilterBar';
import { InboxBanners, syncOutcome } from './InboxBanners';
import { EmptyList, InboxLayout, ListMeta, ListSkeleton } from './InboxLayout';
import { OutsidePeriodHint, WaitingOutsideHint } from './MirrorBanners';
import type { Wider } from './MirrorBanners';
import {
  allWaitingFilters,
  defaultFilters,
  filtersToJson,
  hasLookups,
  hasNarrowing,
  parseFilters,
  rememberLookups,
  resolveRange,
  withSessionLookups,
} from './model/filters';
import type { InboxFilters, SortKey } from './model/filters';
import { seqNosOf } from './model/note-columns';
import { NoteDetail } from './NoteDetail';
import type { NoteScope } from './NoteDetail';
import { NoteList } from './NoteList';
import { SummaryStrip } from './SummaryStrip';
import { useTimeFormat } from './time-format';
import { marketDayOf } from '../../../src-shared/market-day';
import { useInboxKeys } from './use-inbox-keys';
import { useInboxView } from './use-inbox-view';
import { useCopyOrderNo, useNoteExport, useNoteMarks } from './use-note-actions';
import { useMirrorStatus, useNotesSync, useNow, useWaitingOutside, usePeriodNotes } from './use-notes';
import { useNoteSelection } from './use-selection';
import './inbox.css';

const NO_NOTES: InboxNote[] = [];
const NO_MARKS: Record<string, NoteLocalMark> = {};

/** What the inbox shows from the settings: not its saved filters, so saving them does not re-render the page. */
const selectView = ({ settings: s }: SettingsView) => ({
  timeZone: s.timeZone,
  slaHours: s.replySlaHours,
  profileId: s.activeProfileId,
});

/**
 * Filter state, loaded once from settings and written back (debounced): the ways of working survive restarts,
 * the one-off lookups only moving between pages (model/filters.ts).
 */
function usePersistentFilters() {
  const qc = useQueryClient();
  const view = useQuery({ ...settingsQuery, select: selectView });
  const update = useUpdateSettings();
  const [filters, setFilters] = useState<InboxFilters | undefined>();
  const loaded = view.data !== undefined;
  useEffect(() => {
    if (filters !== undefined || !loaded) return;
    const stored = qc.getQueryData(settingsQuery.queryKey)?.settings.inbox.filters;
    setFilters(withSessionLookups(parseFilters(stored)));
  }, [filters, loaded, qc]);
  const mutate = update.mutate;
  useEffect(() => {
    if (!filters) return;
    rememberLookups(filters);
    const id = setTimeout(() => mutate({ inbox: { filters: filtersToJson(filters) } }), 400);
    return () => clearTimeout(id);
  }, [filters, mutate]);
  return { filters, setFilters, view: view.data, settingsError: view.error };
}

/** Below this width the note pane lies over the list instead of beside it (inbox.css has the same query). */
const NARROW_INBOX = '(max-width: 1199px)';

export function InboxPage() {
  const { t, lang } = useI18n();
  const { filters, setFilters, view, settingsError } = usePersistentFilters();
  if (settingsError) return <ErrorPanel error={settingsError} />;
  if (!filters || !view) return <ListSkeleton />;
  return (
    <Inbox
      filters={filters}
      setFilters={setFilters as (u: (f: InboxFilters) => InboxFilters) => void}
      {...view}
      t={t}
      lang={lang}
    />
  );
}

// Memoized: saving the filters re-renders the page (the mutation's state changes), which must not re-render
// the inbox.
const Inbox = memo(function Inbox(props: {
  filters: InboxFilters;
  setFilters: (u: (f: InboxFilters) => InboxFilters) => void;
  timeZone: string;
  slaHours: number;
  /** The active profile: whose mirror the inbox shows. */
  profileId: string;
  t: ReturnType<typeof useI18n>['t'];
  lang: 'ko' | 'en';
}) {
  const { filters: f, setFilters, timeZone, slaHours, t, lang } = props;
  const patch = useCallback(
    (p: Partial<InboxFilters>) => setFilters((old) => ({ ...old, ...p })),
    [setFilters],
  );
  // Stable, so the memoized parts around the list stay untouched by a keystroke that only changes the rows.
  const showPastSla = useCallback(() => patch({ waiting: 'sla' }), [patch]);
  // A scope's notes the mirror holds (every one, as far back as it has them); otherwise the last 90 days.
  const widenPeriod = useCallback(
    (to: Wider) => patch(to.whole ? { preset: 'custom', start: to.start, end: to.end } : { preset: '90d' }),
    [patch],
  );
  const now = useNow(30_000);
  const time = useTimeFormat(timeZone, now);
  const today = marketDayOf(now);
  const showAllWaiting = useCallback(
    (oldestAt: number) => patch(allWaitingFilters(oldestAt, today)),
    [patch, today],
  );
  const oldestWaited = useCallback((at: number) => time.duration(now - at), [time, now]);
  const range = useMemo(() => resolveRange(f, today), [f.preset, f.start, f.end, today]); // eslint-disable-line react-hooks/exhaustive-deps
  const { start, end } = range;
  const mirror = useMirrorStatus(props.profileId);
  const period = usePeriodNotes(props.profileId, start, end);
  const data = {
    notes: period.data?.notes ?? NO_NOTES,
    local: period.data?.local ?? NO_MARKS,
    asOf: mirror.data?.asOf,
    lastSync: mirror.data?.lastSync,
  };
  const sync = useNotesSync();
  const connection = useConnectionInfo();
  const sellerIds = useMemo(
    () => connection.data?.sellerIds ?? mirror.data?.sellerIds ?? [],
    [connection.data, mirror.data],
  );
  const syncReq = useMemo(
    () => ({ start, end, mode: 'refresh' as const, ...(f.sellerId ? { sellerIds: [f.sellerId] } : {}) }),
    [start, end, f.sellerId],
  );
  const startSync = sync.start;
  // Opening the inbox or changing what it covers fetches what the cache lacks (plus the overlap).
  useEffect(() => {
    const id = setTimeout(() => void startSync(syncReq), 300);
    return () => clearTimeout(id);
  }, [syncReq, startSync]);
  const refresh = useCallback(() => void startSync(syncReq), [startSync, syncReq]);

  const outside = useWaitingOutside(props.profileId, range, period.data?.revision, now, slaHours);
  const { columns, rows, around } = useInboxView({
    notes: data.notes,
    local: data.local,
    filters: f,
    range,
    now,
    slaHours,
  });
  // Every filter back to its default but the period and the sort, which describe the view, not a narrowing.
  const clearNarrowing = useCallback(() => {
    const { preset: _preset, start: _start, end: _end, sort: _sort, ...narrowing } = defaultFilters();
    patch(narrowing);
  }, [patch]);
  const selection = useNoteSelection(data.notes, columns, rows, clearNarrowing);
  const { selected, openNote, open } = selection;

  const exporter = useNoteExport({ seqNos: () => seqNosOf(columns, rows), lang, timeZone, t });
  const marks = useNoteMarks(data.local);
  const copier = useCopyOrderNo(t, marks.setError);
  const { search: searchText, preset, start: customStart, end: customEnd } = f;
  const topFilters = useMemo(
    () => ({ search: searchText, preset, start: customStart, end: customEnd }),
    [searchText, preset, customStart, customEnd],
  );

  const clearFilters = () => {
    clearNarrowing();
    selection.clearSelection();
  };

  // "All notes of this buyer / item / order": that one scope, every status and type, no search; the period stays
  // (the hint under the filters offers to widen it when the store holds more).
  const onScope = useCallback(
    (scope: NoteScope) =>
      patch({ itemNo: '', orderNo: '', buyerId: '', search: '', status: 'All', types: [], ...scope }),
    [patch],
  );

  const searchRef = useRef<HTMLInputElement>(null);
  useInboxKeys({
    searchRef,
    searchText: f.search,
    clearSearch: () => patch({ search: '' }),
    clearFilters,
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
    refresh,
    toggleHandled: () => {
      const n = selection.current();
      if (n) void marks.toggleHandled(n, selected);
    },
    copyOrderNo: () => {
      const n = selection.current();
      if (n) copier.copy(n);
    },
    exportCsv: () => exporter.start('csv'),
  });

  const onSort = (key: SortKey) =>
    patch({ sort: { key, dir: f.sort.key === key && f.sort.dir === 'asc' ? 'desc' : 'asc' } });

  // ---- states ----
  const outcome = syncOutcome(sync, data.lastSync);
  const loading = period.isLoading || (data.notes.length === 0 && sync.running);
  const mirrorEmpty = (mirror.data?.notes ?? 0) === 0;

  return (
    <InboxLayout
      toolbar={
        <PageToolbar>
          <TopFilters
            filters={topFilters}
            range={range}
            patch={patch}
            searchRef={searchRef}
            onRefresh={refresh}
            onExport={exporter.start}
            busy={sync.running}
            exporting={exporter.running !== undefined}
          />
        </PageToolbar>
      }
      banners={
        <InboxBanners
          mirror={mirror.data}
          sync={sync}
          outcome={outcome}
          asOf={data.asOf}
          time={time}
          onRefresh={refresh}
          readErrors={[
            ...(period.isError
              ? [{ key: 'period', error: period.error, retry: () => void period.refetch() }]
              : []),
            ...(mirror.isError
              ? [{ key: 'mirror', error: mirror.error, retry: () => void mirror.refetch() }]
              : []),
          ]}
          actionErrors={[
            ...(marks.error !== undefined ? [{ key: 'mark', error: marks.error }] : []),
            ...(exporter.error !== undefined ? [{ key: 'export', error: exporter.error }] : []),
          ]}
          exporting={{ running: exporter.running, message: exporter.message, path: exporter.path }}
          copied={copier.copied}
        />
      }
      filters={
        <>
          <FacetBar
            filters={f}
            patch={patch}
            statusCounts={around.statusCounts}
            typeCounts={around.typeCounts}
            sellerIds={sellerIds}
            slaHours={slaHours}
            onClear={clearFilters}
            narrowed={hasNarrowing(f)}
          />
          <SummaryStrip
            summary={around.summary}
            time={time}
            now={now}
            onOpen={open}
            onPastSla={showPastSla}
            partial={outcome.partial !== undefined}
          />
        </>
      }
      meta={
        <ListMeta
          count={rows.length}
          selected={selected.size}
          onMarkHandled={() => void marks.markHandled(selected)}
          asOf={data.asOf ? time.clock(data.asOf) : undefined}
          partial={outcome.partial !== undefined}
        />
      }
      hint={
        <>
          {!hasLookups(f) && (
            <WaitingOutsideHint outside={outside} oldestWaited={oldestWaited} onShow={showAllWaiting} />
          )}
          <OutsidePeriodHint
            search={f.search}
            itemNo={f.itemNo}
            orderNo={f.orderNo}
            buyerId={f.buyerId}
            sellerId={f.sellerId}
            range={range}
            empty={rows.length === 0}
            onWiden={widenPeriod}
          />
        </>
      }
      list={
        loading ? (
          <ListSkeleton />
        ) : rows.length === 0 ? (
          <EmptyList failing={outcome.failing} mirrorEmpty={mirrorEmpty} narrowed={hasNarrowing(f)} />
        ) : (
          <NoteList
            notes={data.notes}
            rows={rows}
            cursorIndex={selection.cursorIndex}
            cursor={selection.cursor}
            openSeq={selection.openSeq}
            selected={selected}
            local={data.local}
            sort={f.sort}
            onSort={onSort}
            onRowClick={selection.onRowClick}
            now={now}
            slaHours={slaHours}
            time={time}
            search={f.search}
          />
        )
      }
      detail={
        <NoteDetail
          note={openNote}
          mark={openNote ? data.local[String(openNote.seqNo)] : undefined}
          time={time}
          now={now}
          slaHours={slaHours}
          onScope={onScope}
          onClose={selection.closeNote}
        />
      }
    />
  );
});
