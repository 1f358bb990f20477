import { useDismissSettingsNotice, useSettings } from '../../api/settings';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ConnectionTestSection } from './ConnectionTestSection';
import { GeneralSection } from './GeneralSection';
import { InsightTargetsSection } from './InsightTargetsSection';
import { ProfilesSection } from './ProfilesSection';
import { ReplyTemplatesSection } from './ReplyTemplatesSection';
import { VaultSection } from './VaultSection';

export function SettingsPage() {
  const { t } = useI18n();
  const settings = useSettings();
  const dismiss = useDismissSettingsNotice();
  if (settings.isPending) return <p className="placeholder">{t('common.loading')}</p>;
  if (settings.isError) return <ErrorPanel error={settings.error} onRetry={() => void settings.refetch()} />;
  const { settings: s, notice } = settings.data;
  const active = s.profiles.find((p) => p.id === s.activeProfileId);
  return (
    <div className="settings">
      {notice && (
        <div className="notice" role="alert">
          {notice.kind === 'data-folder-readonly' ? (
            <div>
              <strong>{t('settings.notice.readonly.title')}</strong>
              <p>{t('settings.notice.readonly.body', { dir: notice.dataDir })}</p>
            </div>
          ) : notice.kind === 'settings-repaired' ? (
            <div>
              <strong>{t('settings.notice.repaired.title')}</strong>
              <p>
                {t('settings.notice.repaired.body', {
                  file: notice.backupFile,
                  fields: notice.fields.join(', '),
                })}
              </p>
            </div>
          ) : notice.kind === 'settings-unreadable' ? (
            <div>
              <strong>{t('settings.notice.unreadable.title')}</strong>
              <p>{t('settings.notice.unreadable.body', { file: notice.backupFile })}</p>
            </div>
          ) : (
            <div>
              <strong>{t('settings.notice.title')}</strong>
              <p>{t('settings.notice.body', { file: notice.backupFile })}</p>
            </div>
          )}
          <button type="button" className="btn" onClick={() => dismiss.mutate()}>
            {t('common.dismiss')}
          </button>
        </div>
      )}
      {dismiss.isError && <ErrorPanel compact error={dismiss.error} onRetry={() => dismiss.mutate()} />}
      <GeneralSection settings={s} />
      <ProfilesSection settings={s} />
      <ConnectionTestSection activeProfileId={s.activeProfileId} />
      {active && <VaultSection key={active.id} profile={active} />}
      {active && <InsightTargetsSection key={`targets-${active.id}`} settings={s} profile={active} />}
      <ReplyTemplatesSection settings={s} />
    </div>
  );
}
