// Where the open note's pane goes when its note leaves the list (a search, a chip, a sync or a mark removed it):
// to the nearest note still listed, the one that took its place first (the next one it was above), else the one
// before it. Found by SeqNo, so a list drawn from other columns (a sync brought new notes) is followed alike.

/** One drawing of the list: the SeqNo of each row, top to bottom. */
export interface ListedSeqNos {
  readonly length: number;
  seqNoAt(k: number): number;
}

/**
 * The row of `now` nearest to where row `at` of `before` was: the first note after it in `before` that `now`
 * still lists, else the last one before it; -1 when `now` lists none of them.
 */
export function nearestListedRow(before: ListedSeqNos, at: number, now: ListedSeqNos): number {
  if (now.length === 0) return -1;
  const rowOf = new Map<number, number>();
  for (let k = 0; k < now.length; k++) rowOf.set(now.seqNoAt(k), k);
  for (let k = at + 1; k < before.length; k++) {
    const row = rowOf.get(before.seqNoAt(k));
    if (row !== undefined) return row;
  }
  for (let k = Math.min(at, before.length) - 1; k >= 0; k--) {
    const row = rowOf.get(before.seqNoAt(k));
    if (row !== undefined) return row;
  }
  return -1;
}

/** The SeqNos of `selected` that `now` lists; the same set when it lists them all. */
export function listedOnly(selected: ReadonlySet<number>, now: ListedSeqNos): ReadonlySet<number> {
  if (selected.size === 0) return selected;
  const kept = new Set<number>();
  for (let k = 0; k < now.length && kept.size < selected.size; k++) {
    const s = now.seqNoAt(k);
    if (selected.has(s)) kept.add(s);
  }
  return kept.size === selected.size ? selected : kept;
}
