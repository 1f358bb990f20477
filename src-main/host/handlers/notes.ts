import { z } from 'zod';
import type { NotesContract, NotesMirrorStatus } from '../../contract';
import { MAX_SYNC_DAYS } from '../../../src-shared/market-day';
import { marketPeriodSchema } from '../../../src-shared/market-day-schema';
import { REPLY_STATUSES } from '../../../src-shared/note-fields';
import type { ActiveConnection } from '../../services/connection';
import { exportFileName, notesToCsv, notesToXlsx } from '../../services/notes-export';
import { createLookbookItemsCache, fetchLookbookItemNos } from '../../services/notes-lookbook-items';
import { syncNotes, WAITING_LOOKBACK_DAYS } from '../../services/notes-sync';
import type { MirrorOwner } from '../../storage/mirror-registry';
import type { MirrorStore } from '../../storage/mirror-store';
import { isCorruption } from '../../storage/sqlite-file';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';
import { profileIdSchema } from '../../storage/settings-schema';
import { voidRequest } from './void-request';

type Channels = keyof NotesContract;

export { MAX_SYNC_DAYS };

interface ActiveMirror {
  active: ActiveConnection;
  owner: MirrorOwner;
  store: MirrorStore;
  known: string[];
}

export function notesHandlers(deps: HostDeps): Pick<Handlers, Channels> {
  const lookbookItems = createLookbookItemsCache();

  /** The active profile's mirror, from the same connection a sync would use, so the two can never disagree. */
  async function activeMirror(): Promise<ActiveMirror> {
    const active = await deps.connection.active();
    const { settings } = await deps.settings.get();
    const known = settings.profiles.map((p) => p.id);
    const owner: MirrorOwner = {
      profileId: active.profile.id,
      profileName: active.profile.name,
      kind: active.profile.kind,
      fingerprint: active.fingerprint,
    };
    return { active, owner, known, store: deps.mirrors.open(owner, known) };
  }

  /** Runs `use` on the active mirror; a file found damaged on the way is moved aside and a fresh one used. */
  async function withMirror<T>(use: (m: ActiveMirror) => T | Promise<T>): Promise<T> {
    const m = await activeMirror();
    try {
      return await use(m);
    } catch (err) {
      if (!isCorruption(err)) throw err;
      const store = deps.mirrors.recover(m.store, m.owner, m.known);
      return use({ ...m, store });
    }
  }

  function status(m: ActiveMirror): NotesMirrorStatus {
    const { store, owner } = m;
    const held = store.heldRange();
    const out: NotesMirrorStatus = {
      profile: { id: owner.profileId, name: owner.profileName, kind: owner.kind },
      sample: owner.kind === 'sandbox',
      notices: store.notices(),
      offers: deps.mirrors.offers(store, m.known),
      notes: store.noteCount(),
      sellerIds: store.coveredSellers(),
      revision: store.revision(),
    };
    const asOf = store.asOf();
    if (asOf !== undefined) out.asOf = asOf;
    const lastSync = store.lastSync();
    if (lastSync !== undefined) out.lastSync = lastSync;
    if (held) {
      out.firstDay = held.first;
      out.lastDay = held.last;
    }
    return out;
  }

  return {
    'notes.status': () => withMirror(status),

    'notes.period': (req) => withMirror((m) => m.store.period(req.start, req.end, req.known)),

    'notes.lookup': (req) => withMirror((m) => m.store.lookup(req)),

    'notes.count': (req) => withMirror((m) => m.store.count(req)),

    'notes.waitingOutside': (req) => withMirror((m) => m.store.waitingOutside(req)),

    'notes.sync': async (req, ctx) => {
      const m = await activeMirror();
      const { client, info } = m.active;
      const unknown = (req.sellerIds ?? []).filter((s) => !info.sellerIds.includes(s));
      if (unknown.length > 0) {
        throw new HostError(
          'INVALID_ARGUMENT',
          `Seller ID ${unknown.join(', ')} does not belong to this connection.`,
        );
      }
      const outcome = await deps.syncs.run(m.store.file, req, ctx.emit, async (run) => {
        const result = await syncNotes(req, {
          client,
          store: m.store,
          sellerIds: info.sellerIds,
          pageIndexBase: info.pageIndexBase,
          statusWindowDays: m.active.profile.noteQueryDays || undefined,
          waitingLookbackDays: WAITING_LOOKBACK_DAYS,
          signal: run.signal,
          onProgress: (p) => run.emit('notes.progress', p),
        });
        if (result.arrivedNoReply.length > 0) {
          run.emit('notes.arrived', { count: result.arrivedNoReply.length, seqNos: result.arrivedNoReply });
        }
        return result;
      });
      const { arrivedNoReply: _arrived, ...summary } = outcome;
      return summary;
    },

    'notes.syncState': async () => {
      const m = await activeMirror();
      return deps.syncs.state(m.store.file);
    },

    'notes.cancelSync': async () => {
      const m = await activeMirror();
      return { cancelled: deps.syncs.cancel(m.store.file) };
    },

    'notes.export': async (req) => {
      if (!deps.saveFile) throw new HostError('INTERNAL', 'Saving files is not available in this runtime.');
      const { notes, local } = await withMirror((m) => {
        const found = m.store.notesBySeq(req.seqNos);
        const marks = m.store.marks();
        return {
          notes: found,
          local: Object.fromEntries(
            found.flatMap((n) => {
              const mark = marks.get(n.seqNo);
              return mark ? [[String(n.seqNo), mark]] : [];
            }),
          ),
        };
      });
      const ctx = { lang: req.lang, timeZone: req.timeZone, local };
      const bytes = req.format === 'csv' ? notesToCsv(notes, ctx) : await notesToXlsx(notes, ctx);
      const path = await deps.saveFile(exportFileName(req.format, req.lang, new Date(), req.timeZone), bytes);
      return path === undefined ? { rows: notes.length } : { path, rows: notes.length };
    },

    'notes.local.set': ({ seqNo, handled, memo }) =>
      withMirror((m) => m.store.setMark(seqNo, { handled, memo }, Date.now())),

    'notes.carryOver': ({ source, action }) =>
      withMirror((m) => {
        const imported = deps.mirrors.carryOver(m.store, source, action, m.known);
        if (imported < 0) throw new HostError('NOT_FOUND', 'This offer is no longer available.');
        return { imported };
      }),

    'notes.dismissNotice': ({ id }) => withMirror((m) => m.store.dismissNotice(id)),

    'notes.profileMirror': async ({ profileId }) => {
      const files = deps.mirrors.profileMirrors(profileId);
      return {
        notes: files.reduce((n, f) => n + f.notes, 0),
        marks: files.reduce((n, f) => n + f.marks, 0),
        bytes: files.reduce((n, f) => n + f.bytes, 0),
      };
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
  }),
  'notes.count': marketPeriodSchema({
    status: z.enum(['All', ...REPLY_STATUSES]).optional(),
    sellerId: sellerId.optional(),
    itemNo: z.string().max(40).optional(),
    orderNo: orderNo.optional(),
    buyerId: z.string().max(100).optional(),
    text: text.optional(),
  }),
  'notes.waitingOutside': marketPeriodSchema({ lateBeforeMs: z.number().int().nonnegative() }),
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
};
