// Marketplace days: the API speaks Korean wall time (+09:00, no daylight saving), so a "day" of notes is a
// Korean calendar day whatever zone the seller displays. Main slices syncs by these days and the renderer
// draws its per-day chart and date presets with them, so both sides must agree to the millisecond.
//
// Every day a seller or a request can name is bounded (FIRST_MARKET_DAY..LAST_MARKET_DAY) and every period
// is counted before it is walked: a date such as 9999-12-31 is refused, never looped towards.

/** Korean time, the marketplace's clock: UTC+09:00 all year (no daylight saving), in minutes. */
export const KOREA_OFFSET_MINUTES = 9 * 60;
const OFFSET_MS = KOREA_OFFSET_MINUTES * 60_000;
/** One day in milliseconds: a Korean day is always this long (no daylight saving). */
export const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The earliest day the app accepts anywhere: older than any marketplace order it can be asked about. */
export const FIRST_MARKET_DAY = '2000-01-01';
/** The latest day the app accepts anywhere: far enough for any clock, near enough that a typo is refused. */
export const LAST_MARKET_DAY = '2099-12-31';
/** The longest period a view or a request may cover: three years (of 366 days), a report's worth. */
export const MAX_PERIOD_DAYS = 3 * 366;
/**
 * The longest period one notes sync may cover: a year and a bit, enough for any report, so a typo in a year
 * cannot start a ten-year sync. The inbox holds its custom period to it, so what it shows it can also sync.
 */
export const MAX_SYNC_DAYS = 400;

/** Days since 1970-01-01 (Korean time) of the day holding `ms`: a cheap key for per-day buckets. */
export function marketDayNumber(ms: number): number {
  return Math.floor((ms + OFFSET_MS) / DAY_MS);
}

/** Epoch ms of 00:00:00 Korean time on the day numbered `n` (marketDayNumber's inverse). */
export function marketDayNumberStartMs(n: number): number {
  return n * DAY_MS - OFFSET_MS;
}

/** The day number of a 'YYYY-MM-DD' day (NaN for anything else). */
export function dayNumberOf(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** 'YYYY-MM-DD' of a day number. */
function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of the Korean day holding `ms`. */
export function marketDayOf(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD, of any year. */
export function isMarketDay(day: string): boolean {
  if (typeof day !== 'string') return false;
  const m = DAY_RE.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === day;
}

/** A real calendar day within FIRST_MARKET_DAY..LAST_MARKET_DAY: what any input is held to. */
export function isSaneMarketDay(day: string): boolean {
  return isMarketDay(day) && day >= FIRST_MARKET_DAY && day <= LAST_MARKET_DAY;
}

/**
 * How many days `start`..`end` covers, both included (0 when end is before start); undefined unless both are
 * sane market days. Counted, not walked, so it answers at once whatever it is given.
 */
export function periodDays(start: string, end: string): number | undefined {
  if (!isSaneMarketDay(start) || !isSaneMarketDay(end)) return undefined;
  return Math.max(0, dayNumberOf(end) - dayNumberOf(start) + 1);
}

/** Epoch ms of 00:00:00 Korean time on `day`. */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - OFFSET_MS;
}

/** Epoch ms of the last millisecond of `day`. */
export function dayEndMs(day: string): number {
  return dayStartMs(day) + DAY_MS - 1;
}

/** The day `n` days after `day`; throws a RangeError, never an invalid date, for a day that is not one. */
export function addDays(day: string, n: number): string {
  const number = dayNumberOf(day) + n;
  if (!Number.isFinite(number)) throw new RangeError(`"${String(day).slice(0, 20)}" is not a YYYY-MM-DD day`);
  return dayOfNumber(number);
}

/**
 * Every day from `start` to `end`, inclusive; empty when end is before start. Both must be sane market days and
 * the period at most `maxDays` long (MAX_PERIOD_DAYS by default), else a RangeError: callers validate first,
 * and this bound is what keeps a value that slipped through from becoming a runaway loop.
 */
export function daysBetween(start: string, end: string, maxDays: number = MAX_PERIOD_DAYS): string[] {
  const count = periodDays(start, end);
  if (count === undefined)
    throw new RangeError(
      `A period runs between days from ${FIRST_MARKET_DAY} to ${LAST_MARKET_DAY} written YYYY-MM-DD`,
    );
  if (count > maxDays) throw new RangeError(`A period covers at most ${maxDays} days, not ${count}`);
  const first = dayNumberOf(start);
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) out[i] = dayOfNumber(first + i);
  return out;
}

/**
 * The period shortened to at most `maxDays`, keeping its end, with the days in order: what a view shows when a
 * seller picks a longer custom period. Both days must be sane market days (RangeError otherwise).
 */
export function clampPeriod(
  start: string,
  end: string,
  maxDays: number = MAX_PERIOD_DAYS,
): { start: string; end: string } {
  if (!isSaneMarketDay(start) || !isSaneMarketDay(end))
    throw new RangeError(`A period runs between days from ${FIRST_MARKET_DAY} to ${LAST_MARKET_DAY}`);
  const [s, e] = start <= end ? [start, end] : [end, start];
  const earliest = addDays(e, -(maxDays - 1));
  return { start: s < earliest ? earliest : s, end: e };
}
