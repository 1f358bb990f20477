import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateTimeInstant,
  formatDateTime,
  isDateTime,
  marketDateTime,
  marketInstant,
  offsetText,
} from '../../../src-shared/date-time';
import { dayStartMs, KOREA_OFFSET_MINUTES } from '../../../src-shared/market-day';

// Instants from 2000 to 2099, whole seconds (a dateTime written by the app has no fraction).
const instants = fc.integer({ min: 946_684_800, max: 4_102_444_799 }).map((s) => s * 1000);

describe('the marketplace’s dateTime values', () => {
  it('writes an instant in Korean time and reads it back, in any offset', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -14 * 60, max: 14 * 60 }), (ms, offset) => {
        const text = formatDateTime(ms, offset);
        expect(isDateTime(text)).toBe(true);
        expect(dateTimeInstant(text)).toBe(ms);
        expect(marketInstant(text)).toBe(ms);
      }),
    );
    expect(formatDateTime(Date.UTC(2026, 10, 20, 0, 30, 15, 999))).toBe('2026-11-20T09:30:15+09:00');
  });

  it('writes offsets and Korean wall times the one way', () => {
    expect(offsetText(KOREA_OFFSET_MINUTES)).toBe('+09:00');
    expect(offsetText(-330)).toBe('-05:30');
    expect(offsetText(0)).toBe('+00:00');
    expect(marketDateTime('2026-11-20', '23:59:59')).toBe('2026-11-20T23:59:59+09:00');
  });

  it('reads a wall time without an offset, or a day alone, as Korean time', () => {
    expect(marketInstant('2026-11-20T09:00:00')).toBe(Date.UTC(2026, 10, 20, 0, 0));
    expect(marketInstant(' 2026-11-20T09:00:00Z ')).toBe(Date.UTC(2026, 10, 20, 9, 0));
    expect(marketInstant('2026-11-20')).toBe(dayStartMs('2026-11-20'));
    expect(marketInstant('2026-11-20')).toBe(Date.UTC(2026, 10, 19, 15, 0));
    for (const junk of ['', 'someday', '2026-02-30', '2026-11-20T09:00', '20261120T090000+0900'])
      expect(marketInstant(junk)).toBeUndefined();
  });
});
