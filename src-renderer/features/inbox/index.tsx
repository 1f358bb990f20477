// The buyer-notes inbox: the chosen period's notes from the main process's mirror, filtered here; a virtualized
// list, the note beside it. Questions about the rest of the mirror go to the store (see OutsidePeriodHint).
// The page wires its parts: the view (use-inbox-view), the selection (use-selection), the keys (use-inbox-keys),
// the actions (use-note-actions), the banners (InboxBanners) and the frame (InboxLayout).
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsView } from '../../../src-main/contract';
import { settingsQuery } from '../../api/queries';
import { useUpdateSettings } from '../../api/settings';
import { PageToolbar } from '../../ui/shell-slots';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { FacetBar, TopFilters } from './FilterBar';
import { InboxBanners, syncOutcome } from './InboxBanners';
import { EmptyList, InboxLayout, ListMeta, ListSkeleton } from './InboxLayout';
import { InboxHints } from './MirrorBanners';
import {
  filtersToJson,
  hasNarrowing,
  parseFilters,
  rememberLookups,
  resolveRange,
  withSessionLookups,
} from './model/filters';
import type { InboxFilters, SortKey } from './model/filters';
import { seqNosOf } from './model/note-columns';
import { NoteDetail } from './NoteDetail';
import { NoteList } from './NoteList';
import { SummaryStrip } from './SummaryStrip';
import { useTimeFormat } from './time-format';
import { marketDayOf } from '../../../src-shared/market-day';
import {
  inboxErrors,
  useFilterActions,
  useInboxData,
  useInboxShortcuts,
  useTopFilters,
} from './use-inbox-wiring';
import { useInboxView } from './use-inbox-view';
import { useCopyOrderNo, useNoteExport, useNoteMarks } from './use-note-actions';
import { useNow } from './use-notes';
import { useScopeIntent } from './use-scope-intent';
import { useNoteSelection } from './use-selection';
import { TeamBar } from './TeamParts';
import { useShortWindow } from './use-short-window';
import { TeamProvider, useTeamInbox, useTeamWho } from './use-team';
import { useTeamQueue } from './use-team-notes';
import './inbox.css';

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

export function InboxPage() {
  const { t, lang } = useI18n();
  const { filters, setFilters, view, settingsError } = usePersistentFilters();
  useScopeIntent(filters !== undefined, setFilters as (u: (f: InboxFilters) => InboxFilters) => void);
  if (settingsError) return <ErrorPanel error={settingsError} />;
  if (!filters || !view) return <ListSkeleton />;
  return (
    <TeamProvider profileId={view.profileId}>
      <Inbox
        filters={filters}
        setFilters={setFilters as (u: (f: InboxFilters) => InboxFilters) => void}
        {...view}
        t={t}
        lang={lang}
      />
    </TeamProvider>
  );
}

interface InboxProps {
  filters: InboxFilters;
  setFilters: (u: (f: InboxFilters) => InboxFilters) => void;
  timeZone: string;
  slaHours: number;
  /** The active profile: whose mirror the inbox shows. */
  profileId: string;
  t: ReturnType<typeof useI18n>['t'];
  lang: 'ko' | 'en';
}

/** The period's notes from the mirror, with team mode's queue (snoozed and no-reply notes set aside). */
function useInboxQueue(props: InboxProps, range: ReturnType<typeof resolveRange>, now: number) {
  const options = { sellerId: props.filters.sellerId, now, slaHours: props.slaHours };
  const inbox = useInboxData(props.profileId, range, options);
  // Team mode: a snoozed note (until the clock passes its end) or one needing no reply is out of the queue.
  const team = useTeamQueue({ ...props, team: inbox.mirror.data?.team !== undefined, now }, inbox.data.local);
  return { ...inbox, team };
}

// Memoized: saving the filters re-renders the page (the mutation's state changes), which must not re-render
// the inbox.
const Inbox = memo(function Inbox(props: InboxProps) {
  const { filters: f, setFilters, timeZone, slaHours, t, lang } = props;
  const now = useNow(30_000);
  const time = useTimeFormat(timeZone, now);
  const today = marketDayOf(now);
  // Stable, so the memoized parts around the list stay untouched by a keystroke that only changes the rows.
  const actions = useFilterActions(setFilters, today);
  const { patch, showPastSla, widenPeriod, showAllWaiting, clearNarrowing, onScope } = actions;
  const oldestWaited = useCallback((at: number) => time.duration(now - at), [time, now]);
  const range = useMemo(() => resolveRange(f, today), [f.preset, f.start, f.end, today]); // eslint-disable-line react-hooks/exhaustive-deps
  const { mirror, period, data, sync, sellerIds, refresh, outside, team } = useInboxQueue(props, range, now);
  const { columns, rows, around, teamCounts } = useInboxView({
    notes: data.notes,
    local: team.local,
    filters: f,
    range,
    now,
    slaHours,
    team: useTeamWho(useTeamInbox()),
  });
  const selection = useNoteSelection(data.notes, columns, rows, clearNarrowing);
  const { selected, openNote, open } = selection;

  const exporter = useNoteExport({ seqNos: () => seqNosOf(columns, rows), lang, timeZone, t });
  const marks = useNoteMarks(data.local);
  const copier = useCopyOrderNo(t, marks.setError);
  const topFilters = useTopFilters(f);

  const clearFilters = () => (clearNarrowing(), selection.clearSelection());

  const searchRef = useRef<HTMLInputElement>(null);
  useInboxShortcuts({
    searchRef,
    search: f.search,
    patch,
    clearFilters,
    selection,
    marks,
    copier,
    exporter,
    refresh,
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
          {...inboxErrors(period, mirror, marks, exporter)}
          exporting={exporter.status}
          copied={copier.copied}
        />
      }
      filters={
        <Facets
          filters={f}
          patch={patch}
          around={around}
          teamCounts={teamCounts}
          sellerIds={sellerIds}
          slaHours={slaHours}
          onClear={clearFilters}
          time={time}
          now={now}
          onOpen={open}
          onPastSla={showPastSla}
          partial={outcome.partial !== undefined}
        />
      }
      meta={
        <ListMeta
          count={rows.length}
          selected={selected.size}
          onMarkHandled={() => void marks.markHandled(selected)}
          asOf={data.asOf ? time.clock(data.asOf) : undefined}
          partial={outcome.partial !== undefined}
          searchFill={data.searchFill}
        />
      }
      hint={
        <InboxHints
          filters={f}
          range={range}
          empty={rows.length === 0}
          outside={outside}
          oldestWaited={oldestWaited}
          onShowAllWaiting={showAllWaiting}
          onWiden={widenPeriod}
        />
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
            local={team.local}
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
          team={team.pane}
        />
      }
    />
  );
});

/** The facets over the list and the period's summary strip. */
function Facets(
  props: Pick<FacetProps, 'filters' | 'patch' | 'sellerIds' | 'slaHours' | 'onClear'> &
    Pick<SummaryProps, 'time' | 'now' | 'onOpen' | 'onPastSla' | 'partial'> & {
      around: ReturnType<typeof useInboxView>['around'];
      teamCounts: ReturnType<typeof useInboxView>['teamCounts'];
    },
) {
  const { filters: f, around, patch } = props;
  // A short window gives the list the height: the views join the facets' row.
  const short = useShortWindow();
  const views = (
    <TeamBar
      view={f.teamView}
      counts={props.teamCounts}
      badgeMine={f.teamBadgeMine}
      onView={(teamView) => patch({ teamView })}
      onBadgeMine={(teamBadgeMine) => patch({ teamBadgeMine })}
      inline={short}
    />
  );
  return (
    <>
      {!short && views}
      <FacetBar
        lead={short ? views : undefined}
        filters={f}
        patch={props.patch}
        statusCounts={around.statusCounts}
        typeCounts={around.typeCounts}
        sellerIds={props.sellerIds}
        slaHours={props.slaHours}
        onClear={props.onClear}
        narrowed={hasNarrowing(f)}
      />
      <SummaryStrip
        summary={around.summary}
        time={props.time}
        now={props.now}
        onOpen={props.onOpen}
        onPastSla={props.onPastSla}
        partial={props.partial}
      />
    </>
  );
}

type FacetProps = Parameters<typeof FacetBar>[0];
type SummaryProps = Parameters<typeof SummaryStrip>[0];
