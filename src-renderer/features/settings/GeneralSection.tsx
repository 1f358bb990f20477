import { useMemo, useState } from 'react';
import type { Settings, SettingsPatch } from '../../../src-main/contract';
import { useUpdateSettings } from '../../api/settings';
import { timeZoneChoices } from '../../format/date-times';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';

export function GeneralSection({ settings }: { settings: Settings }) {
  const { t, lang } = useI18n();
  const update = useUpdateSettings();
  // Named in the UI's language with their offset, never by IANA id ("Asia/Seoul").
  const zones = useMemo(() => timeZoneChoices(settings.timeZone, lang), [settings.timeZone, lang]);
  const save = (patch: SettingsPatch) => update.mutate(patch);
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

        <label htmlFor="set-sla">{t('settings.sla')}</label>
        <NumberField
          id="set-sla"
          value={settings.replySlaHours}
          min={1}
          max={336}
          unit={t('unit.hours')}
          onCommit={(n) => save({ replySlaHours: n })}
        />

        <label htmlFor="set-refresh">{t('settings.autoRefresh')}</label>
        <NumberField
          id="set-refresh"
          value={settings.autoRefreshMinutes}
          min={0}
          max={1440}
          unit={t('unit.minutes')}
          hint={t('settings.autoRefresh.hint')}
          onCommit={(n) => save({ autoRefreshMinutes: n })}
        />
      </div>
      {update.isError && <ErrorPanel compact error={update.error} />}
    </section>
  );
}

/** Commits on blur or Enter, so half-typed numbers never reach the host. */
function NumberField(props: {
  id: string;
  value: number;
  min: number;
  max: number;
  unit: string;
  hint?: string;
  onCommit: (n: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const n = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isInteger(n) && n !== props.value) props.onCommit(n);
  };
  return (
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
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <span className="unit">{props.unit}</span>
      {props.hint && <span className="hint">{props.hint}</span>}
    </span>
  );
}
