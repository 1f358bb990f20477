import { createAccount, SELLER_IDS, type SandboxAccount } from './account';
import { renderImage } from './images';
import { createLookbooks, type SellerLookbook } from './lookbooks';
import { createNoteTimeline, drawBuyers, type NoteTimeline } from './notes';
import { createRng, streamSeed } from './prng';
import { createSellerItems } from './seller-items';
import { createSuggestData, type SuggestData } from './suggest-data';
import { keywordsFile, lookbookFile, noteTemplatesFile, suggestExtrasFile } from './word-lists';

export interface SandboxDataOptions {
  /** PRNG seed; default 42. */
  seed?: number;
  /**
   * The moment the suggest service's dates (notices, keyword validity) are laid out around; default: the current
   * time. Notes do not depend on it: they lie on an absolute timeline.
   */
  now?: Date;
  /** About this many buyer notes over the last 120 days (the daily rate is derived from it); default 5000. */
  notes?: number;
  /** Bounds of the notes cache (tests lower them to see it shed days). */
  notesCache?: { maxNotes?: number; maxRecords?: number };
}

export const DEFAULT_SEED = 42;
export const DEFAULT_NOTE_COUNT = 5000;

export interface SandboxData {
  seed: number;
  /** Epoch ms of the `now` the suggest data was laid out around. */
  generatedAtMs: number;
  account: SandboxAccount;
  /** The buyer notes of every day since the shop opened, drawn on demand; query them as of a moment. */
  notes: NoteTimeline;
  lookbooks: Record<string, SellerLookbook>;
  /** Renders '/images/item/<n>.svg' and '/images/intro/<n>.svg'; undefined (-> 404) for anything else. */
  images: typeof renderImage;
  /** Suggest-service records; query them through createSuggest(data.suggest). */
  suggest: SuggestData;
}

/**
 * The sandbox marketplace's whole data set: notes deterministic in (seed, notes), suggest dates in (seed, now).
 * Each part draws from its own PRNG stream, so changing the note count leaves lookbooks and suggest data unchanged.
 */
export function createSandboxData(opts: SandboxDataOptions = {}): SandboxData {
  const seed = opts.seed ?? DEFAULT_SEED;
  const nowMs = (opts.now ?? new Date()).getTime();
  const count = opts.notes ?? DEFAULT_NOTE_COUNT;

  const lookbookSeeds = lookbookFile();
  const ids = lookbookSeeds.sellers.map((s) => s.id);
  if (ids.join() !== SELLER_IDS.join()) {
    throw new Error(`resources/sandbox/lookbook.json sellers (${ids.join()}) differ from SELLER_IDS`);
  }
  const kf = keywordsFile();
  const templates = noteTemplatesFile();
  const itemsBySeller = createSellerItems(
    createRng(streamSeed(seed, 'items')),
    lookbookSeeds.sellers,
    kf.categories,
    templates,
  );
  return {
    seed,
    generatedAtMs: nowMs,
    account: createAccount(),
    notes: createNoteTimeline({
      seed: streamSeed(seed, 'notes'),
      count,
      sellerIds: SELLER_IDS,
      itemsBySeller,
      words: templates,
      buyers: drawBuyers(createRng(streamSeed(seed, 'buyers')), templates.buyerParts),
      ...(opts.notesCache?.maxNotes === undefined ? {} : { maxCachedNotes: opts.notesCache.maxNotes }),
      ...(opts.notesCache?.maxRecords === undefined ? {} : { maxCachedRecords: opts.notesCache.maxRecords }),
    }),
    lookbooks: createLookbooks(createRng(streamSeed(seed, 'lookbooks')), lookbookSeeds, itemsBySeller),
    images: renderImage,
    suggest: createSuggestData(createRng(streamSeed(seed, 'suggest')), nowMs, kf, suggestExtrasFile()),
  };
}
