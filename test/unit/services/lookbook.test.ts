import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { auditCsv, auditFileName } from '../../../src-main/services/lookbook-audit-csv';
import { localFileStamp } from '../../../src-main/services/file-stamp';
import { elementKind, templateOf } from '../../../src-main/services/lookbook-element-types';
import type { Lookbook } from '../../../src-main/contract';
import { createTestDeps } from '../../support/host-deps';

const deps = createTestDeps();
const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
afterAll(() => deps.close());

describe('lookbook service over the real sandbox', () => {
  it('maps the clean seller: kinds from the documented table, raw number for the unknown type', async () => {
    const env = await dispatcher.dispatch(
      'lookbook.get',
      { sellerId: 'gangnam_style', page: 1, pageSize: 20 },
      null,
    );
    expect(env.ok).toBe(true);
    const lb = (env as { data: Lookbook }).data;
    expect(lb.totalItemCount).toBe(36);
    expect(lb.items).toHaveLength(20);
    expect(lb.shopName).not.toBe('');
    expect(new Set(lb.elements.map((e) => e.kind))).toEqual(new Set(['image', 'html', 'text', 'unknown']));
    expect(lb.elements.find((e) => e.kind === 'unknown')?.elementType).toBe(9);
    expect(lb.elements.find((e) => e.kind === 'image')?.imagePath).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/images\//,
    );
    expect(lb.items.some((i) => i.price === '가격문의')).toBe(true);
    expect(lb.assetBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('converts the 1-based page to the connection’s PageIndex base', async () => {
    const p2 = await dispatcher.dispatch(
      'lookbook.get',
      { sellerId: 'gangnam_style', page: 2, pageSize: 20 },
      null,
    );
    expect((p2 as { data: Lookbook }).data.items).toHaveLength(16);
  });

  it('keeps the broken seller’s defects for the audit: missing PageNo, long text counted in EUC-KR', async () => {
    const env = await dispatcher.dispatch(
      'lookbook.get',
      { sellerId: 'hongdae_closet', page: 1, pageSize: 20 },
      null,
    );
    const lb = (env as { data: Lookbook }).data;
    expect(lb.elements.filter((e) => e.pageNo === undefined)).toHaveLength(1);
    const long = lb.elements.find((e) => (e.contentsEucKrBytes ?? 0) > 2000);
    expect(long?.contentsEucKrBytes).toBe(iconv.encode(long!.contents!, 'euc-kr').length);
  });

  it('refuses bad requests before any SOAP call', async () => {
    for (const req of [
      { sellerId: '', page: 1, pageSize: 20 },
      { sellerId: 'a b', page: 1, pageSize: 20 },
      { sellerId: 'x', page: 0, pageSize: 20 },
      { sellerId: 'x', page: 1, pageSize: 201 },
      { sellerId: 'x', page: 1, pageSize: 20, extra: 1 },
    ]) {
      const env = await dispatcher.dispatch('lookbook.get', req, null);
      expect(env.ok ? 'ok' : env.error.code).toBe('INVALID_ARGUMENT');
    }
  });
});

describe('element type mapping', () => {
  it.each([
    [1, 'image'],
    [2, 'html'],
    [3, 'text'],
    [9, 'unknown'],
    [0, 'unknown'],
    [undefined, 'unknown'],
  ] as const)('ElementType %s is %s', (type, kind) => {
    expect(elementKind(type)).toBe(kind);
  });
  it('TemplateType maps 1–3 and leaves the rest undefined', () => {
    expect([1, 2, 3, 4, undefined].map(templateOf)).toEqual([
      'full-width',
      'two-column',
      'banner',
      undefined,
      undefined,
    ]);
  });
});

describe('audit CSV', () => {
  const rows = [
    {
      severity: 'error',
      kind: 'landing-malformed',
      target: '페이지 2 · #3',
      message: '링크, "잘못됨"',
      detail: '=HYPERLINK("x")',
    },
    { severity: 'info', kind: 'price-not-numeric', target: '상품 1', message: 'ok' },
  ] as const;

  it('starts with a BOM, quotes what needs it and defuses formulas', () => {
    const csv = auditCsv(rows, 'en');
    expect(csv.startsWith('\uFEFFSeverity,Check,Target,Finding,Evidence\r\n')).toBe(true);
    expect(csv).toContain(
      'Error,landing-malformed,페이지 2 · #3,"링크, ""잘못됨""","\'=HYPERLINK(""x"")"\r\n',
    );
    expect(csv.endsWith('Info,price-not-numeric,상품 1,ok,\r\n')).toBe(true);
  });

  it('writes its header and severities in the language of the UI it was exported from', () => {
    const csv = auditCsv(rows, 'ko');
    expect(csv.startsWith('\uFEFF심각도,점검 코드,대상,내용,근거\r\n')).toBe(true);
    expect(csv).toContain('\r\n오류,landing-malformed,');
    expect(csv).toContain('\r\n참고,price-not-numeric,');
  });

  it("names the file safely, stamped on the seller's clock rather than in UTC", () => {
    const at = new Date('2026-11-20T00:05:00Z');
    expect(auditFileName('../evil id', 'en', at, 'Asia/Seoul')).toBe(
      'lookbook-audit-.._evil_id-20261120-0905.csv',
    );
    expect(auditFileName('gangnam_style', 'ko', at, 'Asia/Seoul')).toBe(
      '룩북점검-gangnam_style-20261120-0905.csv',
    );
    // Across midnight the local day is not UTC's.
    expect(localFileStamp(new Date('2026-11-23T22:49:16Z'), 'Asia/Seoul')).toBe('20261124-0749');
    expect(localFileStamp(new Date('2026-11-23T22:49:16Z'), 'America/New_York')).toBe('20261123-1749');
  });
});
