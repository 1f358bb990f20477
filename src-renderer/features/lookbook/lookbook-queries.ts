import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LookbookProgressEvent, LookbookRequest, Req } from '../../../src-main/contract';
import { call, getDesk } from '../../api/desk';

const lookbookQueryKey = (req: LookbookRequest | undefined) => ['lookbook', req] as const;

export function useLookbook(req: LookbookRequest | undefined) {
  return useQuery({
    queryKey: lookbookQueryKey(req),
    queryFn: ({ signal }) => call('lookbook.get', req!, signal),
    enabled: req !== undefined,
    // Paging keeps the previous page on screen instead of flashing an empty preview.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Reads one lookbook page afresh (불러오기 on the seller already shown). A read of the same page already in
 * flight is joined, not repeated.
 */
export function useReloadLookbookPage() {
  const qc = useQueryClient();
  return useCallback(
    (req: LookbookRequest) =>
      qc.fetchQuery({
        queryKey: lookbookQueryKey(req),
        queryFn: ({ signal }) => call('lookbook.get', req, signal),
        staleTime: 0,
        retry: false,
      }),
    [qc],
  );
}

let runs = 0;
const WHOLE_STALE_MS = 5 * 60_000;

/**
 * Every item page of a seller's lookbook, for the audit, with the paging's progress. `cancel` stops the paging
 * in main (the query's signal aborts the call) and keeps it stopped for that seller until `restart`.
 */
export function useWholeLookbook(sellerId: string | undefined) {
  const qc = useQueryClient();
  const runId = useRef<string | undefined>(undefined);
  const [progress, setProgress] = useState<LookbookProgressEvent | undefined>();
  const [cancelledFor, setCancelledFor] = useState<string | undefined>();
  useEffect(
    () =>
      getDesk().on('lookbook.progress', (p) => {
        if (p.runId === runId.current) setProgress(p);
      }),
    [],
  );
  const queryKey = ['lookbook.getAll', sellerId] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => {
      const id = `audit-${Date.now().toString(36)}-${(runs++).toString(36)}`;
      runId.current = id;
      setProgress(undefined);
      return call('lookbook.getAll', { sellerId: sellerId!, runId: id }, signal);
    },
    enabled: sellerId !== undefined && cancelledFor !== sellerId,
    retry: false,
    staleTime: WHOLE_STALE_MS,
  });
  const cancel = useCallback(() => {
    setCancelledFor(sellerId);
    void qc.cancelQueries({ queryKey: ['lookbook.getAll', sellerId] });
  }, [qc, sellerId]);
  /** Reads the lookbook again (the same seller's 불러오기, or 전체 점검 after a cancel); a run in flight is kept. */
  const restart = useCallback(async () => {
    setCancelledFor(undefined);
    await qc.refetchQueries(
      { queryKey: ['lookbook.getAll', sellerId], exact: true },
      { cancelRefetch: false },
    );
  }, [qc, sellerId]);
  return {
    data: query.data,
    error: query.error,
    running: query.isFetching,
    cancelled: cancelledFor !== undefined && cancelledFor === sellerId,
    progress: query.isFetching ? progress : undefined,
    cancel,
    restart,
  };
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
