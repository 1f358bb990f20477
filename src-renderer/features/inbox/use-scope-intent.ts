// "Show these notes": a navigation intent from another page (the insights page's figures) that sets the inbox's
// period, seller, item, types and status at once, and clears every other narrowing so the list is exactly the
// notes behind the figure.
import { useEffect } from 'react';
import { isSaneMarketDay, marketDayOf } from '../../../src-shared/market-day';
import { INQUIRY_TYPES } from '../../../src-shared/note-fields';
import { useNavIntent } from '../../ui/shell-slots';
import type { NavIntent } from '../../ui/shell-slots';
import { resolveRange } from './model/filters';
import type { InboxFilters } from './model/filters';

/** The filters an intent `{ scope: 'notes', start, end, sellerId?, itemNo?, types?, status? }` asks for. */
function filtersForScope(f: InboxFilters, data: NavIntent['data']): InboxFilters {
  const text = (k: string) => (typeof data[k] === 'string' ? (data[k] as string).slice(0, 200) : '');
  const start = text('start');
  const end = text('end');
  const period =
    isSaneMarketDay(start) && isSaneMarketDay(end) && start <= end
      ? { preset: 'custom' as const, start, end }
      : { preset: f.preset, start: f.start, end: f.end };
  const types = text('types').split(',');
  const status = text('status');
  return {
    ...f,
    ...period,
    sellerId: text('sellerId'),
    itemNo: text('itemNo'),
    orderNo: '',
    buyerId: '',
    search: '',
    waiting: '',
    types: INQUIRY_TYPES.filter((t) => types.includes(t)),
    status: status === 'NoReply' || status === 'ReplyComplete' ? status : 'All',
  };
}

/**
 * A link to one note (`{ scope: 'note', day, seqNo }`, app/note-links.tsx): the period stays when it holds the
 * note's day, else it becomes that day (use-selection.ts then opens the note, clearing what hides it).
 */
function filtersForNote(f: InboxFilters, data: NavIntent['data']): InboxFilters {
  const day = typeof data['day'] === 'string' ? data['day'] : '';
  if (!isSaneMarketDay(day)) return f;
  const { start, end } = resolveRange(f, marketDayOf(Date.now()));
  return day >= start && day <= end ? f : { ...f, preset: 'custom', start: day, end: day };
}

// Module-wide: an intent is applied once, not again when the seller comes back to the inbox later.
let applied = 0;

export function useScopeIntent(
  loaded: boolean,
  setFilters: (update: (f: InboxFilters) => InboxFilters) => void,
): void {
  const intent = useNavIntent('inbox');
  useEffect(() => {
    const scope = intent?.data['scope'];
    if (!loaded || !intent || (scope !== 'notes' && scope !== 'note') || applied === intent.id) return;
    applied = intent.id;
    setFilters((f) => (scope === 'note' ? filtersForNote(f, intent.data) : filtersForScope(f, intent.data)));
  }, [loaded, intent, setFilters]);
}
