// In the detail pane: pick a saved reply, fill it with this note's values and copy it, with one click or the
// `t` key. The note gets the template for its inquiry type in its own language, or the one the seller last chose
// for such notes (kept in settings.replyTemplateChoices). The filled text is shown too, so a seller whose clipboard refuses can still select it. A value the
// note does not have (no order number before ordering) is said above the text and again when it is copied.
import { useEffect, useMemo, useRef, useState } from 'react';
import { ClipboardCopy, TriangleAlert } from 'lucide-react';
import type { InboxNote } from '../../../src-main/contract';
import { NOTE_FIELDS } from '../../../src-shared/note-fields';
import { useSettingsValue, useUpdateSettings } from '../../api/settings';
import { isTyping } from '../../ui/is-typing';
import { useI18n } from '../../i18n';
import { LOCALE_OF } from '../../i18n/lang';
import type { Lang } from '../../i18n/lang';
import { choiceKey, fillTemplate, noteLanguage, pickTemplate, rankTemplates } from '../../ui/reply-template';
import type { FilledTemplate } from '../../ui/reply-template';
import './inbox-extras.css';
import { INBOX_KEYS } from './model/inbox-keys';

export function ReplyTemplatePicker({ note }: { note: InboxNote }) {
  const { t, lang } = useI18n();
  const all = useSettingsValue((s) => s.replyTemplates);
  const lastChosen = useSettingsValue((s) => s.replyTemplateChoices);
  const update = useUpdateSettings();
  // The reply is written in the note's language (the UI's when the note does not tell), and the templates for
  // its inquiry type come first (model/reply-template.ts).
  const replyLang = noteLanguage(note) ?? lang;
  const key = choiceKey(note.queryType, replyLang);
  const templates = useMemo(
    () => rankTemplates(all ?? [], note.queryType, replyLang),
    [all, note.queryType, replyLang],
  );
  // What the seller picked here, until the saved choice comes back.
  const [picked, setPicked] = useState<{ key: string; id: string } | undefined>();
  const [copied, setCopied] = useState<'ok' | 'failed' | undefined>();
  const chosen = pickTemplate(templates, picked?.key === key ? picked.id : lastChosen?.[key]);
  const choose = (id: string) => {
    setPicked({ key, id });
    // Remembered for this inquiry type and language: the next such note opens on it.
    update.mutate({ replyTemplateChoices: { ...lastChosen, [key]: id } });
  };
  const { text: filled, missing } = chosen ? fillTemplate(chosen.body, note) : { text: '', missing: [] };
  const gaps = missing.length ? describeGaps(missing, lang) : undefined;
  useEffect(() => setCopied(undefined), [note.seqNo, chosen?.id]);

  const copy = () => {
    if (!chosen) return;
    void navigator.clipboard
      .writeText(filled)
      .then(() => setCopied('ok'))
      .catch(() => setCopied('failed'));
  };
  // The key listener lives as long as the pane; it copies what the pane shows now.
  const latestCopy = useRef(copy);
  useEffect(() => {
    latestCopy.current = copy;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== INBOX_KEYS.template || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      latestCopy.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!all) return null;
  return (
    <section className="reply-template" aria-label={t('templates.use')} data-testid="reply-template">
      {templates.length === 0 ? (
        <p className="muted">{t('templates.none')}</p>
      ) : (
        <>
          <div className="reply-template-bar">
            <label>
              <span className="muted">{t('templates.use')} </span>
              <select value={chosen?.id} onChange={(e) => choose(e.target.value)}>
                {templates.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn btn-small"
              onClick={copy}
              aria-keyshortcuts={INBOX_KEYS.template}
              title={t('templates.copy.key')}
            >
              <ClipboardCopy size={13} aria-hidden />
              {t('templates.copy')}
            </button>
          </div>
          {replyLang !== lang && (
            <p className="muted" data-testid="template-lang">
              {t('templates.replyLang', { lang: t(`templates.lang.${replyLang}`) })}
            </p>
          )}
          {gaps && (
            <p className="template-missing" data-testid="template-missing">
              <TriangleAlert size={14} aria-hidden />
              <span>{t('templates.missing', gaps)}</span>
            </p>
          )}
          {copied === 'ok' && (
            <p role="status" className="muted" data-testid="template-copied">
              {gaps ? t('templates.copiedMissing', gaps) : t('templates.copied')}
            </p>
          )}
          {copied === 'failed' && (
            <div className="error-panel compact" role="alert">
              <div className="error-body">
                <strong className="error-headline">{t('templates.copyFailed')}</strong>
              </div>
            </div>
          )}
          <textarea
            className="reply-template-preview"
            aria-label={t('templates.preview')}
            data-testid="template-preview"
            readOnly
            rows={4}
            value={filled}
          />
        </>
      )}
    </section>
  );
}

/** The missing values' names and placeholders, each as one list in the UI's language. */
function describeGaps(missing: FilledTemplate['missing'], lang: Lang) {
  const list = new Intl.ListFormat(LOCALE_OF[lang], { type: 'conjunction' });
  return {
    fields: list.format(missing.map((m) => NOTE_FIELDS.find((f) => f.key === m.field)!.label[lang])),
    placeholders: list.format(missing.map((m) => m.placeholder)),
  };
}
