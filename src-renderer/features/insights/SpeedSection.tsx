// Reply speed the way marketplaces grade it: the share answered within 24 and 48 hours of the notes whose hours
// are settled, what the rest are (answered late, still waiting, answered at a time the app cannot know), and the
// reply times, stated as what they are (upper bounds from the windows syncs observed).
import type { InsightsReplySpeed, InsightsReport } from '../../../src-main/contract/insights';
import { useSettingsValue } from '../../api/settings';
import { useI18n } from '../../i18n';
import type { Translate } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { useFormats } from '../../ui/use-formats';
import { ChartFrame } from './ChartFrame';
import { formatDuration, formatShare } from './model/duration';
import { paintBars } from './model/paint';
import { percentOf, rate } from './model/tables';
import type { FigureTable } from './model/tables';
import type { ExportFormat } from './use-figure-export';
import type { InboxScope } from './use-inbox-link';
import { themeColour } from './use-theme';

type Part = { key: string; label: string; count: number; colour: string; scope?: Partial<InboxScope> };

// What the notes of the period are, in the order of the bar: each with its colour and the inbox behind it.
const PARTS = [
  ['within24h', 'insights.speed.within24h', 'within24h', '--chart-ok', 'ReplyComplete'],
  ['late', 'insights.speed.answeredLate', 'answeredLate', '--chart-waiting', 'ReplyComplete'],
  ['waitingLate', 'insights.speed.waitingLate', 'waitingPast24h', '--chart-late', 'NoReply'],
  ['waitingFresh', 'insights.speed.waitingFresh', 'waitingWithin24h', '--chart-item', 'NoReply'],
  ['unknown', 'insights.speed.unknown', 'answeredUnknown', '--chart-unknown', 'ReplyComplete'],
  ['handled', 'insights.speed.handled', 'handledNoReply', '--border', undefined],
] as const satisfies readonly [string, MessageKey, keyof InsightsReplySpeed, string, InboxScope['status']][];

function speedParts(s: InsightsReplySpeed, t: Translate): Part[] {
  return PARTS.map(([key, label, field, colour, status]) => ({
    key,
    label: t(label),
    count: s[field] ?? 0,
    colour: `var(${colour})`,
    ...(status ? { scope: { status } } : {}),
  }));
}

export function SpeedSection(props: {
  report: InsightsReport;
  open: (scope: Partial<InboxScope>) => void;
  onExport: (format: ExportFormat, table: FigureTable, picture: () => HTMLCanvasElement) => void;
}) {
  const { t, lang } = useI18n();
  const f = useFormats();
  const s = props.report.speed;
  const r24 = rate(s.within24h, s.known + s.waitingPast24h);
  const r48 = rate(s.within48h, s.known + s.waitingPast48h);
  const parts = speedParts(s, t);
  const time = (ms: number | undefined) =>
    ms === undefined
      ? t('insights.speed.none')
      : t('insights.speed.upTo', { time: formatDuration(ms, lang) });
  const table: FigureTable = {
    columns: [t('insights.speed.title'), ''],
    rows: [
      [t('insights.speed.total'), s.total],
      [t('insights.speed.within24h'), percentOf(r24)],
      [t('insights.speed.within48h'), percentOf(r48)],
      ...parts.map((p): [string, number] => [p.label, p.count]),
      [t('insights.speed.median'), s.medianMs === undefined ? '' : formatDuration(s.medianMs, lang)],
      [t('insights.speed.p90'), s.p90Ms === undefined ? '' : formatDuration(s.p90Ms, lang)],
      [t('insights.speed.mean'), s.meanMs === undefined ? '' : formatDuration(s.meanMs, lang)],
    ],
  };
  const shareText = (share: number | undefined) => (share === undefined ? '—' : formatShare(share, lang));
  const summary = `${t('insights.speed.within24h')} ${shareText(r24)}, ${t('insights.speed.within48h')} ${shareText(r48)}. ${parts
    .map((p) => `${p.label} ${f.number(p.count)}`)
    .join(', ')}.`;
  const picture = () =>
    paintBars(
      t('insights.speed.title'),
      parts.map((p) => p.label),
      parts.map((p) => p.count),
      {
        bg: themeColour('--bg'),
        text: themeColour('--text'),
        muted: themeColour('--muted'),
        bar: themeColour('--chart-ok'),
      },
    );
  return (
    <ChartFrame
      name="reply-speed"
      className="insights-speed"
      title={t('insights.speed.title')}
      summary={summary}
      table={table}
      cell={(v) => (typeof v === 'number' ? f.number(v) : v)}
      onExport={(format) => props.onExport(format, table, picture)}
      footer={<SpeedFootnotes report={props.report} />}
    >
      <div className="speed-rates">
        <Rate
          label={t('insights.speed.within24h')}
          share={r24}
          settled={s.known + s.waitingPast24h}
          target={props.report.targets.within24h}
          testId="rate-24h"
        />
        <Rate
          label={t('insights.speed.within48h')}
          share={r48}
          settled={s.known + s.waitingPast48h}
          target={props.report.targets.within48h}
          testId="rate-48h"
        />
        <dl className="speed-times">
          <div>
            <dt>{t('insights.speed.median')}</dt>
            <dd className="num">{time(s.medianMs)}</dd>
          </div>
          <div>
            <dt>{t('insights.speed.p90')}</dt>
            <dd className="num">{time(s.p90Ms)}</dd>
          </div>
          <div>
            <dt>{t('insights.speed.mean')}</dt>
            <dd className="num">{time(s.meanMs)}</dd>
          </div>
        </dl>
      </div>
      {s.known === 0 && s.answeredUnknown > 0 && <NoReplyTimeYet />}
      <div className="speed-bar" aria-hidden>
        {parts
          .filter((p) => p.count > 0)
          .map((p) => (
            <span key={p.key} style={{ flexGrow: p.count, background: p.colour }} />
          ))}
      </div>
      <ul className="speed-parts">
        {parts.map((p) => (
          <li key={p.key} data-part={p.key}>
            <span className="swatch" style={{ background: p.colour }} aria-hidden />
            {p.scope ? (
              <button type="button" className="link" onClick={() => props.open(p.scope!)}>
                {p.label}
              </button>
            ) : (
              <span>{p.label}</span>
            )}
            <span className="num" data-testid={`speed-${p.key}`}>
              {f.number(p.count)}
            </span>
          </li>
        ))}
        <li data-part="total">
          <span>{t('insights.speed.total')}</span>
          <span className="num" data-testid="speed-total">
            {f.number(s.total)}
          </span>
        </li>
      </ul>
    </ChartFrame>
  );
}

function Rate(props: {
  label: string;
  share: number | undefined;
  settled: number;
  target: number;
  testId: string;
}) {
  const { t, lang } = useI18n();
  const below = props.share !== undefined && props.share < props.target;
  return (
    <div className="speed-rate" data-testid={props.testId}>
      <div className="speed-rate-label">{props.label}</div>
      <div className={`speed-rate-value num ${below ? 'below' : ''}`}>
        {props.share === undefined ? '—' : formatShare(props.share, lang)}
      </div>
      <div className="speed-rate-of">
        {props.share === undefined
          ? t('insights.speed.noRate')
          : t('insights.speed.rateOf', { count: props.settled })}
        {' · '}
        {t('insights.trend.target24', { value: formatShare(props.target, lang) })}
      </div>
    </div>
  );
}

/**
 * Answered notes but no reply time known (after a first sync every answer came before the mirror looked): why the
 * times read "—", and how they come (at the auto refresh's interval).
 */
function NoReplyTimeYet() {
  const { t } = useI18n();
  const minutes = useSettingsValue((s) => s.autoRefreshMinutes);
  if (minutes === undefined) return null;
  return (
    <p className="speed-first" data-testid="speed-no-time-yet">
      {minutes > 0 ? t('insights.speed.firstSync', { count: minutes }) : t('insights.speed.firstSyncManual')}
    </p>
  );
}

function SpeedFootnotes({ report }: { report: InsightsReport }) {
  const { t, lang } = useI18n();
  const s = report.speed;
  return (
    <div className="insights-footnotes">
      <p>
        {s.medianWindowMs === undefined
          ? t('insights.speed.windowNone')
          : t('insights.speed.window', { window: formatDuration(s.medianWindowMs, lang) })}
      </p>
      {s.answeredUnknown > 0 && <p>{t('insights.speed.unknownNote', { count: s.answeredUnknown })}</p>}
      <p>{report.businessDays ? t('insights.speed.businessDays') : t('insights.speed.calendarDays')}</p>
    </div>
  );
}
