// Counts for the filtered view and a small stacked bar chart of notes per day, drawn by hand in SVG: a few
// dozen bars do not need a chart library. Each series is one path, so a filter change updates two
// attributes however many days the period has; the day under the pointer gets its tooltip on hover.
import { memo, useState } from 'react';
import type { MouseEvent } from 'react';
import type { InboxNote } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { INQUIRY_TYPES } from '../../../src-shared/note-fields';
import type { Summary } from './model/note-columns';
import type { TimeFormat } from './time-format';
import { formatCount } from './count-format';

const CHART_W = 260;
const CHART_H = 44;
const px = (v: number) => Math.round(v * 100) / 100;

function DailyChart({ days, time }: { days: Summary['days']; time: TimeFormat }) {
  const { t } = useI18n();
  const [hover, setHover] = useState<number | undefined>();
  const max = Math.max(1, ...days.map((d) => d.NoReply + d.ReplyComplete));
  const slot = CHART_W / Math.max(1, days.length);
  const bar = Math.max(1, slot - (slot > 4 ? 1.5 : 0));
  let repliedPath = '';
  let waitingPath = '';
  days.forEach((d, i) => {
    const replied = (d.ReplyComplete / max) * (CHART_H - 2);
    const waiting = (d.NoReply / max) * (CHART_H - 2);
    const x = px(i * slot);
    const w = px(bar);
    if (replied > 0) repliedPath += `M${x} ${px(CHART_H - replied)}h${w}v${px(replied)}h${-w}z`;
    if (waiting > 0) waitingPath += `M${x} ${px(CHART_H - replied - waiting)}h${w}v${px(waiting)}h${-w}z`;
  });
  const onMove = (e: MouseEvent<SVGSVGElement>) => {
    const i = Math.floor((e.clientX - e.currentTarget.getBoundingClientRect().left) / slot);
    setHover(i >= 0 && i < days.length ? i : undefined);
  };
  const hovered = hover === undefined ? undefined : days[hover];
  return (
    <figure className="daily-chart">
      <svg
        width={CHART_W}
        height={CHART_H}
        viewBox={`0 0 ${CHART_W} ${CHART_H}`}
        role="img"
        aria-label={t('inbox.chart.label')}
        onMouseMove={onMove}
        onMouseLeave={() => setHover(undefined)}
      >
        <path d={repliedPath} className="bar-replied" />
        <path d={waitingPath} className="bar-noreply" />
        {hovered && (
          <rect x={px(hover! * slot)} y={0} width={px(slot)} height={CHART_H} className="bar-hover">
            <title>{`${time.day(hovered.day)} · ${t('inbox.status.NoReply')} ${formatCount(hovered.NoReply)} · ${t('inbox.status.ReplyComplete')} ${formatCount(hovered.ReplyComplete)}`}</title>
          </rect>
        )}
      </svg>
      <figcaption className="chart-axis num">
        <span>{days[0] ? time.day(days[0].day) : ''}</span>
        <span>{days.at(-1) ? time.day(days.at(-1)!.day) : ''}</span>
      </figcaption>
    </figure>
  );
}

export const SummaryStrip = memo(function SummaryStrip({
  summary,
  time,
  now,
  onOpen,
  onPastSla,
  partial = false,
}: {
  summary: Summary;
  /** Some days of the period were not received: the waiting count is a lower bound. */
  partial?: boolean;
  time: TimeFormat;
  now: number;
  onOpen: (note: InboxNote) => void;
  /** Shows only the notes past the SLA. */
  onPastSla: () => void;
}) {
  const { t } = useI18n();
  const oldest = summary.oldestWaiting;
  return (
    <section className="summary-strip" aria-label={t('inbox.summary.label')} data-testid="summary">
      <div className="stat">
        <span className="stat-label">{t('inbox.status.NoReply')}</span>
        <span
          className="stat-value num noreply"
          data-testid="summary-noreply"
          title={partial ? t('inbox.partial.title') : undefined}
        >
          {formatCount(summary.byStatus.NoReply)}
          {partial && '+'}
        </span>
      </div>
      <div className="stat">
        <span className="stat-label">{t('inbox.status.Handled')}</span>
        <span className="stat-value num" data-testid="summary-handled">
          {formatCount(summary.byStatus.Handled)}
        </span>
      </div>
      <div className="stat">
        <span className="stat-label">{t('inbox.status.ReplyComplete')}</span>
        <span className="stat-value num">{formatCount(summary.byStatus.ReplyComplete)}</span>
      </div>
      <button
        type="button"
        className="stat stat-btn"
        onClick={onPastSla}
        title={t('inbox.summary.pastSla.filter')}
      >
        <span className="stat-label">{t('inbox.summary.pastSla')}</span>
        <span
          className={`stat-value num ${summary.pastSla > 0 ? 'late' : ''}`}
          data-testid="summary-past-sla"
        >
          {formatCount(summary.pastSla)}
        </span>
      </button>
      <div className="stat stat-types">
        <span className="stat-label">{t('inbox.type')}</span>
        <span className="type-mix num">
          {INQUIRY_TYPES.map((q) => (
            <span key={q}>
              {t(`inbox.type.${q}` as MessageKey)} {formatCount(summary.byType[q])}
            </span>
          ))}
        </span>
      </div>
      <div className="stat stat-oldest">
        <span className="stat-label">{t('inbox.summary.oldest')}</span>
        {oldest ? (
          <button
            type="button"
            className="link-btn"
            onClick={() => onOpen(oldest)}
            title={time.absolute(oldest.at)}
          >
            <span className="num late-ish">{time.duration(now - oldest.at)}</span> · {oldest.title}
          </button>
        ) : (
          <span className="muted">{t('inbox.summary.none')}</span>
        )}
      </div>
      <DailyChart days={summary.days} time={time} />
    </section>
  );
});
