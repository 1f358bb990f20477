import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { Profile, Settings } from '../../../src-main/contract';
import { useUpdateSettings } from '../../api/settings';
import { profileLabel } from '../../app/profile-label';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ProfileEditor } from './ProfileEditor';

export function ProfilesSection({ settings }: { settings: Settings }) {
  const { t } = useI18n();
  const update = useUpdateSettings();
  const [editing, setEditing] = useState<Profile | 'new' | null>(null);

  const saveProfile = (profile: Profile) => {
    const exists = settings.profiles.some((p) => p.id === profile.id);
    const profiles = exists
      ? settings.profiles.map((p) => (p.id === profile.id ? profile : p))
      : [...settings.profiles, profile];
    update.mutate({ profiles }, { onSuccess: () => setEditing(null) });
  };

  return (
    <section className="panel" aria-labelledby="settings-profiles">
      <div className="panel-head">
        <h2 id="settings-profiles">{t('settings.profiles')}</h2>
        <button type="button" className="btn" onClick={() => setEditing('new')} disabled={editing !== null}>
          <Plus size={14} aria-hidden /> {t('settings.profile.addLive')}
        </button>
      </div>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('settings.profile.name')}</th>
            <th scope="col">{t('settings.profile.kind')}</th>
            <th scope="col">{t('settings.profile.apiBaseUrl')}</th>
            <th scope="col">{t('settings.profile.soapVersion')}</th>
            <th scope="col" aria-label={t('settings.profile.actions')} />
          </tr>
        </thead>
        <tbody>
          {settings.profiles.map((p) => {
            const active = p.id === settings.activeProfileId;
            return (
              <tr key={p.id} aria-current={active ? 'true' : undefined}>
                <td>
                  {profileLabel(p, t)}{' '}
                  {active && <span className="badge badge-neutral">{t('settings.profile.active')}</span>}
                </td>
                <td>
                  <span className={`badge ${p.kind === 'sandbox' ? 'badge-sandbox' : 'badge-live'}`}>
                    {t(p.kind === 'sandbox' ? 'status.sandbox' : 'status.live')}
                  </span>
                </td>
                <td className={p.apiBaseUrl ? 'mono ellipsis' : 'muted'}>
                  {p.apiBaseUrl || t('settings.profile.builtIn')}
                </td>
                <td className="num">{p.soapVersion}</td>
                <td className="row-actions">
                  {!active && (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => update.mutate({ activeProfileId: p.id })}
                    >
                      {t('settings.profile.use')}
                    </button>
                  )}
                  {p.kind === 'live' && (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setEditing(p)}
                      disabled={editing !== null}
                    >
                      {t('common.edit')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {editing !== null && (
        <ProfileEditor
          initial={editing === 'new' ? undefined : editing}
          existingIds={settings.profiles.map((p) => p.id)}
          saving={update.isPending}
          onSave={saveProfile}
          onCancel={() => {
            update.reset();
            setEditing(null);
          }}
        />
      )}
      {update.isError && <ErrorPanel compact error={update.error} />}
    </section>
  );
}
