import { describe, expect, it } from 'vitest';
import { noteDateRange } from '../../../src-main/cli/date-range';
import { UsageError } from '../../../src-main/cli/cli-error';

const NOW = Date.parse('2026-11-20T09:00:00+09:00');

describe('noteDateRange', () => {
  it('takes dates as whole days in Korea', () => {
    expect(noteDateRange('2026-11-01', '2026-11-02', NOW)).toEqual({
      start: '2026-11-01T00:00:00+09:00',
      end: '2026-11-02T23:59:59+09:00',
    });
  });

  it('passes full dateTimes through as typed', () => {
    expect(noteDateRange('2026-11-01T01:00:00Z', '2026-11-01T12:30:00+09:00', NOW)).toEqual({
      start: '2026-11-01T01:00:00Z',
      end: '2026-11-01T12:30:00+09:00',
    });
  });

  it('defaults to the 7 days before now, in Korean time, whatever the machine zone', () => {
    expect(noteDateRange(undefined, undefined, NOW)).toEqual({
      start: '2026-11-13T09:00:00+09:00',
      end: '2026-11-20T09:00:00+09:00',
    });
    expect(noteDateRange(undefined, '2026-10-10', NOW).start).toBe('2026-10-03T23:59:59+09:00');
  });

  it.each([
    ['2026-02-30', undefined, 'not a real date'],
    ['yesterday', undefined, 'must be a date like'],
    ['2026-11-20', '2026-11-19', 'is before --from'],
    ['2026-11-01', '9999-12-31', 'must fall between 2000-01-01 and 2099-12-31'],
    ['1900-01-01', '2026-11-19', 'must fall between'],
    ['2020-01-01', '2026-11-19', 'at most 1098 days apart'],
  ])('refuses %s..%s', (from, to, message) => {
    expect(() => noteDateRange(from, to, NOW)).toThrow(UsageError);
    expect(() => noteDateRange(from, to, NOW)).toThrow(message);
  });
});
