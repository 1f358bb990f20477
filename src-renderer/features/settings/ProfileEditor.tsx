import type { ReactNode } from 'react';
import type { Profile } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { Translate } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { checkField, profileOf } from './model/profile-form';
import type { FieldMark, ProfileDraft, ProfileField } from './model/profile-form';
import { Field } from '../../ui/Field';

type TextField = 'name' | 'apiBaseUrl' | 'suggestBaseUrl' | 'nsRoot' | 'schemaRoot' | 'suggestNamespace';
const TEXT_FIELDS: TextField[] = [
  'name',
  'apiBaseUrl',
  'suggestBaseUrl',
  'nsRoot',
  'schemaRoot',
  'suggestNamespace',
];

const SOAP_VERSIONS = [
  { value: '1.1', label: 'SOAP 1.1' },
  { value: '1.2', label: 'SOAP 1.2' },
] as const;
const PAGE_INDEX_BASES = [
  { value: '1', label: '1' },
  { value: '0', label: '0' },
] as const;

export const fieldId = (field: ProfileField) => `pf-${field}`;

/** A field's state for assistive technology: marked invalid, and described by its mark. */
type Invalid = { 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };

/** What the form's rows get of the editor: the draft, and how a field is changed, left and marked. */
interface FieldProps {
  draft: ProfileDraft;
  set: <K extends keyof Profile>(k: K, v: Profile[K]) => void;
  leave: (field: ProfileField) => void;
  invalid: (field: ProfileField) => Invalid;
  onChange: (update: (draft: ProfileDraft) => ProfileDraft) => void;
}

/** What a mark says, in the seller's language. */
export function markText(mark: FieldMark, t: Translate): string {
  return t(`settings.invalid.${mark.rule}`, mark.limit === undefined ? {} : { limit: mark.limit });
}

export function fieldLabel(field: ProfileField, t: Translate): string {
  return t(`settings.profile.${field}` as MessageKey);
}

/**
 * Edits a live profile held as a draft (it survives leaving the page). A field is checked when the seller leaves
 * it and every field at once on save; the host's refusals come back onto the same fields.
 */
export function ProfileEditor(props: {
  draft: ProfileDraft;
  onChange: (update: (draft: ProfileDraft) => ProfileDraft) => void;
  saving: boolean;
  /** A summary of what blocks saving (role=alert), shown above the actions. */
  problems: ReactNode;
  restored: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const { draft, onChange } = props;
  const p = draft.profile;
  const set = <K extends keyof Profile>(k: K, v: Profile[K]) =>
    onChange((d) => {
      // Editing a field supersedes what was said about it.
      const marks = { ...d.marks };
      delete marks[k as ProfileField];
      return { ...d, profile: { ...d.profile, [k]: v }, marks };
    });
  const leave = (field: ProfileField) =>
    onChange((d) => {
      const mark = checkField(field, profileOf(d));
      const marks = { ...d.marks };
      if (mark) marks[field] = mark;
      else delete marks[field];
      return { ...d, marks };
    });
  const invalid = (field: ProfileField) => ({
    'aria-invalid': draft.marks[field] ? true : undefined,
    'aria-describedby': draft.marks[field] ? `${fieldId(field)}-error` : undefined,
  });

  return (
    <form
      className="profile-editor"
      aria-label={t('settings.profile.editor')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave();
      }}
    >
      {/* The actions head the form: a field's mark appearing as the seller leaves it moves what is below it,
          never the button they are reaching for. */}
      <EditorHead saving={props.saving} onCancel={props.onCancel} />
      {props.restored && <p className="muted draft-note">{t('settings.profile.draftRestored')}</p>}
      {props.problems}
      {p.kind === 'sandbox' ? (
        <div className="form-grid">
          <TeamUrlRow draft={draft} set={set} leave={leave} invalid={invalid} />
        </div>
      ) : (
        <LiveFields draft={draft} set={set} leave={leave} invalid={invalid} onChange={onChange} />
      )}
    </form>
  );
}

/** A live profile's fields: its endpoint, its limits, its answer page, its team database and its seller IDs. */
function LiveFields({ draft, set, leave, invalid, onChange }: FieldProps) {
  const { t } = useI18n();
  const p = draft.profile;
  return (
    <div className="form-grid">
      {TEXT_FIELDS.map((k) => (
        <FieldRow key={k} field={k} label={fieldLabel(k, t)} mark={draft.marks[k]}>
          <input
            id={fieldId(k)}
            className={k === 'name' ? undefined : 'mono'}
            value={p[k]}
            spellCheck={false}
            onChange={(e) => set(k, e.target.value)}
            onBlur={() => leave(k)}
            {...invalid(k)}
          />
        </FieldRow>
      ))}
      <ChoiceRow
        field="soapVersion"
        value={p.soapVersion}
        choices={SOAP_VERSIONS}
        mark={draft.marks.soapVersion}
        onChoice={(v) => set('soapVersion', v === '1.2' ? '1.2' : '1.1')}
        invalid={invalid('soapVersion')}
      />
      <ChoiceRow
        field="pageIndexBase"
        value={String(p.pageIndexBase)}
        choices={PAGE_INDEX_BASES}
        mark={draft.marks.pageIndexBase}
        onChoice={(v) => set('pageIndexBase', v === '0' ? 0 : 1)}
        invalid={invalid('pageIndexBase')}
      />
      <NumberRow
        field="timeoutMs"
        value={p.timeoutMs}
        range={[1000, 300000, 1000]}
        mark={draft.marks.timeoutMs}
        onNumber={(v) => set('timeoutMs', v)}
        onLeave={() => leave('timeoutMs')}
        invalid={invalid('timeoutMs')}
      />
      <NumberRow
        field="noteQueryDays"
        value={p.noteQueryDays ?? 0}
        range={[0, 400, 1]}
        mark={draft.marks.noteQueryDays}
        onNumber={(v) => set('noteQueryDays', v)}
        onLeave={() => leave('noteQueryDays')}
        invalid={invalid('noteQueryDays')}
      />
      <AddressRow
        field="answerPageUrl"
        type="url"
        placeholder="https://"
        value={p.answerPageUrl ?? ''}
        mark={draft.marks.answerPageUrl}
        onValue={(v) => set('answerPageUrl', v)}
        onLeave={() => leave('answerPageUrl')}
        invalid={invalid('answerPageUrl')}
      />
      <TeamUrlRow draft={draft} set={set} leave={leave} invalid={invalid} />
      <FieldRow field="sellerIds" label={fieldLabel('sellerIds', t)} mark={draft.marks.sellerIds}>
        <input
          id={fieldId('sellerIds')}
          className="mono"
          value={draft.sellerIdsText}
          spellCheck={false}
          onChange={(e) => {
            const text = e.target.value;
            onChange((d) => {
              const marks = { ...d.marks };
              delete marks.sellerIds;
              return { ...d, sellerIdsText: text, marks };
            });
          }}
          onBlur={() => leave('sellerIds')}
          {...invalid('sellerIds')}
        />
      </FieldRow>
    </div>
  );
}

/** The editor's title and actions. */
function EditorHead({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useI18n();
  return (
    <div className="profile-editor-head">
      <h3>{t('settings.profile.editor')}</h3>
      <span className="spacer" />
      <button type="button" className="btn" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? t('common.saving') : t('common.save')}
      </button>
    </div>
  );
}

/** A whole-number field; emptied, it holds NaN (which the check marks). */
function NumberRow({
  field,
  value,
  range: [min, max, step],
  mark,
  onNumber,
  onLeave,
  invalid,
}: {
  field: ProfileField;
  value: number;
  range: [min: number, max: number, step: number];
  mark: FieldMark | undefined;
  onNumber: (value: number) => void;
  onLeave: () => void;
  invalid: Invalid;
}) {
  const { t } = useI18n();
  return (
    <FieldRow field={field} label={fieldLabel(field, t)} mark={mark}>
      <input
        id={fieldId(field)}
        className="num"
        type="number"
        min={min}
        max={max}
        step={step}
        value={Number.isFinite(value) ? value : ''}
        onChange={(e) => onNumber(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        onBlur={onLeave}
        {...invalid}
      />
    </FieldRow>
  );
}

function FieldRow({
  field,
  label,
  mark,
  children,
}: {
  field: ProfileField;
  label: string;
  mark: FieldMark | undefined;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      <label htmlFor={fieldId(field)}>{label}</label>
      <Field error={mark && { id: `${fieldId(field)}-error`, rule: mark.rule, text: markText(mark, t) }}>
        {children}
      </Field>
    </>
  );
}

/** An address typed in full (mono, no spell check), its form shown as a placeholder and explained by a tooltip. */
function AddressRow(props: {
  field: 'answerPageUrl' | 'teamUrl';
  type?: 'url';
  placeholder: string;
  value: string;
  mark: FieldMark | undefined;
  onValue: (v: string) => void;
  onLeave: () => void;
  invalid: Invalid;
}) {
  const { t } = useI18n();
  return (
    <FieldRow field={props.field} label={fieldLabel(props.field, t)} mark={props.mark}>
      <input
        id={fieldId(props.field)}
        className="mono"
        type={props.type}
        spellCheck={false}
        placeholder={props.placeholder}
        title={t(`settings.profile.${props.field}.tip`)}
        value={props.value}
        onChange={(e) => props.onValue(e.target.value)}
        onBlur={props.onLeave}
        {...props.invalid}
      />
    </FieldRow>
  );
}

/** Team mode: the team database this profile shares (its password is the vault's, never in the address). */
function TeamUrlRow({ draft, set, leave, invalid }: Pick<FieldProps, 'draft' | 'set' | 'leave' | 'invalid'>) {
  return (
    <AddressRow
      field="teamUrl"
      placeholder="postgres://"
      value={draft.profile.teamUrl ?? ''}
      mark={draft.marks.teamUrl}
      onValue={(v) => set('teamUrl', v)}
      onLeave={() => leave('teamUrl')}
      invalid={invalid('teamUrl')}
    />
  );
}

/** One of a few fixed choices; the value as the select holds it (a string). */
function ChoiceRow(props: {
  field: ProfileField;
  value: string;
  choices: readonly { value: string; label: string }[];
  mark: FieldMark | undefined;
  onChoice: (value: string) => void;
  invalid: Invalid;
}) {
  const { t } = useI18n();
  return (
    <FieldRow field={props.field} label={fieldLabel(props.field, t)} mark={props.mark}>
      <select
        id={fieldId(props.field)}
        value={props.value}
        onChange={(e) => props.onChoice(e.target.value)}
        {...props.invalid}
      >
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </FieldRow>
  );
}
