// Team mode: each member's figures for the page's period, from the team database's history (a member's login):
// the notes they took, the notes they marked handled, the notes answered on the marketplace after they took
// them, and the median time from a note's receipt to their marking it handled. A table (the numbers are the
// point; four columns do not make a chart). Shown only for a profile with a team database (`data-team-control`).
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/desk';
import { useSettingsValue } from '../../api/settings';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { useFormats } from '../../ui/use-formats';
import { formatDuration } from './model/duration';

export function TeamMembersFigure({ from, to }: { from: string; to: string }) {
  const { t, lang } = useI18n();
  const f = useFormats();
  const profileId = useSettingsValue((s) => s.activeProfileId) ?? '';
  const team = useSettingsValue(
    (s) => (s.profiles.find((p) => p.id === s.activeProfileId)?.teamUrl?.trim() ?? '') !== '',
  );
  const figures = useQuery({
    queryKey: ['team.memberFigures', profileId, from, to],
    enabled: team === true,
    queryFn: ({ signal }) => call('team.memberFigures', { from, to }, signal),
  });
  if (!team) return null;
  const title = t('insights.team.title');
  return (
    <section
      className="insights-figure insights-team"
      aria-labelledby="insights-team-title"
      data-team-control="member-figures"
    >
      <div className="insights-figure-head">
        <h2 id="insights-team-title" className="insights-team-title">
          {title}
        </h2>
      </div>
      {figures.error ? (
        <ErrorPanel compact error={figures.error} onRetry={() => void figures.refetch()} />
      ) : !figures.data ? (
        <p role="status">{t('insights.loading')}</p>
      ) : figures.data.members.length === 0 ? (
        <p className="muted">{t('insights.team.none')}</p>
      ) : (
        <div className="insights-table-wrap">
          <table className="insights-table" aria-label={title} data-testid="team-member-figures">
            <thead>
              <tr>
                <th scope="col">{t('insights.team.member')}</th>
                <th scope="col" className="num">
                  {t('insights.team.taken')}
                </th>
                <th scope="col" className="num">
                  {t('insights.team.handled')}
                </th>
                <th scope="col" className="num">
                  {t('insights.team.answered')}
                </th>
                <th scope="col" className="num">
                  {t('insights.team.median')}
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.data.members.map((m) => (
                <tr key={m.login} data-login={m.login}>
                  <th scope="row">{m.login}</th>
                  <td className="num" data-figure="taken">
                    {f.number(m.taken)}
                  </td>
                  <td className="num" data-figure="handled">
                    {f.number(m.handled)}
                  </td>
                  <td className="num" data-figure="answered">
                    {f.number(m.answeredAfterTaking)}
                  </td>
                  <td className="num" data-figure="median">
                    {m.medianReceiptToHandledMs === undefined
                      ? '—'
                      : formatDuration(m.medianReceiptToHandledMs, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted insights-team-note">{t('insights.team.note')}</p>
    </section>
  );
}
