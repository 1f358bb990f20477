// The API service's two operations over the sandbox's data, with the checks the live service makes on their
// arguments (dates, status, seller, pagination); a refusal is a ClientFault.
import { ENUMS } from '../schema';
import { dateTimeInstant } from '../../src-shared/date-time';
import type { RequestOf, ResultOf } from '../schema';
import { KOREA_OFFSET_MINUTES } from '../../src-shared/market-day';
import type { SandboxBackend } from './backend';
import { ClientFault } from './client-fault';
import type { ReplyStatusFilter } from './data/types';

const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_MAX_PAGE_SIZE = 500;

export interface MarketOperations {
  buyerNoteList(req: RequestOf<'BuyerNoteList'>): ResultOf<'BuyerNoteList'>;
  /** `origin` is where the request arrived: the lookbook's image URLs point there. */
  lookbook(req: RequestOf<'GetSohoLookbook'>, origin: string): ResultOf<'GetSohoLookbook'>;
}

export function createMarketOperations(opts: {
  backend: SandboxBackend;
  pageBase: 0 | 1;
  maxPageSize: number;
}): MarketOperations {
  const { backend, pageBase, maxPageSize } = opts;

  function page(p: { PageIndex?: number; PageSize?: number } | undefined): { offset: number; size: number } {
    const index = p?.PageIndex ?? pageBase;
    const size = p?.PageSize ?? DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(index) || index < pageBase) {
      throw new ClientFault(
        `Pagination/@PageIndex must be ${pageBase} or more (pages count from ${pageBase}); got ${index}.`,
      );
    }
    if (size < 1 || size > maxPageSize) {
      throw new ClientFault(`Pagination/@PageSize must be between 1 and ${maxPageSize}; got ${size}.`);
    }
    return { offset: (index - pageBase) * size, size };
  }

  function buyerNoteList(req: RequestOf<'BuyerNoteList'>): ResultOf<'BuyerNoteList'> {
    if (req.StartDate === undefined || req.EndDate === undefined) {
      throw new ClientFault('req/@StartDate and req/@EndDate are required.');
    }
    const start = dateTimeInstant(req.StartDate, KOREA_OFFSET_MINUTES)!;
    const end = dateTimeInstant(req.EndDate, KOREA_OFFSET_MINUTES)!;
    if (end < start)
      throw new ClientFault(`req/@EndDate (${req.EndDate}) is before req/@StartDate (${req.StartDate}).`);
    const status = req.ReplyStatus ?? 'All';
    if (!(ENUMS.ReplyStatus as readonly string[]).includes(status)) {
      throw new ClientFault(
        `req/@ReplyStatus must be one of ${ENUMS.ReplyStatus.join(', ')}; got "${status}".`,
      );
    }
    if (req.SellerID !== undefined && req.SellerID !== '' && !backend.sellerIds.includes(req.SellerID)) {
      throw new ClientFault(`req/@SellerID "${req.SellerID}" does not belong to this account.`);
    }
    const { offset, size } = page(req.Pagination);
    const notes = backend.notes(
      {
        start: req.StartDate,
        end: req.EndDate,
        replyStatus: status as ReplyStatusFilter,
        itemNo: req.ItemNo || undefined,
        orderNo: req.OrderNo,
        sellerId: req.SellerID || undefined,
      },
      { offset, size },
    );
    return { SendNote: notes };
  }

  function lookbook(req: RequestOf<'GetSohoLookbook'>, origin: string): ResultOf<'GetSohoLookbook'> {
    if (!req.SellerId) throw new ClientFault('req/@SellerId is required.');
    const { offset, size } = page(req.Pagination);
    const shop = backend.lookbook(req.SellerId, origin);
    if (!shop) return { TotalItemCount: 0, SohoShopItemList: [], SohoShopLookBookIntroElementList: [] };
    return {
      TotalItemCount: shop.items.length,
      SohoShopName: shop.SohoShopName,
      SohoShopDescription: shop.SohoShopDescription,
      SohoShopItemList: shop.items.slice(offset, offset + size),
      // The intro belongs to the shop, not to an item page: it comes with every page.
      SohoShopLookBookIntroElementList: shop.intro,
    };
  }

  return { buyerNoteList, lookbook };
}
