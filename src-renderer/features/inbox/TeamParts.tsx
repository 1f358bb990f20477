// Team mode's parts of the inbox (none of them render on a single desktop): the views Mine / Unassigned / Everyone
// with what waits in each, the sidebar-count toggle and a refused take; the assignee and who else is at a note, in a
// list row and in the note pane, with "take it" and the assign menu.
import type { TeamPresenceEntry } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import { formatCount } from './count-format';
import { TEAM_VIEWS } from './model/filters';
import type { TeamView } from './model/filters';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { useTeamInbox } from './use-team';
import type { TeamInbox } from './use-team';
import './team-inbox.css';
import { INBOX_KEYS } from './model/inbox-keys';

/** The refusal of the last take or assignment, naming who has the note. */
function TeamNotice({ team }: { team: TeamInbox }) {
  const { t } = useI18n();
  const n = team.notice;
  if (!n && team.error === undefined) return null;
  return (
    <>
      {n && (
        <p className="team-notice" role="alert" data-testid="team-notice" data-team-control="team-notice">
          {n.kind === 'taken'
            ? t('inbox.team.taken', { login: n.login })
            : n.login === null
              ? t('inbox.team.changedNobody')
              : t('inbox.team.changed', { login: n.login })}
        </p>
      )}
      {team.error !== undefined && <ErrorPanel compact error={team.error} />}
    </>
  );
}

/**
 * The views with their counts and the sidebar-count toggle: a row of its own above the facets, or, in a short
 * window (`inline`), a group at the head of the facets' row.
 */
export function TeamBar(props: {
  view: TeamView;
  counts: Record<TeamView, number> | undefined;
  badgeMine: boolean;
  onView: (view: TeamView) => void;
  onBadgeMine: (mine: boolean) => void;
  inline?: boolean;
}) {
  const { t } = useI18n();
  const team = useTeamInbox();
  if (!team) return null;
  return (
    <div
      className={props.inline ? 'team-bar inline' : 'team-bar'}
      data-testid="team-bar"
      data-team-control="team-views"
    >
      <div className="segmented" role="radiogroup" aria-label={t('inbox.team.views')}>
        {TEAM_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={props.view === v}
            className={props.view === v ? 'seg active' : 'seg'}
            data-testid={`team-view-${v}`}
            title={t('inbox.team.view.count', { count: props.counts?.[v] ?? 0 })}
            onClick={() => props.onView(v)}
          >
            {t(`inbox.team.view.${v}`)}{' '}
            <span className="seg-count num">{formatCount(props.counts?.[v] ?? 0)}</span>
          </button>
        ))}
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={props.badgeMine}
          onChange={(e) => props.onBadgeMine(e.target.checked)}
        />
        {t('inbox.team.badgeMine')}
      </label>
      <TeamNotice team={team} />
    </div>
  );
}

function presenceWords(e: TeamPresenceEntry, t: ReturnType<typeof useI18n>['t']): string {
  const login = e.sameLogin ? t('inbox.team.otherDesktop') : e.login;
  return t(e.state === 'answering' ? 'inbox.team.answering' : 'inbox.team.viewing', { login });
}

/** A list row's marks: who has the note and who else is at it. */
export function TeamRowMarks({ seqNo }: { seqNo: number }) {
  const { t } = useI18n();
  const team = useTeamInbox();
  if (!team) return null;
  const assignee = team.assignees[String(seqNo)];
  const present = team.presence.get(seqNo) ?? [];
  if (assignee === undefined && present.length === 0) return null;
  return (
    <span className="team-marks" data-testid="team-row-marks" data-team-control="team-row-marks">
      {assignee !== undefined && (
        <span
          className={assignee === team.me ? 'team-mark mine' : 'team-mark'}
          title={`${t('inbox.team.assignee')}: ${assignee}`}
          data-testid="team-row-assignee"
        >
          {assignee}
        </span>
      )}
      {present.map((e) => (
        <span
          key={`${e.login}-${e.state}-${e.since}`}
          className={`team-mark ${e.state}`}
          data-testid="team-row-presence"
        >
          {presenceWords(e, t)}
        </span>
      ))}
    </span>
  );
}

/** The note pane's team section: the assignee, "take it", the assign menu, and who else is at the note. */
export function TeamNoteSection({ seqNo }: { seqNo: number }) {
  const { t } = useI18n();
  const team = useTeamInbox();
  if (!team) return null;
  const assignee = team.assignees[String(seqNo)];
  const present = team.presence.get(seqNo) ?? [];
  const name = (login: string) => (login === team.me ? t('inbox.team.me', { login }) : login);
  return (
    <section
      className="team-pane"
      aria-label={t('inbox.team.assignee')}
      data-testid="team-pane"
      data-team-control="team-pane"
    >
      <div className="team-pane-row">
        <span className="label">{t('inbox.team.assignee')}</span>
        <strong data-testid="team-assignee">
          {assignee === undefined ? t('inbox.team.nobody') : name(assignee)}
        </strong>
        {assignee !== team.me && (
          <button
            type="button"
            className="btn btn-small"
            title={`${t('inbox.team.take')} (${INBOX_KEYS.take})`}
            aria-keyshortcuts={INBOX_KEYS.take}
            onClick={() => void team.take(seqNo)}
          >
            {t('inbox.team.take')}
          </button>
        )}
        <select
          id="team-assign"
          aria-label={`${t('inbox.team.assignTo')} (a)`}
          title={`${t('inbox.team.assignTo')} (a)`}
          value={assignee ?? ''}
          onChange={(e) => void team.assign(seqNo, e.target.value === '' ? null : e.target.value)}
        >
          <option value="">{t('inbox.team.nobody')}</option>
          {[...new Set([...team.members, ...(assignee ? [assignee] : [])])].map((m) => (
            <option key={m} value={m}>
              {name(m)}
            </option>
          ))}
        </select>
      </div>
      {present.length > 0 && (
        <ul className="team-present" aria-label={t('inbox.team.present')} data-testid="team-present">
          {present.map((e) => (
            <li key={`${e.login}-${e.state}-${e.since}`} className={`team-mark ${e.state}`}>
              {presenceWords(e, t)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
