import type { LookbookItem } from '../../../../src-main/contract';

/**
 * The 1-based page of `pageSize` items that holds the item at 0-based `position` in the whole lookbook: an item's
 * page is computed from its place, never found by reading pages until it shows up.
 */
export function pageOfPosition(position: number, pageSize: number): number {
  return Math.floor(position / pageSize) + 1;
}

/**
 * The page that holds item `itemNo`, from the whole lookbook's items and their places; undefined when the item
 * is not in it (or the page size is not a whole number of items).
 */
export function pageOfItem(
  items: readonly Pick<LookbookItem, 'itemNo' | 'position'>[],
  itemNo: string,
  pageSize: number,
): number | undefined {
  if (!Number.isInteger(pageSize) || pageSize < 1) return undefined;
  const item = items.find((i) => i.itemNo === itemNo);
  return item === undefined ? undefined : pageOfPosition(item.position, pageSize);
}
