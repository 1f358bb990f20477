// Small readings of the suggest service's values, kept as the server sent them wherever they cannot be typed.
import type { SearchNoticeDto } from '../../../../src-main/contract';
import { marketInstant } from '../../../../src-shared/date-time';

/** The wall time a dateTime text names ('2026-11-20T09:00:00+09:00' -> '2026.11.20'), or the raw text. */
export function dateText(raw: string | undefined): string {
  if (raw === undefined) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})T/.exec(raw);
  return m ? `${m[1]}.${m[2]}.${m[3]}` : raw;
}

/** The same, two-digit year ('26.11.20'), for dense columns; the raw text when it is not a dateTime. */
export function shortDateText(raw: string | undefined): string {
  const d = dateText(raw);
  return /^\d{4}\.\d{2}\.\d{2}$/.test(d) ? d.slice(2) : d;
}

/** Epoch ms of a dateTime (without an offset, Korean wall time: the marketplace's); undefined when absent. */
function instantOf(raw: string | undefined): number | undefined {
  return raw === undefined ? undefined : marketInstant(raw);
}

export type WindowState = 'active' | 'scheduled' | 'expired';

/** Where `now` falls in a StartDate..EndDate (or ApplyingDate..ClosingDate) window; open ends are unbounded. */
export function windowState(start: string | undefined, end: string | undefined, now: number): WindowState {
  const s = instantOf(start);
  const e = instantOf(end);
  if (s !== undefined && now < s) return 'scheduled';
  if (e !== undefined && now > e) return 'expired';
  return 'active';
}

export interface ScheduledNotice {
  notice: SearchNoticeDto;
  state: WindowState;
}

/**
 * Notices in the order the marketplace shows them: active ones by DisplayOrder (then SeqNo); scheduled and expired
 * ones after them, kept visible but greyed, because a seller checking a notice they were told about should find
 * it and see why buyers do not.
 */
export function orderNotices(notices: readonly (SearchNoticeDto | null)[], now: number): ScheduledNotice[] {
  const rank: Record<WindowState, number> = { active: 0, scheduled: 1, expired: 2 };
  return notices
    .filter((n): n is SearchNoticeDto => n !== null)
    .map((notice) => ({ notice, state: windowState(notice.StartDate, notice.EndDate, now) }))
    .sort(
      (a, b) =>
        rank[a.state] - rank[b.state] ||
        (a.notice.DisplayOrder ?? Number.MAX_SAFE_INTEGER) -
          (b.notice.DisplayOrder ?? Number.MAX_SAFE_INTEGER) ||
        (a.notice.SeqNo ?? 0) - (b.notice.SeqNo ?? 0),
    );
}

/** An image path the suggest service sent, made loadable: absolute http(s) as is, a path against its host. */
export function imageUrl(raw: string | undefined, serviceBase: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = serviceBase ? new URL(raw, serviceBase) : new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
