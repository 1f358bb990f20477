// "Copy link" in the note pane, team mode only: main makes the note's link (sellerdesk://note/<connection>/<SeqNo>,
// the team database's connection id) and puts it on the clipboard itself; the pane says it did and shows the
// link, so it can be selected by hand too. Key: l (the list's keys, not while typing). Like every team-only
// control it carries `data-team-control`, and a single-desktop profile shows none of them.
import { useCallback, useEffect, useState } from 'react';
import { Check, Link2 } from 'lucide-react';
import { call } from '../../api/desk';
import { useSettingsValue } from '../../api/settings';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { isTyping } from '../../ui/is-typing';
import { useMirrorStatus } from './use-notes';
import { INBOX_KEYS } from './model/inbox-keys';

export function NoteLinkButton({ seqNo }: { seqNo: number }) {
  const { t } = useI18n();
  const profileId = useSettingsValue((s) => s.activeProfileId) ?? '';
  const team = useMirrorStatus(profileId, profileId !== '').data?.team !== undefined;
  const [copied, setCopied] = useState<{ seqNo: number; link: string } | undefined>();
  const [error, setError] = useState<unknown>();
  const copy = useCallback(async () => {
    try {
      const { link } = await call('links.copy', { seqNo });
      setCopied({ seqNo, link });
      setError(undefined);
    } catch (err) {
      setCopied(undefined);
      setError(err);
    }
  }, [seqNo]);
  useEffect(() => {
    if (!team) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== INBOX_KEYS.link || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      void copy();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [team, copy]);
  if (!team) return null;
  const shown = copied?.seqNo === seqNo ? copied.link : undefined;
  return (
    <div className="note-link" data-team-control="copy-link">
      <button
        type="button"
        className="btn btn-small"
        title={`${t('inbox.link.copy')} (l)`}
        onClick={() => void copy()}
      >
        {shown ? <Check size={13} aria-hidden /> : <Link2 size={13} aria-hidden />}
        {t('inbox.link.copy')}
      </button>
      {shown && (
        <span role="status" className="muted" data-testid="note-link-copied">
          {t('inbox.link.copied')} <code>{shown}</code>
        </span>
      )}
      {error !== undefined && <ErrorPanel compact error={error} />}
    </div>
  );
}
