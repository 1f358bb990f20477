import type { Rng } from './prng';
import type { KeywordCategory, LookbookSellerSeed, NoteTemplatesFile } from './word-lists';

/** One item a seller sells; notes refer to these, and the first ones also appear in the seller's lookbook. */
export interface SellerItem {
  ItemNo: string;
  ItemName: string;
  /** Won, whole. */
  price: number;
  category: string;
}

/** A few hundred items per seller, so notes share items the way a real inbox does. */
const ITEMS_PER_SELLER = 300;

export function createSellerItems(
  rng: Rng,
  sellers: readonly LookbookSellerSeed[],
  categories: readonly KeywordCategory[],
  words: Pick<NoteTemplatesFile, 'itemPrefixes' | 'itemAdjectives'>,
): Record<string, SellerItem[]> {
  const out: Record<string, SellerItem[]> = {};
  const used = new Set<string>();
  sellers.forEach((seller, sellerIndex) => {
    const own = categories.filter((c) => seller.categories.includes(c.code));
    const pool = own.length > 0 ? own : categories;
    const items: SellerItem[] = [];
    for (let i = 0; i < ITEMS_PER_SELLER; i++) {
      let itemNo: string;
      do {
        itemNo = String(2_000_000_000 + sellerIndex * 100_000_000 + rng.int(100_000_000));
      } while (used.has(itemNo));
      used.add(itemNo);
      const category = rng.pick(pool);
      const name = `${rng.pick(words.itemPrefixes)}${rng.pick(words.itemAdjectives)} ${rng.pick(category.bases)} ${rng.pick(category.modifiers)}`;
      items.push({
        ItemNo: itemNo,
        ItemName: name,
        price: rng.range(39, 1890) * 100,
        category: category.name,
      });
    }
    out[seller.id] = items;
  });
  return out;
}
