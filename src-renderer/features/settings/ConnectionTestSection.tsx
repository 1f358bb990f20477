import { useMutation } from '@tanstack/react-query';
import { PlugZap } from 'lucide-react';
import type { ServiceCheck } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';

/** Calls one cheap operation of each service on the active profile and shows exactly what each answered. */
export function ConnectionTestSection() {
  const { t } = useI18n();
  const test = useMutation({ mutationFn: () => call('connection.test', undefined) });
  const rows: [string, 'suggest' | 'market', ServiceCheck | undefined][] = [
    [t('settings.test.suggest'), 'suggest', test.data?.suggest],
    [t('settings.test.market'), 'market', test.data?.market],
  ];
  return (
    <section className="panel" aria-labelledby="settings-test">
      <div className="panel-head">
        <h2 id="settings-test">{t('settings.test.title')}</h2>
        <button type="button" className="btn" onClick={() => test.mutate()} disabled={test.isPending}>
          <PlugZap size={14} aria-hidden />{' '}
          {test.isPending ? t('settings.test.running') : t('settings.test.button')}
        </button>
      </div>
      {test.data && (
        <table className="table" aria-live="polite">
          <tbody>
            {rows.map(([name, key, check]) => (
              <tr key={key} data-testid={`connection-test-${key}`}>
                <th scope="row">{name}</th>
                <td>
                  <span
                    className={`presence ${check?.ok ? 'present' : ''}`}
                    style={check?.ok ? undefined : { color: 'var(--danger)' }}
                  >
                    {check?.ok ? t('settings.test.ok') : t('settings.test.failed')}
                  </span>
                </td>
                <td className="mono">{check?.operation}</td>
                <td className="num">{check ? `${Math.round(check.durationMs)} ms` : ''}</td>
                <td>
                  {check?.error && (
                    <span title={check.error.detail}>
                      <span className="mono">{check.error.code}</span> {check.error.message}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {test.isError && <ErrorPanel compact error={test.error} />}
    </section>
  );
}
