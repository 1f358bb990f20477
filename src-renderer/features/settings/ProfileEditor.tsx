import { useState } from 'react';
import type { Profile } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';

const blankLive = (existingIds: string[]): Profile => {
  let n = existingIds.length;
  while (existingIds.includes(`live-${n}`)) n++;
  return {
    id: `live-${n}`,
    name: '',
    kind: 'live',
    apiBaseUrl: '',
    suggestBaseUrl: '',
    nsRoot: '',
    schemaRoot: '',
    suggestNamespace: 'ns',
    soapVersion: '1.1',
    pageIndexBase: 1,
    timeoutMs: 30_000,
    sellerIds: [],
    noteQueryDays: 0,
  };
};

type TextField = 'name' | 'apiBaseUrl' | 'suggestBaseUrl' | 'nsRoot' | 'schemaRoot' | 'suggestNamespace';
const TEXT_FIELDS: TextField[] = [
  'name',
  'apiBaseUrl',
  'suggestBaseUrl',
  'nsRoot',
  'schemaRoot',
  'suggestNamespace',
];

/** Edits a live profile; the host validates the whole settings document and names the failing field. */
export function ProfileEditor(props: {
  initial: Profile | undefined;
  existingIds: string[];
  saving: boolean;
  onSave: (p: Profile) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const [p, setP] = useState<Profile>(props.initial ?? blankLive(props.existingIds));
  const [sellerIds, setSellerIds] = useState(p.sellerIds.join(', '));
  const set = <K extends keyof Profile>(k: K, v: Profile[K]) => setP((old) => ({ ...old, [k]: v }));
  return (
    <form
      className="profile-editor"
      aria-label={t('settings.profile.editor')}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave({
          ...p,
          sellerIds: sellerIds
            .split(/[\s,]+/)
            .map((s) => s.trim())
            .filter(Boolean),
        });
      }}
    >
      <div className="form-grid">
        {TEXT_FIELDS.map((k) => (
          <FieldRow key={k} id={`pf-${k}`} label={t(`settings.profile.${k}` as MessageKey)}>
            <input
              id={`pf-${k}`}
              className={k === 'name' ? undefined : 'mono'}
              value={p[k]}
              required={k !== 'suggestNamespace'}
              onChange={(e) => set(k, e.target.value)}
            />
          </FieldRow>
        ))}
        <FieldRow id="pf-soap" label={t('settings.profile.soapVersion')}>
          <select
            id="pf-soap"
            value={p.soapVersion}
            onChange={(e) => set('soapVersion', e.target.value as '1.1' | '1.2')}
          >
            <option value="1.1">SOAP 1.1</option>
            <option value="1.2">SOAP 1.2</option>
          </select>
        </FieldRow>
        <FieldRow id="pf-page" label={t('settings.profile.pageIndexBase')}>
          <select
            id="pf-page"
            value={String(p.pageIndexBase)}
            onChange={(e) => set('pageIndexBase', e.target.value === '0' ? 0 : 1)}
          >
            <option value="1">1</option>
            <option value="0">0</option>
          </select>
        </FieldRow>
        <FieldRow id="pf-timeout" label={t('settings.profile.timeoutMs')}>
          <input
            id="pf-timeout"
            className="num"
            type="number"
            min={1000}
            max={300000}
            step={1000}
            value={p.timeoutMs}
            onChange={(e) => set('timeoutMs', Number(e.target.value))}
          />
        </FieldRow>
        <FieldRow id="pf-query-days" label={t('settings.profile.noteQueryDays')}>
          <input
            id="pf-query-days"
            className="num"
            type="number"
            min={0}
            max={400}
            step={1}
            value={p.noteQueryDays ?? 0}
            onChange={(e) => set('noteQueryDays', Number(e.target.value))}
          />
        </FieldRow>
        <FieldRow id="pf-sellers" label={t('settings.profile.sellerIds')}>
          <input
            id="pf-sellers"
            className="mono"
            value={sellerIds}
            onChange={(e) => setSellerIds(e.target.value)}
          />
        </FieldRow>
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={props.saving}>
          {props.saving ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}

function FieldRow({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
    </>
  );
}
