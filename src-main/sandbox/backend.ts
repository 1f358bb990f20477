// What the sandbox server serves, behind one small interface: the seeded data answering each
// operation, as of the backend's clock. Tests and benchmarks may share one backend across several servers.
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
import { NOTE_HISTORY_DAYS } from './data/notes';
import type { NoteFilter, NotePage } from './data/notes';
import { koreanDayOf, koreanDayStart } from './data/dates';
import { createSuggest } from './data/suggest';
import { formatDateTime } from '../../src-shared/date-time';

export interface BackendOptions {
  seed: number;
  /** About this many notes over the last 120 days. */
  notes: number;
  /**
   * A fixed clock: the data as it is at this instant, for every request. Nothing arrives and nothing is answered
   * by itself; only reply() changes a status.
   */
  now?: Date;
  /**
   * The living clock, in epoch ms, read at every request when `now` is not given (default Date.now): notes
   * arrive when their InsDate comes and are answered when their seller's reply is due.
   */
  clock?: () => number;
  /** Bounds of the notes cache, for tests that watch it shed days. */
  notesCache?: { maxNotes?: number; maxRecords?: number };
}

export interface SandboxBackend {
  readonly data: SandboxData;
  readonly sellerIds: readonly string[];
  /** Whether the clock moves (no fixed `now`). */
  readonly living: boolean;
  /** The data's clock: the fixed `now`, or the living clock read now. */
  now(): number;
  /**
   * Matching notes as of now(), oldest first (ascending InsDate, then SeqNo): pages stay stable as new notes
   * arrive. With a page, only that slice.
   */
  notes(filter: NoteFilter, page?: NotePage): SendNote[];
  /**
   * The seller answers note `seqNo` now(), as a seller would on the marketplace's web console: from then on it is
   * ReplyComplete in every answer of this backend (kept in memory). Undefined when no such note has arrived. A
   * note that was already answered keeps the moment it was answered.
   */
  reply(seqNo: number): { answeredAt: number } | undefined;
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
  suggest<N extends SuggestOperationName>(op: N, req: RequestOf<N>, now: Date): ResultOf<N>;
}

export function createBackend(opts: BackendOptions): SandboxBackend {
  const fixed = opts.now?.getTime();
  const clock = opts.clock ?? Date.now;
  const now = fixed === undefined ? clock : () => fixed;
  // Suggest dates are laid out around the start, to the minute, so two starts in one minute agree.
  const data = createSandboxData({
    seed: opts.seed,
    notes: opts.notes,
    now: new Date(fixed ?? Math.floor(clock() / 60_000) * 60_000),
    ...(opts.notesCache ? { notesCache: opts.notesCache } : {}),
  });
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
    living: fixed === undefined,
    now,
    notes: (filter, page) => data.notes.query(filter, now(), page),
    reply: (seqNo) => data.notes.reply(seqNo, now()),
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
    suggest: (op, req, now) => (answers[op] as (r: unknown, n: Date) => ResultOf<typeof op>)(req, now),
  };
}

/**
 * The notes of the last `days` whole Korean days and of today so far, as of the backend's clock, oldest first:
 * about `notes` of them for the default 120 days.
 */
export function recentNotes(backend: SandboxBackend, days = NOTE_HISTORY_DAYS): SendNote[] {
  const now = backend.now();
  return backend.notes({
    start: formatDateTime(koreanDayStart(koreanDayOf(now) - days)),
    end: formatDateTime(now),
  });
}
