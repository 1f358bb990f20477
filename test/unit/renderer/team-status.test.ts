// Team mode's statuses in the inbox (features/inbox/model/team-status.ts): which notes the queue sets aside, the
// snooze presets and date-times in the display zone, and the history step that explains a status.
import { describe, expect, it } from 'vitest';
import type { InboxNote, NoteLocalMark, TeamHistoryStep } from '../../../src-main/contract';
import {
  explainingStep,
  instantOfWall,
  presetEnd,
  queueMarks,
  statusOf,
  wallOf,
} from '../../../src-renderer/features/inbox/model/team-status';

const NOW = Date.parse('2026-11-20T09:00:00+09:00'); // a Friday in Seoul
const HOUR = 3_600_000;
const mark = (handled: boolean): NoteLocalMark => ({ handled, memo: 'm', updatedAt: 1 });
const note = (replyStatus: InboxNote['replyStatus']) => ({ seqNo: 1, replyStatus }) as InboxNote;

describe('queueMarks: what the queue sets aside', () => {
  it('a running snooze and "no reply needed" count as set aside; an ended snooze waits again', () => {
    const local = { '4': mark(true) };
    const out = queueMarks(
      local,
      [
        { seqNo: 1, snoozedUntil: NOW + HOUR },
        { seqNo: 2, snoozedUntil: NOW }, // ends at this very instant: waits again
        { seqNo: 3, noReplyReason: '감사 인사' },
        { seqNo: 4, snoozedUntil: NOW + HOUR }, // handled anyway: its mark stays as it is
        { seqNo: 5, assignee: 'anna' }, // only assigned: still waits
      ],
      NOW,
    );
    expect(Object.keys(out).sort()).toEqual(['1', '3', '4']);
    expect(out['1']?.handled).toBe(true);
    expect(out['3']?.handled).toBe(true);
    // Each says why it is aside, so the list names it so.
    expect(out['1']?.aside).toBe('snoozed');
    expect(out['3']?.aside).toBe('no-reply-needed');
    expect(out['4']).toBe(local['4']);
    // An hour later the snooze has passed: only the no-reply note is aside.
    const later = queueMarks(
      local,
      [
        { seqNo: 1, snoozedUntil: NOW + HOUR },
        { seqNo: 3, noReplyReason: 'x' },
      ],
      NOW + HOUR,
    );
    expect(Object.keys(later).sort()).toEqual(['3', '4']);
  });

  it('answers the same marks when nothing is aside (the view is not built again)', () => {
    const local = { '1': mark(false) };
    expect(queueMarks(local, undefined, NOW)).toBe(local);
    expect(queueMarks(local, [{ seqNo: 1, snoozedUntil: NOW - 1 }], NOW)).toBe(local);
  });

  it('statusOf: ReplyComplete wins over a snooze and no reply needed', () => {
    const snoozed = { seqNo: 1, snoozedUntil: NOW + HOUR };
    expect(statusOf(note('NoReply'), undefined, snoozed, NOW)).toBe('snoozed');
    expect(statusOf(note('ReplyComplete'), undefined, snoozed, NOW)).toBe('answered');
    expect(statusOf(note('ReplyComplete'), undefined, { seqNo: 1, noReplyReason: 'x' }, NOW)).toBe(
      'answered',
    );
    expect(statusOf(note('NoReply'), mark(true), { seqNo: 1, noReplyReason: 'x' }, NOW)).toBe('handled');
    expect(statusOf(note('NoReply'), undefined, snoozed, NOW + HOUR)).toBe('waiting');
  });
});

describe('snooze times in the display zone', () => {
  it('a datetime-local value and its instant, both ways, in Seoul and across a DST change in New York', () => {
    expect(wallOf(NOW, 'Asia/Seoul')).toBe('2026-11-20T09:00');
    expect(instantOfWall('2026-11-20T09:00', 'Asia/Seoul')).toBe(NOW);
    expect(wallOf(NOW, 'UTC')).toBe('2026-11-20T00:00');
    // 2026-03-08: New York moves from -05:00 to -04:00 at 02:00.
    expect(instantOfWall('2026-03-08T09:00', 'America/New_York')).toBe(
      Date.parse('2026-03-08T09:00:00-04:00'),
    );
    expect(instantOfWall('2026-03-07T09:00', 'America/New_York')).toBe(
      Date.parse('2026-03-07T09:00:00-05:00'),
    );
    expect(instantOfWall('not a time', 'Asia/Seoul')).toBeUndefined();
  });

  it('presets: an hour, four hours, 9:00 tomorrow and 9:00 next Monday in the zone', () => {
    expect(presetEnd('in1h', NOW, 'Asia/Seoul')).toBe(NOW + HOUR);
    expect(presetEnd('in4h', NOW, 'Asia/Seoul')).toBe(NOW + 4 * HOUR);
    expect(presetEnd('tomorrow', NOW, 'Asia/Seoul')).toBe(Date.parse('2026-11-21T09:00:00+09:00'));
    expect(presetEnd('nextWeek', NOW, 'Asia/Seoul')).toBe(Date.parse('2026-11-23T09:00:00+09:00'));
    // On a Monday, next Monday is a week ahead, not today.
    const monday = Date.parse('2026-11-23T08:00:00+09:00');
    expect(presetEnd('nextWeek', monday, 'Asia/Seoul')).toBe(Date.parse('2026-11-30T09:00:00+09:00'));
    // The zone's day, not UTC's: 23:30 in Seoul on the 20th is still the 20th there.
    const late = Date.parse('2026-11-20T23:30:00+09:00');
    expect(presetEnd('tomorrow', late, 'Asia/Seoul')).toBe(Date.parse('2026-11-21T09:00:00+09:00'));
  });
});

describe('explainingStep', () => {
  const step = (kind: TeamHistoryStep['kind'], author: string, at: number): TeamHistoryStep => ({
    kind,
    author,
    at,
  });
  it('the last step that set the status; none for a waiting note', () => {
    const steps = [
      step('handled', 'anna', 1),
      step('unhandled', 'ben', 2),
      step('handled', 'ben', 3),
      step('snoozed', 'anna', 4),
    ];
    expect(explainingStep(steps, 'handled')).toEqual(steps[2]);
    expect(explainingStep(steps, 'snoozed')).toEqual(steps[3]);
    expect(explainingStep(steps, 'waiting')).toBeUndefined();
    expect(explainingStep(steps, 'answered')).toBeUndefined();
  });
});
