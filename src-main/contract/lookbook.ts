// The lookbook domain's channels. Owned by the lookbook feature; merged in ./index.ts.

/**
 * What an ElementType means. The spec leaves ElementType undefined; the app uses the sandbox's documented mapping
 * (1 image, 2 HTML, 3 text) and calls anything else 'unknown', shown with its raw number rather than guessed.
 */
export type LookbookElementKind = 'image' | 'html' | 'text' | 'unknown';
/** TemplateType the same way: 1 full-width, 2 two-column, 3 banner strip; anything else stays a raw number. */
export type LookbookTemplate = 'full-width' | 'two-column' | 'banner';

export interface LookbookRequest {
  sellerId: string;
  /** 1-based page of items whatever the connection's PageIndex base; the service converts. */
  page: number;
  pageSize: number;
}

export interface LookbookElement {
  /** Stable within one response: the element's position as sent. */
  key: string;
  /** PageNo as sent; undefined when the attribute was absent. */
  pageNo?: number;
  templateType?: number;
  template?: LookbookTemplate;
  elementType?: number;
  kind: LookbookElementKind;
  seqNo?: number;
  imagePath?: string;
  landingUrl?: string;
  /** LandingTargetYn: true opens in the external browser, false previews in place. */
  landingExternal: boolean;
  html?: string;
  contents?: string;
  /** Byte length of `contents` in EUC-KR, the marketplace's storage encoding (computed in main). */
  contentsEucKrBytes?: number;
}

export interface LookbookItem {
  /** `item-<position>`: the same item has the same key on a page and in the whole lookbook. */
  key: string;
  /** 0-based place in the whole lookbook (page, page size and index on the page): it names the item's page. */
  position: number;
  itemNo: string;
  name: string;
  sellerId: string;
  sellerNickName: string;
  /** The price-like fields stay strings exactly as sent; the renderer formats those that parse. */
  price?: string;
  couponDiscountPrice?: string;
  discount?: string;
  feedbackCount?: string;
  satisfactionRate?: string;
  premium: boolean;
  focus: boolean;
  landingUrl?: string;
  colors: string[];
  icons: string[];
  images: string[];
}

export interface Lookbook {
  sellerId: string;
  page: number;
  pageSize: number;
  totalItemCount: number;
  shopName?: string;
  shopDescription?: string;
  /** Elements in the order sent; the renderer groups by PageNo and sorts by ElementSeqNo. */
  elements: LookbookElement[];
  items: LookbookItem[];
  /** Where relative URLs inside HTML elements resolve (the API host's origin). */
  assetBaseUrl: string;
  /**
   * The built-in sandbox's own image route (origin and path, e.g. http://127.0.0.1:8788/images/) when the
   * connection is the sandbox: the one place images may load over http and from loopback.
   */
  sandboxImageBase?: string;
}

/** Every item page of a lookbook at once, for the audit: the shop and intro as on its first page. */
export interface WholeLookbook extends Omit<Lookbook, 'page' | 'pageSize'> {
  /** GetSohoLookbook calls it took. */
  pages: number;
  /**
   * The marketplace kept promising more items than the app reads for one audit (WHOLE_LOOKBOOK_MAX_ITEMS):
   * the items beyond were not audited.
   */
  truncated: boolean;
}

/** The most items one audit reads; a Soho lookbook is a small shop's window, far below this. */
export const WHOLE_LOOKBOOK_MAX_ITEMS = 10_000;

/** Pushed while 'lookbook.getAll' pages: items received of the total the marketplace announced. */
export interface LookbookProgressEvent {
  /** The request's runId, so a page listens to its own run only. */
  runId: string;
  items: number;
  /** TotalItemCount, once the first page has told it. */
  totalItems?: number;
  pages: number;
}

/** The path of the sandbox's image route (its seeded item and intro images live below it). */
export const SANDBOX_IMAGE_PATH = '/images/';

export type AuditSeverity = 'error' | 'warning' | 'info';

export interface AuditExportRow {
  severity: AuditSeverity;
  kind: string;
  /** Which element or item, as the seller reads it ("Page 2 · #3 image", "Item 1002003"). */
  target: string;
  message: string;
  detail?: string;
}

export interface LookbookContract {
  'lookbook.get': { req: LookbookRequest; res: Lookbook };
  /**
   * Every item page of the seller's lookbook, for the audit. Progress comes as 'lookbook.progress' events with
   * the request's runId; aborting the call stops the paging.
   */
  'lookbook.getAll': { req: { sellerId: string; runId: string }; res: WholeLookbook };
  /** Builds the audit CSV (UTF-8 with BOM) for the renderer to download. */
  'lookbook.exportAudit': {
    /** `lang` words the header and severities; `timeZone` stamps the file name in the seller's local time. */
    req: { sellerId: string; lang: 'ko' | 'en'; timeZone: string; rows: AuditExportRow[] };
    res: { fileName: string; csv: string };
  };
}

export const LOOKBOOK_CHANNELS = [
  'lookbook.get',
  'lookbook.getAll',
  'lookbook.exportAudit',
] as const satisfies readonly (keyof LookbookContract)[];
