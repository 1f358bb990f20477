// When notes arrive: weekday × hour in Korean time, darker for more. For staffing: no click through (the inbox has
// no hour filter).
import type { InsightsReport } from '../../../src-main/contract/insights';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { useFormats } from '../../ui/use-formats';
import { ChartFrame } from './ChartFrame';
import { paintGrid } from './model/paint';
import { arrivalsTable, busiest } from './model/tables';
import type { FigureTable } from './model/tables';
import type { ExportFormat } from './use-figure-export';
import { themeColour } from './use-theme';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

export function ArrivalsFigure(props: {
  report: InsightsReport;
  onExport: (format: ExportFormat, table: FigureTable, picture: () => HTMLCanvasElement) => void;
}) {
  const { t } = useI18n();
  const f = useFormats();
  const weekdays = Array.from({ length: 7 }, (_, d) => t(`insights.weekday.${d}` as MessageKey));
  const { arrivals } = props.report;
  const table = arrivalsTable(props.report, { weekday: t('insights.arrivals.weekday'), weekdays });
  const top = busiest(arrivals);
  const max = top?.[2] ?? 1;
  const summary = t('insights.arrivals.summary', {
    when: top ? `${weekdays[top[0]]} ${top[1]}${t('insights.arrivals.hour')}` : '—',
    count: f.number(top?.[2] ?? 0),
  });
  const picture = () =>
    paintGrid(t('insights.arrivals.title'), table, {
      bg: themeColour('--bg'),
      text: themeColour('--text'),
      muted: themeColour('--muted'),
      bar: themeColour('--chart-item'),
    });
  return (
    <ChartFrame
      name="arrivals"
      title={t('insights.arrivals.title')}
      summary={summary}
      table={table}
      cell={(v) => (typeof v === 'number' ? f.number(v) : v)}
      onExport={(format) => props.onExport(format, table, picture)}
    >
      <div className="arrivals-grid">
        <span />
        {HOURS.map((h) => (
          <span key={h} className="arrivals-hour">
            {h % 3 === 0 ? h : ''}
          </span>
        ))}
        {arrivals.map((hours, d) => [
          <span key={`d${d}`} className="arrivals-day">
            {weekdays[d]}
          </span>,
          ...hours.map((n, h) => (
            <span
              key={`${d}-${h}`}
              className="arrivals-cell"
              style={{ opacity: n === 0 ? 0.06 : 0.15 + (0.85 * n) / max }}
              title={`${weekdays[d]} ${h}${t('insights.arrivals.hour')}: ${f.number(n)}`}
            />
          )),
        ])}
      </div>
    </ChartFrame>
  );
}
