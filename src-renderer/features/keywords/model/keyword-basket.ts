// The keyword basket and the recent hints: plain data and pure updates, persisted in the renderer's
// localStorage (nothing in them is secret, and they belong to this computer's seller, not to a profile).
import { eucKrLength } from '../../../../src-shared/euc-kr';
import type { EucKrLength } from '../../../../src-shared/euc-kr';

export const HISTORY_LIMIT = 20;
/** The marketplace's product title limit in EUC-KR bytes. */
export const TITLE_BYTE_LIMIT = 100;
const BASKET_KEY = 'seller-desk.keywords.basket.v1';
const HISTORY_KEY = 'seller-desk.keywords.history.v1';

export type BasketAction =
  | { type: 'add'; keyword: string }
  | { type: 'remove'; keyword: string }
  | { type: 'move'; keyword: string; by: -1 | 1 }
  | { type: 'clear' };

export function updateBasket(basket: readonly string[], action: BasketAction): string[] {
  switch (action.type) {
    case 'add': {
      const k = action.keyword.trim();
      return k === '' || basket.includes(k) ? [...basket] : [...basket, k];
    }
    case 'remove':
      return basket.filter((k) => k !== action.keyword);
    case 'move': {
      const i = basket.indexOf(action.keyword);
      const j = i + action.by;
      if (i < 0 || j < 0 || j >= basket.length) return [...basket];
      const next = [...basket];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    }
    case 'clear':
      return [];
  }
}

/** Newest first, each hint once, at most HISTORY_LIMIT. */
export function rememberHint(history: readonly string[], hint: string): string[] {
  const h = hint.trim();
  if (h === '') return [...history];
  return [h, ...history.filter((x) => x !== h)].slice(0, HISTORY_LIMIT);
}

/** The basket as one product title: keywords joined by spaces. */
export function basketTitle(basket: readonly string[]): string {
  return basket.join(' ');
}

export interface MeasuredTitle extends EucKrLength {
  title: string;
  /** Bytes past TITLE_BYTE_LIMIT; zero or less when the title fits. */
  over: number;
}

/** The title the basket makes and its size as the marketplace counts it (the same counter as the lookbook audit). */
export function measureTitle(basket: readonly string[]): MeasuredTitle {
  const title = basketTitle(basket);
  const length = eucKrLength(title);
  return { title, ...length, over: length.bytes - TITLE_BYTE_LIMIT };
}

function load(key: string, storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const v: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    // A damaged entry is not worth an error: the seller starts with an empty list.
    return [];
  }
}

export const basketStorage = {
  loadBasket: (storage: Pick<Storage, 'getItem'>) => load(BASKET_KEY, storage),
  loadHistory: (storage: Pick<Storage, 'getItem'>) => load(HISTORY_KEY, storage).slice(0, HISTORY_LIMIT),
  saveBasket: (storage: Pick<Storage, 'setItem'>, basket: readonly string[]) =>
    storage.setItem(BASKET_KEY, JSON.stringify(basket)),
  saveHistory: (storage: Pick<Storage, 'setItem'>, history: readonly string[]) =>
    storage.setItem(HISTORY_KEY, JSON.stringify(history)),
};
