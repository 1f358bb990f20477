// What the seller reads, checked in the browser: every visible role="alert" has a specific headline in the UI's
// language, and the Korean UI holds no English words but data the marketplace sent (or the seller typed) and an
// allowlist of codes, units and product names.
import { expect } from 'vitest';
import type { Page } from 'playwright';
import type { Exchange } from '../../src-main/contract';
import { translatorFor } from '../../src-renderer/app/message-registry';

/** Latin-letter words a Korean UI writes as they are: protocols, formats, units, key names, product names. */
export const ALLOWED_LATIN = new Set(
  [
    'SOAP',
    'HTTP',
    'HTTPS',
    'API',
    'URI',
    'URL',
    'XML',
    'HTML',
    'CSV',
    'XLSX',
    'Excel',
    'EUC-KR',
    'ISBN',
    'MD',
    'DLP',
    'cURL',
    'ms',
    'B',
    'KB',
    'MB',
    'GMT',
    'SLA',
    'ID',
    'Enter',
    'Esc',
    'Ctrl',
    'GNOME',
    'KWallet',
  ].map((w) => w.toLowerCase()),
);

const WORD = /[A-Za-z][A-Za-z0-9_-]*/g;

export function wordsOf(...texts: string[]): Set<string> {
  const out = new Set<string>();
  for (const text of texts) for (const w of text.match(WORD) ?? []) out.add(w.toLowerCase());
  return out;
}

/** Every word that crossed the wire: what the marketplace sent and what the app sent it (the seller's input). */
export function wireWords(exchanges: readonly (Exchange | undefined)[]): Set<string> {
  return wordsOf(
    ...exchanges.flatMap((x) =>
      x ? [x.requestXml, x.responseXml ?? '', x.url, ...Object.entries(x.requestHeaders).flat()] : [],
    ),
  );
}

/** The text a person sees: visible text nodes, the chosen option of each select, placeholders of empty fields. */
export async function visibleText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const shown = (el: Element) => el.checkVisibility({ checkVisibilityCSS: true, opacityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || el.closest('option, script, style, template')) continue;
      // Marked as the marketplace's own words (a fault's reason): shown as sent, in its language.
      if (el.closest('[data-market-text]')) continue;
      if (!shown(el)) continue;
      // A closed <details> renders only its summary.
      const closed = el.closest('details:not([open])');
      if (closed && !el.closest('summary')) continue;
      out.push(text);
    }
    for (const select of Array.from(document.querySelectorAll('select'))) {
      if (shown(select)) out.push(select.selectedOptions[0]?.textContent ?? '');
    }
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (shown(input) && input.value === '') out.push(input.placeholder);
    }
    return out;
  });
}

/** Latin-letter words the Korean UI shows that are neither data nor allowlisted, with where they were. */
export async function englishInKoreanUi(page: Page, data: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  for (const text of await visibleText(page)) {
    for (const word of text.match(WORD) ?? []) {
      const w = word.toLowerCase();
      if (word.length === 1 || ALLOWED_LATIN.has(w) || data.has(w)) continue;
      found.push(`${word} in "${text.slice(0, 120)}"`);
    }
  }
  return found;
}

const HANGUL = /[\uac00-\ud7a3]/;
const unexpected = {
  ko: translatorFor('ko')('error.unexpected'),
  en: translatorFor('en')('error.unexpected'),
};

export interface AlertSeen {
  headline: string;
  reason: string | undefined;
  text: string;
}

/**
 * Every visible role="alert": its headline is specific (not the generic unexpected one), names a cause and a next
 * step, and is in the UI's language. Returns what was seen for scenario-specific checks.
 */
export async function checkAlerts(page: Page, lang: 'ko' | 'en'): Promise<AlertSeen[]> {
  const alerts = await page.locator('[role="alert"]').evaluateAll((els) =>
    els
      .filter((el) => el.checkVisibility({ checkVisibilityCSS: true }))
      .map((el) => ({
        headline: el.querySelector('.error-headline')?.textContent ?? '',
        reason: el.querySelector('.error-reason-text')?.textContent ?? undefined,
        text: (el as HTMLElement).innerText,
      })),
  );
  for (const alert of alerts) {
    expect(alert.headline, alert.text).not.toBe('');
    expect(alert.headline, alert.text).not.toBe(unexpected[lang]);
    expect(alert.headline, alert.text).toMatch(/ — /);
    if (lang === 'ko') expect(alert.headline, alert.text).toMatch(HANGUL);
    else expect(alert.headline, alert.text).not.toMatch(HANGUL);
  }
  return alerts;
}
