import type { MessageKey } from '../i18n/messages';
import { PAGES } from '../ui/shell-slots';
import { INBOX_KEYS } from '../features/inbox/model/inbox-keys';
import type { Page } from '../ui/shell-slots';

export const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

export interface Shortcut {
  keys: string[];
  label: MessageKey;
}

/** The keys the help lists; `team`: the profile shares a team database (take and assign are listed then). */
export function shortcutList(opts: { team?: boolean } = {}): Shortcut[] {
  const mod = isMac() ? '⌘' : 'Ctrl';
  const team: Shortcut[] = opts.team
    ? [
        { keys: [INBOX_KEYS.take], label: 'shortcuts.inbox.take' },
        { keys: [INBOX_KEYS.assign], label: 'shortcuts.inbox.assign' },
      ]
    : [];
  return [
    ...PAGES.map((p, i) => ({ keys: [mod, String(i + 1)], label: `nav.${p}` as MessageKey })),
    { keys: ['j', 'k'], label: 'shortcuts.inbox.move' },
    { keys: ['Enter'], label: 'shortcuts.inbox.open' },
    { keys: ['/'], label: 'shortcuts.inbox.search' },
    { keys: ['/'], label: 'shortcuts.keywords.search' },
    { keys: ['Enter', '↓'], label: 'shortcuts.inbox.toList' },
    { keys: ['Esc'], label: 'shortcuts.inbox.clear' },
    { keys: ['h'], label: 'shortcuts.inbox.handled' },
    { keys: ['m'], label: 'shortcuts.inbox.memo' },
    { keys: ['c'], label: 'shortcuts.inbox.copyOrder' },
    { keys: ['r'], label: 'shortcuts.inbox.refresh' },
    { keys: ['e'], label: 'shortcuts.inbox.export' },
    ...team,
    { keys: [mod, 'A'], label: 'shortcuts.inbox.selectAll' },
    { keys: ['?'], label: 'shortcuts.open' },
    { keys: ['Esc'], label: 'shortcuts.close' },
  ];
}

/** The page for Ctrl/Cmd+1..5, if this key event is one. */
export function pageForKey(e: KeyboardEvent): Page | undefined {
  const mod = isMac() ? e.metaKey : e.ctrlKey;
  if (!mod || e.altKey || e.shiftKey) return undefined;
  const n = Number(e.key);
  return Number.isInteger(n) && n >= 1 ? PAGES[n - 1] : undefined;
}
