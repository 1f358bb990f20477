import { Terminal } from 'lucide-react';
import { useMemo } from 'react';
import type { Exchange } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import { describeExchangeError } from '../../ui/describe-error';
import { ErrorPartsPanel } from '../../ui/ErrorPanel';
import { useFormats } from '../../ui/use-formats';
import { isOk } from './ExchangeTable';
import { prettyXml } from './model/xml-pretty';

/** One exchange: everything is rendered as text nodes (React escapes them); no wire text ever becomes markup. */
export function ExchangeDetail({ exchange, onCopyCurl }: { exchange: Exchange; onCopyCurl: () => void }) {
  const { t, lang } = useI18n();
  const f = useFormats();
  const request = useMemo(() => prettyXml(exchange.requestXml), [exchange.requestXml]);
  const response = useMemo(
    () => (exchange.responseXml === undefined ? undefined : prettyXml(exchange.responseXml)),
    [exchange.responseXml],
  );
  return (
    <section className="network-detail" aria-label={exchange.operation}>
      <div className="network-detail-head">
        <h2 className="mono">{exchange.operation}</h2>
        <span className={`badge ${isOk(exchange) ? 'badge-neutral' : 'badge-error'}`}>
          {exchange.status ?? t('network.noStatus')}
        </span>
        <span className="spacer" />
        <button type="button" className="btn btn-small" onClick={onCopyCurl}>
          <Terminal size={14} aria-hidden /> {t('network.curl.button')}
        </button>
      </div>
      <dl className="network-facts">
        <dt>{t('network.detail.url')}</dt>
        <dd className="mono">{exchange.url}</dd>
        <dt>{t('network.detail.started')}</dt>
        <dd className="num">{f.preciseDateTime(exchange.startedAt)}</dd>
        <dt>SOAP</dt>
        <dd className="num">
          {exchange.soapVersion} · {f.milliseconds(exchange.durationMs)} ·{' '}
          {t('network.detail.attempts', { count: exchange.attempts })} · {f.bytes(exchange.bytesSent)} /{' '}
          {f.bytes(exchange.bytesReceived)}
        </dd>
      </dl>
      {exchange.error && (
        <div data-testid="network-error">
          <ErrorPartsPanel compact parts={describeExchangeError(exchange.error, t, lang)} />
        </div>
      )}
      <h3>{t('network.detail.headers')}</h3>
      <table className="table network-headers">
        <tbody>
          {Object.entries(exchange.requestHeaders).map(([name, value]) => (
            <tr key={name}>
              <th scope="row" className="mono">
                {name}
              </th>
              <td className="mono">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 id="network-request-title">{t('network.detail.request')}</h3>
      <p className="muted network-note">{t('network.detail.redactedNote')}</p>
      <pre className="xml" aria-labelledby="network-request-title" data-testid="network-request" tabIndex={0}>
        {request}
      </pre>
      <h3 id="network-response-title">{t('network.detail.response')}</h3>
      {response === undefined ? (
        <p className="muted">{t('network.detail.noResponse')}</p>
      ) : (
        <pre
          className="xml"
          aria-labelledby="network-response-title"
          data-testid="network-response"
          tabIndex={0}
        >
          {response}
        </pre>
      )}
    </section>
  );
}
