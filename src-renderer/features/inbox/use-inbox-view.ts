// The inbox's view of the period's notes: the columns every filter pass runs over, the search index, the display
// order and the rows the filters leave, with the counts around them. Each step is memoized on what it reads,
// so a keystroke in the search box redoes only the search and what follows it.
import { useEffect, useMemo } from 'react';
import type { InboxNote, NoteLocalMark } from '../../../src-main/contract';
import { useAfterPaint } from '../../ui/use-after-paint';
import { waitingOverHours } from './model/filters';
import type { InboxFilters, ResolvedRange } from './model/filters';
import { buildColumns, facetCache, narrowView } from './model/note-columns';
import { buildSearchIndex, searchHits, sortOrder } from './model/note-view';
import { viewCounts, viewMask } from './model/team-view';
import type { TeamAssignees } from './model/team-view';

export function useInboxView(input: {
  notes: InboxNote[];
  local: Record<string, NoteLocalMark>;
  filters: InboxFilters;
  range: ResolvedRange;
  now: number;
  slaHours: number;
  /** Team mode: who has which note; the list keeps the filters' view (Mine / Unassigned / Everyone). */
  team?: TeamAssignees | undefined;
}) {
  const { notes, local, filters: f, range, now, slaHours, team } = input;
  // Per data revision: the columns every filter pass runs over, the search index and the display order.
  // The marks are in the columns: a handled note leaves the waiting count, the SLA count and the badge.
  const columns = useMemo(() => buildColumns(notes, local), [notes, local]);
  const index = useMemo(() => buildSearchIndex(notes), [notes]);
  // Build the search forms while the seller is not doing anything, so the first search is instant.
  useEffect(() => {
    if (index.notes.length === 0) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => index.text.warm(), { timeout: 5000 });
    return () => cancel(id);
  }, [index]);
  // Sorted once per data or sort change; filtering keeps that order.
  const order = useMemo(() => sortOrder(notes, f.sort, local), [notes, f.sort, local]);
  // The search runs in the keystroke's own render, not deferred: over the prebuilt forms a query costs
  // about ten milliseconds, so the list answers what the box says in the same frame as the box.
  const hits = useMemo(() => searchHits(index, f.search), [index, f.search]);
  // The notes the period, item, order, seller and search leave, with per-code tallies; then the chips pick
  // the rows on screen and every count from those (a chip keystroke never goes over all the notes).
  const { status, types, itemNo, orderNo, buyerId, sellerId } = f;
  const waitedHours = waitingOverHours(f.waiting, slaHours);
  const query = useMemo(
    () => ({
      range,
      itemNo,
      orderNo,
      buyerId,
      sellerId,
      nowMs: now,
      slaHours,
      ...(waitedHours === undefined ? {} : { waitingOverHours: waitedHours }),
    }),
    [range, itemNo, orderNo, buyerId, sellerId, now, slaHours, waitedHours],
  );
  // Team mode: the view narrows like the search (a mask over the notes); its counts are over every view.
  const teamView = team ? f.teamView : 'everyone';
  const kept = useMemo(
    () => (team ? viewMask(columns, teamView, team, hits) : hits),
    [columns, teamView, team, hits],
  );
  const narrow = useMemo(
    () => narrowView(columns, order, { ...query, hits: kept }),
    [columns, order, query, kept],
  );
  const everyone = useMemo(
    () => (kept === hits ? narrow : narrowView(columns, order, { ...query, hits })),
    [kept, hits, narrow, columns, order, query],
  );
  const teamCounts = useMemo(() => (team ? viewCounts(everyone, team) : undefined), [everyone, team]);
  const facets = useMemo(() => facetCache(narrow), [narrow]);
  const view = useMemo(() => facets({ status, types }), [facets, status, types]);
  // The list answers a chip in the keystroke's own frame; the counts and the summary around it follow in the
  // next one, so that frame lays out and paints only the rows the seller is looking at.
  const around = useAfterPaint(view);

  // The sidebar's count of what waits is the shell's, from the whole mirror (app/notes-watch.ts).
  return { columns, rows: view.rows, around, teamCounts };
}
