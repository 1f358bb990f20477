// Filling a saved reply from a note: every placeholder in either language gets the note's value, and one the note
// has no value for stays as written and is reported, so "Order  ships today" can never be copied unnoticed.
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../../src-renderer/ui/reply-template';
import { starterTemplates } from '../../../src-main/storage/reply-templates';

const ordered = {
  buyerId: 'minji_kim12',
  sellerId: 'shop-7',
  itemNo: '4410293',
  itemName: '소프트 셔츠',
  orderNo: '3239040009',
};
const { orderNo: _, ...beforeOrdering } = ordered;

describe('fillTemplate', () => {
  it('fills Korean and English names, in any case, and leaves an unknown word as written', () => {
    expect(fillTemplate('{구매자}님 {ItemName} {ORDERNO} {판매자} {상품번호} {쿠폰}', ordered)).toEqual({
      text: 'minji_kim12님 소프트 셔츠 3239040009 shop-7 4410293 {쿠폰}',
      missing: [],
    });
  });

  it('keeps a placeholder the note has no value for and reports it once, as the template wrote it', () => {
    const filled = fillTemplate('주문번호 {주문번호} 상품 — order {orderNo} — {주문번호}', beforeOrdering);
    expect(filled.text).toBe('주문번호 {주문번호} 상품 — order {orderNo} — {주문번호}');
    expect(filled.missing).toEqual([{ field: 'orderNo', placeholder: '{주문번호}' }]);
  });

  it('treats a blank value as missing and reports each missing value in the order it appears', () => {
    const filled = fillTemplate('{itemName} / {orderNo} / {buyerId}', { ...beforeOrdering, itemName: '  ' });
    expect(filled.text).toBe('{itemName} / {orderNo} / minji_kim12');
    expect(filled.missing.map((m) => m.field)).toEqual(['itemName', 'orderNo']);
  });

  it('fills every starter template completely from a note with an order, and flags the order in those that use it', () => {
    for (const template of starterTemplates()) {
      const full = fillTemplate(template.body, ordered);
      expect(full.missing, template.name).toEqual([]);
      expect(full.text, template.name).not.toMatch(/[{}]/);
      const early = fillTemplate(template.body, beforeOrdering);
      expect(
        early.missing.map((m) => m.field),
        template.name,
      ).toEqual(/\{(주문번호|orderNo)\}/.test(template.body) ? ['orderNo'] : []);
    }
  });
});
