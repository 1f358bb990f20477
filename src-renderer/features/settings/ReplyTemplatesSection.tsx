// Settings → Reply templates: edit, add, delete, save; export to and import from a file through the host's
// dialogs. Templates in the UI's language are open; the others are folded under their language.
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NoteQueryType,
  ReplyTemplate,
  Settings,
  TemplateImportResult,
} from '../../../src-main/contract';
import { INQUIRY_TYPES } from '../../../src-shared/note-fields';
import { call } from '../../api/desk';
import { queryKeys } from '../../api/queries';
import { useUpdateSettings } from '../../api/settings';
import { useI18n } from '../../i18n';
import type { Lang } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PLACEHOLDERS } from '../../ui/reply-template';
import './reply-templates.css';
import { Field } from '../../ui/Field';

let nextId = 0;
const newId = () => `t${Date.now().toString(36)}${(nextId++).toString(36)}`;

export function ReplyTemplatesSection({ settings }: { settings: Settings }) {
  const { t, lang } = useI18n();
  const qc = useQueryClient();
  const update = useUpdateSettings();
  const [draft, setDraft] = useState<ReplyTemplate[]>(settings.replyTemplates);
  const [message, setMessage] = useState<string | undefined>();
  const [invalid, setInvalid] = useState<string | undefined>();
  // A save or an import elsewhere replaces the draft.
  useEffect(() => setDraft(settings.replyTemplates), [settings.replyTemplates]);

  const exportFile = useMutation({
    mutationFn: () => call('settings.exportTemplates', undefined),
    onSuccess: (r) => {
      setInvalid(undefined);
      setMessage(r.path ? t('templates.exported', { path: r.path }) : undefined);
    },
  });
  const importFile = useMutation({
    mutationFn: () => call('settings.importTemplates', undefined),
    onSuccess: (r: TemplateImportResult) => {
      setMessage(undefined);
      setInvalid(undefined);
      if (r.status === 'invalid') setInvalid(t(`templates.invalid.${r.problem}`));
      if (r.status === 'imported') {
        qc.setQueryData(queryKeys.settings, (old: { notice?: unknown } | undefined) => ({
          ...old,
          settings: r.settings,
        }));
        setMessage(t('templates.imported', { count: r.added + r.replaced, replaced: r.replaced }));
      }
    },
  });

  const edit = (id: string, patch: Partial<ReplyTemplate>) =>
    setDraft((d) => d.map((x) => (x.id === id ? { ...x, ...patch } : x)));
  const dirty = JSON.stringify(draft) !== JSON.stringify(settings.replyTemplates);
  const names = Object.values(PLACEHOLDERS)
    .map((p) => `{${p[lang]}}`)
    .join(' ');
  const langs: Lang[] = lang === 'ko' ? ['ko', 'en'] : ['en', 'ko'];
  const busy = update.isPending || exportFile.isPending || importFile.isPending;

  return (
    <section className="panel reply-templates" aria-labelledby="settings-templates">
      <h2 id="settings-templates">{t('templates.title')}</h2>
      <p className="muted">{t('templates.intro', { placeholders: names })}</p>
      {draft.length === 0 && <p className="muted">{t('templates.empty')}</p>}
      {langs.map((l) => {
        const mine = draft.filter((x) => x.lang === l);
        if (mine.length === 0) return null;
        return (
          <details key={l} open={l === lang} className="template-group">
            <summary>
              {t(`templates.lang.${l}`)} ({mine.length})
            </summary>
            {mine.map((x) => (
              <fieldset key={x.id} className="template-row" data-testid="template-row">
                <Field label={t('templates.name')}>
                  <input
                    value={x.name}
                    maxLength={80}
                    onChange={(e) => edit(x.id, { name: e.target.value })}
                  />
                </Field>
                <Field label={t('templates.lang')}>
                  <select value={x.lang} onChange={(e) => edit(x.id, { lang: e.target.value as Lang })}>
                    <option value="ko">{t('templates.lang.ko')}</option>
                    <option value="en">{t('templates.lang.en')}</option>
                  </select>
                </Field>
                <TypeChoice
                  types={x.types ?? []}
                  onChange={(types) => edit(x.id, types.length > 0 ? { types } : { types: undefined })}
                />
                <Field className="template-body" label={t('templates.body')}>
                  <textarea
                    value={x.body}
                    rows={4}
                    maxLength={5000}
                    onChange={(e) => edit(x.id, { body: e.target.value })}
                  />
                </Field>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setDraft((d) => d.filter((y) => y.id !== x.id))}
                >
                  {t('templates.remove')}
                </button>
              </fieldset>
            ))}
          </details>
        );
      })}
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          disabled={busy || draft.length >= 100}
          onClick={() =>
            setDraft((d) => [...d, { id: newId(), name: t('templates.newName'), body: '', lang }])
          }
        >
          {t('templates.add')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !dirty}
          onClick={() =>
            update.mutate({ replyTemplates: draft }, { onSuccess: () => setMessage(t('templates.saved')) })
          }
        >
          {t('templates.save')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => exportFile.mutate()}>
          {t('templates.export')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => importFile.mutate()}>
          {t('templates.import')}
        </button>
      </div>
      {message && (
        <p role="status" data-testid="templates-message">
          {message}
        </p>
      )}
      {invalid && (
        <div className="error-panel compact" role="alert" data-testid="templates-invalid">
          <div className="error-body">
            <strong className="error-headline">{invalid}</strong>
          </div>
        </div>
      )}
      {update.isError && <ErrorPanel compact error={update.error} />}
      {exportFile.isError && <ErrorPanel compact error={exportFile.error} />}
      {importFile.isError && <ErrorPanel compact error={importFile.error} />}
    </section>
  );
}

/** The inquiry types a template answers: ticked ones; none ticked, every type. */
function TypeChoice({
  types,
  onChange,
}: {
  types: readonly NoteQueryType[];
  onChange: (types: NoteQueryType[]) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="template-types">
      <legend>{t('templates.types')}</legend>
      {INQUIRY_TYPES.map((type) => (
        <label key={type} className="check">
          <input
            type="checkbox"
            checked={types.includes(type)}
            onChange={(e) =>
              onChange(INQUIRY_TYPES.filter((x) => (x === type ? e.target.checked : types.includes(x))))
            }
          />
          {t(`inbox.type.${type}`)}
        </label>
      ))}
      <span className="muted">{t('templates.types.hint')}</span>
    </fieldset>
  );
}
