import { useState } from 'react';
import type { Profile, Settings } from '../../../src-main/contract';
import { DeskCallError } from '../../api/desk';
import { useUpdateSettings } from '../../api/settings';
import { LOCALE_OF, useI18n } from '../../i18n';
import { ErrorPanel, ErrorPartsPanel } from '../../ui/ErrorPanel';
import { Field } from '../../ui/Field';
import { profileLabel } from '../../ui/profile-label';
import {
  checkTargets,
  DEFAULT_TARGETS,
  TARGET_FIELDS,
  TARGET_MIN_PERCENT,
  targetMarksFromIssues,
  targetsDraft,
  targetsOf,
} from './model/insight-targets';
import type { TargetField, TargetMarks, TargetsDraft } from './model/insight-targets';
import { markText } from './ProfileEditor';

const fieldId = (field: TargetField) => `it-${field}`;
const LABEL = { within24h: 'settings.targets.within24h', within48h: 'settings.targets.within48h' } as const;

/**
 * The active profile's insights targets: the two reply-rate targets (whole percents) and whether its marketplace
 * counts business days. Checked on save as the host checks them; the host's refusals come back onto the fields.
 */
export function InsightTargetsSection({ settings, profile }: { settings: Settings; profile: Profile }) {
  const { t, lang } = useI18n();
  const update = useUpdateSettings();
  const [draft, setDraft] = useState<TargetsDraft>(() =>
    targetsDraft(profile.insightTargets ?? DEFAULT_TARGETS),
  );
  const [marks, setMarks] = useState<TargetMarks>({});
  const [saved, setSaved] = useState(false);
  const edit = (patch: Partial<TargetsDraft>, field?: TargetField) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(false);
    if (field) setMarks(({ [field]: _gone, ...rest }) => rest);
  };
  const save = () => {
    const found = checkTargets(draft);
    setMarks(found);
    const first = TARGET_FIELDS.find((f) => found[f]);
    if (first) {
      update.reset();
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const index = settings.profiles.findIndex((p) => p.id === profile.id);
    const profiles = settings.profiles.map((p, i) =>
      i === index ? { ...p, insightTargets: targetsOf(draft) } : p,
    );
    update.mutate(
      { profiles },
      {
        onSuccess: () => setSaved(true),
        onError: (err) => {
          if (err instanceof DeskCallError && err.issues)
            setMarks(targetMarksFromIssues(err.issues, index).marks);
        },
      },
    );
  };
  const marked = TARGET_FIELDS.filter((f) => marks[f]);
  return (
    <section className="panel" aria-labelledby="settings-targets">
      <h2 id="settings-targets">{t('settings.targets')}</h2>
      <p className="muted">{t('settings.targets.intro', { profile: profileLabel(profile, t) })}</p>
      <form
        aria-labelledby="settings-targets"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className="form-grid">
          {TARGET_FIELDS.map((field) => (
            <PercentRow
              key={field}
              field={field}
              value={draft[field]}
              mark={marks[field]}
              onValue={(v) => edit({ [field]: v }, field)}
            />
          ))}
          <span>{t('settings.targets.count')}</span>
          <fieldset className="choice-group" aria-label={t('settings.targets.count')}>
            {([false, true] as const).map((business) => (
              <label key={String(business)} className="check">
                <input
                  type="radio"
                  name="insight-target-days"
                  checked={draft.businessDays === business}
                  onChange={() => edit({ businessDays: business })}
                />
                {t(business ? 'settings.targets.business' : 'settings.targets.calendar')}
              </label>
            ))}
          </fieldset>
        </div>
        {marked.length > 0 && (
          <ErrorPartsPanel
            compact
            parts={{
              code: 'INVALID_ARGUMENT',
              headline: t('settings.invalid.headline'),
              detail: marked.map((f) => `${f}: ${marks[f]!.rule}`).join(' — '),
              identity: 'settings.targets',
            }}
          >
            <p>
              {t('settings.invalid.summary', {
                count: marked.length,
                fields: new Intl.ListFormat(LOCALE_OF[lang]).format(marked.map((f) => t(LABEL[f]))),
              })}
            </p>
          </ErrorPartsPanel>
        )}
        {update.isError && marked.length === 0 && <ErrorPanel compact error={update.error} />}
        <div className="form-actions">
          {saved && (
            <span className="muted" role="status">
              {t('settings.targets.saved')}
            </span>
          )}
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A percent as typed; checked on save (a half-typed number is never marked while typing). */
function PercentRow(props: {
  field: TargetField;
  value: string;
  mark: TargetMarks[TargetField];
  onValue: (v: string) => void;
}) {
  const { t } = useI18n();
  const id = fieldId(props.field);
  const { mark } = props;
  return (
    <>
      <label htmlFor={id}>{t(LABEL[props.field])}</label>
      <Field error={mark && { id: `${id}-error`, rule: mark.rule, text: markText(mark, t) }}>
        <input
          id={id}
          className="num"
          type="number"
          inputMode="numeric"
          min={TARGET_MIN_PERCENT}
          max={100}
          step={1}
          value={props.value}
          aria-invalid={mark ? true : undefined}
          aria-describedby={mark ? `${id}-error` : undefined}
          onChange={(e) => props.onValue(e.target.value)}
        />
      </Field>
    </>
  );
}
