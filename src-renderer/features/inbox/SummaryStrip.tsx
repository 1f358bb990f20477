// Counts for the filtered view and a small stacked bar chart of notes per day, drawn by hand in SVG: a few
// dozen rects do not need a chart library.
import type { InboxNote } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { QUERY_TYPES } from './filters';
import type { Summary } from './note-view';
import type { TimeFormat } from './time-format';

const CHART_W = 260;
const CHART_H = 44;

function DailyChart({ days, time }: { days: Summary['days']; time: TimeFormat }) {
  const { t } = useI18n();
  const max = Math.max(1, ...days.map((d) => d.NoReply + d.ReplyComplete));
  const slot = CHART_W / Math.max(1, days.length);
  const bar = Math.max(1, slot - (slot > 4 ? 1.5 : 0));
  return (
    <figure className="daily-chart">
      <svg
        width={CHART_W}
        height={CHART_H}
        viewBox={`0 0 ${CHART_W} ${CHART_H}`}
        role="img"
        aria-label={t('inbox.chart.label')}
      >
        {days.map((d, i) => {
          const replied = (d.ReplyComplete / max) * (CHART_H - 2);
          const waiting = (d.NoReply / max) * (CHART_H - 2);
          const x = i * slot;
          return (
            <g key={d.day}>
              <title>{`${time.day(d.day)} · ${t('inbox.status.NoReply')} ${d.NoReply} · ${t('inbox.status.ReplyComplete')} ${d.ReplyComplete}`}</title>
              <rect x={x} y={CHART_H - replied} width={bar} height={replied} className="bar-replied" />
              <rect x={x} y={CHART_H - replied - waiting} width={bar} height={waiting} className="bar-noreply" />
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-axis num">
        <span>{days[0] ? time.day(days[0].day) : ''}</span>
        <span>{days.at(-1) ? time.day(days.at(-1)!.day) : ''}</span>
      </figcaption>
    </figure>
  );
}

export function SummaryStrip({
  summary,
  time,
  now,
  onOpen,
}: {
  summary: Summary;
  time: TimeFormat;
  now: number;
  onOpen: (note: InboxNote) => void;
}) {
  const { t } = useI18n();
  const oldest = summary.oldestWaiting;
  return (
    <section className="summary-strip" aria-label={t('inbox.summary.label')} data-testid="summary">
      <div className="stat">
        <span className="stat-label">{t('inbox.status.NoReply')}</span>
        <span className="stat-value num noreply" data-testid="summary-noreply">
          {summary.byStatus.NoReply.toLocaleString()}
        </span>
      </div>
      <div className="stat">
        <span className="stat-label">{t('inbox.status.ReplyComplete')}</span>
        <span className="stat-value num">{summary.byStatus.ReplyComplete.toLocaleString()}</span>
      </div>
      <div className="stat">
        <span className="stat-label">{t('inbox.summary.pastSla')}</span>
        <span className={`stat-value num ${summary.pastSla > 0 ? 'late' : ''}`} data-testid="summary-past-sla">
          {summary.pastSla.toLocaleString()}
        </span>
      </div>
      <div className="stat stat-types">
        <span className="stat-label">{t('inbox.type')}</span>
        <span className="type-mix num">
          {QUERY_TYPES.map((q) => (
            <span key={q}>
              {t(`inbox.type.${q}` as MessageKey)} {summary.byType[q]}
            </span>
          ))}
        </span>
      </div>
      <div className="stat stat-oldest">
        <span className="stat-label">{t('inbox.summary.oldest')}</span>
        {oldest ? (
          <button type="button" className="link-btn" onClick={() => onOpen(oldest)} title={time.absolute(oldest.at)}>
            <span className="num late-ish">{time.duration(now - oldest.at)}</span> · {oldest.title}
          </button>
        ) : (
          <span className="muted">{t('inbox.summary.none')}</span>
        )}
      </div>
      <DailyChart days={summary.days} time={time} />
    </section>
  );
}
