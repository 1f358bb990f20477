// One formatter per concern, used everywhere: numbers grouped, won amounts as a Korean seller reads them,
// date-times in the seller's zone and language without IANA names or raw UTC.
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, timeZoneChoices, timeZoneLabel } from '../../../src-renderer/format/date-times';
import { formatWon } from '../../../src-renderer/format/money';
import {
  formatBytes,
  formatDecimalText,
  formatMilliseconds,
  formatNumber,
} from '../../../src-renderer/format/numbers';

describe('numbers', () => {
  it('are grouped in both languages', () => {
    expect(formatNumber(15297, 'ko')).toBe('15,297');
    expect(formatNumber(82241, 'en')).toBe('82,241');
    expect(formatMilliseconds(15297.4, 'ko')).toBe('15,297 ms');
    expect(formatBytes(512, 'ko')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024, 'ko')).toBe('3.0 MB');
  });

  it('keep every digit of a decimal sent as text', () => {
    expect(formatDecimalText('9007199254740993', 'ko')).toBe('9,007,199,254,740,993');
    expect(formatDecimalText('0.1000000000000000055511', 'en')).toBe('0.1000000000000000055511');
    expect(formatDecimalText('N/A', 'ko')).toBeUndefined();
  });
});

describe('won amounts', () => {
  it.each([
    ['15900', '15,900원', '₩15,900'],
    ['138100.00', '138,100원', '₩138,100'],
    ['138100.50', '138,100.5원', '₩138,100.5'],
    ['1,234,567', '1,234,567원', '₩1,234,567'],
    ['-500', '-500원', '-₩500'],
  ])('%s reads %s / %s', (raw, ko, en) => {
    expect(formatWon(raw, 'ko')).toEqual({ text: ko, numeric: true });
    expect(formatWon(raw, 'en')).toEqual({ text: en, numeric: true });
  });

  it('shows words as sent', () => {
    expect(formatWon('가격문의', 'ko')).toEqual({ text: '가격문의', numeric: false });
  });
});

describe('date-times', () => {
  // 2026-11-24 07:49:16.853 in Seoul; still the 23rd in UTC.
  const at = Date.parse('2026-11-23T22:49:16.853Z');

  it('are in the display zone, to the millisecond for logs, never "시 분 초.292" or raw UTC', () => {
    const ko = dateTimeFormat('ko', 'Asia/Seoul');
    expect(ko.preciseTime(at)).toBe('07:49:16.853');
    expect(ko.preciseDateTime(at)).toBe('2026. 11. 24. 07:49:16.853');
    expect(ko.dateTime(at)).toBe('2026. 11. 24. 오전 7:49:16');
    expect(ko.clock(at)).toBe('07:49');
    const en = dateTimeFormat('en', 'Asia/Seoul');
    expect(en.preciseDateTime(at)).toBe('11/24/2026, 07:49:16.853');
    expect(en.date(at)).toBe('Nov 24, 2026');
    for (const text of [ko.preciseTime(at), ko.preciseDateTime(at), en.dateTime(at)]) {
      expect(text).not.toMatch(/[시분초]\./);
      expect(text).not.toContain('T22:49');
      expect(text).not.toContain('Asia');
    }
  });

  it('say the clock time of a moment today, and the date with it on any other day, in the display zone', () => {
    // The pinned now: 2026-11-24 09:00 in Seoul (00:00 UTC).
    const now = Date.parse('2026-11-24T00:00:00Z');
    const ko = dateTimeFormat('ko', 'Asia/Seoul');
    const en = dateTimeFormat('en', 'Asia/Seoul');
    // 07:49 in Seoul: today there, though the 23rd in UTC.
    expect(ko.clockToday(at, now)).toBe('07:49');
    expect(en.clockToday(at, now)).toBe('07:49');
    // 23:59 the day before in Seoul.
    const yesterday = Date.parse('2026-11-23T14:59:00Z');
    expect(ko.clockToday(yesterday, now)).toBe('2026. 11. 23. 23:59');
    expect(en.clockToday(yesterday, now)).toBe('Nov 23, 2026, 23:59');
    // The same moments in UTC: 22:49 and 14:59 of the 23rd, the day before that zone's now (00:00 of the 24th).
    expect(dateTimeFormat('en', 'UTC').clockToday(at, now)).toBe('Nov 23, 2026, 22:49');
    expect(dateTimeFormat('en', 'UTC').clockToday(now + 60_000, now)).toBe('00:01');
  });

  it('name a zone in the UI language with its offset, never by its IANA id', () => {
    expect(timeZoneLabel('Asia/Seoul', 'ko', at)).toBe('(GMT+09:00) 한국 표준시');
    expect(timeZoneLabel('Asia/Seoul', 'en', at)).toBe('(GMT+09:00) Korean Standard Time');
    const choices = timeZoneChoices('Asia/Seoul', 'ko', at);
    expect(choices.some((c) => c.label.includes('/'))).toBe(false);
    expect(choices.find((c) => c.value === 'Asia/Seoul')?.label).toBe('(GMT+09:00) 한국 표준시');
    expect(new Set(choices.map((c) => c.label)).size).toBe(choices.length);
    const offsets = choices.map((c) => c.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('keep the stored zone selectable even when it shares its name with others', () => {
    const choices = timeZoneChoices('America/Detroit', 'ko', at);
    const eastern = choices.filter((c) => c.label === timeZoneLabel('America/New_York', 'ko', at));
    expect(eastern.map((c) => c.value)).toEqual(['America/Detroit']);
  });
});
