import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { FieldIssue, Profile, Settings } from '../../../src-main/contract';
import { useQuery } from '@tanstack/react-query';
import { call, DeskCallError } from '../../api/desk';
import { useRemoveProfile, useUpdateSettings } from '../../api/settings';
import { useDraft } from '../../ui/drafts';
import { profileLabel } from '../../ui/profile-label';
import { LOCALE_OF, useI18n } from '../../i18n';
import type { Translate } from '../../i18n';
import { formatBytes } from '../../format/numbers';
import { Dialog } from '../../ui/Dialog';
import { ErrorPanel, ErrorPartsPanel } from '../../ui/ErrorPanel';
import { checkProfile, draftFor, marksFromIssues, PROFILE_FIELDS, profileOf } from './model/profile-form';
import type { ProfileDraft, ProfileField } from './model/profile-form';
import { fieldId, fieldLabel, markText, ProfileEditor } from './ProfileEditor';

const PROFILE_DRAFT = 'settings.profile';

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
  return (
    <Dialog open onClose={onClose} title={t('settings.remove.title', { name: profile.name })}>
      {info.data && (
        <p data-testid="remove-mirror-info">
          {t('settings.remove.body', {
            notes: info.data.notes,
            marks: info.data.marks,
            size: formatBytes(info.data.bytes, lang),
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
  const { t, lang } = useI18n();
  const update = useUpdateSettings();
  const [draft, setDraft] = useDraft<ProfileDraft>(PROFILE_DRAFT);
  // A draft found on arrival is one the seller left behind: say so, once.
  const [restored] = useState(() => draft !== undefined);
  const [removing, setRemoving] = useState<Profile | null>(null);

  const open = (profile: Profile | undefined) => {
    update.reset();
    setDraft(
      draftFor(
        profile,
        settings.profiles.map((p) => p.id),
      ),
    );
  };

  const save = () => {
    if (!draft) return;
    const profile = profileOf(draft);
    const marks = checkProfile(profile);
    if (Object.keys(marks).length > 0) {
      update.reset();
      setDraft({ ...draft, marks, otherIssues: [], tried: true });
      focusFirst(marks);
      return;
    }
    const exists = settings.profiles.some((p) => p.id === profile.id);
    const profiles = exists
      ? settings.profiles.map((p) => (p.id === profile.id ? profile : p))
      : [...settings.profiles, profile];
    const index = profiles.findIndex((p) => p.id === profile.id);
    update.mutate(
      { profiles },
      {
        onSuccess: () => setDraft(undefined),
        onError: (err) => {
          if (!(err instanceof DeskCallError) || !err.issues) return;
          const refused = marksFromIssues(err.issues, index);
          setDraft((d) => (d ? { ...d, ...refused, tried: true } : d));
          focusFirst(refused.marks);
        },
      },
    );
  };

  const marked = draft ? PROFILE_FIELDS.filter((f) => draft.marks[f]) : [];
  const refusedWithIssues = update.error instanceof DeskCallError && update.error.issues !== undefined;
  const problems =
    draft?.tried && (marked.length > 0 || draft.otherIssues.length > 0) ? (
      <ErrorPartsPanel
        compact
        parts={{
          code: 'INVALID_ARGUMENT',
          headline: t('settings.invalid.headline'),
          detail: [
            'INVALID_ARGUMENT',
            ...marked.map((f) => `${f}: ${draft.marks[f]!.rule}`),
            ...draft.otherIssues.map((i) => `${i.path.join('.')}: ${i.rule}`),
          ].join(' — '),
          identity: 'settings.profile',
        }}
      >
        {marked.length > 0 && (
          <p>
            {t('settings.invalid.summary', {
              count: marked.length,
              fields: new Intl.ListFormat(LOCALE_OF[lang]).format(marked.map((f) => fieldLabel(f, t))),
            })}
          </p>
        )}
        {draft.otherIssues.length > 0 && (
          <ul className="other-issues">
            {draft.otherIssues.map((issue, i) => (
              <li key={i}>{elsewhere(issue, settings.profiles, t)}</li>
            ))}
          </ul>
        )}
      </ErrorPartsPanel>
    ) : null;

  return (
    <section className="panel" aria-labelledby="settings-profiles">
      <div className="panel-head">
        <h2 id="settings-profiles">{t('settings.profiles')}</h2>
        <button type="button" className="btn" onClick={() => open(undefined)} disabled={draft !== undefined}>
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
          {settings.profiles.map((p) => (
            <ProfileRow
              key={p.id}
              profile={p}
              active={p.id === settings.activeProfileId}
              editing={draft !== undefined}
              onUse={() => update.mutate({ activeProfileId: p.id })}
              onEdit={() => open(p)}
              onRemove={() => setRemoving(p)}
            />
          ))}
        </tbody>
      </table>
      {draft && (
        <ProfileEditor
          draft={draft}
          onChange={(fn) => setDraft((d) => (d ? fn(d) : d))}
          saving={update.isPending}
          problems={problems}
          restored={restored}
          onSave={save}
          onCancel={() => {
            update.reset();
            setDraft(undefined);
          }}
        />
      )}
      {/* Refusals with field issues are shown on the fields; anything else, here. */}
      {update.isError && !refusedWithIssues && <ErrorPanel compact error={update.error} />}
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

/** A profile in the table: what it is, and using, editing or removing it. */
function ProfileRow({
  profile: p,
  active,
  editing,
  onUse,
  onEdit,
  onRemove,
}: {
  profile: Profile;
  active: boolean;
  /** A profile is being edited: no other edit or removal starts. */
  editing: boolean;
  onUse: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  return (
    <tr aria-current={active ? 'true' : undefined}>
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
          <button type="button" className="btn btn-small" onClick={onUse}>
            {t('settings.profile.use')}
          </button>
        )}
        {/* The sandbox's endpoint is fixed: only its team database is edited (team mode on the sandbox). */}
        <button type="button" className="btn btn-small" onClick={onEdit} disabled={editing}>
          {t('common.edit')}
        </button>
        {p.kind === 'live' && (
          <>
            <button
              type="button"
              className="btn btn-small"
              onClick={onRemove}
              disabled={editing}
              aria-label={`${t('settings.profile.remove')} — ${p.name}`}
            >
              {t('settings.profile.remove')}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

/** Focus goes to the first marked field, so the seller starts where the first mistake is. */
function focusFirst(marks: Partial<Record<ProfileField, unknown>>) {
  const first = PROFILE_FIELDS.find((f) => marks[f]);
  if (first) document.getElementById(fieldId(first))?.focus();
}

/** A refusal about something the form has no field for, named in the seller's language. */
function elsewhere(issue: FieldIssue, profiles: readonly Profile[], t: Translate): string {
  const [root, at, field] = issue.path;
  const problem = markText(issue, t);
  if (root === 'profiles' && typeof at === 'number' && PROFILE_FIELDS.includes(field as ProfileField)) {
    const profile = profiles[at];
    const where = t('settings.invalid.otherProfile', {
      name: profile ? profileLabel(profile, t) : String(at + 1),
      field: fieldLabel(field as ProfileField, t),
    });
    return t('settings.invalid.elsewhere', { where, problem });
  }
  return problem;
}
