import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { BIG_CATALOG_ID, DEEP_CATALOG_ID } from '../../../src-main/sandbox/data/suggest-data';
import { createSuggestService } from '../../../src-main/services/suggest';
import { createTestDeps } from '../../support/host-deps';

const deps = createTestDeps({ sandbox: { notes: 10 } });
const slow = createTestDeps({ sandbox: { notes: 10, faults: { latencyMs: 400 } } });
afterAll(async () => {
  await deps.close();
  await slow.close();
});
const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
const call = (channel: string, req: unknown, callId: string | null = null) =>
  dispatcher.dispatch(channel, req, callId);

describe('suggest service and channels', () => {
  it('answers each keyword operation with the decoded records', async () => {
    const res = await call('suggest.GetKeywordsByKeywordHint', { keywordHint: 'ㄴㅇㅋ' });
    expect(res.ok).toBe(true);
    const list = res.ok ? (res.data as { KSDataT: ({ Keyword?: string } | null)[] }).KSDataT : [];
    expect(list[0]?.Keyword).toBe('나이키');

    const combined = await call('suggest.GetKeywordSuggest', { keywordHint: '나이키' });
    expect(combined).toMatchObject({ ok: true, data: { KeywordContents: expect.any(Array) } });
    const notices = await call('suggest.GetSuggestionNotice', null);
    expect(notices.ok && (notices.data as { SearchNoticeT: unknown[] }).SearchNoticeT.length).toBeGreaterThan(
      0,
    );
  });

  it('keeps xsd:long catalog ids above 2^53 exact and walks nested SetCatalogs', async () => {
    const big = await call('suggest.GetCatalog', { catalogId: BIG_CATALOG_ID });
    expect(big).toMatchObject({ ok: true, data: { SuggestOSCatalogT: [{ ID: BIG_CATALOG_ID }] } });
    const deep = await call('suggest.GetCatalog', { catalogId: DEEP_CATALOG_ID });
    type Node = { ID?: string; SetCatalogs?: Node[] };
    const root = deep.ok ? (deep.data as { SuggestOSCatalogT: Node[] }).SuggestOSCatalogT[0] : undefined;
    expect(root?.SetCatalogs?.[0]?.SetCatalogs?.[0]?.SetCatalogs?.[0]?.ID).toMatch(/^\d+$/);
  });

  it.each([
    ['suggest.GetKeywordSuggest', { keywordHint: 'x'.repeat(101) }],
    ['suggest.GetKeywordSuggest', { keywordHint: 42 }],
    ['suggest.GetKeywordSuggest', { keywordHint: '나', extra: 1 }],
    ['suggest.GetCatalog', { catalogId: 5000000001 }],
    ['suggest.GetCatalog', { catalogId: '50abc' }],
    ['suggest.GetCatalog', { catalogId: '9223372036854775808' }],
    ['suggest.GetBrandPlusItems', { brandId: 1.5 }],
    ['suggest.GetBrandPlusItems', {}],
    ['suggest.GetSuggestionNotice', { keywordHint: '나' }],
  ])('%s refuses %j before any SOAP call', async (channel, req) => {
    const before = deps.connection.network.list().length;
    const res = await call(channel, req);
    expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(deps.connection.network.list().length).toBe(before);
  });

  it('aborting the call aborts the SOAP exchange on the wire', async () => {
    const d = createDispatcher(createHandlers(slow), requestSchemas, () => {});
    await slow.connection.active();
    const pending = d.dispatch('suggest.GetKeywordSuggest', { keywordHint: '나이키' }, 'call-1');
    await new Promise((r) => setTimeout(r, 100));
    d.abort('call-1');
    expect(await pending).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    const exchanges = slow.connection.network.list({ operation: 'GetKeywordSuggest' });
    expect(exchanges.at(-1)?.error?.code).toBe('ABORTED');
  });

  it('never sends a call whose signal is already aborted', async () => {
    const service = createSuggestService(deps.connection);
    const before = deps.connection.network.list().length;
    const controller = new AbortController();
    controller.abort();
    await expect(
      service.query('GetKeywordSuggest', { keywordHint: '나' }, controller.signal),
    ).rejects.toThrow();
    expect(deps.connection.network.list().length).toBe(before);
  });
});
