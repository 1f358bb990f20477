// sellerdesk://note/<connection>/<SeqNo>, parsed strictly: the one shape is accepted, anything else is refused with
// a reason.
import { describe, expect, it } from 'vitest';
import { formatNoteLink, parseNoteLink } from '../../../src-shared/note-link';

describe('note links', () => {
  it('parses the one shape and formats it back', () => {
    expect(parseNoteLink('sellerdesk://note/3/123456789')).toEqual({
      ok: true,
      link: { connection: 3, seqNo: 123456789 },
    });
    expect(formatNoteLink({ connection: 3, seqNo: 123456789 })).toBe('sellerdesk://note/3/123456789');
    expect(
      parseNoteLink(formatNoteLink({ connection: 2_147_483_647, seqNo: 9_007_199_254_740_991 })),
    ).toEqual({
      ok: true,
      link: { connection: 2_147_483_647, seqNo: 9_007_199_254_740_991 },
    });
  });

  it.each([
    [42, 'not-text'],
    [undefined, 'not-text'],
    [`sellerdesk://note/1/${'1'.repeat(100)}`, 'too-long'],
    ['', 'not-a-note-link'],
    ['https://note/1/2', 'not-a-note-link'],
    ['SellerDesk://note/1/2', 'not-a-note-link'],
    ['sellerdesk://Note/1/2', 'not-a-note-link'],
    ['sellerdesk:note/1/2', 'not-a-note-link'],
    ['sellerdesk://user@note/1/2', 'not-a-note-link'],
    [' sellerdesk://note/1/2', 'not-a-note-link'],
    ['sellerdesk://note/1', 'wrong-shape'],
    ['sellerdesk://note/1/2/', 'wrong-shape'],
    ['sellerdesk://note/1/2/3', 'wrong-shape'],
    ['sellerdesk://note//1/2', 'wrong-shape'],
    ['sellerdesk://note/0/2', 'bad-connection'],
    ['sellerdesk://note/01/2', 'bad-connection'],
    ['sellerdesk://note/-1/2', 'bad-connection'],
    ['sellerdesk://note/%31/2', 'bad-connection'],
    ['sellerdesk://note/2147483648/2', 'bad-connection'],
    ['sellerdesk://note/c1/2', 'bad-connection'],
    ['sellerdesk://note/１/2', 'bad-connection'],
    ['sellerdesk://note/1/0', 'bad-seq-no'],
    ['sellerdesk://note/1/2 ', 'bad-seq-no'],
    ['sellerdesk://note/1/2?x=1', 'bad-seq-no'],
    ['sellerdesk://note/1/2#top', 'bad-seq-no'],
    ['sellerdesk://note/1/2.0', 'bad-seq-no'],
    ['sellerdesk://note/1/1e3', 'bad-seq-no'],
    ['sellerdesk://note/1/9007199254740993', 'bad-seq-no'],
    ['sellerdesk://note/1/..', 'bad-seq-no'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(parseNoteLink(input)).toEqual({ ok: false, reason });
  });

  it('formats only what it would parse', () => {
    expect(() => formatNoteLink({ connection: 0, seqNo: 1 })).toThrow(RangeError);
    expect(() => formatNoteLink({ connection: 1, seqNo: 1.5 })).toThrow(RangeError);
  });
});
