// The inbox export's state: a running export with its size, its progress (notes written of the total) and
// Cancel (Esc too), then where the file went with "open folder" (the host reveals only a file the app saved in
// this session).
import { useMutation } from '@tanstack/react-query';
import { FolderOpen, X } from 'lucide-react';
import type { NotesExportProgressEvent } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { useI18n } from '../../i18n';
import { Banner } from '../../ui/Banner';
import { ErrorPanel } from '../../ui/ErrorPanel';

export function ExportStatus({
  running,
  progress,
  onCancel,
  message,
  path,
}: {
  /** Rows of the running export; undefined when none runs. */
  running: number | undefined;
  /** Notes written so far, once the export has begun writing. */
  progress: NotesExportProgressEvent | undefined;
  onCancel: () => void;
  message: string | undefined;
  path: string | undefined;
}) {
  const { t } = useI18n();
  const reveal = useMutation({ mutationFn: (p: string) => call('shell.showItemInFolder', { path: p }) });
  if (running !== undefined) {
    const label = progress
      ? t('inbox.export.progress', { count: progress.total, written: progress.written })
      : t('inbox.export.running', { count: running });
    return (
      <Banner role="status" data-testid="export-running">
        {progress ? (
          <progress aria-label={label} value={progress.written} max={Math.max(1, progress.total)} />
        ) : (
          <progress aria-label={label} />
        )}
        <span className="num" data-testid="export-progress">
          {label}
        </span>
        <button type="button" className="btn btn-small" onClick={onCancel}>
          <X size={13} aria-hidden />
          {t('inbox.export.cancel')}
        </button>
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
