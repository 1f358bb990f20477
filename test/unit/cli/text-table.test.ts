import { describe, expect, it } from 'vitest';
import { displayWidth, flatten, renderTable, truncate } from '../../../src-main/cli/text-table';

describe('text-table', () => {
  it('counts Hangul and fullwidth characters as two cells', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('나이키')).toBe(6);
    expect(displayWidth('ㄴㅇㅋ')).toBe(6);
    expect(displayWidth('Ａ1')).toBe(3);
  });

  it('aligns columns by display width', () => {
    const text = renderTable(
      [
        { k: '나이키', n: 5 },
        { k: 'ab', n: 12345 },
      ],
      [{ key: 'k' }, { key: 'n', align: 'right' }],
    );
    const lines = text.trimEnd().split('\n');
    expect(lines).toEqual(['k           n', '------  -----', '나이키      5', 'ab      12345']);
    expect(new Set(lines.map(displayWidth)).size).toBe(1);
  });

  it('flattens newlines and terminal escapes from the wire', () => {
    expect(flatten('line1\r\nline2\u001b[31mred\u009b')).toBe('line1 line2 [31mred ');
  });

  it('cuts long cells with an ellipsis within the width', () => {
    const cut = truncate('가나다라마바사', 7);
    expect(cut).toBe('가나다…');
    expect(displayWidth(cut)).toBeLessThanOrEqual(7);
  });
});
