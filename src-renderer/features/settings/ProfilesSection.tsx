import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Profile, Settings } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { useRemoveProfile, useUpdateSettings } from '../../api/settings';
import { useI18n } from '../../i18n';
import { Dialog } from '../../ui/Dialog';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ProfileEditor } from './ProfileEditor';

function byteSize(bytes: number, lang: 'ko' | 'en'): string {
  const mb = bytes / 2 ** 20;
  const fmt = new Intl.NumberFormat(lang === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: 1 });
  return mb >= 1 ? `${fmt.format(mb)} MB` : `${fmt.format(bytes / 1024)} KB`;
}

/** Asks what to do with a removed profile's notes mirror, saying what it holds. */
function RemoveProfileDialog({
  profile,
  active,
  onClose,
}: {
  profile: Profile;
  active: boolean;
  onClose: () => void;
}) {
  const { t, lang } = useI18n();
  const remove = useRemoveProfile();
  const [choice, setChoice] = useState<'keep' | 'delete'>('keep');
  const info = useQuery({
    queryKey: ['notes', 'profileMirror', profile.id],
    queryFn: ({ signal }) => call('notes.profileMirror', { profileId: profile.id }, signal),
  });
  const count = (n: number) => n.toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-US');
  return (
    <Dialog open onClose={onClose} title={t('settings.remove.title', { name: profile.name })}>
      {info.data && (
        <p data-testid="remove-mirror-info">
          {t('settings.remove.body', {
            notes: count(info.data.notes),
            marks: count(info.data.marks),
            size: byteSize(info.data.bytes, lang),
          })}
        </p>
      )}
      {active && <p>{t('settings.remove.active')}</p>}
      <fieldset className="remove-choice">
        <legend>{t('settings.remove.question')}</legend>
        {(['keep', 'delete'] as const).map((c) => (
          <label key={c} className="check">
            <input
              type="radio"
              name="remove-mirror"
              value={c}
              checked={choice === c}
              onChange={() => setChoice(c)}
            />
            {t(c === 'keep' ? 'settings.remove.keep' : 'settings.remove.delete')}
          </label>
        ))}
      </fieldset>
      {remove.isError && <ErrorPanel compact error={remove.error} />}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ profileId: profile.id, mirror: choice }, { onSuccess: onClose })}
        >
          {t('settings.remove.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

export function ProfilesSection({ settings }: { settings: Settings }) {
  const { t } = useI18n();
  const update = useUpdateSettings();
  const [editing, setEditing] = useState<Profile | 'new' | null>(null);
  const [removing, setRemoving] = useState<Profile | null>(null);

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
                  {p.name}{' '}
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
                    <>
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => setEditing(p)}
                        disabled={editing !== null}
                      >
                        {t('common.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => setRemoving(p)}
                        disabled={editing !== null}
                        aria-label={`${t('settings.profile.remove')} — ${p.name}`}
                      >
                        {t('settings.profile.remove')}
                      </button>
                    </>
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
      {removing && (
        <RemoveProfileDialog
          profile={removing}
          active={removing.id === settings.activeProfileId}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
