import { describe, expect, it } from 'vitest';
import { formatMarketDay, formatRelative } from '../../../src-renderer/format/relative-times';
import { formatWaiting } from '../../../src-renderer/features/inbox/model/waiting';
import { translatorFor } from '../../../src-renderer/app/message-registry';
import { groupFailures } from '../../../src-shared/sync-failures';

const NOW = Date.UTC(2026, 10, 24, 3, 0, 0);

describe('relative times and market days', () => {
  it('says how long ago in the largest whole unit, in the UI language', () => {
    expect(formatRelative(NOW - 3 * 3_600_000, NOW, 'ko')).toBe('3시간 전');
    expect(formatRelative(NOW - 2 * 86_400_000, NOW, 'en')).toBe('2 days ago');
    expect(formatRelative(NOW - 10_000, NOW, 'ko')).toBe('지금');
    expect(formatRelative(NOW - 10_000, NOW, 'en')).toBe('now');
    expect(formatRelative(NOW - 86_400_000, NOW, 'ko')).toBe('어제');
  });

  it('has a narrow form for the list column that English would otherwise cut', () => {
    expect(formatRelative(NOW - 5 * 86_400_000, NOW, 'en', 'narrow')).toBe('5d ago');
    expect(formatRelative(NOW - 3 * 3_600_000, NOW, 'en', 'narrow')).toBe('3h ago');
    expect(formatRelative(NOW - 45 * 60_000, NOW, 'en', 'narrow')).toBe('45m ago');
    expect(formatRelative(NOW - 5 * 86_400_000, NOW, 'ko', 'narrow')).toBe('5일 전');
    expect(formatRelative(NOW - 86_400_000, NOW, 'en', 'narrow')).toBe('1d ago');
    expect(formatRelative(NOW - 86_400_000, NOW, 'ko', 'narrow')).toBe('1일 전');
    expect(formatRelative(NOW - 10_000, NOW, 'en', 'narrow')).toBe('now');
    // The long form stays for the note pane, and each form keeps its own formatter.
    expect(formatRelative(NOW - 5 * 86_400_000, NOW, 'en')).toBe('5 days ago');
  });

  it('writes a market day as month and day whatever the zone of the computer', () => {
    expect(formatMarketDay('2026-11-14', 'ko')).toBe('11. 14.');
    expect(formatMarketDay('2026-11-14', 'en')).toBe('11/14');
  });
});

describe('how long a note has waited', () => {
  const ko = translatorFor('ko');
  const en = translatorFor('en');
  const H = 3_600_000;

  it('is as precise as is useful: minutes, hours, days and hours, then whole days', () => {
    expect(formatWaiting(59 * 60_000, ko)).toBe('59분');
    expect(formatWaiting(47 * H + 59 * 60_000, ko)).toBe('47시간');
    expect(formatWaiting(48 * H, ko)).toBe('2일 0시간');
    expect(formatWaiting(9 * 24 * H + 23 * H, ko)).toBe('9일 23시간');
    expect(formatWaiting(10 * 24 * H, ko)).toBe('10일');
    expect(formatWaiting(171 * 24 * H + 11 * H, ko)).toBe('171일');
    // Rounded like the received column beside it: a note received "172일 전" has waited 172일, not 171일.
    expect(formatWaiting(171 * 24 * H + 23 * H, ko)).toBe('172일');
    expect(formatRelative(NOW - (171 * 24 * H + 23 * H), NOW, 'ko', 'narrow')).toBe('172일 전');
    expect(formatWaiting(171 * 24 * H + 23 * H, en)).toBe('172 d');
    expect(formatWaiting(9 * 24 * H + 5 * H, en)).toBe('9 d 5 h');
  });

  it('groups an absurd number of days and never goes below zero', () => {
    expect(formatWaiting(1234 * 24 * H, ko)).toBe('1,234일');
    expect(formatWaiting(1234 * 24 * H, en)).toBe('1,234 d');
    expect(formatWaiting(-5 * H, en)).toBe('0 min');
  });
});

describe('sync failures grouped by cause', () => {
  const slice = (sellerId: string, day: string, httpStatus: number, attempts = 5) => ({
    sellerId,
    day,
    code: 'HTTP_ERROR',
    message: `HTTP ${httpStatus}`,
    attempts,
    facts: { httpStatus },
  });

  it('counts distinct days and sellers per cause, biggest first, and keeps causes apart', () => {
    const groups = groupFailures([
      slice('a', '2026-11-02', 503),
      slice('b', '2026-11-02', 503, 3),
      slice('a', '2026-11-01', 503),
      slice('c', '2026-11-03', 502),
    ]);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({
      days: 2,
      sellers: 2,
      sellerIds: ['a', 'b'],
      slices: 3,
      attempts: 5,
      firstDay: '2026-11-01',
      lastDay: '2026-11-02',
    });
    expect(groups[1]).toMatchObject({ days: 1, sellers: 1, first: { facts: { httpStatus: 502 } } });
  });
});
