import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n';
import { Dialog } from '../../ui/Dialog';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies at once and also shows the text, because the clipboard can be refused (permissions, focus). */
export function CurlDialog({ command, onClose }: { command: string | undefined; onClose: () => void }) {
  const { t } = useI18n();
  const [state, setState] = useState<CopyState>('idle');
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  useEffect(() => {
    setState('idle');
    if (command !== undefined) void copy(command);
  }, [command]);
  return (
    <Dialog
      open={command !== undefined}
      onClose={onClose}
      title={t('network.curl.title')}
      className="curl-dialog"
    >
      <p className="muted curl-note">{t('network.curl.note')}</p>
      <textarea
        className="mono curl-text"
        readOnly
        value={command ?? ''}
        aria-label={t('network.curl.title')}
        rows={12}
      />
      <div className="dialog-actions">
        <span className="curl-state" role="status">
          {state === 'copied'
            ? t('network.curl.copied')
            : state === 'failed'
              ? t('network.curl.copyFailed')
              : ''}
        </span>
        <span className="spacer" />
        <button type="button" className="btn" onClick={() => command !== undefined && void copy(command)}>
          {t('network.curl.copy')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
