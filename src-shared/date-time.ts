// The marketplace's xsd:dateTime values, read and written in one place for main, the sandbox and the renderer
// alike. On the wire a dateTime is kept as the text sent (the server's wall time and offset); these turn it into
// an instant and back. The marketplace's clock is Korean time, +09:00 all year (market-day.ts), so a wall time
// sent without an offset means Korean time, never the local time of whatever machine reads it.
import { dayStartMs, isMarketDay, KOREA_OFFSET_MINUTES } from './market-day';

const DATETIME_RE = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** A well-formed xsd:dateTime: fields in range, an offset of at most ±14:59 when it has one. */
export function isDateTime(text: string): boolean {
  const m = DATETIME_RE.exec(text);
  if (!m) return false;
  const [, , mo, d, h, mi, s, , tz] = m;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return false;
  if (Number(h) > 24 || Number(mi) > 59 || Number(s) > 59) return false;
  if (tz && tz !== 'Z' && (Number(tz.slice(1, 3)) > 14 || Number(tz.slice(4, 6)) > 59)) return false;
  return true;
}

/**
 * The instant a dateTime names, in epoch milliseconds, when it carries an offset.
 * Without an offset the text is a wall time in an unknown zone: pass `assumeOffsetMinutes`
 * (KOREA_OFFSET_MINUTES for the marketplace) to interpret it, otherwise undefined — never a silent local-time guess.
 */
export function dateTimeInstant(text: string, assumeOffsetMinutes?: number): number | undefined {
  const m = DATETIME_RE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  let offset: number;
  if (tz === 'Z') offset = 0;
  else if (tz) offset = (tz[0] === '-' ? -1 : 1) * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(4, 6)));
  else if (assumeOffsetMinutes !== undefined) offset = assumeOffsetMinutes;
  else return undefined;
  const ms = frac ? Math.round(Number(`0${frac}`) * 1000) : 0;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  return utc - offset * 60_000;
}

/**
 * The instant of a marketplace date or date and time: a dateTime without an offset is Korean wall time, a day
 * alone (YYYY-MM-DD) its first instant in Korea; surrounding spaces are ignored. Undefined for anything else.
 */
export function marketInstant(text: string): number | undefined {
  const t = text.trim();
  return isMarketDay(t) ? dayStartMs(t) : dateTimeInstant(t, KOREA_OFFSET_MINUTES);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An offset as a dateTime writes it: 540 -> '+09:00', -300 -> '-05:00'. */
export function offsetText(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const KOREA_OFFSET_TEXT = offsetText(KOREA_OFFSET_MINUTES);

/** A Korean wall time as the marketplace writes it: ('2026-11-20', '09:30:00') -> '2026-11-20T09:30:00+09:00'. */
export function marketDateTime(day: string, time: string): string {
  return `${day}T${time}${KOREA_OFFSET_TEXT}`;
}

/** Formats an instant as an xsd:dateTime in a fixed offset (default +09:00, Korea); the milliseconds dropped. */
export function formatDateTime(epochMs: number, offsetMinutes = KOREA_OFFSET_MINUTES): string {
  const local = new Date(epochMs + offsetMinutes * 60_000);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    offsetText(offsetMinutes)
  );
}
