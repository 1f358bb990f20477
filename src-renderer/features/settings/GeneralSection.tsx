import { useMemo, useState } from 'react';
import type { FieldIssue, Settings, SettingsPatch } from '../../../src-main/contract';
import { DeskCallError } from '../../api/desk';
import { useUpdateSettings } from '../../api/settings';
import { timeZoneChoices } from '../../format/date-times';
import { LOCALE_OF, useI18n } from '../../i18n';
import type { Translate } from '../../i18n';
import { ErrorPanel, ErrorPartsPanel } from '../../ui/ErrorPanel';
import type { FieldMark } from './model/profile-form';
import { Field } from '../../ui/Field';

type NumberSetting = 'replySlaHours' | 'autoRefreshMinutes';
type GeneralField = 'language' | 'timeZone' | NumberSetting;

const LABEL: Record<
  GeneralField,
  'settings.language' | 'settings.timeZone' | 'settings.sla' | 'settings.autoRefresh'
> = {
  language: 'settings.language',
  timeZone: 'settings.timeZone',
  replySlaHours: 'settings.sla',
  autoRefreshMinutes: 'settings.autoRefresh',
};

const markText = (mark: FieldMark, t: Translate) =>
  t(`settings.invalid.${mark.rule}`, mark.limit === undefined ? {} : { limit: mark.limit });

export function GeneralSection({ settings }: { settings: Settings }) {
  const { t, lang } = useI18n();
  const update = useUpdateSettings();
  // A mistake caught in the field before anything is sent.
  const [local, setLocal] = useState<{ field: NumberSetting; mark: FieldMark } | undefined>();
  // Named in the UI's language with their offset, never by IANA id ("Asia/Seoul").
  const zones = useMemo(() => timeZoneChoices(settings.timeZone, lang), [settings.timeZone, lang]);
  const save = (patch: SettingsPatch) => {
    setLocal(undefined);
    update.mutate(patch);
  };
  const refused: FieldIssue[] = update.error instanceof DeskCallError ? (update.error.issues ?? []) : [];
  const markOf = (field: GeneralField): FieldMark | undefined =>
    local?.field === field ? local.mark : refused.find((i) => i.path[0] === field);
  const marked = (Object.keys(LABEL) as GeneralField[]).filter((f) => markOf(f));
  // Editing a marked field supersedes what was said about it.
  const editing = (field: NumberSetting) => {
    if (local?.field === field) setLocal(undefined);
    if (refused.some((i) => i.path[0] === field)) update.reset();
  };

  return (
    <section className="panel" aria-labelledby="settings-general">
      <h2 id="settings-general">{t('settings.general')}</h2>
      <div className="form-grid">
        <label htmlFor="set-language">{t('settings.language')}</label>
        <select
          id="set-language"
          value={settings.language}
          onChange={(e) => save({ language: e.target.value as Settings['language'] })}
        >
          <option value="system">{t('settings.language.system')}</option>
          <option value="ko">한국어</option>
          <option value="en">English</option>
        </select>

        <label htmlFor="set-tz">{t('settings.timeZone')}</label>
        <select id="set-tz" value={settings.timeZone} onChange={(e) => save({ timeZone: e.target.value })}>
          {zones.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </select>

        {(
          [
            ['replySlaHours', 'set-sla', 1, 336, t('unit.hours'), undefined],
            ['autoRefreshMinutes', 'set-refresh', 0, 1440, t('unit.minutes'), t('settings.autoRefresh.hint')],
          ] as const
        ).map(([field, id, min, max, unit, hint]) => (
          <NumberRow
            key={field}
            id={id}
            label={t(LABEL[field])}
            value={settings[field]}
            min={min}
            max={max}
            unit={unit}
            hint={hint}
            mark={markOf(field)}
            onEdit={() => editing(field)}
            onInvalid={(mark) => setLocal({ field, mark })}
            onCommit={(n) => save({ [field]: n })}
          />
        ))}
      </div>
      {marked.length > 0 ? (
        <ErrorPartsPanel
          compact
          parts={{
            code: 'INVALID_ARGUMENT',
            headline: t('settings.invalid.headline'),
            detail: marked.map((f) => `${f}: ${markOf(f)!.rule}`).join(' — '),
            identity: 'settings.general',
          }}
        >
          <p>
            {t('settings.invalid.summary', {
              count: marked.length,
              fields: new Intl.ListFormat(LOCALE_OF[lang]).format(marked.map((f) => t(LABEL[f]))),
            })}
          </p>
        </ErrorPartsPanel>
      ) : (
        update.isError && <ErrorPanel compact error={update.error} />
      )}
    </section>
  );
}

/**
 * A number that commits on blur or Enter, so half-typed numbers never reach the host. What was typed stays on
 * screen until it is saved: a refused value is marked where it is, not silently put back.
 */
function NumberRow(props: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  unit: string;
  hint?: string;
  mark: FieldMark | undefined;
  onEdit: () => void;
  onInvalid: (mark: FieldMark) => void;
  onCommit: (n: number) => void;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<string | null>(null);
  // Saved: the stored value caught up with what was typed.
  if (draft !== null && props.mark === undefined && Number(draft) === props.value && draft.trim() !== '') {
    setDraft(null);
  }
  const commit = () => {
    if (draft === null) return;
    const n = Number(draft);
    if (draft.trim() === '') return props.onInvalid({ rule: 'required' });
    if (!Number.isFinite(n)) return props.onInvalid({ rule: 'number' });
    if (!Number.isInteger(n)) return props.onInvalid({ rule: 'whole-number' });
    if (n < props.min) return props.onInvalid({ rule: 'too-small', limit: props.min });
    if (n > props.max) return props.onInvalid({ rule: 'too-large', limit: props.max });
    if (n === props.value) setDraft(null);
    else props.onCommit(n);
  };
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <Field
        error={
          props.mark && { id: `${props.id}-error`, rule: props.mark.rule, text: markText(props.mark, t) }
        }
      >
        <span className="field-with-unit">
          <input
            id={props.id}
            className="num"
            type="number"
            inputMode="numeric"
            min={props.min}
            max={props.max}
            step={1}
            value={draft ?? String(props.value)}
            aria-invalid={props.mark ? true : undefined}
            aria-describedby={props.mark ? `${props.id}-error` : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              props.onEdit();
            }}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
            }}
          />
          <span className="unit">{props.unit}</span>
          {props.hint && <span className="hint">{props.hint}</span>}
        </span>
      </Field>
    </>
  );
}
