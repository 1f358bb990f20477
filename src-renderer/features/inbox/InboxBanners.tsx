// Everything the inbox says above its filters: the mirror's notices (the sample data, a changed endpoint), the
// sync's progress, cancellation, failures and offline state, and the outcome of the seller's own actions (an
// export, a mark, a copy). Which of the sync's states holds is worked out once, in syncOutcome.
import type { ComponentProps } from 'react';
import { WifiOff } from 'lucide-react';
import type { NotesMirrorStatus, NotesProgressEvent, NotesTeamStatus } from '../../../src-main/contract';
import { groupFailures } from '../../../src-shared/sync-failures';
import { DeskCallError } from '../../api/desk';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ExportStatus } from './ExportStatus';
import { MirrorBanners } from './MirrorBanners';
import { SyncFailures } from './SyncFailures';
import type { TimeFormat } from './time-format';
import type { SyncState } from './use-notes';
import { cancelledText, failedText, partialText } from './model/sync-wording';
import { Banner } from '../../ui/Banner';

const OFFLINE_CODES = new Set(['NETWORK', 'TIMEOUT']);

/** The sync's state as the seller is told it: offline, failed in parts, or failing at all. */
export function syncOutcome(sync: SyncState, last: NotesMirrorStatus['lastSync'] | undefined) {
  const failed = sync.summary?.failedSlices ?? [];
  const offline =
    !sync.running &&
    ((last !== undefined && !last.ok && !last.cancelled && OFFLINE_CODES.has(last.errorCode ?? '')) ||
      (sync.error instanceof DeskCallError && OFFLINE_CODES.has(sync.error.code)));
  const showFailed = !sync.running && !offline && failed.length > 0;
  // Told while the sync runs, as each becomes certain; then the finished sync's, until the next one.
  const failureGroups = sync.running ? (sync.progress?.failures ?? []) : groupFailures(failed);
  // A failure explains an empty list: the empty state must not say there is nothing to fetch.
  const failing = failureGroups.length > 0 || sync.error !== undefined || offline;
  // Days the last sync was to fetch whole and did not: the period's counts are lower bounds until a sync ends.
  const partial = last?.partial;
  return { failed, offline, showFailed, failureGroups, failing, partial };
}

/**
 * Team mode: the team database cannot be reached (the inbox reads the local copy, as of its last pull), this
 * desktop keeps no team key for a live connection (it cannot be the caller: Settings takes the key), or who
 * syncs for the team: this desktop (the caller) or another member's, and when it last did.
 */
function TeamBanner({
  team,
  asOf,
  time,
}: {
  team: NotesTeamStatus;
  asOf: number | undefined;
  time: TimeFormat;
}) {
  const { t } = useI18n();
  if (!team.reachable) {
    return (
      <Banner tone="warn" role="status" data-testid="team-unreachable" data-team-control="team-status">
        <WifiOff size={14} aria-hidden />
        <span>
          {asOf
            ? t('inbox.team.unreachable', { time: time.absolute(asOf) })
            : t('inbox.team.unreachable.never')}
        </span>
      </Banner>
    );
  }
  if (team.teamKeyMissing) {
    return (
      <Banner tone="warn" role="status" data-testid="team-key-missing" data-team-control="team-status">
        <span>{t('inbox.team.keyMissing')}</span>
      </Banner>
    );
  }
  if (team.caller) {
    return (
      <Banner role="status" data-testid="team-caller" data-team-control="team-status">
        <span>{t('inbox.team.caller')}</span>
      </Banner>
    );
  }
  if (team.syncedBy === undefined || team.syncedAt === undefined) return null;
  return (
    <Banner role="status" data-testid="team-synced-by" data-team-control="team-status">
      <span>{t('inbox.team.syncedBy', { login: team.syncedBy, time: time.clockToday(team.syncedAt) })}</span>
    </Banner>
  );
}

export function InboxBanners(props: {
  mirror: NotesMirrorStatus | undefined;
  sync: SyncState & { cancel: () => void };
  outcome: ReturnType<typeof syncOutcome>;
  asOf: number | undefined;
  time: TimeFormat;
  onRefresh: () => void;
  /** Errors reading the period's notes or the mirror's state, each with its own retry. */
  readErrors: { key: string; error: unknown; retry: () => void }[];
  /** What went wrong in the seller's own last action (a mark, an export). */
  actionErrors: { key: string; error: unknown }[];
  exporting: ComponentProps<typeof ExportStatus>;
  copied: string | undefined;
}) {
  const { t } = useI18n();
  const { sync, outcome, time, onRefresh } = props;
  return (
    <>
      <MirrorBanners status={props.mirror} />
      {props.mirror?.team && <TeamBanner team={props.mirror.team} asOf={props.asOf} time={time} />}
      {outcome.offline && (
        <Banner tone="warn" role="status" data-testid="offline-banner">
          <WifiOff size={14} aria-hidden />
          <span>
            {props.asOf ? t('inbox.offline', { time: time.absolute(props.asOf) }) : t('inbox.offline.never')}
          </span>
          <button type="button" className="btn btn-small" onClick={onRefresh}>
            {t('common.retry')}
          </button>
        </Banner>
      )}
      {outcome.offline && outcome.partial && (
        // Offline, what the sync did not get is still said: the counts below are lower bounds.
        <Banner tone="warn" role="status" data-testid="sync-partial">
          {partialText(outcome.partial, t)}
        </Banner>
      )}
      {sync.running && (
        <div className="sync-bar" role="status" data-testid="sync-progress">
          <progress
            max={Math.max(1, sync.progress?.total ?? 1)}
            value={sync.progress?.done ?? 0}
            aria-label={syncText(sync.progress, t)}
          />
          <span className="num">{syncText(sync.progress, t)}</span>
          <button type="button" className="btn btn-small" onClick={sync.cancel}>
            {t('inbox.sync.cancel')}
          </button>
        </div>
      )}
      {!sync.running && sync.summary?.cancelled && (
        <Banner role="status" data-testid="sync-cancelled">
          {cancelledText(sync.summary, t)}
        </Banner>
      )}
      <SyncFailures groups={outcome.failureGroups} running={sync.running} time={time} />
      {outcome.showFailed && (
        <Banner tone="warn" role="status" data-testid="sync-failed">
          <span>{failedText(sync.summary!, outcome.failed.length, t)}</span>
          <button type="button" className="btn btn-small" onClick={onRefresh}>
            {t('common.retry')}
          </button>
        </Banner>
      )}
      {sync.error !== undefined && <ErrorPanel compact error={sync.error} onRetry={onRefresh} />}
      {props.readErrors.map(({ key, error, retry }) => (
        <ErrorPanel key={key} error={error} onRetry={retry} />
      ))}
      {props.actionErrors.map(({ key, error }) => (
        <ErrorPanel key={key} compact error={error} />
      ))}
      <ExportStatus {...props.exporting} />
      {props.copied && (
        <Banner role="status" data-testid="copied">
          {props.copied}
        </Banner>
      )}
    </>
  );
}

/** The bar's words: days fetched, then the reply-status check per seller. */
function syncText(p: NotesProgressEvent | undefined, t: ReturnType<typeof useI18n>['t']): string {
  if (p?.phase === 'statuses') return t('inbox.sync.statuses', { done: p.done, total: p.total });
  return t('inbox.sync.progress', {
    done: p?.done ?? 0,
    total: p?.total ?? '…',
    count: p?.notes ?? 0,
  });
}
