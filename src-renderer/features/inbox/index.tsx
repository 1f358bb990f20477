// The buyer-notes inbox: the chosen period's notes from the main process's mirror, filtered here; a virtualized
// list, the note beside it. Questions about the rest of the mirror go to the store (see OutsidePeriodHint).
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import type {
  InboxNote,
  NoteLocalMark,
  NotesProgressEvent,
  NotesSyncSummary,
} from '../../../src-main/contract';
import { call, DeskCallError } from '../../api/desk';
import { useConnectionInfo } from '../../api/queries';
import { useSettings, useUpdateSettings } from '../../api/settings';
import { PageToolbar, useNavCount, useNavIntent, useShellSlots } from '../../app/shell-slots';
import { isTyping } from '../../app/shortcuts';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { FacetBar, TopFilters } from './FilterBar';
import {
  defaultFilters,
  filtersToJson,
  hasNarrowing,
  parseFilters,
  rememberLookups,
  resolveRange,
  waitingOverHours,
  withSessionLookups,
} from './model/filters';
import type { InboxFilters, SortKey } from './model/filters';
import { NoteDetail } from './NoteDetail';
import type { NoteScope } from './NoteDetail';
import { NoteList } from './NoteList';
import { buildColumns, facetCache, narrowView, rowOfSeq, seqNosOf, waitingIn } from './model/note-columns';
import { buildSearchIndex, searchHits, sortOrder } from './model/note-view';
import { SummaryStrip } from './SummaryStrip';
import { useTimeFormat } from './time-format';
import { SyncFailures } from './SyncFailures';
import { ExportStatus } from './ExportStatus';
import { groupFailures } from '../../../src-shared/sync-failures';
import { useAfterPaint } from '../../app/use-after-paint';
import { marketDayOf } from '../../../src-shared/market-day';
import {
  setLocalMark,
  useArrivalNotifications,
  useAutoRefresh,
  useMirrorStatus,
  useNotesSync,
  useNow,
  usePeriodNotes,
} from './use-notes';
import { MirrorBanners, OutsidePeriodHint } from './MirrorBanners';
import './inbox.css';

const OFFLINE_CODES = new Set(['NETWORK', 'TIMEOUT']);
const NO_NOTES: InboxNote[] = [];
const NO_MARKS: Record<string, NoteLocalMark> = {};

/**
 * Filter state, loaded once from settings and written back (debounced): the ways of working survive restarts,
 * the one-off lookups only moving between pages (model/filters.ts).
 */
function usePersistentFilters() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const [filters, setFilters] = useState<InboxFilters | undefined>();
  const stored = settings.data?.settings.inbox.filters;
  useEffect(() => {
    if (filters === undefined && settings.data) setFilters(withSessionLookups(parseFilters(stored)));
  }, [filters, settings.data, stored]);
  const mutate = update.mutate;
  useEffect(() => {
    if (!filters) return;
    rememberLookups(filters);
    const id = setTimeout(() => mutate({ inbox: { filters: filtersToJson(filters) } }), 400);
    return () => clearTimeout(id);
  }, [filters, mutate]);
  return { filters, setFilters, settings: settings.data?.settings, settingsError: settings.error };
}

export function InboxPage() {
  const { t, lang } = useI18n();
  const { filters, setFilters, settings, settingsError } = usePersistentFilters();
  if (settingsError) return <ErrorPanel error={settingsError} />;
  if (!filters || !settings) return <ListSkeleton />;
  return (
    <Inbox
      filters={filters}
      setFilters={setFilters as (u: (f: InboxFilters) => InboxFilters) => void}
      timeZone={settings.timeZone}
      slaHours={settings.replySlaHours}
      autoRefreshMinutes={settings.autoRefreshMinutes}
      profileId={settings.activeProfileId}
      t={t}
      lang={lang}
    />
  );
}

// Memoized: saving the filters to settings re-renders the page (the settings query and the mutation's
// state change), which must not re-render the inbox.
const Inbox = memo(function Inbox(props: {
  filters: InboxFilters;
  setFilters: (u: (f: InboxFilters) => InboxFilters) => void;
  timeZone: string;
  slaHours: number;
  autoRefreshMinutes: number;
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
  const now = useNow(30_000);
  const time = useTimeFormat(timeZone, now);
  const { setLastSync } = useShellSlots();
  const today = marketDayOf(now);
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
  const qc = useQueryClient();
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
  useAutoRefresh(props.autoRefreshMinutes, refresh);

  useEffect(() => {
    setLastSync(data.asOf ? new Date(data.asOf) : undefined);
  }, [data.asOf, setLastSync]);

  // Per data revision: the columns every filter pass runs over, the search index and the display order.
  // The marks are in the columns: a handled note leaves the waiting count, the SLA count and the badge.
  const columns = useMemo(() => buildColumns(data.notes, data.local), [data.notes, data.local]);
  const index = useMemo(() => buildSearchIndex(data.notes), [data.notes]);
  // Build the search forms while the seller is not doing anything, so the first search is instant.
  useEffect(() => {
    if (index.notes.length === 0) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => index.text.warm(), { timeout: 5000 });
    return () => cancel(id);
  }, [index]);
  // Sorted once per data or sort change; filtering keeps that order.
  const order = useMemo(() => sortOrder(data.notes, f.sort, data.local), [data.notes, f.sort, data.local]);
  // The search runs in the keystroke's own render, not deferred: over the prebuilt forms a query costs
  // about ten milliseconds, so the list answers what the box says in the same frame as the box.
  const hits = useMemo(() => searchHits(index, f.search), [index, f.search]);
  // The notes the period, item, order, seller and search leave, with per-code tallies; then the chips pick
  // the rows on screen and every count from those (a chip keystroke never goes over all the notes).
  const { status, types, itemNo, orderNo, buyerId, sellerId } = f;
  const waitedHours = waitingOverHours(f.waiting, slaHours);
  const narrow = useMemo(
    () =>
      narrowView(columns, order, {
        range,
        itemNo,
        orderNo,
        buyerId,
        sellerId,
        hits,
        nowMs: now,
        slaHours,
        ...(waitedHours === undefined ? {} : { waitingOverHours: waitedHours }),
      }),
    [columns, order, range, itemNo, orderNo, buyerId, sellerId, hits, now, slaHours, waitedHours],
  );
  const facets = useMemo(() => facetCache(narrow), [narrow]);
  const view = useMemo(() => facets({ status, types }), [facets, status, types]);
  const { rows } = view;
  // The list answers a chip in the keystroke's own frame; the counts and the summary around it follow in the
  // next one, so that frame lays out and paints only the rows the seller is looking at.
  const around = useAfterPaint(view);
  const noteAt = (k: number) => data.notes[rows[k]!];

  // The sidebar counts what waits for an answer in the period, whatever else is filtered.
  const badge = useMemo(() => {
    const { waiting, late } = waitingIn(columns, range, now, slaHours);
    return { value: waiting, tone: late > 0 ? ('alert' as const) : ('neutral' as const) };
  }, [columns, range, now, slaHours]);
  useNavCount('inbox', badge);

  // ---- selection, cursor, the open note ----
  const [cursor, setCursor] = useState<number | undefined>();
  const [openSeq, setOpenSeq] = useState<number | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | undefined>(undefined);
  const openNote = useMemo(
    () => (openSeq === undefined ? undefined : data.notes.find((n) => n.seqNo === openSeq)),
    [openSeq, data.notes],
  );

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

  const move = (delta: number) => {
    if (rows.length === 0) return;
    const at = cursorIndex;
    const nextIndex =
      at < 0 ? (delta > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + delta));
    const n = noteAt(nextIndex)!;
    anchor.current = nextIndex;
    setCursor(n.seqNo);
    setSelected(new Set([n.seqNo]));
  };

  // Arriving from a notification or another page with { seqNo }: open that note.
  const intent = useNavIntent('inbox');
  const handledIntent = useRef<number | undefined>(undefined);
  useEffect(() => {
    const seq = intent?.data['seqNo'];
    if (!intent || handledIntent.current === intent.id || typeof seq !== 'number') return;
    const n = data.notes.find((x) => x.seqNo === seq);
    if (!n) return;
    handledIntent.current = intent.id;
    open(n);
  }, [intent, data.notes, open]);
  const { navigate } = useShellSlots();
  useArrivalNotifications(
    (count) => t('inbox.notify.title', { count }),
    (seqNo) => navigate('inbox', { seqNo }),
  );

  // ---- export ----
  const [exportMsg, setExportMsg] = useState<string | undefined>();
  const [exportError, setExportError] = useState<unknown>();
  // Set synchronously: a second click (or `e`) while an export runs starts nothing, so it never writes twice.
  const exporting = useRef(false);
  const [exportRows, setExportRows] = useState<number | undefined>();
  const [exportPath, setExportPath] = useState<string | undefined>();
  const doExport = async (format: 'csv' | 'xlsx') => {
    if (exporting.current) return;
    exporting.current = true;
    const seqNos = seqNosOf(columns, rows);
    setExportRows(seqNos.length);
    setExportMsg(undefined);
    setExportPath(undefined);
    setExportError(undefined);
    try {
      const r = await call('notes.export', { format, seqNos, lang, timeZone });
      setExportPath(r.path);
      setExportMsg(
        r.path ? t('inbox.export.done', { count: r.rows, path: r.path }) : t('inbox.export.dismissed'),
      );
    } catch (err) {
      setExportError(err);
    } finally {
      exporting.current = false;
      setExportRows(undefined);
    }
  };

  const exportRef = useRef(doExport);
  useEffect(() => {
    exportRef.current = doExport;
  });
  const onExport = useCallback((format: 'csv' | 'xlsx') => void exportRef.current(format), []);
  const { search: searchText, preset, start: customStart, end: customEnd } = f;
  const topFilters = useMemo(
    () => ({ search: searchText, preset, start: customStart, end: customEnd }),
    [searchText, preset, customStart, customEnd],
  );

  const clearFilters = () => {
    const d = defaultFilters();
    patch({
      status: d.status,
      types: d.types,
      itemNo: '',
      orderNo: '',
      buyerId: '',
      sellerId: '',
      search: '',
      waiting: '',
    });
    setSelected(new Set());
  };

  // "All notes of this buyer / item / order": that one scope, every status and type, no search; the period stays
  // (the hint under the filters offers to widen it when the store holds more).
  const onScope = useCallback(
    (scope: NoteScope) =>
      patch({ itemNo: '', orderNo: '', buyerId: '', search: '', status: 'All', types: [], ...scope }),
    [patch],
  );

  const [markError, setMarkError] = useState<unknown>();
  const markSelectedHandled = async () => {
    setMarkError(undefined);
    try {
      for (const seqNo of selected) {
        setLocalMark(qc, seqNo, await call('notes.local.set', { seqNo, handled: true }));
      }
    } catch (err) {
      setMarkError(err);
    }
  };

  // ---- the keys' actions, on the note under the cursor (or the open one) ----
  const current = () => (cursorIndex >= 0 ? noteAt(cursorIndex) : openNote);
  const toggleHandled = async () => {
    const n = current();
    if (!n) return;
    const targets = selected.size > 1 ? [...selected] : [n.seqNo];
    const handled = data.local[String(n.seqNo)]?.handled !== true;
    setMarkError(undefined);
    try {
      for (const seqNo of targets) setLocalMark(qc, seqNo, await call('notes.local.set', { seqNo, handled }));
    } catch (err) {
      setMarkError(err);
    }
  };
  const [copied, setCopied] = useState<string | undefined>();
  useEffect(() => {
    if (copied === undefined) return;
    const id = setTimeout(() => setCopied(undefined), 2500);
    return () => clearTimeout(id);
  }, [copied]);
  const copyOrderNo = () => {
    const n = current();
    if (!n) return;
    if (!n.orderNo) {
      setCopied(t('inbox.copied.none'));
      return;
    }
    const text = t('inbox.copied.orderNo', { value: n.orderNo });
    void navigator.clipboard.writeText(n.orderNo).then(
      () => setCopied(text),
      (err: unknown) => setMarkError(err),
    );
  };

  // ---- keyboard ----
  const searchRef = useRef<HTMLInputElement>(null);
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  const inSearch = (e: KeyboardEvent) => e.target === searchRef.current;
  const onKeyDown = (e: KeyboardEvent) => {
    if (document.querySelector('dialog[open]')) return;
    if (e.key === 'Escape') {
      if (isTyping(e.target) && !inSearch(e)) return;
      e.preventDefault();
      // Leaving the box, so the list's keys work again.
      if (inSearch(e)) searchRef.current?.blur();
      // One-off first: Esc clears the search; the next Esc clears the rest.
      if (f.search !== '') patch({ search: '' });
      else clearFilters();
      return;
    }
    if (inSearch(e) && (e.key === 'Enter' || e.key === 'ArrowDown') && !e.isComposing) {
      // From the search to the results: the first row, and j/k from there.
      e.preventDefault();
      const first = rows.length > 0 ? noteAt(0) : undefined;
      if (first) {
        anchor.current = 0;
        setCursor(first.seqNo);
        setSelected(new Set([first.seqNo]));
      }
      document.querySelector<HTMLElement>('[data-testid="note-list"]')?.focus();
      return;
    }
    if (isTyping(e.target)) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      setSelected(new Set(seqNosOf(columns, rows)));
      return;
    }
    if (mod || e.altKey) return;
    switch (e.key) {
      case 'j':
      case 'ArrowDown':
        e.preventDefault();
        move(1);
        break;
      case 'k':
      case 'ArrowUp':
        e.preventDefault();
        move(-1);
        break;
      case 'Enter': {
        if (e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement) return;
        const n = cursorIndex >= 0 ? noteAt(cursorIndex) : undefined;
        if (n) {
          e.preventDefault();
          setOpenSeq(n.seqNo);
        }
        break;
      }
      case '/':
        e.preventDefault();
        searchRef.current?.focus();
        break;
      case 'r':
        e.preventDefault();
        refresh();
        break;
      case 'h':
        e.preventDefault();
        void toggleHandled();
        break;
      case 'm': {
        const n = current();
        if (!n) break;
        e.preventDefault();
        setOpenSeq(n.seqNo);
        // The pane renders the note first; then its memo takes the focus.
        requestAnimationFrame(() => document.getElementById('note-memo')?.focus());
        break;
      }
      case 'c':
        e.preventDefault();
        copyOrderNo();
        break;
      case 'e':
        e.preventDefault();
        void doExport('csv');
        break;
    }
  };
  useEffect(() => {
    keys.current = onKeyDown;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onSort = (key: SortKey) =>
    patch({ sort: { key, dir: f.sort.key === key && f.sort.dir === 'asc' ? 'desc' : 'asc' } });

  // ---- states ----
  const last = data.lastSync;
  const failed = sync.summary?.failedSlices ?? [];
  const offline =
    !sync.running &&
    ((last !== undefined && !last.ok && !last.cancelled && OFFLINE_CODES.has(last.errorCode ?? '')) ||
      (sync.error instanceof DeskCallError && OFFLINE_CODES.has(sync.error.code)));
  const showFailed = !sync.running && !offline && failed.length > 0;
  // Told while the sync runs, as each becomes certain; then the finished sync's, until the next one.
  const failureGroups = sync.running ? (sync.progress?.failures ?? []) : groupFailures(failed);
  // A failure explains an empty list: the empty state must not say there is nothing to fetch.
  const failing = failureGroups.length > 0 || sync.error !== undefined || offline;
  const loading = period.isLoading || (data.notes.length === 0 && sync.running);
  const mirrorEmpty = (mirror.data?.notes ?? 0) === 0;
  const kept = (s: NotesSyncSummary) => ({
    days: s.daysDone,
    total: s.days,
    notes: s.notesSaved,
  });
  const narrowed = hasNarrowing(f);

  return (
    <div className="inbox">
      <PageToolbar>
        <TopFilters
          filters={topFilters}
          range={range}
          patch={patch}
          searchRef={searchRef}
          onRefresh={refresh}
          onExport={onExport}
          busy={sync.running}
          exporting={exportRows !== undefined}
        />
      </PageToolbar>

      <MirrorBanners status={mirror.data} />
      {offline && (
        <div className="inbox-banner offline-banner" role="status" data-testid="offline-banner">
          <WifiOff size={14} aria-hidden />
          <span>
            {data.asOf ? t('inbox.offline', { time: time.absolute(data.asOf) }) : t('inbox.offline.never')}
          </span>
          <button type="button" className="btn btn-small" onClick={refresh}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {sync.running && (
        <div className="sync-bar" role="status" data-testid="sync-progress">
          <progress
            max={Math.max(1, sync.progress?.total ?? 1)}
            value={sync.progress?.done ?? 0}
            aria-label={syncText(sync.progress, t)}
          />
          <span className="num">{syncText(sync.progress, t)}</span>
          <button type="button" className="btn btn-small" onClick={sync.cancel}>
            {t('inbox.sync.cancel')}
          </button>
        </div>
      )}
      {!sync.running && sync.summary?.cancelled && (
        <div className="inbox-banner" role="status" data-testid="sync-cancelled">
          {t('inbox.sync.cancelled', kept(sync.summary))}
        </div>
      )}
      <SyncFailures groups={failureGroups} running={sync.running} time={time} />
      {showFailed && (
        <div className="inbox-banner failed-banner" role="status" data-testid="sync-failed">
          <span>{t('inbox.sync.failed', { ...kept(sync.summary!), count: failed.length })}</span>
          <button type="button" className="btn btn-small" onClick={refresh}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {sync.error !== undefined && <ErrorPanel compact error={sync.error} onRetry={refresh} />}
      {period.isError && <ErrorPanel error={period.error} onRetry={() => void period.refetch()} />}
      {mirror.isError && <ErrorPanel error={mirror.error} onRetry={() => void mirror.refetch()} />}
      {markError !== undefined && <ErrorPanel compact error={markError} />}
      {exportError !== undefined && <ErrorPanel compact error={exportError} />}
      <ExportStatus running={exportRows} message={exportMsg} path={exportPath} />
      {copied && (
        <div className="inbox-banner" role="status" data-testid="copied">
          {copied}
        </div>
      )}

      <FacetBar
        filters={f}
        patch={patch}
        statusCounts={around.statusCounts}
        typeCounts={around.typeCounts}
        sellerIds={sellerIds}
        slaHours={slaHours}
        onClear={clearFilters}
        narrowed={narrowed}
      />
      <SummaryStrip
        summary={around.summary}
        time={time}
        now={now}
        onOpen={open}
        onPastSla={() => patch({ waiting: 'sla' })}
      />

      <div className="list-meta">
        <span aria-label={t('inbox.count.label')} className="num" data-testid="note-count">
          {t('inbox.count', { count: rows.length })}
        </span>
        {selected.size > 1 && (
          <>
            <span className="num">· {t('inbox.selected', { count: selected.size })}</span>
            <button type="button" className="btn btn-small" onClick={() => void markSelectedHandled()}>
              {t('inbox.markHandled')}
            </button>
          </>
        )}
        <span className="spacer" />
        <span className="muted num" data-testid="as-of">
          {data.asOf ? t('inbox.asOf', { time: time.clock(data.asOf) }) : t('inbox.asOf.never')}
        </span>
      </div>

      <OutsidePeriodHint
        filters={f}
        range={range}
        shown={rows.length}
        onWiden={() => patch({ preset: '90d' })}
      />

      <div className="inbox-split">
        {loading ? (
          <ListSkeleton />
        ) : rows.length === 0 ? (
          <div className="inbox-empty" data-testid="inbox-empty">
            {failing && (mirrorEmpty || !narrowed) ? (
              <p data-testid="inbox-empty-failed">{t('inbox.empty.failed')}</p>
            ) : (
              <>
                <p>{mirrorEmpty ? t('inbox.empty.noData') : t('inbox.empty')}</p>
                {!mirrorEmpty && <p className="muted">{t('inbox.empty.hint')}</p>}
              </>
            )}
          </div>
        ) : (
          <NoteList
            notes={data.notes}
            rows={rows}
            cursorIndex={cursorIndex}
            cursor={cursor}
            openSeq={openSeq}
            selected={selected}
            local={data.local}
            sort={f.sort}
            onSort={onSort}
            onRowClick={onRowClick}
            now={now}
            slaHours={slaHours}
            time={time}
          />
        )}
        <NoteDetail
          note={openNote}
          mark={openNote ? data.local[String(openNote.seqNo)] : undefined}
          time={time}
          now={now}
          slaHours={slaHours}
          onScope={onScope}
          onClose={closeNote}
        />
      </div>
    </div>
  );
});

/** The bar's words: days fetched, then the reply-status check per seller. */
function syncText(p: NotesProgressEvent | undefined, t: ReturnType<typeof useI18n>['t']): string {
  if (p?.phase === 'statuses') return t('inbox.sync.statuses', { done: p.done, total: p.total });
  return t('inbox.sync.progress', {
    done: p?.done ?? 0,
    total: p?.total ?? '…',
    count: p?.notes ?? 0,
  });
}

function ListSkeleton() {
  return (
    <div className="note-skeleton" aria-busy="true" data-testid="inbox-loading">
      {Array.from({ length: 12 }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}
