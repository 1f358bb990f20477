// Team mode: the statuses a team needs beyond the marketplace's two. "Snoozed until" (presets, or a date and time
// in the display zone) sets the note aside until then: it leaves the queue and the waiting count and comes back by
// itself when the clock passes it. "No reply needed" takes a reason and leaves the SLA count. Both can be undone;
// the marketplace's ReplyComplete wins over both.
import { useState } from 'react';
import type { InboxNote, TeamNoteStateView, TeamStatusChange } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { REASON_MAX_CHARS, SNOOZE_PRESETS, instantOfWall, presetEnd, wallOf } from './model/team-status';
import type { TeamNoteStatus } from './model/team-status';
import type { TimeFormat } from './time-format';
import { useTeamWrites } from './use-team-notes';

export function TeamNoteStatusControl(props: {
  note: InboxNote;
  profileId: string;
  state: TeamNoteStateView | undefined;
  status: TeamNoteStatus;
  now: number;
  timeZone: string;
  time: TimeFormat;
}) {
  const { t } = useI18n();
  const { note, state, status, now, timeZone, time } = props;
  const writes = useTeamWrites();
  const [wall, setWall] = useState(() => wallOf(presetEnd('tomorrow', now, timeZone), timeZone));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>();
  const set = async (change: TeamStatusChange) => {
    try {
      const r = await call('teamNotes.setStatus', { seqNo: note.seqNo, change });
      writes.state(props.profileId, r.state);
      setError(undefined);
    } catch (err) {
      setError(err);
    }
  };
  const at = instantOfWall(wall, timeZone);
  const past = at === undefined || at <= now;
  const undo = (
    <button type="button" className="btn btn-small" onClick={() => void set({ clear: true })}>
      {t('inbox.team.status.undo')}
    </button>
  );

  let body;
  if (note.replyStatus === 'ReplyComplete') {
    body = (state?.snoozedUntil ?? state?.noReplyReason) !== undefined && (
      <p className="muted">{t('inbox.team.status.answeredWins')}</p>
    );
  } else if (status === 'snoozed' && state?.snoozedUntil !== undefined) {
    body = (
      <p className="team-status-now" data-testid="team-status-now">
        {t('inbox.team.status.snoozed', { until: time.absolute(state.snoozedUntil) })} {undo}
      </p>
    );
  } else if (status === 'no-reply-needed' && state?.noReplyReason !== undefined) {
    body = (
      <p className="team-status-now" data-testid="team-status-now">
        {t('inbox.team.status.noReplySet', { reason: state.noReplyReason })} {undo}
      </p>
    );
  } else if (status === 'waiting') {
    body = (
      <>
        <fieldset className="team-snooze">
          <legend>{t('inbox.team.status.snooze')}</legend>
          {SNOOZE_PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              className="btn btn-small"
              title={time.absolute(presetEnd(p, now, timeZone))}
              onClick={() => void set({ snoozedUntil: presetEnd(p, now, timeZone) })}
            >
              {t(`inbox.team.status.${p}`)}
            </button>
          ))}
          <label className="team-snooze-at">
            {t('inbox.team.status.until')}
            <input type="datetime-local" value={wall} onChange={(e) => setWall(e.target.value)} />
          </label>
          <button
            type="button"
            className="btn btn-small"
            disabled={past}
            onClick={() => at !== undefined && void set({ snoozedUntil: at })}
          >
            {t('inbox.team.status.snoozeAt')}
          </button>
          {past && <span className="muted">{t('inbox.team.status.past')}</span>}
        </fieldset>
        <fieldset className="team-no-reply">
          <legend>{t('inbox.team.status.noReply')}</legend>
          <label>
            {t('inbox.team.status.reason')}
            <input
              type="text"
              value={reason}
              maxLength={REASON_MAX_CHARS}
              placeholder={t('inbox.team.status.reasonHint')}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <button
            type="button"
            className="btn btn-small"
            disabled={reason.trim() === ''}
            onClick={() => void set({ noReplyReason: reason.trim() })}
          >
            {t('inbox.team.status.mark')}
          </button>
        </fieldset>
      </>
    );
  }
  if (!body && error === undefined) return null;
  return (
    <section className="team-status" aria-labelledby="team-status-title" data-testid="team-status">
      <h3 id="team-status-title">{t('inbox.team.status.title')}</h3>
      {body}
      {error !== undefined && <ErrorPanel compact error={error} />}
    </section>
  );
}
