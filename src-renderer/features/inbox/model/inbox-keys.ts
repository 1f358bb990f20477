// The inbox's one-letter keys, in one table: the list's keys (use-inbox-keys.ts) and the pane's own listeners
// (the reply template, the note link) read them from here, so no two actions can share a letter unseen.
export const INBOX_KEYS = {
  down: 'j',
  up: 'k',
  refresh: 'r',
  handled: 'h',
  memo: 'm',
  copyOrderNo: 'c',
  exportCsv: 'e',
  /** The pane's reply template: fill and copy. */
  template: 't',
  /** Team mode: take the note ("I'll take it"). */
  take: 'i',
  /** Team mode: assign the note (the focus goes to the member menu). */
  assign: 'a',
  /** Team mode: copy the note's link. */
  link: 'l',
} as const;
