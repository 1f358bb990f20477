/** What the detail pane shows: a drill-down from a brand, a book keyword or a catalog keyword. */
export type Detail =
  | { kind: 'brand'; id: number; label?: string }
  | { kind: 'book'; id: string; label?: string }
  | { kind: 'catalog'; id: string; label?: string };
