// One figure of the page: its caption, a chart or its table (the toggle), and the exports. The chart is an image
// to assistive technology (role=img, with a sentence that says what it shows); the table is the same figures as
// a real table.
import { FileSpreadsheet, ImageDown, Sheet, Table2, ChartColumn } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n';
import { IconButton } from '../../ui/IconButton';
import type { FigureTable } from './model/tables';
import type { ExportFormat } from './use-figure-export';

export interface ChartFrameProps {
  /** A stable name: the figure's test id and the exported file's name. */
  name: string;
  title: string;
  /** What the chart shows, in a sentence (its accessible name). */
  summary: string;
  table: FigureTable;
  /** Formats a table cell for the table view (numbers grouped). */
  cell?: (value: string | number, column: number) => ReactNode;
  /** A row's action in the table view (the inbox behind it). */
  rowAction?: (row: number) => ReactNode;
  onExport: (format: ExportFormat) => void;
  children: ReactNode;
  /** Lines under the figure (notes on the method). */
  footer?: ReactNode;
  className?: string;
}

export function ChartFrame(props: ChartFrameProps) {
  const { t } = useI18n();
  const [asTable, setAsTable] = useState(false);
  const captionId = useId();
  return (
    <figure
      className={`insights-figure ${props.className ?? ''}`}
      aria-labelledby={captionId}
      data-testid={`figure-${props.name}`}
    >
      <div className="insights-figure-head">
        <figcaption id={captionId}>{props.title}</figcaption>
        <div className="insights-figure-tools">
          <IconButton
            label={asTable ? t('insights.view.chart') : t('insights.view.table')}
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? <ChartColumn size={15} aria-hidden /> : <Table2 size={15} aria-hidden />}
          </IconButton>
          <IconButton label={t('insights.export.png')} onClick={() => props.onExport('png')}>
            <ImageDown size={15} aria-hidden />
          </IconButton>
          <IconButton label={t('insights.export.csv')} onClick={() => props.onExport('csv')}>
            <Sheet size={15} aria-hidden />
          </IconButton>
          <IconButton label={t('insights.export.xlsx')} onClick={() => props.onExport('xlsx')}>
            <FileSpreadsheet size={15} aria-hidden />
          </IconButton>
        </div>
      </div>
      {asTable ? (
        <FigureTableView
          table={props.table}
          cell={props.cell}
          rowAction={props.rowAction}
          label={props.title}
        />
      ) : (
        <div className="insights-chart" role="img" aria-label={props.summary} data-figure={props.name}>
          {props.children}
        </div>
      )}
      {props.footer}
    </figure>
  );
}

function FigureTableView(props: {
  table: FigureTable;
  label: string;
  cell: ChartFrameProps['cell'];
  rowAction: ChartFrameProps['rowAction'];
}) {
  const { table, cell, rowAction } = props;
  return (
    <div className="insights-table-wrap">
      <table className="insights-table" aria-label={props.label}>
        <thead>
          <tr>
            {table.columns.map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
            {rowAction && <th aria-hidden />}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((v, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {cell ? cell(v, c) : v}
                  </th>
                ) : (
                  <td key={c} className={typeof v === 'number' ? 'num' : undefined}>
                    {cell ? cell(v, c) : v}
                  </td>
                ),
              )}
              {rowAction && <td>{rowAction(r)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
