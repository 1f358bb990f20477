import { resolve } from 'node:path';
import { z } from 'zod';
import type { NotesContract } from '../../contract';
import { MAX_SYNC_DAYS } from '../../../src-shared/market-day';
import { marketPeriodSchema } from '../../../src-shared/market-day-schema';
import { REPLY_STATUSES } from '../../../src-shared/note-fields';
import { exportFileName } from '../../services/notes-export';
import { runNotesExport } from '../../services/notes-export-run';
import { createLookbookItemsCache, fetchLookbookItemNos } from '../../services/notes-lookbook-items';
import { activeMirrorChoice, createNotesMirror } from '../../services/notes-mirror';
import type { ActiveMirror } from '../../services/notes-mirror';
import { syncActiveMirror } from '../active-mirror';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';
import { profileIdSchema } from '../../storage/settings-schema';
import type { NotesStore } from '../../storage/notes-store';
import { READ_QUERIES } from '../../storage/mirror-read-queries';
import type { ReadAnswer, ReadKind, ReadRequest } from '../../storage/mirror-read-queries';
import { voidRequest } from './void-request';

type Channels = keyof NotesContract;

export { MAX_SYNC_DAYS };

/** The notes channels: each request validated (notesRequestSchemas), then answered by the notes-mirror service. */
export function notesHandlers(deps: HostDeps): Pick<Handlers, Channels> {
  const lookbookItems = createLookbookItemsCache();
  const mirror = createNotesMirror(deps.mirrors);

  /** Runs `use` on the active profile's mirror (one found damaged on the way is replaced by a fresh one). */
  const withMirror = async <T>(use: (m: ActiveMirror) => T | Promise<T>): Promise<T> =>
    mirror.use(await activeMirrorChoice(deps), use);
  const activeFile = async () => mirror.open(await activeMirrorChoice(deps)).store.file;
  /** A read of the active mirror, answered by its read worker (main reads only a mirror held in memory). */
  const read = <K extends ReadKind>(kind: K, req: ReadRequest<K>, signal: AbortSignal) =>
    withMirror(async (m): Promise<ReadAnswer<K>> => {
      const reads = deps.mirrors.reads(m.store);
      if (reads) return reads.ask(kind, req, signal);
      return (READ_QUERIES[kind] as unknown as (s: NotesStore, q: ReadRequest<K>) => ReadAnswer<K>)(
        m.store,
        req,
      );
    });

  return {
    'notes.status': () =>
      withMirror(async (m) => {
        const team = await deps.teams?.active();
        // A search index fill under way (a mirror from before version 5): the inbox says how far it is.
        const fill = deps.mirrors.searchFill(m.store.file)?.progress;
        const status = { ...mirror.status(m), ...(fill ? { searchFill: { ...fill } } : {}) };
        if (!team) return status;
        // A team's copy offers no other mirror's marks: a mark of the team is the team database's.
        return { ...status, offers: [], team: team.status() };
      }),

    'notes.period': (req, ctx) => read('notes.period', req, ctx.signal),

    'notes.lookup': (req, ctx) => read('notes.lookup', req, ctx.signal),

    'notes.count': (req, ctx) => read('notes.count', req, ctx.signal),

    'notes.waitingOutside': (req, ctx) => read('notes.waitingOutside', req, ctx.signal),

    'notes.waiting': (req, ctx) => read('notes.waiting', req, ctx.signal),

    'notes.sync': async (req, ctx) => {
      const { outcome } = await syncActiveMirror(deps, req, ctx.emit, { signal: ctx.signal });
      const { arrivedNoReply: _arrived, ...summary } = outcome;
      return summary;
    },

    'notes.syncState': async () => deps.syncs.state(await activeFile()),

    'notes.cancelSync': async () => ({ cancelled: deps.syncs.cancel(await activeFile()) }),

    // Written by the export worker (services/notes-export-run.ts): the main thread only reads the notes, a piece
    // at a time. Where the runtime lets the app write the file itself, the path is asked first and the file
    // streamed to it; otherwise the finished bytes go to saveFile.
    'notes.export': async (req, ctx) => {
      const { saveFile, chooseSavePath } = deps;
      if (!saveFile && !chooseSavePath)
        throw new HostError('INTERNAL', 'Saving files is not available in this runtime.');
      const name = exportFileName(req.format, req.lang, new Date(), req.timeZone);
      const path = chooseSavePath ? await chooseSavePath(name) : undefined;
      if (chooseSavePath && path === undefined) return { rows: 0 };
      // Team mode: the notes' memo threads are a column of the export.
      const team = await deps.teams?.active();
      const threads = team ? await team.exportThreads(req.seqNos) : undefined;
      const run = await withMirror((m) =>
        // The worker opens the mirror's file by its full path (the store names it within the mirrors folder).
        runNotesExport(resolve(deps.mirrors.dir, m.store.file), {
          ...req,
          path,
          ...(threads ? { threads } : {}),
          signal: ctx.signal,
          onProgress: (written, total) => ctx.emit('notes.exportProgress', { written, total }),
        }),
      );
      if (path !== undefined) return { path, rows: run.rows };
      const saved = await saveFile!(name, run.bytes!);
      return saved === undefined ? { rows: run.rows } : { path: saved, rows: run.rows };
    },

    'notes.local.set': ({ seqNo, handled, memo }) =>
      withMirror(async (m) => {
        // Team mode: saved when the team database has it (refused while it cannot be reached), then in the copy.
        const team = await deps.teams?.active();
        if (team) return team.setMark(seqNo, { handled, memo }, deps.now());
        return m.store.setMark(seqNo, { handled, memo }, deps.now());
      }),

    'notes.carryOver': ({ source, action }) =>
      withMirror((m) => {
        const imported = mirror.carryOver(m, source, action);
        if (imported === undefined) throw new HostError('NOT_FOUND', 'This offer is no longer available.');
        return { imported };
      }),

    'notes.dismissNotice': ({ id }) => withMirror((m) => m.store.dismissNotice(id)),

    'notes.profileMirror': async ({ profileId }) => mirror.profileTotals(profileId),

    'notes.answerOpened': ({ seqNo }) => withMirror((m) => m.store.recordAnswerOpened(seqNo, deps.now())),

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
const orderNo = z.string().regex(/^\s*\d{1,19}\s*$/, 'an order number (digits)');
const text = z.string().max(200);

export const notesRequestSchemas: Pick<RequestSchemas, Channels> = {
  'notes.status': voidRequest,
  'notes.period': marketPeriodSchema({
    known: z
      .strictObject({ mirror: z.string().max(100), revision: z.number().int().nonnegative() })
      .optional(),
  }),
  'notes.lookup': z.strictObject({
    text: text.optional(),
    seqNo: z.number().int().optional(),
    orderNo: orderNo.optional(),
    itemNo: z.string().max(40).optional(),
    buyerId: z.string().max(100).optional(),
    sellerId: sellerId.optional(),
    outside: marketPeriodSchema({}).optional(),
    limit: z.number().int().min(1).max(500).optional(),
    totalUpTo: z.number().int().min(1).optional(),
  }),
  'notes.count': marketPeriodSchema({
    status: z.enum(['All', ...REPLY_STATUSES]).optional(),
    sellerId: sellerId.optional(),
    itemNo: z.string().max(40).optional(),
    orderNo: orderNo.optional(),
    buyerId: z.string().max(100).optional(),
    text: text.optional(),
  }),
  'notes.waitingOutside': marketPeriodSchema({
    lateBeforeMs: z.number().int().nonnegative(),
    nowMs: z.number().int().nonnegative().optional(),
  }),
  'notes.waiting': z.strictObject({
    lateBeforeMs: z.number().int().nonnegative(),
    nowMs: z.number().int().nonnegative().optional(),
  }),
  'notes.sync': marketPeriodSchema(
    {
      sellerIds: z.array(sellerId).max(50).optional(),
      mode: z.enum(['full', 'refresh']),
    },
    MAX_SYNC_DAYS,
  ),
  'notes.syncState': voidRequest,
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
  'notes.carryOver': z.strictObject({
    source: z.string().min(1).max(200),
    action: z.enum(['import', 'discard']),
  }),
  'notes.dismissNotice': z.strictObject({ id: z.number().int() }),
  'notes.profileMirror': z.strictObject({ profileId: profileIdSchema }),
  'notes.lookbookItems': z.strictObject({ sellerId }),
  'notes.answerOpened': z.strictObject({ seqNo: z.number().int() }),
};
