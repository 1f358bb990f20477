// Shared by the sandbox server tests: calling the sandbox over real HTTP with the app's own envelope writer, and
// reading what comes back with the app's own envelope reader.
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/server';
import { buildRequest } from '../../../src-main/soap/envelope-write';
import type { RequestTickets, SoapVersion } from '../../../src-main/soap/envelope-write';
import { readEnvelope } from '../../../src-main/soap/envelope-read';
import type { SoapEnvelope } from '../../../src-main/soap/envelope-read';
import { SoapFaultError } from '../../../src-main/soap/errors';
import type { SoapFault } from '../../../src-main/soap/fault';
import { parseXml } from '../../../src-main/soap/xml-read';
import type { OperationName, RequestOf } from '../../../src-main/schema';
import { DEEP_CATALOG_ID } from '../../../src-main/sandbox/data/suggest-data';

export const SEED = 7;
export const NOW = new Date('2026-03-01T03:00:00Z');
export const VERSIONS: readonly SoapVersion[] = ['1.1', '1.2'];

export function startTestSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ host: '127.0.0.1', port: 0, seed: SEED, now: NOW, notes: 500, ...opts });
}

export function ticketsOf(sb: RunningSandbox): RequestTickets {
  return {
    authTicket: sb.tickets.auth,
    encryptedTicket: sb.tickets.encrypted,
    memberTicket: sb.tickets.member,
  };
}

export interface Reply {
  status: number;
  contentType: string;
  text: string;
  /** The envelope of a successful answer. */
  env?: SoapEnvelope;
  /** The fault of a fault answer. */
  fault?: SoapFault;
}

/** The raw HTTP exchange on a connection of its own (fetch's pool would reuse a socket of a closed server). */
export function rawPost(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const payload = Buffer.from(body, 'utf8');
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', agent: false, headers: { ...headers, 'content-length': String(payload.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function post(url: string, body: string, headers: Record<string, string>): Promise<Reply> {
  const res = await rawPost(url, body, headers);
  const text = res.body.toString('utf8');
  const reply: Reply = { status: res.status, contentType: res.headers['content-type'] ?? '', text };
  if (!reply.contentType.includes('xml')) return reply;
  try {
    reply.env = readEnvelope(parseXml(text));
  } catch (err) {
    if (!(err instanceof SoapFaultError)) throw err;
    reply.fault = err.fault as SoapFault;
  }
  return reply;
}

export function urlOf(sb: RunningSandbox, op: OperationName): string {
  return op === 'GetSohoLookbook' || op === 'BuyerNoteList' ? sb.apiUrl : sb.suggestUrl;
}

export function call<N extends OperationName>(
  sb: RunningSandbox,
  op: N,
  request: RequestOf<N>,
  version: SoapVersion,
  tickets: RequestTickets = ticketsOf(sb),
): Promise<Reply> {
  const built = buildRequest(op, request, { version, ns: sb.ns, tickets });
  return post(urlOf(sb, op), built.xml, built.headers);
}

/** The EncryptedTicket/Value of a response, scrubbed, so two answers can be compared byte for byte. */
export const ENCRYPTED_TICKET_VALUE = /(<EncryptedTicket\b[^>]*>\s*<Value>)[^<]*(<\/Value>)/;

/** One meaningful request per operation, with values that exist in the seeded data. */
export const SAMPLE_REQUESTS: { [N in OperationName]: RequestOf<N> } = {
  GetKeywordsByKeywordHint: { keywordHint: '나이키' },
  GetSuggestionKeywordsByKeywordHint: { keywordHint: '원피스' },
  GetNicknamesByKeywordHint: { keywordHint: '강남' },
  GetKeywordByTopCategoryList: { keywordHint: '운동화' },
  GetBooksKeywordByKeywordHint: { keywordHint: '밤의' },
  GetTicketKeywordByKeywordHint: { keywordHint: '공연' },
  GetSuggestionNotice: {},
  GetBrandShopSuggestionBrandsByKeywordHint: { keywordHint: '나' },
  GetKeywordSuggest: { keywordHint: '나이키' },
  GetBrandPlusItems: { brandId: 0 },
  GetBook: { bookItemNo: '' },
  GetCatalog: { catalogId: DEEP_CATALOG_ID },
  GetSohoLookbook: { SellerId: 'gangnam_style', Pagination: { PageIndex: 1, PageSize: 5 } },
  BuyerNoteList: {
    StartDate: '2025-11-01T00:00:00+09:00',
    EndDate: '2026-03-01T12:00:00+09:00',
    ReplyStatus: 'All',
    Pagination: { PageIndex: 1, PageSize: 20 },
  },
};

/** SAMPLE_REQUESTS with the brand and book taken from the sandbox's own data, so those calls return records. */
export function sampleRequests(sb: RunningSandbox): { [N in OperationName]: RequestOf<N> } {
  const suggest = sb.backend.data.suggest;
  const brandId = Object.keys(suggest.brandItems).find((k) => (suggest.brandItems[k]?.length ?? 0) > 0);
  const bookItemNo = Object.keys(suggest.books)[0];
  if (brandId === undefined || bookItemNo === undefined)
    throw new Error('the seeded data has no brand items or books');
  return {
    ...SAMPLE_REQUESTS,
    GetBrandPlusItems: { brandId: Number(brandId) },
    GetBook: { bookItemNo },
    // Page base follows the server under test.
    GetSohoLookbook: { SellerId: 'gangnam_style', Pagination: { PageIndex: sb.pageBase, PageSize: 5 } },
    BuyerNoteList: { ...SAMPLE_REQUESTS.BuyerNoteList, Pagination: { PageIndex: sb.pageBase, PageSize: 20 } },
  };
}
