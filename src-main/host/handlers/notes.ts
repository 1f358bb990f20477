import { z } from 'zod';
import type { NotesContract } from '../../contract';
import { MAX_SYNC_DAYS } from '../../../src-shared/market-day';
import { marketPeriodSchema } from '../../../src-shared/market-day-schema';
import { createNotesCache } from '../../services/notes-cache';
import { exportFileName, notesToCsv, notesToXlsx } from '../../services/notes-export';
import { createLookbookItemsCache, fetchLookbookItemNos } from '../../services/notes-lookbook-items';
import { syncNotes } from '../../services/notes-sync';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../create-handlers';
import { voidRequest } from './void-request';

type Channels = keyof NotesContract;

export { MAX_SYNC_DAYS };

export function notesHandlers(deps: HostDeps): Pick<Handlers, Channels> {
  const cache = createNotesCache(deps.dataDir);
  const lookbookItems = createLookbookItemsCache();
  const running = new Set<AbortController>();
  // One sync at a time: two interleaved syncs would each believe they own the "last sync" outcome.
  let queue: Promise<unknown> = Promise.resolve();

  return {
    'notes.cached': async () => {
      await cache.load();
      return cache.snapshot();
    },

    'notes.sync': async (req, ctx) => {
      const controller = new AbortController();
      running.add(controller);
      const signal = AbortSignal.any([ctx.signal, controller.signal]);
      const run = queue.then(async () => {
        await cache.load();
        let active;
        try {
          active = await deps.connection.active();
        } catch (err) {
          const e = err as { deskCode?: string; message?: string };
          cache.recordSync(
            {
              at: Date.now(),
              ok: false,
              cancelled: false,
              errorCode: e.deskCode ?? 'INTERNAL',
              errorMessage: e.message ?? String(err),
              failedSlices: [],
            },
            undefined,
          );
          await cache.persist();
          throw err;
        }
        const { client, info } = active;
        const unknown = (req.sellerIds ?? []).filter((s) => !info.sellerIds.includes(s));
        if (unknown.length > 0) {
          throw new HostError(
            'INVALID_ARGUMENT',
            `Seller ID ${unknown.join(', ')} does not belong to this connection.`,
          );
        }
        const outcome = await syncNotes(req, {
          client,
          cache,
          sellerIds: info.sellerIds,
          pageIndexBase: info.pageIndexBase,
          signal,
          onProgress: (p) => ctx.emit('notes.progress', p),
        });
        const { arrivedNoReply, ...summary } = outcome;
        if (arrivedNoReply.length > 0) {
          ctx.emit('notes.arrived', { count: arrivedNoReply.length, seqNos: arrivedNoReply });
        }
        return summary;
      });
      queue = run.catch(() => {});
      try {
        return await run;
      } finally {
        running.delete(controller);
      }
    },

    'notes.cancelSync': async () => {
      const cancelled = running.size > 0;
      for (const c of running) c.abort();
      return { cancelled };
    },

    'notes.export': async (req) => {
      await cache.load();
      const snap = cache.snapshot();
      const bySeq = new Map(snap.notes.map((n) => [n.seqNo, n]));
      const notes = req.seqNos.map((s) => bySeq.get(s)).filter((n) => n !== undefined);
      if (!deps.saveFile) throw new HostError('INTERNAL', 'Saving files is not available in this runtime.');
      const ctx = { lang: req.lang, timeZone: req.timeZone, local: snap.local };
      const bytes = req.format === 'csv' ? notesToCsv(notes, ctx) : await notesToXlsx(notes, ctx);
      const path = await deps.saveFile(exportFileName(req.format, req.lang, new Date(), req.timeZone), bytes);
      return path === undefined ? { rows: notes.length } : { path, rows: notes.length };
    },

    'notes.local.set': async ({ seqNo, handled, memo }) => {
      await cache.load();
      return cache.setLocal(seqNo, { handled, memo });
    },

    'notes.lookbookItems': async ({ sellerId }, ctx) => {
      const { client, info } = await deps.connection.active();
      if (!info.sellerIds.includes(sellerId)) {
        throw new HostError('INVALID_ARGUMENT', `Seller ID ${sellerId} does not belong to this connection.`);
      }
      const itemNos = await lookbookItems.get(`${info.profileId}@${info.apiBaseUrl}/${sellerId}`, () =>
        fetchLookbookItemNos(client, sellerId, info.pageIndexBase, ctx.signal),
      );
      return { sellerId, itemNos };
    },
  };
}

const sellerId = z.string().min(1).max(100);
const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const notesRequestSchemas: Pick<RequestSchemas, Channels> = {
  'notes.cached': voidRequest,
  'notes.sync': marketPeriodSchema(
    {
      sellerIds: z.array(sellerId).max(50).optional(),
      mode: z.enum(['full', 'refresh']),
    },
    MAX_SYNC_DAYS,
  ),
  'notes.cancelSync': voidRequest,
  'notes.export': z.strictObject({
    format: z.enum(['csv', 'xlsx']),
    seqNos: z.array(z.number().int()).max(1_000_000),
    lang: z.enum(['ko', 'en']),
    timeZone: z.string().max(64).refine(isTimeZone, 'an IANA time zone'),
  }),
  'notes.local.set': z
    .strictObject({
      seqNo: z.number().int(),
      handled: z.boolean().optional(),
      memo: z.string().max(4000).optional(),
    })
    .refine((r) => r.handled !== undefined || r.memo !== undefined, 'handled or memo'),
  'notes.lookbookItems': z.strictObject({ sellerId }),
};
