import { useMutation } from '@tanstack/react-query';
import { PlugZap } from 'lucide-react';
import type { ServiceCheck } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { formatMilliseconds } from '../../format/numbers';
import { useI18n } from '../../i18n';
import { describeDeskError } from '../../ui/describe-error';
import { ErrorPanel, ErrorPartsPanel } from '../../ui/ErrorPanel';
import { useSingleFlight } from '../../ui/use-single-flight';

/**
 * Calls one cheap operation of each service on the active profile and shows what each answered: a failure in
 * the seller's language with the marketplace's reason under it. A result never outlives the profile it was
 * about: using another profile hides it.
 */
export function ConnectionTestSection({ activeProfileId }: { activeProfileId: string }) {
  const { t, lang } = useI18n();
  const test = useMutation({ mutationFn: () => call('connection.test', undefined) });
  // One test at a time: a double click or a retry while one runs joins the running test.
  const testing = useSingleFlight(() => test.mutateAsync());
  const running = testing.running || test.isPending;
  const result = test.data?.info.profileId === activeProfileId ? test.data : undefined;
  const rows: [string, 'suggest' | 'market', ServiceCheck | undefined][] = [
    [t('settings.test.suggest'), 'suggest', result?.suggest],
    [t('settings.test.market'), 'market', result?.market],
  ];
  return (
    <section className="panel" aria-labelledby="settings-test">
      <div className="panel-head">
        <h2 id="settings-test">{t('settings.test.title')}</h2>
        <button type="button" className="btn" onClick={testing.run} disabled={running} aria-busy={running}>
          <PlugZap size={14} aria-hidden /> {running ? t('settings.test.running') : t('settings.test.button')}
        </button>
      </div>
      {result && (
        <table className="table connection-checks" aria-live="polite">
          {rows.map(([name, key, check]) => (
            <tbody key={key} data-testid={`connection-test-${key}`} data-ok={check?.ok ? 'true' : 'false'}>
              <tr>
                <th scope="row">{name}</th>
                <td>
                  <span className={`presence ${check?.ok ? 'present' : 'failed'}`}>
                    {check?.ok ? t('settings.test.ok') : t('settings.test.failed')}
                  </span>
                </td>
                <td className="mono">{check?.operation}</td>
                <td className="num right">{check ? formatMilliseconds(check.durationMs, lang) : ''}</td>
              </tr>
              {check?.error && (
                <tr>
                  <td colSpan={4}>
                    <ErrorPartsPanel compact parts={describeDeskError(check.error, t, lang)} />
                  </td>
                </tr>
              )}
            </tbody>
          ))}
        </table>
      )}
      {test.isError && <ErrorPanel compact error={test.error} onRetry={testing.run} />}
    </section>
  );
}
