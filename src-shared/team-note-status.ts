// A team note's status as the inbox shows it, from the marketplace's reply status and the team's own: the
// marketplace's ReplyComplete always wins; then the seller's handled mark; then "no reply needed" (out of the SLA
// count, with its reason); then a snooze that has not ended yet (a snooze is an instant, not a job: once the clock
// passes it, the note waits again by itself); else the note waits. Pure: both processes import it.
import type { NoteReplyStatus } from './note-fields';

export type TeamNoteStatus = 'answered' | 'handled' | 'no-reply-needed' | 'snoozed' | 'waiting';

export interface TeamNoteFacts {
  replyStatus: NoteReplyStatus;
  handled?: boolean;
  /** The instant a snooze ends (epoch ms). */
  snoozedUntil?: number | undefined;
  noReplyReason?: string | undefined;
}

export function teamNoteStatus(facts: TeamNoteFacts, nowMs: number): TeamNoteStatus {
  if (facts.replyStatus === 'ReplyComplete') return 'answered';
  if (facts.handled) return 'handled';
  if (facts.noReplyReason !== undefined && facts.noReplyReason !== '') return 'no-reply-needed';
  if (facts.snoozedUntil !== undefined && facts.snoozedUntil > nowMs) return 'snoozed';
  return 'waiting';
}

/** Whether the note is in the queue (waits for someone of the team) at `nowMs`. */
export function waitsInQueue(facts: TeamNoteFacts, nowMs: number): boolean {
  return teamNoteStatus(facts, nowMs) === 'waiting';
}
