// The lookbook as the renderer shows it: one GetSohoLookbook call, element kinds resolved here (the renderer
// receives the mapping over IPC instead of keeping its own copy), text sizes counted in EUC-KR.
import { SANDBOX_IMAGE_PATH, WHOLE_LOOKBOOK_MAX_ITEMS } from '../contract/lookbook';
import type {
  Lookbook,
  LookbookElement,
  LookbookItem,
  LookbookRequest,
  WholeLookbook,
} from '../contract/lookbook';
import { eucKrByteLength } from '../../src-shared/euc-kr';
import type { SohoShopItemList, SohoShopLookBookIntroElementList } from '../schema';
import type { ActiveConnection } from './connection';
import { elementKind, templateOf } from './lookbook-element-types';
import { pageThroughLookbook } from './lookbook-pages';

export function toElement(el: SohoShopLookBookIntroElementList, index: number): LookbookElement {
  return {
    key: `el-${index}`,
    pageNo: el.PageNo,
    templateType: el.TemplateType,
    template: templateOf(el.TemplateType),
    elementType: el.ElementType,
    kind: elementKind(el.ElementType),
    seqNo: el.ElementSeqNo,
    imagePath: el.ImagePath,
    landingUrl: el.LandingUrl,
    // Absent means in place: staying in the app is the safer reading of an unset flag.
    landingExternal: el.LandingTargetYn === true,
    html: el.Html,
    contents: el.Contents,
    contentsEucKrBytes: el.Contents === undefined ? undefined : eucKrByteLength(el.Contents),
  };
}

/** `position` is the item's place in the whole lookbook, so its key is the same on any page size. */
function toItem(it: SohoShopItemList, position: number): LookbookItem {
  return {
    key: `item-${position}`,
    position,
    itemNo: it.ItemNo ?? '',
    name: it.ItemName ?? '',
    sellerId: it.SellerID ?? '',
    sellerNickName: it.SellerNickName ?? '',
    price: it.Price,
    couponDiscountPrice: it.CouponDiscountPrice,
    discount: it.Discount,
    feedbackCount: it.FeedbackCount,
    satisfactionRate: it.SatisfactionRate,
    premium: it.Premium === true,
    focus: it.Focus === true,
    landingUrl: it.ItemLandingUrl,
    colors: (it.SohoItemColorList ?? []).filter((c) => c.trim() !== ''),
    icons: (it.SohoItemIconList ?? []).filter((c) => c.trim() !== ''),
    images: (it.ItemImagePathList ?? []).filter((p) => p.trim() !== ''),
  };
}

export async function getLookbook(
  connection: ActiveConnection,
  req: LookbookRequest,
  signal?: AbortSignal,
): Promise<Lookbook> {
  const { client, info } = connection;
  const { data } = await client.market.getSohoLookbook(
    {
      SellerId: req.sellerId,
      Pagination: { PageIndex: req.page - 1 + info.pageIndexBase, PageSize: req.pageSize },
    },
    { signal },
  );
  return {
    sellerId: req.sellerId,
    page: req.page,
    pageSize: req.pageSize,
    totalItemCount: data?.TotalItemCount ?? 0,
    shopName: data?.SohoShopName,
    shopDescription: data?.SohoShopDescription,
    elements: (data?.SohoShopLookBookIntroElementList ?? []).map(toElement),
    items: (data?.SohoShopItemList ?? []).map((it, i) => toItem(it, (req.page - 1) * req.pageSize + i)),
    ...assetBases(info.apiBaseUrl, info.kind),
  };
}

function assetBases(apiBaseUrl: string, kind: 'sandbox' | 'live') {
  const origin = new URL(apiBaseUrl).origin;
  return {
    assetBaseUrl: origin,
    ...(kind === 'sandbox' ? { sandboxImageBase: `${origin}${SANDBOX_IMAGE_PATH}` } : {}),
  };
}

/** Large pages: the audit wants every item, and each call costs a round trip. */
export const WHOLE_LOOKBOOK_PAGE_SIZE = 100;

/**
 * Every item page of a seller's lookbook, for the audit. The intro is the shop's and comes with every page on
 * the sandbox; a server that sends other elements on later pages has them added once each, so nothing a buyer
 * may see escapes the audit.
 */
export async function getWholeLookbook(
  connection: ActiveConnection,
  sellerId: string,
  opts: {
    signal?: AbortSignal;
    onProgress?: (progress: { items: number; totalItems?: number; pages: number }) => void;
  } = {},
): Promise<WholeLookbook> {
  const { client, info } = connection;
  const items: LookbookItem[] = [];
  const rawElements: SohoShopLookBookIntroElementList[] = [];
  const seenElements = new Set<string>();
  let shopName: string | undefined;
  let shopDescription: string | undefined;
  const outcome = await pageThroughLookbook(client, sellerId, info.pageIndexBase, {
    pageSize: WHOLE_LOOKBOOK_PAGE_SIZE,
    maxPages: Math.ceil(WHOLE_LOOKBOOK_MAX_ITEMS / WHOLE_LOOKBOOK_PAGE_SIZE),
    signal: opts.signal,
    onPage: (data, index, itemsSoFar) => {
      if (index === 0) {
        shopName = data?.SohoShopName;
        shopDescription = data?.SohoShopDescription;
      }
      const firstPage = index === 0;
      for (const el of data?.SohoShopLookBookIntroElementList ?? []) {
        const identity = JSON.stringify(el);
        // The first page's list is kept as sent (a repeated element there is the seller's, for the audit).
        if (!firstPage && seenElements.has(identity)) continue;
        seenElements.add(identity);
        rawElements.push(el);
      }
      for (const it of data?.SohoShopItemList ?? []) items.push(toItem(it, items.length));
      opts.onProgress?.({
        items: itemsSoFar,
        ...(data?.TotalItemCount !== undefined ? { totalItems: data.TotalItemCount } : {}),
        pages: index + 1,
      });
    },
  });
  return {
    sellerId,
    totalItemCount: outcome.totalItemCount ?? items.length,
    shopName,
    shopDescription,
    elements: rawElements.map(toElement),
    items,
    pages: outcome.pages,
    truncated: outcome.truncated,
    ...assetBases(info.apiBaseUrl, info.kind),
  };
}
