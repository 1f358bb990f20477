import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { BROKEN_SELLER_ID, SELLER_IDS } from '../../../src-main/sandbox/data/account';
import { renderImage } from '../../../src-main/sandbox/data/images';
import {
  BROKEN_LOOKBOOK,
  ELEMENT_TYPES,
  PRICE_ON_REQUEST,
  TEMPLATE_TYPES,
  UNKNOWN_ELEMENT_TYPE,
} from '../../../src-main/sandbox/data/lookbooks';
import { createSandboxData } from '../../../src-main/sandbox/data/sandbox-data';
import type { SohoShopLookBookIntroElementList } from '../../../src-main/sandbox/data/types';

const data = createSandboxData({ now: new Date('2025-06-15T03:00:00Z'), notes: 10 });
const broken = data.lookbooks[BROKEN_SELLER_ID];
if (broken === undefined) throw new Error('broken seller has no lookbook');
const clean = SELLER_IDS.filter((id) => id !== BROKEN_SELLER_ID).map((id) => {
  const lb = data.lookbooks[id];
  if (lb === undefined) throw new Error(`no lookbook for ${id}`);
  return lb;
});

describe('account', () => {
  it('has a master id and three sellers, the last one broken', () => {
    expect(data.account.masterId).toMatch(/^[a-z0-9_]+$/);
    expect(data.account.sellerIds).toEqual([...SELLER_IDS]);
    expect(data.account.sellerIds).toHaveLength(3);
    expect(data.account.sellerIds.at(-1)).toBe(BROKEN_SELLER_ID);
    expect(Object.keys(data.lookbooks)).toEqual([...SELLER_IDS]);
  });
});

describe('element and template types', () => {
  it('documents the mapping as constants', () => {
    expect(ELEMENT_TYPES).toEqual({ 1: 'image', 2: 'html', 3: 'text' });
    expect(Object.keys(TEMPLATE_TYPES)).toEqual(['1', '2', '3']);
  });

  it('clean sellers use every known kind with the matching field, plus one unknown type', () => {
    const all = clean.flatMap((lb) => lb.intro);
    for (const e of all) {
      if (e.ElementType === 1) expect(e.ImagePath).toMatch(/^\/images\/intro\/\d+\.svg$/);
      if (e.ElementType === 2) expect(e.Html).toMatch(/<(h2|h3|ul|ol|b|strong|a) ?/);
      if (e.ElementType === 3) expect(e.Contents?.length).toBeGreaterThan(0);
    }
    expect(new Set(all.map((e) => e.ElementType))).toEqual(new Set([1, 2, 3, UNKNOWN_ELEMENT_TYPE]));
    expect(UNKNOWN_ELEMENT_TYPE in ELEMENT_TYPES).toBe(false);
    expect(all.some((e) => e.Html?.includes('<a href="https://'))).toBe(true);
  });

  it('clean sellers have no defect: unique seq numbers, pages 1..n, safe HTML, https landings, servable images', () => {
    for (const lb of clean) {
      const seqs = lb.intro.map((e) => e.ElementSeqNo);
      expect(new Set(seqs).size).toBe(seqs.length);
      const pages = [...new Set(lb.intro.map((e) => e.PageNo))].sort();
      expect(pages).toEqual(pages.map((_, i) => i + 1));
      for (const e of lb.intro) {
        expect(e.Html ?? '').not.toMatch(/<script|on\w+=|javascript:/i);
        if (e.LandingUrl !== undefined) expect(e.LandingUrl).toMatch(/^https:\/\//);
        if (e.ImagePath !== undefined) expect(renderImage(e.ImagePath)).toBeDefined();
      }
      for (const item of lb.items) {
        expect(item.ItemImagePathList!.length).toBeGreaterThan(0);
        for (const p of item.ItemImagePathList!) expect(renderImage(p)).toBeDefined();
        if (item.CouponDiscountPrice !== undefined) {
          expect(Number(item.CouponDiscountPrice)).toBeLessThan(Number(item.Price));
        }
      }
    }
  });
});

describe('items', () => {
  it('carry the string-typed fields as strings, colours as names or hex, and one non-numeric price', () => {
    const items = clean.flatMap((lb) => lb.items);
    for (const item of items) {
      for (const k of ['Price', 'FeedbackCount', 'SatisfactionRate'] as const)
        expect(typeof item[k]).toBe('string');
      expect(typeof item.Premium).toBe('boolean');
      expect(typeof item.Focus).toBe('boolean');
      expect(item.ItemLandingUrl).toMatch(/^https:\/\//);
    }
    const colours = items.flatMap((i) => i.SohoItemColorList!);
    expect(colours.some((c) => /^#[0-9A-F]{6}$/.test(c))).toBe(true);
    expect(colours.some((c) => /^[가-힣]+$/.test(c))).toBe(true);
    expect(items.filter((i) => !/^\d+(\.\d+)?$/.test(i.Price ?? ''))).toEqual([
      expect.objectContaining({ Price: PRICE_ON_REQUEST }),
    ]);
    expect(items.some((i) => i.Premium === true)).toBe(true);
    expect(items.some((i) => i.Focus === true)).toBe(true);
    expect(items.some((i) => i.SohoItemIconList!.length > 0)).toBe(true);
  });
});

describe(`broken seller ${BROKEN_SELLER_ID}`, () => {
  const intro = broken.intro;
  const images = [
    ...intro.map((e) => e.ImagePath),
    ...broken.items.flatMap((i) => i.ItemImagePathList),
  ].filter((p): p is string => p !== undefined);

  it('has an image path that 404s', () => {
    const missing = images.filter((p) => p.startsWith('/images/missing/') && p.endsWith('.png'));
    expect(missing.length).toBeGreaterThan(0);
    for (const p of missing) expect(renderImage(p)).toBeUndefined();
    expect(intro.some((e) => e.ImagePath === BROKEN_LOOKBOOK.missingImagePath)).toBe(true);
  });

  it('has an absolute http:// image URL', () => {
    expect(images).toContain('http://cdn.example.com/a.jpg');
  });

  it('has an empty and a malformed LandingUrl', () => {
    const landings = intro.map((e) => e.LandingUrl);
    expect(landings).toContain('');
    expect(landings).toContain('htp:/bad url');
    // WHATWG URL accepts it (scheme 'htp'), which is exactly why the audit must check the scheme itself.
    expect(landings.filter((u) => u !== undefined && u !== '' && !/^https?:\/\//.test(u))).toEqual([
      'htp:/bad url',
    ]);
  });

  it('has a duplicate ElementSeqNo', () => {
    const seqs = intro.map((e) => e.ElementSeqNo);
    expect(new Set(seqs).size).toBeLessThan(seqs.length);
  });

  it('has an element without PageNo and a gap in pages (1, 2, 4)', () => {
    const missing = intro.filter((e) => !('PageNo' in e));
    expect(missing).toHaveLength(1);
    expect([...new Set(intro.map((e) => e.PageNo).filter((p) => p !== undefined))].sort()).toEqual([1, 2, 4]);
  });

  it('has HTML with <script>, onerror=, onclick= and javascript: links', () => {
    const html = intro.map((e) => e.Html ?? '').join('\n');
    expect(html).toMatch(/<script>/);
    expect(html).toMatch(/onerror=/);
    expect(html).toMatch(/onclick=/);
    expect(html).toMatch(/href="javascript:/i);
  });

  it('has an item whose coupon price is not below its price', () => {
    expect(broken.items.some((i) => Number(i.CouponDiscountPrice) >= Number(i.Price))).toBe(true);
  });

  it('has an item without images and an item without colours', () => {
    expect(broken.items.some((i) => i.ItemImagePathList!.length === 0)).toBe(true);
    expect(broken.items.some((i) => i.SohoItemColorList!.length === 0)).toBe(true);
  });

  it('has a text element longer than 2,000 EUC-KR bytes, all encodable', () => {
    const texts = intro.filter((e: SohoShopLookBookIntroElementList) => e.ElementType === 3);
    const long = texts.find((e) => iconv.encode(e.Contents ?? '', 'euc-kr').length > 2000);
    expect(long).toBeDefined();
    const text = long?.Contents ?? '';
    expect(iconv.decode(iconv.encode(text, 'euc-kr'), 'euc-kr')).toBe(text);
  });
});

describe('images', () => {
  it('renders item and intro tiles deterministically as SVG with a Korean label', () => {
    const a = renderImage('/images/item/12.svg');
    expect(a).toEqual(renderImage('/images/item/12.svg'));
    expect(a?.contentType).toMatch(/^image\/svg\+xml/);
    expect(String(a?.body)).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(String(a?.body)).toContain('상품 12');
    expect(renderImage('/images/item/13.svg')?.body).not.toEqual(a?.body);
    expect(String(renderImage('/images/intro/3.svg')?.body)).toContain('룩북 3');
  });

  it('returns undefined for everything else', () => {
    for (const p of [
      '/images/missing/x.png',
      '/images/item/12.png',
      '/images/item/../secret.svg',
      '/images/item/abc.svg',
      'http://cdn.example.com/a.jpg',
      '/images/item/12.svg?x=1',
      '',
    ]) {
      expect(renderImage(p)).toBeUndefined();
    }
  });

  it('data.images is the renderer', () => {
    expect(data.images('/images/item/1.svg')).toEqual(renderImage('/images/item/1.svg'));
  });
});
