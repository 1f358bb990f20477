// The lookbook as the renderer shows it: one GetSohoLookbook call, element kinds resolved here (the renderer
// receives the mapping over IPC instead of keeping its own copy), text sizes counted in EUC-KR.
import { SANDBOX_IMAGE_PATH } from '../contract/lookbook';
import type { Lookbook, LookbookElement, LookbookItem, LookbookRequest } from '../contract/lookbook';
import type { SohoShopItemList, SohoShopLookBookIntroElementList } from '../schema';
import type { ActiveConnection } from './connection';
import { elementKind, templateOf } from './lookbook-element-types';
import { eucKrByteLength } from './lookbook-euc-kr';

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

export function toItem(it: SohoShopItemList, index: number): LookbookItem {
  return {
    key: `item-${index}`,
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
    items: (data?.SohoShopItemList ?? []).map(toItem),
    assetBaseUrl: new URL(info.apiBaseUrl).origin,
    ...(info.kind === 'sandbox'
      ? { sandboxImageBase: `${new URL(info.apiBaseUrl).origin}${SANDBOX_IMAGE_PATH}` }
      : {}),
  };
}
