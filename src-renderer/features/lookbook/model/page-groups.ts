import type { LookbookElement } from '../../../../src-main/contract';

export interface PageGroup {
  /** undefined collects the elements sent without PageNo; shown last so the audit can point at them. */
  pageNo: number | undefined;
  elements: LookbookElement[];
}

const last = (n: number | undefined) => n ?? Number.POSITIVE_INFINITY;

/** Elements grouped by PageNo (ascending), each page ordered by ElementSeqNo; ties keep the order sent. */
export function groupByPage(elements: readonly LookbookElement[]): PageGroup[] {
  const groups = new Map<number | undefined, LookbookElement[]>();
  for (const el of elements) {
    const list = groups.get(el.pageNo);
    if (list) list.push(el);
    else groups.set(el.pageNo, [el]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => last(a) - last(b))
    .map(([pageNo, list]) => ({
      pageNo,
      // Array.prototype.sort is stable, so equal (duplicate) SeqNos stay in the order sent.
      elements: [...list].sort((a, b) => last(a.seqNo) - last(b.seqNo)),
    }));
}
