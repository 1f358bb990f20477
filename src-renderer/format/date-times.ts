// Date-times as a person reads them: in the seller's display zone (Settings → Time zone) and the UI's language,
// never as raw UTC ISO text and never with an IANA zone name ("Asia/Seoul") beside them.
import { LOCALE_OF } from '../i18n/lang';
import type { Lang } from '../i18n/lang';

export interface DateTimeFormat {
  /** "2026. 11. 24. 오전 7:49:16" / "Nov 24, 2026, 7:49:16 AM" */
  dateTime(ms: number): string;
  /** To the millisecond, for logs: "2026. 11. 24. 07:49:16.853" / "11/24/2026, 07:49:16.853" */
  preciseDateTime(ms: number): string;
  /** "07:49:16.853" */
  preciseTime(ms: number): string;
  /** "07:49" */
  clock(ms: number): string;
  /** "2026. 11. 24." / "Nov 24, 2026" */
  date(ms: number): string;
  /**
   * When something last happened: the clock time on the day of `nowMs` in the display zone ("10:42"), else the
   * date with it ("2026. 11. 23. 10:42" / "Nov 23, 2026, 10:42").
   */
  clockToday(ms: number, nowMs: number): string;
}

const cache = new Map<string, DateTimeFormat>();

/** `timeZone` undefined means the computer's own zone. */
export function dateTimeFormat(lang: Lang, timeZone: string | undefined): DateTimeFormat {
  const key = `${lang}|${timeZone ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const locale = LOCALE_OF[lang];
  const make = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...options });
  const full = make({ dateStyle: 'medium', timeStyle: 'medium' });
  const precise = make({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
  });
  const preciseTime = make({
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
  });
  const clock = make({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const date = make({ dateStyle: 'medium' });
  const dateClock = make({ dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  const day = make({ year: 'numeric', month: '2-digit', day: '2-digit' });
  const format: DateTimeFormat = {
    dateTime: (ms) => full.format(ms),
    preciseDateTime: (ms) => precise.format(ms),
    preciseTime: (ms) => preciseTime.format(ms),
    clock: (ms) => clock.format(ms),
    date: (ms) => date.format(ms),
    clockToday: (ms, nowMs) =>
      day.format(ms) === day.format(nowMs) ? clock.format(ms) : dateClock.format(ms),
  };
  cache.set(key, format);
  return format;
}

/** The zone's name in the UI's language with its current offset: "(GMT+09:00) 한국 표준시". */
export function timeZoneLabel(timeZone: string, lang: Lang, at: number = Date.now()): string {
  const part = (style: 'longGeneric' | 'longOffset') =>
    new Intl.DateTimeFormat(LOCALE_OF[lang], { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const offset = part('longOffset');
  const name = part('longGeneric');
  return name && name !== offset ? `(${offset === 'GMT' ? 'GMT+00:00' : offset}) ${name}` : `(${offset})`;
}

export interface TimeZoneChoice {
  value: string;
  label: string;
  /** Minutes east of UTC now, for ordering. */
  offsetMinutes: number;
}

function offsetMinutes(timeZone: string, at: number): number {
  const text =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(text);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
}

/**
 * The zones a seller can pick, named in the UI's language and ordered by offset. Zones that read the same
 * (same offset, same name: "(GMT+01:00) 중부유럽 시간" covers 33 cities) are offered once, since they keep the
 * same clock; the current choice always stands for its group, so the select shows what is stored.
 */
export function timeZoneChoices(current: string, lang: Lang, at: number = Date.now()): TimeZoneChoice[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = all.includes(current) ? all : [current, ...all];
  const byLabel = new Map<string, TimeZoneChoice>();
  for (const zone of zones) {
    const label = timeZoneLabel(zone, lang, at);
    const existing = byLabel.get(label);
    if (!existing || zone === current) {
      byLabel.set(label, { value: zone, label, offsetMinutes: offsetMinutes(zone, at) });
    }
  }
  return [...byLabel.values()].sort(
    (a, b) => a.offsetMinutes - b.offsetMinutes || a.label.localeCompare(b.label, LOCALE_OF[lang]),
  );
}
