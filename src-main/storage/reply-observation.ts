// Reply times as the mirror observes them. BuyerNoteList gives a note's receipt (InsDate) and its reply status,
// never when the answer was written, so the mirror keeps, per note, the window the answer fell in:
//
// - answer_seen_at: when a sync first saw the note answered (the window's end);
// - answer_after: the last instant the note is known unanswered (the window's start): the later of when the mirror
//   first held it as waiting (waiting_seen_at) and when the last complete status check of its seller before that
//   sync started (every held waiting note was listed as waiting by it, or its day was fetched again);
// - a note first seen already answered has a window only if it was received after its seller's last complete
//   status check started: it did not exist when the mirror last looked, so it was answered between its receipt
//   and now. Otherwise (the first sync, a day the mirror never looked at) answer_after stays NULL: "answered, time
//   unknown". So do the notes held before the mirror recorded any of this (version 3).
//
// The reply time shown is answer_seen_at − receipt: "answered within", an upper bound; the window's size says how
// close it is (it shrinks with the auto-refresh interval). docs/protocol-choices.md has the rule.
import type { InboxNote } from '../contract';

/** The meta key of { sellerId: start of its last complete status check }. */
export const CHECKED_META = 'checked_at';

/** What one write of a sync knows: its instant and the sellers' last complete checks. */
export interface Sighting {
  nowMs: number;
  checkedAt: Readonly<Record<string, number>>;
}

/** The held row's reply status and first waiting sighting, read before it is written. */
export interface HeldReply {
  reply_status: string;
  waiting_seen_at: number | null;
}

export interface Observation {
  waitingSeenAt: number | null;
  answerSeenAt: number | null;
  answerAfter: number | null;
}

export const NO_OBSERVATION: Observation = { waitingSeenAt: null, answerSeenAt: null, answerAfter: null };

const answered = (status: string) => status !== 'NoReply';

/** A note the mirror did not hold, seen now. */
export function firstObservation(n: InboxNote, seen: Sighting): Observation {
  if (!answered(n.replyStatus)) return { waitingSeenAt: seen.nowMs, answerSeenAt: null, answerAfter: null };
  const checked = seen.checkedAt[n.sellerId];
  const lookedBefore = checked !== undefined && n.at >= checked;
  return { waitingSeenAt: null, answerSeenAt: seen.nowMs, answerAfter: lookedBefore ? n.at : null };
}

/** A held note seen now: the new observation when its status moved, else undefined (nothing to write). */
export function heldObservation(before: HeldReply, n: InboxNote, seen: Sighting): Observation | undefined {
  const was = answered(before.reply_status);
  const is = answered(n.replyStatus);
  if (was === is) return undefined;
  // Answered again → waiting (the marketplace reopened it): a fresh wait; its old answer is forgotten.
  if (!is) return { waitingSeenAt: seen.nowMs, answerSeenAt: null, answerAfter: null };
  const checked = seen.checkedAt[n.sellerId];
  const starts = [before.waiting_seen_at, checked].filter((t): t is number => typeof t === 'number');
  const after = starts.length > 0 ? Math.min(Math.max(...starts), seen.nowMs) : null;
  return { waitingSeenAt: before.waiting_seen_at, answerSeenAt: seen.nowMs, answerAfter: after };
}
