import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LookbookRequest, Req } from '../../../src-main/contract';
import { call } from '../../api/desk';

export function useConnectionInfo() {
  return useQuery({
    queryKey: ['connection.info'],
    queryFn: ({ signal }) => call('connection.info', undefined, signal),
  });
}

export function useLookbook(req: LookbookRequest | undefined) {
  return useQuery({
    queryKey: ['lookbook', req],
    queryFn: ({ signal }) => call('lookbook.get', req!, signal),
    enabled: req !== undefined,
    // Paging keeps the previous page on screen instead of flashing an empty preview.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useOpenExternal() {
  return useMutation({ mutationFn: (url: string) => call('shell.openExternal', { url }) });
}

/** The host builds the CSV; the renderer hands it to the browser's own download (works in Electron too). */
export function useExportAudit() {
  return useMutation({
    mutationFn: async (req: Req<'lookbook.exportAudit'>) => {
      const { fileName, csv } = await call('lookbook.exportAudit', req);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      try {
        const a = document.createElement('a');
        a.href = url;
        a.download = fileName;
        a.click();
      } finally {
        // Revoked on the next task: the click has started the download by then.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }
      return fileName;
    },
  });
}
