// What the sandbox server serves, behind one small interface: the seeded data answering each
// operation. Tests and benchmarks may share one backend across several servers.
import type {
  ResultOf,
  SendNote,
  SuggestOperationName,
  RequestOf,
  SohoShopItemList,
  SohoShopLookBookIntroElementList,
} from '../schema';
import { createSandboxData } from './data/sandbox-data';
import type { SandboxData } from './data/sandbox-data';
import { answerNote, queryNotes } from './data/notes';
import type { NoteFilter } from './data/notes';
import { createSuggest } from './data/suggest';

export interface SandboxBackend {
  readonly data: SandboxData;
  readonly sellerIds: readonly string[];
  /** Matching notes oldest first (ascending InsDate, then SeqNo): pages stay stable as new notes arrive. */
  notes(filter: NoteFilter): SendNote[];
  /**
   * The shop with relative image paths made absolute on `origin`. The same seller and origin give the same
   * (unchanging) objects, so the server's serialization memo applies to lookbooks too.
   */
  lookbook(
    sellerId: string,
    origin: string,
  ):
    | {
        SohoShopName: string;
        SohoShopDescription: string;
        items: SohoShopItemList[];
        intro: SohoShopLookBookIntroElementList[];
      }
    | undefined;
  image(path: string): { contentType: string; body: string | Uint8Array } | undefined;
  /**
   * Answers a note now, as the seller would on the marketplace's web console: from then on it is ReplyComplete
   * in every answer and to every ReplyStatus filter. Undefined for an unknown SeqNo.
   */
  reply(seqNo: number): { answeredAt: number } | undefined;
  suggest<N extends SuggestOperationName>(op: N, req: RequestOf<N>, now: Date): ResultOf<N>;
}

export function createBackend(opts: {
  seed: number;
  now: Date;
  notes: number;
  clock?: () => number;
}): SandboxBackend {
  const data = createSandboxData(opts);
  const suggest = createSuggest(data.suggest);
  const absolute = (origin: string, path: string | undefined) =>
    path !== undefined && path.startsWith('/') ? origin + path : path;
  type Shop = NonNullable<ReturnType<SandboxBackend['lookbook']>>;
  // Per origin, then seller. Origins come from the Host header, so only a few are kept.
  const shopsByOrigin = new Map<string, Map<string, Shop>>();
  const MAX_ORIGINS = 8;

  const answers: { [N in SuggestOperationName]: (req: RequestOf<N>, now: Date) => ResultOf<N> } = {
    GetKeywordsByKeywordHint: (r, now) => ({ KSDataT: suggest.keywords(r.keywordHint, now) }),
    GetSuggestionKeywordsByKeywordHint: (r, now) => ({
      KSDataT: suggest.suggestionKeywords(r.keywordHint, now),
    }),
    GetNicknamesByKeywordHint: (r, now) => ({ KSDataT: suggest.nicknames(r.keywordHint, now) }),
    GetKeywordByTopCategoryList: (r, now) => ({
      KSTopCategoryDataT: suggest.topCategories(r.keywordHint, now),
    }),
    GetBooksKeywordByKeywordHint: (r, now) => ({ KSDataT: suggest.books(r.keywordHint, now) }),
    GetTicketKeywordByKeywordHint: (r, now) => ({ KSDataT: suggest.tickets(r.keywordHint, now) }),
    GetSuggestionNotice: (_r, now) => ({ SearchNoticeT: suggest.notices(now) }),
    GetBrandShopSuggestionBrandsByKeywordHint: (r) => ({ KSDataBrandT: suggest.brands(r.keywordHint) }),
    GetKeywordSuggest: (r, now) => suggest.keywordSuggest(r.keywordHint, now),
    GetBrandPlusItems: (r) => ({ SuggestItemT: suggest.brandItems(r.brandId) }),
    GetBook: (r) => ({ SuggestBookItemT: suggest.book(r.bookItemNo) }),
    GetCatalog: (r) => ({ SuggestOSCatalogT: suggest.catalog(r.catalogId) }),
  };

  return {
    data,
    sellerIds: data.account.sellerIds,
    notes: (filter) => queryNotes(data, filter),
    lookbook(sellerId, origin) {
      const shop = Object.hasOwn(data.lookbooks, sellerId) ? data.lookbooks[sellerId] : undefined;
      if (!shop) return undefined;
      let shops = shopsByOrigin.get(origin);
      if (!shops) {
        if (shopsByOrigin.size >= MAX_ORIGINS) shopsByOrigin.clear();
        shopsByOrigin.set(origin, (shops = new Map()));
      }
      const cached = shops.get(sellerId);
      if (cached) return cached;
      const built: Shop = {
        SohoShopName: shop.SohoShopName,
        SohoShopDescription: shop.SohoShopDescription,
        items: shop.items.map((item) => ({
          ...item,
          ItemImagePathList: (item.ItemImagePathList ?? []).map((p) => absolute(origin, p)!),
        })),
        intro: shop.intro.map((el) =>
          el.ImagePath === undefined ? el : { ...el, ImagePath: absolute(origin, el.ImagePath) },
        ),
      };
      shops.set(sellerId, built);
      return built;
    },
    image: (path) => data.images(path),
    reply(seqNo) {
      return answerNote(data.notes, seqNo) ? { answeredAt: (opts.clock ?? Date.now)() } : undefined;
    },
    suggest: (op, req, now) => (answers[op] as (r: unknown, n: Date) => ResultOf<typeof op>)(req, now),
  };
}
