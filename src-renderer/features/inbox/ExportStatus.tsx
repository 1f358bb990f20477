// The inbox export's state: a running export with its size, then where the file went with "open folder" (the
// host reveals only a file the app saved in this session).
import { useMutation } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import { call } from '../../api/desk';
import { useI18n } from '../../i18n';
import { Banner } from '../../ui/Banner';
import { ErrorPanel } from '../../ui/ErrorPanel';

export function ExportStatus({
  running,
  message,
  path,
}: {
  /** Rows of the running export; undefined when none runs. */
  running: number | undefined;
  message: string | undefined;
  path: string | undefined;
}) {
  const { t } = useI18n();
  const reveal = useMutation({ mutationFn: (p: string) => call('shell.showItemInFolder', { path: p }) });
  if (running !== undefined) {
    return (
      <Banner role="status" data-testid="export-running">
        <progress aria-label={t('inbox.export.running', { count: running })} />
        <span className="num">{t('inbox.export.running', { count: running })}</span>
      </Banner>
    );
  }
  if (!message) return null;
  return (
    <>
      <Banner role="status" data-testid="export-result">
        <span>{message}</span>
        {path && (
          <button
            type="button"
            className="btn btn-small"
            disabled={reveal.isPending}
            onClick={() => reveal.mutate(path)}
          >
            <FolderOpen size={13} aria-hidden />
            {t('inbox.export.openFolder')}
          </button>
        )}
      </Banner>
      {reveal.isError && <ErrorPanel compact error={reveal.error} />}
    </>
  );
}
