import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  keywordColour,
  parseRgb,
} from '../../../src-renderer/features/keywords/model/font-color';
import {
  basketTitle,
  HISTORY_LIMIT,
  rememberHint,
  updateBasket,
  basketStorage,
} from '../../../src-renderer/features/keywords/model/keyword-basket';
import {
  dateText,
  imageUrl,
  orderNotices,
  windowState,
} from '../../../src-renderer/features/keywords/model/suggest-values';

describe('keyword colour', () => {
  it('paints the server colour when it reads on the background, else only the swatch', () => {
    expect(parseRgb('#D32F2F')).toEqual([211, 47, 47]);
    expect(parseRgb('red')).toBeUndefined();
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21);
    expect(keywordColour('#1E3A8A', '#ffffff')).toEqual({ text: 'rgb(30 58 138)', swatch: 'rgb(30 58 138)' });
    // navy on the dark theme's background is about 1.7:1
    expect(keywordColour('#1E3A8A', '#15181d')).toEqual({ swatch: 'rgb(30 58 138)' });
    expect(keywordColour('not a colour', '#ffffff')).toEqual({});
    expect(keywordColour(undefined, '#ffffff')).toEqual({});
  });
});

describe('keyword basket and history', () => {
  it('adds once, removes, reorders and joins as a title', () => {
    let b = updateBasket([], { type: 'add', keyword: '나이키' });
    b = updateBasket(b, { type: 'add', keyword: ' 운동화 ' });
    b = updateBasket(b, { type: 'add', keyword: '나이키' });
    expect(b).toEqual(['나이키', '운동화']);
    b = updateBasket(b, { type: 'move', keyword: '운동화', by: -1 });
    expect(basketTitle(b)).toBe('운동화 나이키');
    expect(updateBasket(b, { type: 'move', keyword: '운동화', by: -1 })).toEqual(b);
    expect(updateBasket(b, { type: 'remove', keyword: '운동화' })).toEqual(['나이키']);
  });

  it('keeps the last 20 hints, newest first, each once', () => {
    let h: string[] = [];
    for (let i = 0; i < 25; i++) h = rememberHint(h, `k${i}`);
    h = rememberHint(h, 'k10');
    expect(h).toHaveLength(HISTORY_LIMIT);
    expect(h.slice(0, 2)).toEqual(['k10', 'k24']);
    expect(h.filter((x) => x === 'k10')).toHaveLength(1);
  });

  it('survives damaged storage', () => {
    expect(basketStorage.loadBasket({ getItem: () => '{oops' })).toEqual([]);
    expect(basketStorage.loadBasket({ getItem: () => '["a",1,"b"]' })).toEqual(['a', 'b']);
  });
});

describe('suggest values', () => {
  const now = Date.parse('2026-11-20T09:00:00+09:00');

  it('orders notices: active by DisplayOrder, then scheduled and expired ones', () => {
    const ordered = orderNotices(
      [
        {
          SeqNo: 1,
          DisplayOrder: 2,
          StartDate: '2026-11-01T00:00:00+09:00',
          EndDate: '2026-12-01T00:00:00+09:00',
        },
        {
          SeqNo: 2,
          DisplayOrder: 1,
          StartDate: '2026-10-01T00:00:00+09:00',
          EndDate: '2026-11-01T00:00:00+09:00',
        },
        null,
        { SeqNo: 3, DisplayOrder: 3, StartDate: '2026-12-01T00:00:00+09:00' },
        { SeqNo: 4, DisplayOrder: 1 },
      ],
      now,
    );
    expect(ordered.map((n) => [n.notice.SeqNo, n.state])).toEqual([
      [4, 'active'],
      [1, 'active'],
      [3, 'scheduled'],
      [2, 'expired'],
    ]);
    expect(windowState('2026-11-20T09:00:00', undefined, now)).toBe('active');
  });

  it('formats dates and image paths without losing what was sent', () => {
    expect(dateText('2026-11-20T09:00:00+09:00')).toBe('2026.11.20');
    expect(dateText('someday')).toBe('someday');
    expect(imageUrl('/images/item/1.svg', 'http://127.0.0.1:8788')).toBe(
      'http://127.0.0.1:8788/images/item/1.svg',
    );
    expect(imageUrl('https://cdn.example/a.png', 'http://127.0.0.1:8788')).toBe('https://cdn.example/a.png');
    expect(imageUrl('javascript:alert(1)', 'http://127.0.0.1:8788')).toBeUndefined();
  });
});
