// Where the open note's pane goes when its note leaves the list: to the note that took its place, else the one
// before it; and a selection keeps only what the list shows.
import { describe, expect, it } from 'vitest';
import { listedOnly, nearestListedRow } from '../../../src-renderer/features/inbox/model/pane-follow';

const list = (...seqNos: number[]) => ({ length: seqNos.length, seqNoAt: (k: number) => seqNos[k]! });

describe('nearestListedRow', () => {
  it('goes to the next note still listed, where the note was', () => {
    // 30 was marked handled under the waiting chip: 40 takes its row.
    expect(nearestListedRow(list(10, 20, 30, 40, 50), 2, list(10, 20, 40, 50))).toBe(2);
    // A search kept 10 and 50 only: 50 is the next one after 30.
    expect(nearestListedRow(list(10, 20, 30, 40, 50), 2, list(10, 50))).toBe(1);
  });

  it('goes to the one before when nothing after it is listed, and nowhere when nothing of the old list is', () => {
    expect(nearestListedRow(list(10, 20, 30), 2, list(10, 20))).toBe(1);
    expect(nearestListedRow(list(10, 20, 30), 1, list(10, 77))).toBe(0);
    expect(nearestListedRow(list(10, 20, 30), 1, list(77, 88))).toBe(-1);
    expect(nearestListedRow(list(10, 20, 30), 1, list())).toBe(-1);
  });

  it('finds the notes by SeqNo in a list drawn anew (a sync added notes above)', () => {
    expect(nearestListedRow(list(10, 20, 30), 1, list(5, 6, 10, 30))).toBe(3);
  });
});

describe('listedOnly', () => {
  it('keeps the same set when the list shows it all, and drops what it does not show', () => {
    const all = new Set([20, 40]);
    expect(listedOnly(all, list(10, 20, 30, 40))).toBe(all);
    expect([...listedOnly(all, list(10, 20, 30))]).toEqual([20]);
    expect(listedOnly(new Set(), list(10)).size).toBe(0);
  });
});
