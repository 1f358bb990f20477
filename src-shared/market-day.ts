// Marketplace days: the API speaks Korean wall time (+09:00, no daylight saving), so a "day" of notes is a
// Korean calendar day whatever zone the seller displays. Main slices syncs by these days and the renderer
// draws its per-day chart and date presets with them, so both sides must agree to the millisecond.

const OFFSET_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 (Korean time) of the day holding `ms`: a cheap key for per-day buckets. */
export function marketDayNumber(ms: number): number {
  return Math.floor((ms + OFFSET_MS) / DAY_MS);
}

/** The day number of a 'YYYY-MM-DD' day. */
export function dayNumberOf(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** 'YYYY-MM-DD' of the Korean day holding `ms`. */
export function marketDayOf(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

export function isMarketDay(day: string): boolean {
  const m = DAY_RE.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === day;
}

/** Epoch ms of 00:00:00 Korean time on `day`. */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - OFFSET_MS;
}

/** Epoch ms of the last millisecond of `day`. */
export function dayEndMs(day: string): number {
  return dayStartMs(day) + DAY_MS - 1;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `start` to `end`, inclusive; empty when end is before start. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}
