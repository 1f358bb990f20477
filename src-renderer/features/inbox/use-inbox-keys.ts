// The inbox's keyboard: j/k and the arrows move, Enter opens, / searches, Esc cancels a running export, closes a
// note lying over the list (narrow windows), then clears the search, then the rest,
// and one key each for refresh, handled, memo, copy and export (and, in team mode, take and assign). One window listener for the page's life; the
// handler is an effect event, so it sees this render's rows and filters without re-subscribing.
import { useEffect, useEffectEvent } from 'react';
import type { RefObject } from 'react';
import { isTyping } from '../../ui/is-typing';
import { INBOX_KEYS } from './model/inbox-keys';

export interface InboxKeyActions {
  searchRef: RefObject<HTMLInputElement | null>;
  /** What the search box holds: Esc clears it first, and the rest only when it is empty. */
  searchText: string;
  clearSearch: () => void;
  clearFilters: () => void;
  /**
   * Closes the open note when it lies over the list (a narrow window: it covers the list's right columns and
   * their sort buttons); false when there is none to close.
   */
  closeOverlaidNote: () => boolean;
  /** Puts the cursor on the first row shown, if there is one. */
  toFirstRow: () => void;
  selectAll: () => void;
  move: (delta: number) => void;
  /** Opens the note under the cursor; false when there is none. */
  openCursor: () => boolean;
  /** Opens the current note and puts the focus in its memo; false when there is no note. */
  openMemo: () => boolean;
  refresh: () => void;
  toggleHandled: () => void;
  copyOrderNo: () => void;
  exportCsv: () => void;
  /** Cancels a running export; false when none runs. */
  cancelExport: () => boolean;
  /** Team mode: takes the current note (t); opens it with the focus on its assign menu (a). False: no team. */
  take?: () => boolean;
  assign?: () => boolean;
}

export function useInboxKeys(actions: InboxKeyActions) {
  const onKeyDown = useEffectEvent((e: KeyboardEvent) => {
    const { searchRef } = actions;
    if (document.querySelector('dialog[open]')) return;
    const inSearch = e.target === searchRef.current;
    if (e.key === 'Escape') {
      if (isTyping(e.target) && !inSearch) return;
      e.preventDefault();
      // A running export is what Esc stops first.
      if (actions.cancelExport()) return;
      // On the list, an open note lying over it closes first, as the pane's close button does.
      if (!inSearch && actions.closeOverlaidNote()) return;
      // Leaving the box, so the list's keys work again.
      if (inSearch) searchRef.current?.blur();
      // One-off first: Esc clears the search; the next Esc clears the rest.
      if (actions.searchText !== '') actions.clearSearch();
      else actions.clearFilters();
      return;
    }
    if (inSearch && (e.key === 'Enter' || e.key === 'ArrowDown') && !e.isComposing) {
      // From the search to the results: the first row, and j/k from there.
      e.preventDefault();
      actions.toFirstRow();
      document.querySelector<HTMLElement>('[data-testid="note-list"]')?.focus();
      return;
    }
    if (isTyping(e.target)) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      actions.selectAll();
      return;
    }
    if (mod || e.altKey) return;
    switch (e.key) {
      case INBOX_KEYS.down:
      case 'ArrowDown':
        e.preventDefault();
        actions.move(1);
        break;
      case INBOX_KEYS.up:
      case 'ArrowUp':
        e.preventDefault();
        actions.move(-1);
        break;
      case 'Enter':
        if (e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement) return;
        if (actions.openCursor()) e.preventDefault();
        break;
      case '/':
        e.preventDefault();
        searchRef.current?.focus();
        break;
      case INBOX_KEYS.refresh:
        e.preventDefault();
        actions.refresh();
        break;
      case INBOX_KEYS.handled:
        e.preventDefault();
        actions.toggleHandled();
        break;
      case INBOX_KEYS.memo:
        if (actions.openMemo()) e.preventDefault();
        break;
      case INBOX_KEYS.copyOrderNo:
        e.preventDefault();
        actions.copyOrderNo();
        break;
      case INBOX_KEYS.exportCsv:
        e.preventDefault();
        actions.exportCsv();
        break;
      case INBOX_KEYS.take:
        if (actions.take?.()) e.preventDefault();
        break;
      case INBOX_KEYS.assign:
        if (actions.assign?.()) e.preventDefault();
        break;
    }
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => onKeyDown(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
