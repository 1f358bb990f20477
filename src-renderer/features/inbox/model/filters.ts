// The inbox's filter state, as persisted in settings.inbox.filters. The stored object is read defensively:
// it survives app versions and hand edits, so anything unknown falls back to its default.
import type { JsonObject, NoteQueryType } from '../../../../src-main/contract';
import {
  MAX_SYNC_DAYS,
  addDays,
  clampPeriod,
  dayEndMs,
  dayStartMs,
  isSaneMarketDay,
  marketDayOf,
} from '../../../../src-shared/market-day';
import { INQUIRY_TYPES, REPLY_STATUSES } from '../../../../src-shared/note-fields';
import { SORT_KEYS } from './list-columns';

export const RANGE_PRESETS = ['today', '3d', '7d', '30d', '90d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** The status chips: waiting, handled (waiting but dealt with for now), answered. */
const [WAITING, ...ANSWERED] = REPLY_STATUSES;
export const STATUSES = ['All', WAITING, 'Handled', ...ANSWERED] as const;
export type StatusFilter = (typeof STATUSES)[number];
/** The list's sortable columns (list-columns.ts). */
export type SortKey = (typeof SORT_KEYS)[number];
/** Team mode's views of the list: the notes assigned to me, to nobody, or everyone's. */
export const TEAM_VIEWS = ['mine', 'unassigned', 'everyone'] as const;
export type TeamView = (typeof TEAM_VIEWS)[number];
/** Notes still waiting longer than the reply SLA, or than 48 hours; '' for no such filter. */
export const WAITING_FILTERS = ['', 'sla', '48h'] as const;
export type WaitingFilter = (typeof WAITING_FILTERS)[number];

/** The hours a waiting filter means, or undefined for none. */
export function waitingOverHours(w: WaitingFilter, slaHours: number): number | undefined {
  return w === 'sla' ? slaHours : w === '48h' ? 48 : undefined;
}

export interface InboxFilters {
  preset: RangePreset;
  /** Only for 'custom': marketplace days, inclusive. */
  start: string;
  end: string;
  status: StatusFilter;
  /** Empty means every type. */
  types: NoteQueryType[];
  /** Exact-field scopes set by the note pane's "all notes of this item / order / buyer"; '' means none. */
  itemNo: string;
  orderNo: string;
  buyerId: string;
  /** '' means every seller of the connection. */
  sellerId: string;
  search: string;
  waiting: WaitingFilter;
  sort: { key: SortKey; dir: 'asc' | 'desc' };
  /** Team mode: whose notes the list shows (a way of working: Esc leaves it), and the sidebar counting mine only. */
  teamView: TeamView;
  teamBadgeMine: boolean;
}

/** NoReply first, oldest first: what needs an answer soonest is on top. */
const DEFAULT_SORT: InboxFilters['sort'] = { key: 'status', dir: 'asc' };

export function defaultFilters(): InboxFilters {
  return {
    preset: '7d',
    start: '',
    end: '',
    status: 'All',
    types: [],
    itemNo: '',
    orderNo: '',
    buyerId: '',
    sellerId: '',
    search: '',
    waiting: '',
    sort: { ...DEFAULT_SORT },
    teamView: 'everyone',
    teamBadgeMine: false,
  };
}

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : fallback;
const text = (v: unknown, max = 200): string => (typeof v === 'string' ? v.slice(0, max) : '');

export function parseFilters(raw: JsonObject | undefined): InboxFilters {
  const d = defaultFilters();
  if (!raw) return d;
  const sort =
    raw['sort'] && typeof raw['sort'] === 'object' && !Array.isArray(raw['sort']) ? raw['sort'] : {};
  const f: InboxFilters = {
    preset: oneOf(RANGE_PRESETS, raw['preset'], d.preset),
    start: isSaneMarketDay(text(raw['start'])) ? text(raw['start']) : '',
    end: isSaneMarketDay(text(raw['end'])) ? text(raw['end']) : '',
    status: oneOf(STATUSES, raw['status'], d.status),
    types: Array.isArray(raw['types'])
      ? INQUIRY_TYPES.filter((t) => (raw['types'] as unknown[]).includes(t))
      : [],
    // One-off lookups are never restored, even from a file an older version wrote with them in it.
    ...ONE_OFF_DEFAULTS,
    sellerId: text(raw['sellerId'], 100),
    waiting: oneOf(WAITING_FILTERS, raw['waiting'], d.waiting),
    sort: {
      key: oneOf(SORT_KEYS, (sort as JsonObject)['key'], DEFAULT_SORT.key),
      dir: (sort as JsonObject)['dir'] === 'desc' ? 'desc' : 'asc',
    },
    teamView: oneOf(TEAM_VIEWS, raw['teamView'], d.teamView),
    teamBadgeMine: raw['teamBadgeMine'] === true,
  };
  if (f.preset === 'custom' && (!f.start || !f.end)) f.preset = d.preset;
  return f;
}

/**
 * The filters that describe a way of working (period, status, type, seller, waiting time, sort) persist across
 * restarts; one-off lookups (the search, the item / order / buyer scopes) do not: an order number typed
 * yesterday must not reopen the inbox on "1건" today. Within a session they survive moving between pages
 * (sessionLookups).
 */
const ONE_OFF_KEYS = ['search', 'itemNo', 'orderNo', 'buyerId'] as const;
type OneOff = Pick<InboxFilters, (typeof ONE_OFF_KEYS)[number]>;
const ONE_OFF_DEFAULTS: OneOff = { search: '', itemNo: '', orderNo: '', buyerId: '' };

export function filtersToJson(f: InboxFilters): JsonObject {
  const kept: Partial<InboxFilters> = { ...f, types: [...f.types], sort: { ...f.sort } };
  for (const k of ONE_OFF_KEYS) delete kept[k];
  return kept as JsonObject;
}

/** The one-off lookups of this session: kept in memory while the seller visits other pages, gone on restart. */
let sessionLookups: OneOff = { ...ONE_OFF_DEFAULTS };

export function rememberLookups(f: InboxFilters): void {
  sessionLookups = { search: f.search, itemNo: f.itemNo, orderNo: f.orderNo, buyerId: f.buyerId };
}

/** The stored filters with this session's one-off lookups. */
export function withSessionLookups(f: InboxFilters): InboxFilters {
  return { ...f, ...sessionLookups };
}

const PRESET_DAYS: Record<Exclude<RangePreset, 'custom'>, number> = {
  today: 1,
  '3d': 3,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

export interface ResolvedRange {
  start: string;
  end: string;
  startMs: number;
  endMs: number;
}

/** The marketplace days a filter covers; presets end `today` and count it as their first day. */
export function resolveRange(f: InboxFilters, today: string): ResolvedRange {
  let start: string;
  let end: string;
  if (f.preset === 'custom' && isSaneMarketDay(f.start) && isSaneMarketDay(f.end)) {
    // A custom period longer than one sync may cover keeps its end and loses its oldest days.
    ({ start, end } = clampPeriod(f.start, f.end, MAX_SYNC_DAYS));
  } else {
    end = today;
    start = addDays(end, -(PRESET_DAYS[f.preset === 'custom' ? '7d' : f.preset] - 1));
  }
  return { start, end, startMs: dayStartMs(start), endMs: dayEndMs(end) };
}

/** Whether any filter narrows the view beyond the period (Esc clears these). */
/** A search, or a note looked up by item, order, buyer or seller: the list is about those notes. */
export function hasLookups(f: InboxFilters): boolean {
  return !!f.itemNo || !!f.orderNo || !!f.buyerId || !!f.sellerId || !!f.search;
}

export function hasNarrowing(f: InboxFilters): boolean {
  return f.status !== 'All' || f.types.length > 0 || !!f.waiting || hasLookups(f);
}

/**
 * Every note waiting for an answer, the longest wait first: from the day the oldest came in to today (a period
 * longer than one sync keeps today and loses its oldest days, as any custom period does), no chip or waiting
 * time narrowing it.
 */
export function allWaitingFilters(oldestAt: number, today: string): Partial<InboxFilters> {
  const oldest = marketDayOf(oldestAt);
  return {
    preset: 'custom',
    start: oldest < today ? oldest : today,
    end: today,
    status: WAITING,
    types: [],
    waiting: '',
    // The waiting sort's ascending order is by received time: the longest wait first.
    sort: { key: 'waiting', dir: 'asc' },
  };
}
