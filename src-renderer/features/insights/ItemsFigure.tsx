// The top items, by notes or by refund + exchange share, as bars with the item's name; each opens the inbox
// narrowed to that item (and, for the share, to its refund and exchange notes).
import type {
  INSIGHTS_MIN_ITEM_NOTES,
  InsightsItem,
  InsightsReport,
} from '../../../src-main/contract/insights';
import { useI18n } from '../../i18n';
import { useFormats } from '../../ui/use-formats';
import { ChartFrame } from './ChartFrame';
import { formatShare } from './model/duration';
import { paintBars } from './model/paint';
import { itemShare, itemsTable } from './model/tables';
import type { FigureTable } from './model/tables';
import type { ExportFormat } from './use-figure-export';
import type { InboxScope } from './use-inbox-link';
import { themeColour } from './use-theme';

// The contract's constant, checked by type (the renderer imports only types from the contract): a change there
// fails the typecheck here.
const MIN_ITEM_NOTES: typeof INSIGHTS_MIN_ITEM_NOTES = 3;

export function ItemsFigure(props: {
  report: InsightsReport;
  by: 'notes' | 'refund';
  open: (scope: Partial<InboxScope>) => void;
  onExport: (format: ExportFormat, table: FigureTable, picture: () => HTMLCanvasElement) => void;
}) {
  const { t, lang } = useI18n();
  const f = useFormats();
  const byNotes = props.by === 'notes';
  const items = byNotes ? props.report.topByNotes : props.report.topByRefundExchange;
  const value = (i: InsightsItem) => (byNotes ? i.notes : itemShare(i));
  const shown = (i: InsightsItem) => (byNotes ? f.number(i.notes) : formatShare(itemShare(i), lang));
  const max = Math.max(1e-9, ...items.map(value));
  const title = byNotes ? t('insights.items.byNotes') : t('insights.items.byRefund');
  const table = itemsTable(items, {
    item: t('insights.items.item'),
    name: t('insights.items.name'),
    notes: t('insights.items.notes'),
    refundExchange: t('insights.items.refundExchange'),
    share: t('insights.items.share'),
  });
  const label = (i: InsightsItem) => i.itemName || i.itemNo;
  const first = items[0];
  const summary = !first
    ? t('insights.items.none')
    : byNotes
      ? t('insights.items.summaryNotes', {
          count: items.length,
          first: label(first),
          notes: f.number(first.notes),
        })
      : t('insights.items.summaryRefund', { count: items.length, first: label(first), share: shown(first) });
  const open = (i: InsightsItem) =>
    props.open({ itemNo: i.itemNo, ...(byNotes ? {} : { types: 'Refund,Exchange' }) });
  const picture = () =>
    paintBars(
      title,
      items.map(label),
      items.map((i) => (byNotes ? i.notes : Math.round(itemShare(i) * 1000) / 10)),
      {
        bg: themeColour('--bg'),
        text: themeColour('--text'),
        muted: themeColour('--muted'),
        bar: themeColour(byNotes ? '--chart-item' : '--chart-refund'),
      },
    );
  return (
    <ChartFrame
      name={byNotes ? 'top-items-notes' : 'top-items-refund-exchange'}
      title={title}
      summary={summary}
      table={table}
      cell={(v, c) =>
        typeof v === 'number' && c === 4 ? `${f.number(v)}%` : typeof v === 'number' ? f.number(v) : v
      }
      rowAction={(r) => (
        <button type="button" className="link" onClick={() => open(items[r]!)}>
          {t('insights.items.open', { item: items[r]!.itemNo })}
        </button>
      )}
      onExport={(format) => props.onExport(format, table, picture)}
      footer={
        byNotes ? undefined : (
          <p className="insights-footnotes">{t('insights.items.minNotes', { count: MIN_ITEM_NOTES })}</p>
        )
      }
    >
      {items.length === 0 ? (
        <p className="insights-none">{t('insights.items.none')}</p>
      ) : (
        <ol className={`item-bars ${byNotes ? '' : 'refund'}`}>
          {items.map((i) => (
            <li key={i.itemNo}>
              <button
                type="button"
                className="item-bar"
                onClick={() => open(i)}
                title={t('insights.items.open', { item: label(i) })}
                data-item={i.itemNo}
              >
                <span className="item-name">{label(i)}</span>
                <span className="item-track">
                  <span className="item-fill" style={{ width: `${(100 * value(i)) / max}%` }} />
                </span>
                <span className="item-value num">{shown(i)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </ChartFrame>
  );
}
