// Team mode: a note's history, read-only, oldest first: received, first seen by the team's mirror, assigned,
// viewing / answering, handled, memos, snoozed / no reply needed, answered on the marketplace (as a sync saw it).
// Authors are the team database's logins. Its first line says why the note has the status the inbox shows.
import type { TeamHistoryStep } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { explainingStep } from './model/team-status';
import type { TeamNoteStatus } from './model/team-status';
import type { TimeFormat } from './time-format';
import { useTeamHistory } from './use-team-notes';

function useStepText(time: TimeFormat) {
  const { t } = useI18n();
  return (s: TeamHistoryStep) => {
    const detail =
      s.kind === 'snoozed' && s.detail !== undefined ? time.absolute(Number(s.detail)) : (s.detail ?? '');
    return t(`inbox.team.history.${s.kind}` as MessageKey, { author: s.author ?? '', detail });
  };
}

export function NoteHistory(props: { seqNo: number; status: TeamNoteStatus; time: TimeFormat }) {
  const { t } = useI18n();
  const { seqNo, status, time } = props;
  const history = useTeamHistory(seqNo, true);
  const text = useStepText(time);
  const steps = history.data?.steps ?? [];
  const why = explainingStep(steps, status);
  const statusWord = t(`inbox.team.state.${status}`);
  return (
    <details className="note-history" data-testid="note-history" open>
      <summary>{t('inbox.team.history.title')}</summary>
      {history.error ? <ErrorPanel compact error={history.error} /> : null}
      {history.isSuccess && (
        <p className="history-now" data-testid="history-now">
          {t('inbox.team.history.now', {
            status: t('inbox.team.history.why', {
              status: statusWord,
              step: why ? `${text(why)} · ${time.absolute(why.at)}` : t('inbox.team.state.waitingWhy'),
            }),
          })}
        </p>
      )}
      {history.isSuccess && steps.length === 0 && <p className="muted">{t('inbox.team.history.empty')}</p>}
      <ol className="history-steps">
        {steps.map((s, i) => (
          <li key={i} data-kind={s.kind} data-author={s.author ?? ''}>
            <time className="num muted" dateTime={new Date(s.at).toISOString()}>
              {time.absolute(s.at)}
            </time>{' '}
            <span>{text(s)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
