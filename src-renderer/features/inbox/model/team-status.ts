// Team mode's statuses in the inbox: which notes leave the queue (snoozed until an instant not yet passed, or
// "no reply needed"), the snooze presets in the seller's display zone, and which history step explains the status
// the inbox shows. Pure: the page's clock and zone are arguments.
import type {
  InboxNote,
  NoteLocalMark,
  TeamHistoryStep,
  TeamNoteStateView,
} from '../../../../src-main/contract';
import { teamNoteStatus } from '../../../../src-shared/team-note-status';
import type { TeamNoteStatus } from '../../../../src-shared/team-note-status';

export type { TeamNoteStatus };

/** What the note pane needs to show a team note, from the page (absent: a single-desktop profile). */
export interface TeamPane {
  profileId: string;
  timeZone: string;
  states: readonly TeamNoteStateView[] | undefined;
}

/** The longest memo and reason the pane takes (the host checks the same bounds: contract/team-notes.ts). */
export const MEMO_MAX_CHARS = 4000;
export const REASON_MAX_CHARS = 200;

/** The note's team status at `nowMs` (ReplyComplete wins, then handled, no reply needed, a running snooze). */
export function statusOf(
  note: InboxNote,
  mark: NoteLocalMark | undefined,
  state: TeamNoteStateView | undefined,
  nowMs: number,
): TeamNoteStatus {
  return teamNoteStatus(
    {
      replyStatus: note.replyStatus,
      handled: mark?.handled === true,
      snoozedUntil: state?.snoozedUntil,
      noReplyReason: state?.noReplyReason,
    },
    nowMs,
  );
}

/**
 * The marks the queue counts by: a waiting note snoozed until later than `nowMs`, or needing no reply, is set
 * aside like a handled one (out of 미답변, the SLA count and the waiting chip) until the snooze passes or the status
 * is undone. The same object when no state applies, so the view is not computed again for nothing.
 */
/** A mark as the team's queue sees it: a note set aside says why (the list names it so, not "handled"). */
export type QueueMark = NoteLocalMark & { aside?: 'snoozed' | 'no-reply-needed' };

export function queueMarks(
  local: Readonly<Record<string, NoteLocalMark>>,
  states: readonly TeamNoteStateView[] | undefined,
  nowMs: number,
): Readonly<Record<string, QueueMark>> {
  let out: Record<string, QueueMark> | undefined;
  for (const s of states ?? []) {
    const aside = s.noReplyReason !== undefined || (s.snoozedUntil !== undefined && s.snoozedUntil > nowMs);
    if (!aside || local[s.seqNo]?.handled === true) continue;
    out ??= { ...local };
    out[s.seqNo] = {
      handled: true,
      aside: s.noReplyReason !== undefined ? 'no-reply-needed' : 'snoozed',
      memo: local[s.seqNo]?.memo ?? '',
      updatedAt: local[s.seqNo]?.updatedAt ?? 0,
    };
  }
  return out ?? local;
}

const STEP_OF: Record<Exclude<TeamNoteStatus, 'waiting'>, TeamHistoryStep['kind']> = {
  answered: 'answered',
  handled: 'handled',
  'no-reply-needed': 'no-reply-needed',
  snoozed: 'snoozed',
};

/** The history step that explains the status (the last one that set it); none for a waiting note. */
export function explainingStep(
  steps: readonly TeamHistoryStep[],
  status: TeamNoteStatus,
): TeamHistoryStep | undefined {
  if (status === 'waiting') return undefined;
  const kind = STEP_OF[status];
  for (let i = steps.length - 1; i >= 0; i--) if (steps[i]!.kind === kind) return steps[i];
  return undefined;
}

// ---- snooze times in the display zone ----

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const v = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** An instant as a `datetime-local` value ('YYYY-MM-DDTHH:MM') in the zone. */
export function wallOf(instant: number, timeZone: string): string {
  const local = new Date(instant + offsetMinutes(instant, timeZone) * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value in the zone as an instant; undefined when it is not one. */
export function instantOfWall(wall: string, timeZone: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/u.exec(wall);
  if (!m) return undefined;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (Number.isNaN(asUtc)) return undefined;
  // The offset at the guess, then at the corrected guess (a change of offset between them: the second wins).
  const first = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  return asUtc - offsetMinutes(first, timeZone) * 60_000;
}

export type SnoozePreset = 'in1h' | 'in4h' | 'tomorrow' | 'nextWeek';
export const SNOOZE_PRESETS: readonly SnoozePreset[] = ['in1h', 'in4h', 'tomorrow', 'nextWeek'];

/** When a preset ends: an hour or four from now; 9:00 tomorrow, or 9:00 next Monday, in the display zone. */
export function presetEnd(preset: SnoozePreset, nowMs: number, timeZone: string): number {
  if (preset === 'in1h') return nowMs + 3_600_000;
  if (preset === 'in4h') return nowMs + 4 * 3_600_000;
  const today = wallOf(nowMs, timeZone).slice(0, 10);
  const [y, mo, d] = today.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
  const ahead = preset === 'tomorrow' ? 1 : (8 - weekday) % 7 || 7;
  const day = new Date(Date.UTC(y, mo - 1, d + ahead)).toISOString().slice(0, 10);
  return instantOfWall(`${day}T09:00`, timeZone)!;
}
