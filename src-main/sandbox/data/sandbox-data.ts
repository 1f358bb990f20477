import { createAccount, SELLER_IDS, type SandboxAccount } from './account';
import { renderImage } from './images';
import { createLookbooks, type SellerLookbook } from './lookbooks';
import { generateNotes } from './notes';
import { createRng, streamSeed } from './prng';
import { createSellerItems } from './seller-items';
import { createSuggestData, type SuggestData } from './suggest-data';
import type { SendNote } from './types';
import { keywordsFile, lookbookFile, noteTemplatesFile, suggestExtrasFile } from './word-lists';

export interface SandboxDataOptions {
  /** PRNG seed; default 42. */
  seed?: number;
  /** The moment the data is laid out backwards from; default: the current time. */
  now?: Date;
  /** Number of buyer notes; default 5000 (200,000 generates in a few hundred milliseconds). */
  notes?: number;
}

export const DEFAULT_SEED = 42;
export const DEFAULT_NOTE_COUNT = 5000;

export interface SandboxData {
  seed: number;
  /** Epoch ms of the `now` the data was laid out backwards from. */
  generatedAtMs: number;
  account: SandboxAccount;
  /** Sorted by InsDate ascending; SeqNo ascends with it. Query with queryNotes. */
  notes: SendNote[];
  lookbooks: Record<string, SellerLookbook>;
  /** Renders '/images/item/<n>.svg' and '/images/intro/<n>.svg'; undefined (-> 404) for anything else. */
  images: typeof renderImage;
  /** Suggest-service records; query them through createSuggest(data.suggest). */
  suggest: SuggestData;
}

/**
 * The sandbox marketplace's whole data set, deterministic in (seed, now, notes). Each part draws from its own
 * PRNG stream, so changing the note count leaves lookbooks and suggest data unchanged.
 */
export function createSandboxData(opts: SandboxDataOptions = {}): SandboxData {
  const seed = opts.seed ?? DEFAULT_SEED;
  const nowMs = (opts.now ?? new Date()).getTime();
  const count = opts.notes ?? DEFAULT_NOTE_COUNT;
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`notes must be a non-negative integer: ${count}`);

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
    notes: generateNotes({
      rng: createRng(streamSeed(seed, 'notes')),
      nowMs,
      count,
      sellerIds: SELLER_IDS,
      itemsBySeller,
      words: templates,
    }),
    lookbooks: createLookbooks(createRng(streamSeed(seed, 'lookbooks')), lookbookSeeds, itemsBySeller),
    images: renderImage,
    suggest: createSuggestData(createRng(streamSeed(seed, 'suggest')), nowMs, kf, suggestExtrasFile()),
  };
}
