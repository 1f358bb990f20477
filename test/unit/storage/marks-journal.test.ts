// The marks' second copy: what it keeps per SeqNo, what it skips, and its rewrite past the size cap.
import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MarksJournal, readMarksJournal } from '../../../src-main/storage/marks-journal';
import type { NoteLocalMark } from '../../../src-main/contract';

const at = (n: number) => Date.parse('2026-11-24T10:00:00+09:00') + n;
const mark = (handled: boolean, memo: string, t: number): NoteLocalMark => ({
  handled,
  memo,
  updatedAt: at(t),
});

describe('the marks journal', () => {
  it('keeps the last change per SeqNo, a cleared mark as one, and skips a torn or foreign line', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'm.sqlite.marks.log');
    const j = new MarksJournal(path);
    j.append([[7, mark(true, '', 1)]], () => new Map());
    j.append(
      [
        [7, mark(true, '메모 "따옴표"\n줄바꿈', 2)],
        [9, mark(true, '', 3)],
      ],
      () => new Map(),
    );
    j.append([[9, mark(false, '', 4)]], () => new Map());
    appendFileSync(
      path,
      '{"s":11,"h":1,"m":"x","t":5}\n{"s":3,"h":2,"m":"","t":6}\nnot json\n{"s":12,"h":1,"m":"torn',
    );
    expect(Object.fromEntries(readMarksJournal(path))).toEqual({
      7: mark(true, '메모 "따옴표"\n줄바꿈', 2),
      9: mark(false, '', 4),
      11: { handled: true, memo: 'x', updatedAt: 5 },
    });
  });

  it('past its size cap is rewritten as one line per mark the mirror holds', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'm.sqlite.marks.log');
    const held = new Map([[1, mark(true, 'a'.repeat(100), 1000)]]);
    const j = new MarksJournal(path, 4096);
    for (let i = 0; i < 100; i++) j.append([[1, mark(i % 2 === 0, 'a'.repeat(100), i)]], () => held);
    expect(statSync(path).size).toBeLessThanOrEqual(4096);
    expect(Object.fromEntries(readMarksJournal(path))).toEqual({ 1: held.get(1) });
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean).length).toBeLessThan(40);
  });
});
