// What the list and the note pane read off a note and the seller's marks: where it stands in the queue and
// whether it is past the reply SLA.
import type { InboxNote, NoteLocalMark } from '../../../../src-main/contract';

export type Marks = Readonly<Record<string, NoteLocalMark>>;

/** Waiting 0, handled 1, answered 2: the order of the status chips. */
export function stateRank(n: InboxNote, local: Marks): number {
  if (n.replyStatus !== 'NoReply') return 2;
  return local[n.seqNo]?.handled === true ? 1 : 0;
}

export function isPastSla(n: InboxNote, nowMs: number, slaHours: number): boolean {
  return n.replyStatus === 'NoReply' && nowMs - n.at > slaHours * 3_600_000;
}
