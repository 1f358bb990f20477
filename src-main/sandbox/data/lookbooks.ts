import { BROKEN_SELLER_ID } from './account';
import { introImagePath, itemImagePath } from './images';
import type { Rng } from './prng';
import type { SellerItem } from './seller-items';
import type { SohoShopItemList, SohoShopLookBookIntroElementList } from './types';
import type { LookbookFile, LookbookSellerSeed } from './word-lists';

// The spec leaves TemplateType and ElementType undefined; the sandbox fixes this mapping, and the app shows the
// raw number for anything else:
//   ElementType  1 = image (ImagePath, LandingUrl, LandingTargetYn), 2 = HTML (Html), 3 = text (Contents).
//                gangnam_style carries one element of the unknown type 9.
//   TemplateType 1 = full-width, 2 = two columns, 3 = banner strip.
export const ELEMENT_TYPES = { 1: 'image', 2: 'html', 3: 'text' } as const;
export const TEMPLATE_TYPES = { 1: 'full-width', 2: 'two-column', 3: 'banner' } as const;
export const UNKNOWN_ELEMENT_TYPE = 9;
/** The one clean-seller item whose Price is not a number ("shown as sent"). */
export const PRICE_ON_REQUEST = '가격문의';

// The broken seller (BROKEN_SELLER_ID, 'hongdae_closet') deliberately has, for the publishing audit to find:
//   - an image path that 404s ('/images/missing/…png') — in the intro and on an item;
//   - an absolute http:// image URL ('http://cdn.example.com/a.jpg') — in the intro and on an item;
//   - an empty LandingUrl and a malformed one ('htp:/bad url');
//   - a duplicate ElementSeqNo;
//   - an element without PageNo (attribute absent) and a gap in pages (1, 2, 4: no 3);
//   - HTML with <script>, onerror= and onclick= handlers and javascript: links;
//   - an item whose CouponDiscountPrice >= Price, an item without images, an item without colours;
//   - a text element longer than 2,000 EUC-KR bytes.
export const BROKEN_LOOKBOOK = {
  missingImagePath: '/images/missing/intro-1.png',
  missingItemImagePath: '/images/missing/item-3.png',
  httpImageUrl: 'http://cdn.example.com/a.jpg',
  malformedLandingUrl: 'htp:/bad url',
  duplicateElementSeqNo: 3,
  pages: [1, 2, 4],
  unsafeHtml:
    '<h2>빈티지 데님 특가</h2><script>alert("xss")</script>' +
    '<img src="/images/missing/x.png" onerror="alert(document.cookie)">' +
    '<p onclick="steal()">지금 <b>클릭</b>하고 쿠폰 받기</p>' +
    '<a href="javascript:alert(1)">쿠폰 다운로드</a> <a href="JavaScript:void(0)">더보기</a>',
  longTextMinEucKrBytes: 2000,
} as const;

export interface SellerLookbook {
  SohoShopName: string;
  SohoShopDescription: string;
  items: SohoShopItemList[];
  intro: SohoShopLookBookIntroElementList[];
}

const ICONS = ['무료배송', '오늘출발', '쿠폰', '베스트', '신상품', '스마일클럽', '정품보장'];
const COLOURS = [
  '블랙',
  '화이트',
  '네이비',
  '베이지',
  '#1E3A8A',
  '#B91C1C',
  '#F5F5DC',
  '#22C55E',
  '카키',
  '핑크',
];

function lookbookItem(
  rng: Rng,
  seller: LookbookSellerSeed,
  item: SellerItem,
  imageNo: number,
): SohoShopItemList {
  const out: SohoShopItemList = {
    ItemNo: item.ItemNo,
    ItemName: item.ItemName,
    SellerID: seller.id,
    SellerNickName: seller.nickName,
    Price: String(item.price),
    Premium: rng.chance(0.15),
    Focus: rng.chance(0.1),
    ItemLandingUrl: `https://www.example.com/item/${item.ItemNo}`,
    FeedbackCount: String(rng.range(0, 4800)),
    SatisfactionRate: String(rng.range(82, 100)),
    SohoItemColorList: Array.from({ length: rng.range(1, 4) }, () => rng.pick(COLOURS)).filter(
      (c, i, all) => all.indexOf(c) === i,
    ),
    SohoItemIconList: Array.from({ length: rng.range(0, 3) }, () => rng.pick(ICONS)).filter(
      (c, i, all) => all.indexOf(c) === i,
    ),
    ItemImagePathList: Array.from({ length: rng.range(1, 3) }, (_, k) => itemImagePath(imageNo * 10 + k)),
  };
  if (rng.chance(0.4)) {
    const percent = rng.pick([5, 10, 15, 20, 30]);
    out.Discount = String(percent);
    out.CouponDiscountPrice = String(Math.round((item.price * (100 - percent)) / 10000) * 100);
  }
  return out;
}

function cleanIntro(
  rng: Rng,
  seller: LookbookSellerSeed,
  sellerIndex: number,
): SohoShopLookBookIntroElementList[] {
  const out: SohoShopLookBookIntroElementList[] = [];
  let seq = 1;
  let image = sellerIndex * 100;
  for (let page = 1; page <= 3; page++) {
    const template = ((page - 1) % 3) + 1;
    out.push({
      PageNo: page,
      TemplateType: template,
      ElementType: 1,
      ElementSeqNo: seq++,
      ImagePath: introImagePath(++image),
      LandingUrl: `https://www.example.com/shop/${seller.id}/page/${page}`,
      LandingTargetYn: rng.chance(0.5),
    });
    const html = seller.htmls[(page - 1) % seller.htmls.length];
    if (html !== undefined && page !== 3) {
      out.push({ PageNo: page, TemplateType: template, ElementType: 2, ElementSeqNo: seq++, Html: html });
    }
    const text = seller.texts[(page - 1) % seller.texts.length];
    if (text !== undefined) {
      out.push({ PageNo: page, TemplateType: template, ElementType: 3, ElementSeqNo: seq++, Contents: text });
    }
    if (template === 2) {
      out.push({
        PageNo: page,
        TemplateType: template,
        ElementType: 1,
        ElementSeqNo: seq++,
        ImagePath: introImagePath(++image),
        LandingUrl: `https://www.example.com/shop/${seller.id}/best`,
        LandingTargetYn: false,
      });
    }
  }
  return out;
}

function brokenIntro(seller: LookbookSellerSeed, file: LookbookFile): SohoShopLookBookIntroElementList[] {
  const b = BROKEN_LOOKBOOK;
  // Korean text is 2 bytes a syllable in EUC-KR; repeating the paragraph clears 2,000 bytes with margin.
  const longText = file.longTextParagraph.repeat(12).trim();
  return [
    {
      PageNo: 1,
      TemplateType: 1,
      ElementType: 1,
      ElementSeqNo: 1,
      ImagePath: introImagePath(201),
      LandingUrl: `https://www.example.com/shop/${seller.id}`,
      LandingTargetYn: true,
    },
    {
      PageNo: 1,
      TemplateType: 1,
      ElementType: 1,
      ElementSeqNo: 2,
      ImagePath: b.missingImagePath,
      LandingUrl: '',
      LandingTargetYn: false,
    },
    { PageNo: 1, TemplateType: 1, ElementType: 3, ElementSeqNo: 3, Contents: seller.texts[0] ?? '' },
    {
      PageNo: 2,
      TemplateType: 2,
      ElementType: 1,
      ElementSeqNo: b.duplicateElementSeqNo,
      ImagePath: b.httpImageUrl,
      LandingUrl: b.malformedLandingUrl,
      LandingTargetYn: true,
    },
    { PageNo: 2, TemplateType: 2, ElementType: 2, ElementSeqNo: 5, Html: b.unsafeHtml },
    { TemplateType: 1, ElementType: 3, ElementSeqNo: 6, Contents: '페이지 번호가 빠진 요소입니다.' },
    { PageNo: 4, TemplateType: 3, ElementType: 3, ElementSeqNo: 7, Contents: longText },
    { PageNo: 4, TemplateType: 3, ElementType: 2, ElementSeqNo: 8, Html: seller.htmls[0] ?? '' },
  ];
}

export function createLookbooks(
  rng: Rng,
  file: LookbookFile,
  itemsBySeller: Record<string, SellerItem[]>,
): Record<string, SellerLookbook> {
  const out: Record<string, SellerLookbook> = {};
  file.sellers.forEach((seller, sellerIndex) => {
    const pool = itemsBySeller[seller.id] ?? [];
    const items = pool
      .slice(0, seller.itemCount)
      .map((item, i) => lookbookItem(rng, seller, item, (sellerIndex + 1) * 1000 + i));
    let intro: SohoShopLookBookIntroElementList[];
    if (seller.id === BROKEN_SELLER_ID) {
      intro = brokenIntro(seller, file);
      breakItems(items);
    } else {
      intro = cleanIntro(rng, seller, sellerIndex);
    }
    if (sellerIndex === 0) {
      const onRequest = items[4];
      if (onRequest !== undefined) {
        onRequest.Price = PRICE_ON_REQUEST;
        delete onRequest.CouponDiscountPrice;
        delete onRequest.Discount;
      }
      intro.push({
        PageNo: 3,
        TemplateType: 1,
        ElementType: UNKNOWN_ELEMENT_TYPE,
        ElementSeqNo: intro.length + 1,
        Contents: '새 요소 유형(알 수 없음)',
      });
    }
    out[seller.id] = {
      SohoShopName: seller.shopName,
      SohoShopDescription: seller.description,
      items,
      intro,
    };
  });
  return out;
}

function breakItems(items: SohoShopItemList[]): void {
  const [coupon, noImages, noColours, badImages] = items;
  if (coupon !== undefined) {
    coupon.Price = '15900';
    coupon.CouponDiscountPrice = '17900';
    coupon.Discount = '10';
  }
  if (noImages !== undefined) noImages.ItemImagePathList = [];
  if (noColours !== undefined) noColours.SohoItemColorList = [];
  if (badImages !== undefined) {
    badImages.ItemImagePathList = [BROKEN_LOOKBOOK.missingItemImagePath, BROKEN_LOOKBOOK.httpImageUrl];
  }
}
