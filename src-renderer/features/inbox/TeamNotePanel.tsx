// Team mode's part of the note pane: the team status (snooze, no reply needed), the memo thread and the history.
// Nothing of it shows for a single-desktop profile (the pane keeps its one memo there).
import type { InboxNote, NoteLocalMark } from '../../../src-main/contract';
import { MemoThread } from './MemoThread';
import { statusOf } from './model/team-status';
import type { TeamPane } from './model/team-status';
import { NoteHistory } from './NoteHistory';
import { TeamNoteStatusControl } from './TeamNoteStatus';
import type { TimeFormat } from './time-format';
import './team-note.css';

export function TeamNotePanel(props: {
  team: TeamPane;
  note: InboxNote;
  mark: NoteLocalMark | undefined;
  now: number;
  time: TimeFormat;
}) {
  const { team, note, now, time } = props;
  const state = team.states?.find((s) => s.seqNo === note.seqNo);
  const status = statusOf(note, props.mark, state, now);
  return (
    <div className="team-note" data-status={status} data-team-control="team-note">
      <TeamNoteStatusControl
        note={note}
        profileId={team.profileId}
        state={state}
        status={status}
        now={now}
        timeZone={team.timeZone}
        time={time}
      />
      <MemoThread key={note.seqNo} seqNo={note.seqNo} time={time} />
      <NoteHistory seqNo={note.seqNo} status={status} time={time} />
    </div>
  );
}
