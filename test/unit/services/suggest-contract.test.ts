// The suggest channels against the schema: one channel per operation, typed exactly as the schema types it, and
// each sending its own operation, with the request's values, to the marketplace (a recording server in front of
// the sandbox sees what went over the wire).
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGEST_CHANNELS } from '../../../src-main/contract';
import type { Req, Res, SuggestChannel } from '../../../src-main/contract';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { DEEP_CATALOG_ID } from '../../../src-main/sandbox/data/suggest-data';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { SERVICE_PATHS, SUGGEST_OPERATIONS } from '../../../src-main/schema';
import type { RequestOf, ResultOf } from '../../../src-main/schema';
import { createTestDeps } from '../../support/host-deps';

// Each channel's request and result must be exactly what the schema gives its operation: a channel wired to the
// wrong record or wrapper makes `tsc -b` fail on this list (there is nothing to run).
/** Mutual assignability: `true` only when A and B describe the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type SuggestChannelTypes = [
  Assert<Same<Res<'suggest.GetKeywordsByKeywordHint'>, ResultOf<'GetKeywordsByKeywordHint'>>>,
  Assert<
    Same<Res<'suggest.GetSuggestionKeywordsByKeywordHint'>, ResultOf<'GetSuggestionKeywordsByKeywordHint'>>
  >,
  Assert<Same<Res<'suggest.GetNicknamesByKeywordHint'>, ResultOf<'GetNicknamesByKeywordHint'>>>,
  Assert<Same<Res<'suggest.GetKeywordByTopCategoryList'>, ResultOf<'GetKeywordByTopCategoryList'>>>,
  Assert<Same<Res<'suggest.GetBooksKeywordByKeywordHint'>, ResultOf<'GetBooksKeywordByKeywordHint'>>>,
  Assert<Same<Res<'suggest.GetTicketKeywordByKeywordHint'>, ResultOf<'GetTicketKeywordByKeywordHint'>>>,
  Assert<Same<Res<'suggest.GetSuggestionNotice'>, ResultOf<'GetSuggestionNotice'>>>,
  Assert<
    Same<
      Res<'suggest.GetBrandShopSuggestionBrandsByKeywordHint'>,
      ResultOf<'GetBrandShopSuggestionBrandsByKeywordHint'>
    >
  >,
  Assert<Same<Res<'suggest.GetKeywordSuggest'>, ResultOf<'GetKeywordSuggest'>>>,
  Assert<Same<Res<'suggest.GetBrandPlusItems'>, ResultOf<'GetBrandPlusItems'>>>,
  Assert<Same<Res<'suggest.GetBook'>, ResultOf<'GetBook'>>>,
  Assert<Same<Res<'suggest.GetCatalog'>, ResultOf<'GetCatalog'>>>,
  Assert<Same<Req<'suggest.GetKeywordSuggest'>, RequestOf<'GetKeywordSuggest'>>>,
  Assert<Same<Req<'suggest.GetBrandPlusItems'>, RequestOf<'GetBrandPlusItems'>>>,
  Assert<Same<Req<'suggest.GetBook'>, RequestOf<'GetBook'>>>,
  Assert<Same<Req<'suggest.GetCatalog'>, RequestOf<'GetCatalog'>>>,
];

/** One request as the recording server saw it. */
interface Recorded {
  path: string;
  soapAction: string;
  body: string;
}

/** A plain HTTP proxy in front of the sandbox that keeps every request it forwards. */
async function startRecorder(target: string) {
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({
        path: req.url ?? '',
        soapAction: String(req.headers['soapaction'] ?? req.headers['content-type'] ?? ''),
        body: body.toString('utf8'),
      });
      const out = request(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A request for each channel, with a value the wire must carry (none for the notice list). */
const REQUESTS: Record<SuggestChannel, { req: unknown; carries?: string }> = {
  'suggest.GetKeywordsByKeywordHint': { req: { keywordHint: '나이키' }, carries: '나이키' },
  'suggest.GetSuggestionKeywordsByKeywordHint': { req: { keywordHint: '운동화' }, carries: '운동화' },
  'suggest.GetNicknamesByKeywordHint': { req: { keywordHint: '강남' }, carries: '강남' },
  'suggest.GetKeywordByTopCategoryList': { req: { keywordHint: '원피스' }, carries: '원피스' },
  'suggest.GetBooksKeywordByKeywordHint': { req: { keywordHint: '소설' }, carries: '소설' },
  'suggest.GetTicketKeywordByKeywordHint': { req: { keywordHint: '뮤지컬' }, carries: '뮤지컬' },
  'suggest.GetSuggestionNotice': { req: null },
  'suggest.GetBrandShopSuggestionBrandsByKeywordHint': { req: { keywordHint: 'ㄴㅇㅋ' }, carries: 'ㄴㅇㅋ' },
  'suggest.GetKeywordSuggest': { req: { keywordHint: '가방' }, carries: '가방' },
  'suggest.GetBrandPlusItems': { req: { brandId: 7031 }, carries: '7031' },
  'suggest.GetBook': { req: { bookItemNo: 'B4417' }, carries: 'B4417' },
  'suggest.GetCatalog': { req: { catalogId: DEEP_CATALOG_ID }, carries: DEEP_CATALOG_ID },
};

const deps = createTestDeps({ sandbox: { notes: 10 } });
let sandbox: RunningSandbox;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
const call = (channel: string, req: unknown) => dispatcher.dispatch(channel, req, null);

beforeAll(async () => {
  await deps.connection.active();
  sandbox = deps.connection.sandbox()!;
  recorder = await startRecorder(sandbox.baseUrl);
  // A live profile whose both services are the recorder, which hands every request on to the sandbox.
  const got = (await call('settings.get', undefined)) as {
    ok: true;
    data: { settings: { profiles: unknown[] } };
  };
  const live = {
    id: 'live-recorded',
    name: 'Recorded',
    kind: 'live',
    apiBaseUrl: recorder.baseUrl,
    suggestBaseUrl: recorder.baseUrl,
    nsRoot: sandbox.ns.nsRoot,
    schemaRoot: sandbox.ns.schemaRoot,
    suggestNamespace: 'ns',
    soapVersion: '1.1',
    pageIndexBase: sandbox.pageBase,
    timeoutMs: 5000,
    sellerIds: ['gangnam_style'],
  };
  expect(
    await call('settings.update', {
      profiles: [...got.data.settings.profiles, live],
      activeProfileId: live.id,
    }),
  ).toMatchObject({ ok: true });
});
afterAll(async () => {
  await recorder?.close();
  await deps.close();
});

describe('suggest contract', () => {
  it('has one channel per suggest operation of the schema', () => {
    expect([...SUGGEST_CHANNELS].sort()).toEqual(SUGGEST_OPERATIONS.map((op) => `suggest.${op}`).sort());
    expect(Object.keys(REQUESTS).sort()).toEqual([...SUGGEST_CHANNELS].sort());
  });

  it.each([...SUGGEST_CHANNELS])(
    '%s sends its own operation, once, with the request values',
    async (channel) => {
      const before = recorder.seen.length;
      const { req, carries } = REQUESTS[channel];
      expect(await call(channel, req)).toMatchObject({ ok: true });
      const sent = recorder.seen.slice(before);
      const operation = channel.slice('suggest.'.length);
      expect(sent.map((r) => r.path)).toEqual([SERVICE_PATHS.suggest]);
      expect(sent[0]!.soapAction).toMatch(new RegExp(`/${operation}"?$`));
      expect(sent[0]!.body).toMatch(new RegExp(`<(\\w+:)?${operation}[\\s>]`));
      if (carries !== undefined) expect(sent[0]!.body).toContain(carries);
    },
  );
});
