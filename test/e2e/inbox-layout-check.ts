// What is wrong with the inbox's layout on screen: overlapping controls, controls outside the window, text cut off
// without a tooltip. The inbox's layout tests (a single desktop's and team mode's) read it.
import type { Page } from 'playwright';

/** What is wrong with the inbox's layout on screen now: overlapping or cut-off controls, as readable lines. */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS =
      '.topbar button, .topbar select, .topbar input, .team-bar > *, .team-bar button, .facet-bar > *, ' +
      '.facet-bar button, .summary-strip > *, .note-head [role="columnheader"], .list-meta > *, ' +
      '.note-detail button, .note-detail .detail-tags > *';
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}"${(el.textContent ?? '').trim().slice(0, 20)}"`;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };
    const pane = document.querySelector('.note-detail');
    const paneBox = pane?.getBoundingClientRect();
    const overlay = pane !== null && ['absolute', 'fixed'].includes(getComputedStyle(pane).position);
    // Under a pane that lies over the list, the list's controls are covered, not overlapped (the pane closes).
    const covered = (el: Element) => {
      if (!overlay || !paneBox || pane!.contains(el)) return false;
      const r = el.getBoundingClientRect();
      return (
        r.left < paneBox.right && r.right > paneBox.left && r.top < paneBox.bottom && r.bottom > paneBox.top
      );
    };
    const els = Array.from(document.querySelectorAll(CONTROLS)).filter((el) => visible(el) && !covered(el));
    const problems: string[] = [];
    const boxes = els.map((el) => el.getBoundingClientRect());
    for (let i = 0; i < els.length; i++) {
      const a = boxes[i]!;
      // The note pane scrolls: its controls may lie below its fold, never beside the window.
      const scrolls = pane?.contains(els[i]!) ?? false;
      if (
        a.left < -0.5 ||
        a.right > innerWidth + 0.5 ||
        (!scrolls && (a.top < -0.5 || a.bottom > innerHeight + 0.5))
      ) {
        problems.push(`outside the window: ${name(els[i]!)}`);
      }
      const el = els[i] as HTMLElement;
      if (
        el.scrollWidth > el.clientWidth + 1 &&
        !el.title &&
        el.tagName !== 'SELECT' &&
        el.tagName !== 'INPUT'
      ) {
        problems.push(`text clipped without a tooltip: ${name(el)}`);
      }
      for (let j = i + 1; j < els.length; j++) {
        if (els[i]!.contains(els[j]!) || els[j]!.contains(els[i]!)) continue;
        const b = boxes[j]!;
        const overlap =
          Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
          Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
        if (overlap) problems.push(`overlap: ${name(els[i]!)} × ${name(els[j]!)}`);
      }
    }
    // The list's header and the note pane share the row: side by side they must not overlap either.
    const head = document.querySelector('.note-head')?.getBoundingClientRect();
    if (
      head &&
      pane &&
      paneBox &&
      visible(pane) &&
      !overlay &&
      head.right > paneBox.left + 1 &&
      head.left < paneBox.right
    )
      problems.push('list header under the note pane');
    return problems;
  });
}
