import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  filtersToJson,
  parseFilters,
  resolveRange,
} from '../../../src-renderer/features/inbox/model/filters';
import { buildColumns, narrowView } from '../../../src-renderer/features/inbox/model/note-columns';

const TODAY = '2026-11-20';

describe('what persists', () => {
  it('keeps the ways of working and drops one-off lookups, even from an older file that stored them', () => {
    const f = {
      ...defaultFilters(),
      preset: '30d' as const,
      status: 'Handled' as const,
      types: ['Refund' as const],
      sellerId: 'gangnam_style',
      waiting: 'sla' as const,
      search: '환불',
      itemNo: '2079842982',
      orderNo: '3099700017',
      buyerId: 'kim',
    };
    const json = filtersToJson(f);
    expect(json).not.toHaveProperty('search');
    expect(json).not.toHaveProperty('orderNo');
    const back = parseFilters(json);
    expect(back).toEqual({ ...f, search: '', itemNo: '', orderNo: '', buyerId: '' });
    expect(parseFilters({ ...json, search: '환불', orderNo: '3099700017' })).toEqual(back);
  });
});

describe('inbox period bounds', () => {
  it('drops a stored custom period whose days are out of range, and falls back to the default preset', () => {
    for (const end of ['9999-12-31', '1900-01-01', 'x', '__proto__', '']) {
      const f = parseFilters({ preset: 'custom', start: '2026-11-01', end });
      expect(f.preset, end).toBe(defaultFilters().preset);
      expect(f.end, end).toBe('');
    }
  });

  it('shows at most a sync period of a custom range: its last 400 days', () => {
    const f = { ...defaultFilters(), preset: 'custom' as const, start: '2000-01-01', end: '2099-12-31' };
    const r = resolveRange(f, TODAY);
    expect(r).toMatchObject({ start: '2098-11-27', end: '2099-12-31' });
    expect(resolveRange({ ...f, start: '2026-11-20', end: '2026-11-01' }, TODAY)).toMatchObject({
      start: '2026-11-01',
      end: '2026-11-20',
    });
  });

  it('narrows over an out-of-range period without walking it (no per-day chart)', () => {
    const cols = buildColumns([]);
    const range = { start: '2026-11-01', end: '9999-12-31', startMs: 0, endMs: Number.MAX_SAFE_INTEGER };
    const view = narrowView(cols, undefined, {
      range,
      itemNo: '',
      orderNo: '',
      sellerId: '',
      hits: undefined,
      nowMs: Date.parse('2026-11-20T00:00:00Z'),
      slaHours: 24,
    });
    expect(view.days).toEqual([]);
  });
});
