import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { NetworkListRequest } from '../../../src-main/contract';
import { PageToolbar } from '../../ui/shell-slots';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { CurlDialog } from './CurlDialog';
import { ExchangeDetail } from './ExchangeDetail';
import { ExchangeTable } from './ExchangeTable';
import { curlCommand } from './model/curl-command';
import { useClearExchanges, useExchange, useExchanges } from './use-exchanges';
import './network.css';

type Outcome = NonNullable<NetworkListRequest['outcome']> | 'all';

/** The network inspector: the last 500 SOAP exchanges, newest first, with their redacted envelopes. */
export function NetworkPage() {
  const { t } = useI18n();
  const [operation, setOperation] = useState('');
  const [outcome, setOutcome] = useState<Outcome>('all');
  const filter: NetworkListRequest = {
    ...(operation ? { operation } : {}),
    ...(outcome !== 'all' ? { outcome } : {}),
  };
  const exchanges = useExchanges(filter);
  const clear = useClearExchanges();
  const rows = useMemo(() => exchanges.data ?? [], [exchanges.data]);
  const [cursorId, setCursorId] = useState<number>();
  const [openId, setOpenId] = useState<number>();
  const [curl, setCurl] = useState<string>();
  // Operations seen since the page opened, so filtering by one does not empty the list of choices.
  const [seenOps, setSeenOps] = useState<string[]>([]);
  const missing = rows.some((x) => !seenOps.includes(x.operation));
  if (missing) setSeenOps((old) => [...new Set([...old, ...rows.map((x) => x.operation)])].sort());

  const detail = useExchange(openId);
  const open = detail.data;

  return (
    <div className="network">
      <PageToolbar>
        <label className="toolbar-field">
          <span>{t('network.filter.operation')}</span>
          <select value={operation} onChange={(e) => setOperation(e.target.value)}>
            <option value="">{t('network.filter.operation.all')}</option>
            {[...new Set([...seenOps, ...(operation ? [operation] : [])])].map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
        </label>
        <label className="toolbar-field">
          <span>{t('network.filter.outcome')}</span>
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome)}>
            <option value="all">{t('network.filter.outcome.all')}</option>
            <option value="ok">{t('network.filter.outcome.ok')}</option>
            <option value="error">{t('network.filter.outcome.error')}</option>
          </select>
        </label>
        <span className="muted num network-count" aria-live="polite">
          {t('network.count', { count: rows.length })}
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="btn"
          onClick={() => clear.mutate(undefined, { onSuccess: () => setOpenId(undefined) })}
          disabled={clear.isPending}
        >
          <Trash2 size={14} aria-hidden /> {t('network.clear')}
        </button>
      </PageToolbar>
      <div className="network-list">
        {exchanges.isError ? (
          <ErrorPanel error={exchanges.error} onRetry={() => void exchanges.refetch()} />
        ) : exchanges.isPending ? (
          <p className="placeholder">{t('common.loading')}</p>
        ) : rows.length === 0 ? (
          <p className="placeholder">
            {t(filter.operation || filter.outcome ? 'network.empty.filtered' : 'network.empty')}
          </p>
        ) : (
          <ExchangeTable
            rows={rows}
            cursorId={cursorId}
            openId={openId}
            onCursor={setCursorId}
            onOpen={setOpenId}
          />
        )}
        {clear.isError && <ErrorPanel compact error={clear.error} />}
      </div>
      <div className="network-pane">
        {openId === undefined ? (
          <p className="placeholder">{t('network.detail.empty')}</p>
        ) : detail.isError ? (
          <ErrorPanel error={detail.error} onRetry={() => void detail.refetch()} />
        ) : open === undefined ? (
          <p className="placeholder">{t('common.loading')}</p>
        ) : open === null ? (
          <p className="placeholder">{t('network.detail.gone')}</p>
        ) : (
          <ExchangeDetail exchange={open} onCopyCurl={() => setCurl(curlCommand(open))} />
        )}
      </div>
      <CurlDialog command={curl} onClose={() => setCurl(undefined)} />
    </div>
  );
}
