// `desk lookbook`: one page of a seller's Soho lookbook.
import type { RequestOf, ResultOf } from '../../schema';
import { UsageError } from '../cli-error';
import type { Endpoint } from '../endpoint';
import { flatten, renderTable } from '../text-table';

export interface LookbookOptions {
  seller?: string;
  page?: string;
  size?: string;
}

function whole(flag: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return n;
}

/** `--page` counts from 1 whatever the marketplace's first PageIndex is. */
export function lookbookRequest(opts: LookbookOptions, pageBase: 0 | 1): RequestOf<'GetSohoLookbook'> {
  if (!opts.seller) throw new UsageError('lookbook needs --seller ID.');
  const page = whole('page', opts.page, 1, 1, 1_000_000);
  const size = whole('size', opts.size, 20, 1, 10_000);
  return { SellerId: opts.seller, Pagination: { PageIndex: pageBase + page - 1, PageSize: size } };
}

export async function fetchLookbook(
  endpoint: Endpoint,
  req: RequestOf<'GetSohoLookbook'>,
  signal?: AbortSignal,
) {
  return (await endpoint.client.market.getSohoLookbook(req, { signal })).data;
}

export function formatLookbook(result: ResultOf<'GetSohoLookbook'>, format: string): string {
  if (format === 'json') return `${JSON.stringify(result ?? null, null, 2)}\n`;
  if (!result) return 'The marketplace returned no lookbook.\n';
  const items = result.SohoShopItemList ?? [];
  const intro = result.SohoShopLookBookIntroElementList ?? [];
  const lines = [
    `${flatten(result.SohoShopName ?? '(no shop name)')} — ${flatten(result.SohoShopDescription ?? '')}`.trim(),
    `${result.TotalItemCount ?? items.length} items in total, ${items.length} on this page`,
    '',
  ];
  let out = lines.join('\n') + '\n';
  if (items.length > 0) {
    out += renderTable(items, [
      { key: 'ItemNo' },
      { key: 'ItemName', max: 36 },
      { key: 'Price', align: 'right' },
      { key: 'CouponDiscountPrice', title: 'Coupon', align: 'right' },
      { key: 'Discount', align: 'right' },
      { key: 'SellerNickName', title: 'Seller' },
      { key: 'Premium' },
      { key: 'Focus' },
      { key: 'FeedbackCount', title: 'Reviews', align: 'right' },
      { key: 'SatisfactionRate', title: 'Rate', align: 'right' },
    ]);
  }
  if (intro.length > 0) {
    out += `\nIntro elements: ${intro.length}\n`;
    out += renderTable(intro, [
      { key: 'PageNo', align: 'right' },
      { key: 'ElementSeqNo', title: 'Seq', align: 'right' },
      { key: 'TemplateType', title: 'Template', align: 'right' },
      { key: 'ElementType', title: 'Element', align: 'right' },
      { key: 'ImagePath', max: 40 },
      { key: 'LandingUrl', max: 40 },
      { key: 'Contents', max: 30 },
    ]);
  }
  return out;
}
