import { describe, expect, it } from 'vitest';
import { pageOfItem, pageOfPosition } from '../../../src-renderer/features/lookbook/model/item-page';

/** A lookbook of `count` items, item numbers 1001, 1002…, each at its place. */
const shop = (count: number) =>
  Array.from({ length: count }, (_, position) => ({ itemNo: String(1001 + position), position }));

describe("a lookbook item's page, computed from its place", () => {
  it('puts the first pageSize items on page 1 and the next one on page 2', () => {
    const items = shop(45);
    expect(pageOfItem(items, '1001', 20)).toBe(1);
    expect(pageOfItem(items, '1020', 20)).toBe(1);
    expect(pageOfItem(items, '1021', 20)).toBe(2);
  });

  it('finds the last page when the page size does not divide the count', () => {
    // 45 items in pages of 20: 20, 20 and a last page of 5.
    const items = shop(45);
    expect(pageOfItem(items, '1041', 20)).toBe(3);
    expect(pageOfItem(items, '1045', 20)).toBe(3);
    expect(pageOfItem(items, '1045', 20)).toBe(Math.ceil(items.length / 20));
    // Pages of 7: the 45th item is alone on page 7.
    expect(pageOfItem(items, '1043', 7)).toBe(7);
    expect(pageOfItem(items, '1042', 7)).toBe(6);
  });

  it('finds the last page when the page size divides the count', () => {
    const items = shop(40);
    expect(pageOfItem(items, '1040', 20)).toBe(2);
    expect(pageOfItem(items, '1040', 40)).toBe(1);
    expect(pageOfItem(items, '1040', 100)).toBe(1);
  });

  it('reads the place the item carries, not its index in the list it is given', () => {
    // The items of page 3 of 10 alone: places 20 to 29.
    const page3 = shop(30).slice(20);
    expect(pageOfItem(page3, '1021', 10)).toBe(3);
    expect(pageOfItem(page3, '1021', 5)).toBe(5);
  });

  it('gives no page for an unknown item, an empty lookbook or a page size that is not a count', () => {
    expect(pageOfItem(shop(45), '9999', 20)).toBeUndefined();
    expect(pageOfItem(shop(45), '', 20)).toBeUndefined();
    expect(pageOfItem([], '1001', 20)).toBeUndefined();
    expect(pageOfItem(shop(45), '1001', 0)).toBeUndefined();
    expect(pageOfItem(shop(45), '1001', 2.5)).toBeUndefined();
  });

  it('agrees with the pages a pager cuts, for every place and page size', () => {
    for (const count of [1, 19, 20, 21, 99, 100, 101]) {
      const items = shop(count);
      for (const pageSize of [1, 7, 20, 50, 100]) {
        for (let page = 1; page * pageSize - pageSize < count; page++) {
          for (const item of items.slice((page - 1) * pageSize, page * pageSize)) {
            expect(pageOfItem(items, item.itemNo, pageSize)).toBe(page);
            expect(pageOfPosition(item.position, pageSize)).toBe(page);
          }
        }
      }
    }
  });
});
