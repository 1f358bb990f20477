import { z } from 'zod';
import type { LookbookContract } from '../../contract';
import { auditCsv, auditFileName } from '../../services/lookbook-audit-csv';
import { getLookbook, getWholeLookbook } from '../../services/lookbook';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';
import { isTimeZone } from '../../storage/settings-schema';
import { isSellerId } from '../../../src-shared/seller-id';

type Channels = keyof LookbookContract;

/** The sandbox caps PageSize at 500 by default; the UI offers far less, so 200 keeps responses small. */
const MAX_LOOKBOOK_PAGE_SIZE = 200;
// A whole lookbook of WHOLE_LOOKBOOK_MAX_ITEMS items with a few findings each, plus its intro.
const MAX_AUDIT_ROWS = 50_000;

export function lookbookHandlers(deps: Pick<HostDeps, 'connection'>): Pick<Handlers, Channels> {
  return {
    'lookbook.get': async (req, ctx) => getLookbook(await deps.connection.active(), req, ctx.signal),
    'lookbook.getAll': async ({ sellerId, runId }, ctx) =>
      getWholeLookbook(await deps.connection.active(), sellerId, {
        signal: ctx.signal,
        onProgress: (progress) => ctx.emit('lookbook.progress', { runId, ...progress }),
      }),
    'lookbook.exportAudit': async ({ sellerId, lang, timeZone, rows }) => ({
      fileName: auditFileName(sellerId, lang, new Date(), timeZone),
      csv: auditCsv(rows, lang),
    }),
  };
}

const sellerId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine(isSellerId, 'a seller ID has no spaces or markup characters');

const auditRow = z.strictObject({
  severity: z.enum(['error', 'warning', 'info']),
  kind: z.string().max(60),
  target: z.string().max(500),
  message: z.string().max(2000),
  detail: z.string().max(20_000).optional(),
});

export const lookbookRequestSchemas: Pick<RequestSchemas, Channels> = {
  'lookbook.get': z.strictObject({
    sellerId,
    page: z.number().int().min(1).max(100_000),
    pageSize: z.number().int().min(1).max(MAX_LOOKBOOK_PAGE_SIZE),
  }),
  'lookbook.getAll': z.strictObject({
    sellerId,
    runId: z.string().min(1).max(64),
  }),
  'lookbook.exportAudit': z.strictObject({
    sellerId,
    lang: z.enum(['ko', 'en']),
    timeZone: z.string().max(64).refine(isTimeZone, 'an IANA time zone such as Asia/Seoul'),
    rows: z.array(auditRow).max(MAX_AUDIT_ROWS),
  }),
};
