// A sync that kept part of its period says what it kept without contradicting itself: with no day whole but notes
// received, never "7일 중 0일, 문의 138건이 저장되었습니다"; with whole days, how many; with nothing, that nothing came.
import { describe, expect, it } from 'vitest';
import type { NotesSyncSummary } from '../../../src-main/contract';
import { translatorFor } from '../../../src-renderer/app/message-registry';
import {
  cancelledText,
  failedText,
  partialText,
} from '../../../src-renderer/features/inbox/model/sync-wording';

const ko = translatorFor('ko');
const en = translatorFor('en');
const summary = (daysDone: number, notesSaved: number) =>
  ({ days: 7, daysDone, notesSaved, cancelled: true }) as unknown as NotesSyncSummary;

describe('a partly kept sync, in words', () => {
  it('says no day was whole but the notes received were saved, instead of "0 of 7 days"', () => {
    for (const text of [cancelledText(summary(0, 138), ko), failedText(summary(0, 138), 3, ko)]) {
      expect(text).toContain('다 받은 날은 없지만');
      expect(text).toContain('138건');
      expect(text).not.toMatch(/7일 중 0일/);
    }
    for (const text of [cancelledText(summary(0, 1380), en), failedText(summary(0, 1380), 3, en)]) {
      expect(text).toContain('1,380');
      expect(text).not.toMatch(/\b0 of 7 days\b/);
    }
    expect(partialText({ days: 7, daysDone: 0, notes: 138 }, ko)).toBe(
      '7일 중 다 받은 날은 아직 없고, 문의 138건만 받았습니다 — 연결되면 나머지를 받습니다.',
    );
    expect(partialText({ days: 7, daysDone: 0, notes: 0 }, ko)).toBe(
      '7일 중 아직 받은 날이 없습니다 — 연결되면 받습니다.',
    );
  });

  it('counts whole days when there are some, grouped', () => {
    expect(cancelledText(summary(3, 1234), ko)).toBe(
      '동기화를 취소했습니다. 7일 중 3일, 문의 1,234건이 저장되었습니다.',
    );
    expect(partialText({ days: 84, daysDone: 12, notes: 763 }, ko)).toBe(
      '84일 중 12일, 문의 763건만 받았습니다 — 연결되면 나머지를 받습니다.',
    );
    expect(failedText(summary(3, 10), 2, en)).toMatch(/\b3\b.*\b7\b|\b7\b.*\b3\b/);
  });
});
