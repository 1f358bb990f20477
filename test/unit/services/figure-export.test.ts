// A figure of the insights page as a file: CSV through the one writer (an item name a seller wrote that starts
// like a formula is defused), XLSX as typed cells, PNG as sent; the channel refuses tables larger than a chart.
import { describe, expect, it } from 'vitest';
import { FIGURE_MAX_ROWS } from '../../../src-main/contract';
import type { FigureExportRequest } from '../../../src-main/contract';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { figureBytes, figureFileName } from '../../../src-main/services/figure-export';
import { createTestDeps } from '../../support/host-deps';

const base: FigureExportRequest = {
  name: 'top-items-notes',
  format: 'csv',
  columns: ['상품번호', '상품명', '문의'],
  rows: [
    ['1001', '=HYPERLINK("http://x")', 12],
    ['1002', '린넨 셔츠, 베이지', 7],
  ],
  timeZone: 'Asia/Seoul',
};

describe('figure export', () => {
  it('writes CSV through the one writer: BOM, CRLF, quoting, formulas defused, numbers as numbers', async () => {
    const bytes = await figureBytes(base);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n')).toEqual([
      '상품번호,상품명,문의',
      `1001,"'=HYPERLINK(""http://x"")",12`,
      '1002,"린넨 셔츠, 베이지",7',
      '',
    ]);
  });

  it('writes XLSX as a zip and a PNG as the bytes sent, named by the figure and the local time', async () => {
    expect([...(await figureBytes({ ...base, format: 'xlsx' })).slice(0, 2)]).toEqual([0x50, 0x4b]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]).toString('base64');
    expect([...(await figureBytes({ ...base, format: 'png', png }))]).toEqual([
      0x89, 0x50, 0x4e, 0x47, 1, 2, 3,
    ]);
    expect(figureFileName(base, new Date('2026-11-20T15:30:00Z'))).toBe('top-items-notes-20261121-0030.csv');
  });

  it('saves where the seller picks, and refuses a name with a path or a table larger than a chart', async () => {
    const deps = createTestDeps();
    const saved: string[] = [];
    deps.saveFile = async (name) => (saved.push(name), `/home/seller/Downloads/${name}`);
    const d = createDispatcher(createHandlers(deps), requestSchemas, () => {});
    const ok = await d.dispatch('figures.export', base, null);
    expect(ok).toMatchObject({
      ok: true,
      data: { path: expect.stringMatching(/top-items-notes-\d{8}-\d{4}\.csv$/) },
    });
    for (const bad of [
      { ...base, name: '../../etc/passwd' },
      { ...base, rows: Array.from({ length: FIGURE_MAX_ROWS + 1 }, () => ['x']) },
      { ...base, format: 'png' },
      { ...base, png: 'not base64!' },
    ]) {
      expect(await d.dispatch('figures.export', bad, null), JSON.stringify(bad).slice(0, 60)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
    }
    expect(saved).toHaveLength(1);
    await deps.close();
  });
});
