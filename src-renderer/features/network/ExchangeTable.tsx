import { useEffect } from 'react';
import type { KeyboardEvent } from 'react';
import type { ExchangeSummary } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import { describeExchangeError, shortErrorLabel } from '../../ui/describe-error';
import { useFormats } from '../../ui/use-formats';

const rowId = (id: number) => `network-row-${id}`;
export const isOk = (x: ExchangeSummary) => x.status === 200 && !x.error;

/**
 * One focus stop for the whole table: arrows move a cursor row (aria-activedescendant), Enter opens it. Rows
 * are tracked by exchange id, so the cursor stays on its request while new ones arrive on top.
 */
export function ExchangeTable({
  rows,
  cursorId,
  openId,
  onCursor,
  onOpen,
}: {
  rows: ExchangeSummary[];
  cursorId: number | undefined;
  openId: number | undefined;
  onCursor: (id: number) => void;
  onOpen: (id: number) => void;
}) {
  const { t, lang } = useI18n();
  const f = useFormats();
  const index = rows.findIndex((x) => x.id === cursorId);

  useEffect(() => {
    if (cursorId !== undefined)
      document.getElementById(rowId(cursorId))?.scrollIntoView({ block: 'nearest' });
  }, [cursorId]);

  const onKeyDown = (e: KeyboardEvent) => {
    const move = (to: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (target) onCursor(target.id);
    };
    if (e.key === 'ArrowDown') move(index < 0 ? 0 : index + 1);
    else if (e.key === 'ArrowUp') move(index < 0 ? 0 : index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(rows.length - 1);
    else if (e.key === 'PageDown') move(index + 10);
    else if (e.key === 'PageUp') move(index - 10);
    else if (e.key === 'Enter' && cursorId !== undefined) onOpen(cursorId);
    else return;
    e.preventDefault();
  };

  return (
    <table
      className="table network-table"
      role="grid"
      aria-label={t('network.table.label')}
      aria-activedescendant={cursorId !== undefined && index >= 0 ? rowId(cursorId) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (index < 0 && rows[0]) onCursor(rows[0].id);
      }}
    >
      <thead>
        <tr>
          <th scope="col">{t('network.col.time')}</th>
          <th scope="col">{t('network.col.operation')}</th>
          <th scope="col">{t('network.col.soap')}</th>
          <th scope="col" className="right">
            {t('network.col.status')}
          </th>
          <th scope="col" className="right">
            {t('network.col.duration')}
          </th>
          <th scope="col" className="right">
            {t('network.col.bytes')}
          </th>
          <th scope="col" className="right">
            {t('network.col.attempts')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((x) => (
          <tr
            key={x.id}
            id={rowId(x.id)}
            aria-selected={x.id === cursorId}
            data-open={x.id === openId || undefined}
            className={isOk(x) ? undefined : 'is-error'}
            onClick={() => {
              onCursor(x.id);
              onOpen(x.id);
            }}
          >
            <td className="num" title={f.preciseDateTime(x.startedAt)}>
              {f.preciseTime(x.startedAt)}
            </td>
            <td className="mono">{x.operation}</td>
            <td className="num">{x.soapVersion}</td>
            <td
              className="num right"
              title={x.error ? describeExchangeError(x.error, t, lang).headline : undefined}
            >
              {x.status ?? <span className="muted">{t('network.noStatus')}</span>}
              {x.error && (
                <span className="badge badge-error" data-error-code={x.error.code}>
                  {shortErrorLabel(x.error.code, t)}
                </span>
              )}
            </td>
            <td className="num right">{f.number(Math.round(x.durationMs))}</td>
            <td className="num right">
              {f.bytes(x.bytesSent)} / {f.bytes(x.bytesReceived)}
            </td>
            <td className="num right">{f.number(x.attempts)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
