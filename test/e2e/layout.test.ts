// Every window size the app allows, in both languages and both themes: the header, toolbars, sidebar, status bar
// and the `?` sheet never overlap themselves, and no control is cut off by its container or the window. The
// inbox's own layout belongs to the inbox's tests; here it appears only under the `?` sheet.
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';
import { WINDOW_SIZES, showScreen } from './page-states';
import type { Screen, UiLang } from './page-states';

afterAll(closeBrowser);

const SCREENS: readonly Screen[] = ['insights', 'lookbook', 'keywords', 'network', 'settings', 'shortcuts'];

/** The bars whose boxes must not intersect: the header with its toolbar, the sidebar, the status bar, panel heads. */
const BARS = [
  '.topbar',
  '.sidebar',
  '.statusbar',
  '.lb-audit-head',
  '.panel-head',
  '.network-detail-head',
  '.insights-figure-head',
];

interface Problem {
  kind: 'overlap' | 'clipped' | 'truncated-without-tooltip';
  what: string;
  with?: string;
}

/**
 * Runs in the page. Overlap: any two visible boxes in one bar (controls and elements with their own text) that
 * are not nested and share more than a pixel each way. Clipped: a visible control extending past an ancestor
 * that hides overflow, or past the window with no scrolling ancestor to reach it by. Truncated: text cut by
 * its box (an ellipsis) with no tooltip to read it whole.
 */
function findProblems(bars: string[]): Problem[] {
  const problems: Problem[] = [];
  const name = (el: Element) => {
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} "${text}"`;
  };
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2) return false;
    const style = getComputedStyle(el);
    return (
      style.visibility !== 'hidden' &&
      style.display !== 'none' &&
      Number(style.opacity) > 0 &&
      style.clipPath !== 'inset(50%)'
    );
  };
  const ownText = (el: Element) =>
    Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
  const CONTROL = 'button, input, select, textarea, a[href], summary, [tabindex="0"]';

  const dialogOpen = document.querySelector('dialog[open]');
  // Under a modal sheet only the sheet counts: what lies beneath is inert and belongs to its own page's tests.
  const inScope = (el: Element) => !dialogOpen || dialogOpen.contains(el);
  /** A clear button drawn inside its text box is an adornment, not an overlap. */
  const adornment = (a: Element, b: Element) =>
    a.parentElement === b.parentElement &&
    (getComputedStyle(a).position === 'absolute' || getComputedStyle(b).position === 'absolute');

  for (const selector of bars) {
    for (const bar of Array.from(document.querySelectorAll(selector))) {
      if (!visible(bar) || !inScope(bar)) continue;
      const boxes = Array.from(bar.querySelectorAll('*')).filter(
        (el) => !(el instanceof SVGElement) && visible(el) && (el.matches(CONTROL) || ownText(el)),
      );
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          if (a.contains(b) || b.contains(a) || adornment(a, b)) continue;
          const ra = a.getBoundingClientRect();
          const rb = b.getBoundingClientRect();
          const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
          const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
          if (x > 1 && y > 1) problems.push({ kind: 'overlap', what: name(a), with: name(b) });
        }
      }
    }
  }

  const controls = Array.from(document.querySelectorAll(CONTROL)).filter((el) => visible(el) && inScope(el));
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    let reachableByScroll = false;
    for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      const style = getComputedStyle(p);
      const scrolls = /(auto|scroll)/.test(style.overflowX + style.overflowY);
      if (scrolls) {
        reachableByScroll = true;
        break;
      }
      const hides = /(hidden|clip)/.test(style.overflowX + style.overflowY);
      if (hides) {
        const c = p.getBoundingClientRect();
        if (r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1) {
          problems.push({ kind: 'clipped', what: name(el), with: name(p) });
          break;
        }
      }
    }
    if (
      !reachableByScroll &&
      (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
    ) {
      problems.push({ kind: 'clipped', what: name(el), with: 'the window' });
    }
  }

  for (const el of Array.from(document.querySelectorAll('body *'))) {
    if (!visible(el) || !ownText(el) || !inScope(el)) continue;
    const style = getComputedStyle(el);
    if (style.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth + 1) continue;
    if (!el.closest('[title]')) problems.push({ kind: 'truncated-without-tooltip', what: name(el) });
  }
  return problems;
}

async function openAt(lang: UiLang, colorScheme: 'light' | 'dark') {
  const deps = createTestDeps({ osLocale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  const app = await openApp({
    handlers: createHandlers(deps),
    schemas: requestSchemas,
    colorScheme,
    locale: lang === 'ko' ? 'ko-KR' : 'en-US',
  });
  return { app, deps };
}

describe('layout at every window size the app allows', () => {
  for (const lang of ['ko', 'en'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${lang}, ${scheme}: no overlap, no clipped control, no truncated label without a tooltip`, async () => {
        const { app, deps } = await openAt(lang, scheme);
        const { page } = app;
        const found: string[] = [];
        for (const size of WINDOW_SIZES) {
          await page.setViewportSize(size);
          for (const screen of SCREENS) {
            await showScreen(page, screen, lang);
            for (const p of await page.evaluate(findProblems, BARS)) {
              found.push(
                `${screen} ${size.width}×${size.height}: ${p.kind} ${p.what}${p.with ? ` / ${p.with}` : ''}`,
              );
            }
            if (screen === 'lookbook') {
              // The device switch is the control the issue found off-screen at the smallest window.
              const mobile = page.getByRole('button', { name: lang === 'ko' ? '모바일' : 'Mobile' });
              const box = (await mobile.boundingBox())!;
              expect(box.x + box.width, `${size.width}×${size.height}`).toBeLessThanOrEqual(size.width);
              expect(box.y + box.height).toBeLessThanOrEqual(size.height);
            }
          }
        }
        expect(found).toEqual([]);
        expect(app.pageErrors).toEqual([]);
        await app.close();
        await deps.close();
      });
    }
  }
});
