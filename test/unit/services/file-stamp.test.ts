import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localFileStamp } from '../../../src-main/services/file-stamp';
import { auditFileName } from '../../../src-main/services/lookbook-audit-csv';
import { exportFileName } from '../../../src-main/services/notes-export';

describe('the export files’ one stamp', () => {
  it('stamps the inbox export and the lookbook audit alike, on the seller’s clock', () => {
    const zones = ['Asia/Seoul', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.integer({ min: 946_684_800_000, max: 4_102_444_799_000 }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const at = new Date(ms);
          const stamp = localFileStamp(at, zone);
          expect(stamp).toMatch(/^\d{8}-\d{4}$/);
          expect(exportFileName('xlsx', 'en', at, zone)).toBe(`buyer-notes-${stamp}.xlsx`);
          expect(auditFileName('s', 'en', at, zone)).toBe(`lookbook-audit-s-${stamp}.csv`);
        },
      ),
    );
    // Across midnight the seller's day is not UTC's.
    expect(exportFileName('csv', 'ko', new Date('2026-11-23T22:49:16Z'), 'Asia/Seoul')).toBe(
      '구매자문의-20261124-0749.csv',
    );
  });
});
