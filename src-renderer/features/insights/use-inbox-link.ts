// Opens the inbox at the notes behind a figure: the period (or one day), the seller, an item, types, a status.
import { useCallback } from 'react';
import type { NoteReplyStatus } from '../../../src-main/contract';
import { useShellSlots } from '../../ui/shell-slots';

export interface InboxScope {
  start: string;
  end: string;
  sellerId?: string;
  itemNo?: string;
  /** Inquiry types, comma-separated (e.g. 'Refund,Exchange'). */
  types?: string;
  status?: NoteReplyStatus;
}

/** A navigation intent the inbox reads as "show these notes" (features/inbox/use-scope-intent.ts). */
export function useInboxLink() {
  const { navigate } = useShellSlots();
  return useCallback(
    (scope: InboxScope) => {
      const data: Record<string, string> = { scope: 'notes', start: scope.start, end: scope.end };
      for (const k of ['sellerId', 'itemNo', 'types', 'status'] as const) if (scope[k]) data[k] = scope[k];
      navigate('inbox', data);
    },
    [navigate],
  );
}
