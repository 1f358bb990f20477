// A team note's status: ReplyComplete wins over everything the team sets; handled, then no reply needed, then a
// snooze that has not ended; a snooze in the past is no status (the note waits again by itself).
import { describe, expect, it } from 'vitest';
import { teamNoteStatus, waitsInQueue } from '../../../src-shared/team-note-status';

const NOW = Date.UTC(2026, 10, 20, 3);

describe('team note status', () => {
  it('the marketplace answer wins over the team statuses and the handled mark', () => {
    expect(
      teamNoteStatus(
        { replyStatus: 'ReplyComplete', handled: true, snoozedUntil: NOW + 1, noReplyReason: 'thanks' },
        NOW,
      ),
    ).toBe('answered');
  });

  it('handled, then no reply needed, then snoozed', () => {
    expect(teamNoteStatus({ replyStatus: 'NoReply', handled: true, noReplyReason: 'x' }, NOW)).toBe(
      'handled',
    );
    expect(teamNoteStatus({ replyStatus: 'NoReply', noReplyReason: 'x', snoozedUntil: NOW + 1 }, NOW)).toBe(
      'no-reply-needed',
    );
    expect(teamNoteStatus({ replyStatus: 'NoReply', snoozedUntil: NOW + 1 }, NOW)).toBe('snoozed');
  });

  it('a snooze ends at its instant, by the clock alone', () => {
    const facts = { replyStatus: 'NoReply' as const, snoozedUntil: NOW + 60_000 };
    expect(waitsInQueue(facts, NOW)).toBe(false);
    expect(waitsInQueue(facts, NOW + 59_999)).toBe(false);
    expect(waitsInQueue(facts, NOW + 60_000)).toBe(true);
    expect(teamNoteStatus({ replyStatus: 'NoReply', noReplyReason: '' }, NOW)).toBe('waiting');
  });
});
