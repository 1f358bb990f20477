// Team mode: before the answer page opens, the host checks that nobody else is answering the note and that it was
// not answered or marked handled meanwhile (team.beforeAnswering). When either is so, this dialog says so; the
// seller goes on anyway or cancels. The check only warns: it never refuses.
import type { TeamAnswerCheck } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import { Dialog } from '../../ui/Dialog';

/** Whether the check found something to warn about. */
export const needsWarning = (c: TeamAnswerCheck): boolean =>
  c.othersAnswering.length > 0 || c.answered || c.handled;

export function AnswerWarning(props: {
  check: TeamAnswerCheck | undefined;
  onGoOn: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const c = props.check;
  return (
    <Dialog
      open={c !== undefined}
      onClose={props.onCancel}
      title={t('inbox.team.warn.title')}
      className="team-warning"
    >
      {c && (
        <div data-testid="team-answer-warning">
          {c.othersAnswering.map((o) => (
            <p key={o.login}>
              {t('inbox.team.warn.answering', {
                login: o.sameLogin ? t('inbox.team.otherDesktop') : o.login,
              })}
            </p>
          ))}
          {c.answered && <p>{t('inbox.team.warn.answered')}</p>}
          {!c.answered && c.handled && <p>{t('inbox.team.warn.handled')}</p>}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={props.onCancel}>
          {t('inbox.team.warn.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={props.onGoOn}>
          {t('inbox.team.warn.goOn')}
        </button>
      </div>
    </Dialog>
  );
}
