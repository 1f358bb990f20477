// (e) The renderer in Chromium with the real bundle and 100,000 cached notes: time to the first list
// paint, search and filter keystroke latency, scroll frame time, JS heap. Uses the E2E bridge.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright';
import type { InboxNote } from '../src-main/contract';
import { createHandlers, requestSchemas } from '../src-main/host/create-handlers';
import { createBackend, recentNotes } from '../src-main/sandbox/backend';
import { toInboxNote } from '../src-main/storage/inbox-note';
import { daysBetween, marketDayOf } from '../src-shared/market-day';
import { APP_ORIGIN, closeBrowser, getBrowser, openApp } from '../test/e2e/harness';
import type { AppOptions, AppUnderTest } from '../test/e2e/harness';
import { TEST_NOW, createTestDeps } from '../test/support/host-deps';
import { activeMirror, seedMirror } from '../test/support/mirror';
import { REAL_TIMING_SCRIPT } from './page-timing';
import type { RealTiming } from './page-timing';
import { median, percentile } from './stats';
import { TRACE_CATEGORIES, phasesOf } from './trace-phases';
import type { Phases, TraceEvent } from './trace-phases';

export interface Latency {
  p50: number;
  p95: number;
  samples: number;
}

export interface KeystrokeResult {
  /** Input event → the end of the first frame after the list changed (style, layout and paint included). */
  painted: Latency;
  /** Input event → the start of that frame (its requestAnimationFrame). */
  frame: Latency;
  /** Input event → the new list in the DOM: the main thread's own work, before any frame. */
  commit: Latency;
}

export interface RendererResult {
  notes: number;
  firstListPaintMs: number;
  /** Of the first paint: the period's notes through notes.period and the test bridge (Electron's IPC clones instead). */
  bridgeTransferMs: number;
  search: KeystrokeResult;
  filter: KeystrokeResult;
  /**
   * The same keystroke procedure on a page whose Enter handler changes one attribute of a one-line list:
   * what the browser and the harness cost by themselves (input dispatch, frame scheduling, paint).
   */
  nullKeystroke: KeystrokeResult;
  /**
   * The same filter keystrokes on a frozen copy of the inbox (its markup and stylesheets, no scripts) whose
   * Enter puts into the rows what the app drew after the same control: what drawing this list costs the
   * browser alone on this machine. The app's own share of a filter keystroke is what it adds to this.
   */
  listFloor: KeystrokeResult;
  /**
   * Where a filter keystroke's time goes on the renderer's main thread, from a Chromium trace of further
   * keystrokes: medians per keystroke, from the keydown to the end of the frame that draws the new list.
   */
  filterPhases: Phases;
  /** Pause between keystrokes, as a person types (ms, uniformly drawn). */
  typingGapMs: [number, number];
  /** How long each pressed key is held down, keydown to keyup (ms, uniformly drawn). */
  keyDwellMs: [number, number];
  /**
   * Frame intervals while the list scrolls 600 px a frame. `late`: frames that took more than one and a half
   * refresh intervals (a frame missed); p95 alone flips between one and two intervals around 5 % of them.
   */
  scrollFrame: { p50: number; p95: number; frames: number; late: number };
  jsHeapMB: number;
}

// Records, per keystroke, three times from the input event: the new list in the DOM (commit), the start
// of the first frame after it (requestAnimationFrame), and the end of that frame's rendering (a message
// posted from the frame's requestAnimationFrame runs once style, layout and paint are done). The bench
// arms the probe before each keystroke; the keystroke's first input event (keydown, or beforeinput for
// inserted text) starts the clock at its own timeStamp, i.e. when the browser received the input, so time
// the event waited for the main thread counts. The list has changed when its rows change or when its
// length does (aria-rowcount): a filter that keeps the same notes on top but shows fewer of them is a
// keystroke like any other. window.__next(n) resolves once the n+1-th sample is in, without polling on
// animation frames (which would itself schedule frames and shift the next keystroke's timing).
// Every time and every frame is the browser's own, kept before the page's clock by REAL_TIMING_SCRIPT
// (page-timing.ts): the clock's performance.now() runs on its own ticks, not the timeline an event's
// timeStamp is on, its requestAnimationFrame is a timer, not a frame, and it makes an event's timeStamp its
// own now at the first read (the handler's time, not the input's). Without them the probe refuses.
export const KEYSTROKE_PROBE = `
  const real = window.__realTiming;
  if (!real) throw new Error("the keystroke probe needs the browser's own timing (REAL_TIMING_SCRIPT) before the page's clock");
  window.__s = { commit: [], frame: [], painted: [] };
  window.__armed = false;
  let t0 = 0;
  let wake = () => {};
  const mark = (e) => {
    if (!window.__armed) return;
    window.__armed = false;
    t0 = real.eventTime(e);
  };
  addEventListener('keydown', mark, true);
  addEventListener('beforeinput', mark, true);
  const after = new MessageChannel();
  after.port1.onmessage = (m) => { window.__s.painted.push(real.now() - m.data); wake(); };
  window.__next = (n, timeout) => new Promise((resolve) => {
    const done = (ok) => { wake = () => {}; clearTimeout(timer); resolve(ok); };
    const timer = setTimeout(() => done(false), timeout);
    wake = () => { if (window.__s.painted.length > n) done(true); };
    wake();
  });
  const watch = () => {
    // The work area, not the list element: React may replace the list; the search box is in the header.
    const list = document.querySelector('main');
    if (!list || !document.querySelector('[data-testid="note-list"]')) return real.requestFrame(watch);
    new MutationObserver((records) => {
      if (!t0) return;
      const inList = records.some((r) => {
        const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        return el && el.closest('[data-testid="note-list"]');
      });
      if (!inList) return;
      const start = t0; t0 = 0;
      window.__s.commit.push(real.now() - start);
      real.requestFrame(() => {
        window.__s.frame.push(real.now() - start);
        after.port2.postMessage(start);
      });
    }).observe(list, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-rowcount'] });
  };
  window.__firstRow = 0;
  const first = new MutationObserver(() => {
    if (document.querySelector('[data-seqno]')) {
      first.disconnect();
      real.requestFrame(() => { window.__firstRow = real.now(); });
    }
  });
  first.observe(document, { childList: true, subtree: true });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch); else watch();
`;

// The null keystroke: the same probe and procedure, on a page with one button and a one-line "list" (and no
// page clock, but the probe reads the timing it would keep).
const NULL_PAGE = `<!doctype html><meta charset="utf-8"><script>${REAL_TIMING_SCRIPT}</script>
<script>${KEYSTROKE_PROBE}</script>
<main><button type="button">전체</button><div data-testid="note-list" aria-rowcount="0">0</div></main>
<script>
  let n = 0;
  document.querySelector('button').addEventListener('click', () => {
    document.querySelector('[data-testid="note-list"]').setAttribute('aria-rowcount', String(++n));
  });
</script>`;

const SCROLL_PROBE = `new Promise((resolve) => {
  const real = window.__realTiming;
  const el = document.querySelector('[data-testid="note-scroll"]');
  const out = [];
  let last = real.now();
  let n = 0;
  function step(t) {
    out.push(t - last);
    last = t;
    el.scrollTop += 600;
    if (++n < 180) real.requestFrame(step);
    else resolve(out.slice(2));
  }
  real.requestFrame(step);
})`;

// People do not press keys the instant the previous frame was drawn: a fast typist's keys come 80-200 ms
// apart. Pausing like that matters to the figure. Pressing the next key right after the previous one was
// painted (or right after a focus ring was drawn) makes every keystroke wait for the rest of the frame
// interval that has just begun, which measures the harness's rhythm, not the app.
const TYPING_GAP_MS: [number, number] = [80, 200];
const between = ([lo, hi]: [number, number]) => lo + Math.random() * (hi - lo);
const pause = () => new Promise((r) => setTimeout(r, between(TYPING_GAP_MS)));
// Nor do they release a key the instant it went down: a key is held for 60-120 ms. Playwright's press()
// sends the keyup right behind the keydown, so the page would handle a release no person makes while it
// draws the keystroke's frame.
const KEY_DWELL_MS: [number, number] = [60, 120];
const press = (page: Page, key: string) => page.keyboard.press(key, { delay: between(KEY_DWELL_MS) });

/**
 * How the bench opens the app: on a clock that flows from TEST_NOW, the browser's own timing kept before it (the
 * probe times with it). The probe itself is added as an init script once the app is open, then the page reloaded.
 */
export const KEYSTROKE_PAGE = {
  clock: { flowingFrom: TEST_NOW },
  beforeClock: REAL_TIMING_SCRIPT,
} satisfies Partial<AppOptions>;

/** Arms the probe for the next keystroke; returns the number of samples so far. */
export const armKeystroke = () => {
  const w = window as unknown as { __s: { painted: number[] }; __armed: boolean };
  w.__armed = true;
  return w.__s.painted.length;
};
const reset = () => {
  (window as unknown as { __s: unknown }).__s = { commit: [], frame: [], painted: [] };
};
type Raw = { commit: number[]; frame: number[]; painted: number[] };
/** The probe's samples since the last reset (ms from each keystroke's input event). */
export const keystrokeSamples = () => (window as unknown as { __s: Raw }).__s;

/** One keystroke: arm, pause as a person would, act, and wait for its sample (a keystroke that does not change the list gives none). */
async function keystroke(page: Page, act: () => Promise<void>): Promise<void> {
  const before = await page.evaluate(armKeystroke);
  await pause();
  await act();
  await page.evaluate(
    ([n, t]) => (window as unknown as { __next: (n: number, t: number) => Promise<boolean> }).__next(n, t),
    [before, 3000] as const,
  );
}

async function typeKeys(page: Page, field: string, keys: string[]): Promise<Raw> {
  const input = page.getByLabel(field, { exact: true });
  await input.focus();
  // Each round starts from an empty box (a round that ends with text left in it would search for that too).
  if ((await input.inputValue()) !== '') {
    await input.fill('');
    await pause();
  }
  await page.evaluate(reset);
  for (const key of keys) {
    await keystroke(page, () =>
      key === 'Backspace' ? press(page, 'Backspace') : page.keyboard.insertText(key),
    );
  }
  return page.evaluate(keystrokeSamples);
}

/** Enter on each control in turn, the control focused first (as Tab would), then a pause, then the key. */
async function pressControls(page: Page, controls: Locator[], rounds: number): Promise<Raw> {
  await page.evaluate(reset);
  for (let round = 0; round < rounds; round++) {
    for (const control of controls) {
      await control.focus();
      await keystroke(page, () => press(page, 'Enter'));
    }
  }
  return page.evaluate(keystrokeSamples);
}

/** Where a long bench is, on stderr (the table goes to stdout). */
const progress = (what: string) => process.stderr.write(`  renderer: ${what}\n`);

const stat = (xs: number[]): Latency => ({ p50: median(xs), p95: percentile(xs, 95), samples: xs.length });
const summarize = (raw: Raw): KeystrokeResult => ({
  painted: stat(raw.painted),
  frame: stat(raw.frame),
  commit: stat(raw.commit),
});

async function nullKeystroke(samples: number): Promise<KeystrokeResult> {
  const context = await (await getBrowser()).newContext({ viewport: { width: 1360, height: 860 } });
  try {
    const page = await context.newPage();
    await page.setContent(NULL_PAGE);
    return summarize(await pressControls(page, [page.getByRole('button')], samples));
  } finally {
    await context.close();
  }
}

// The frozen list: each control's Enter puts the rows the app drew after that control into the rows on
// screen, in place as React does (a row's attributes, then each cell whose markup differs), and the list's
// length into aria-rowcount.
const FLOOR_SCRIPT = `(states) => {
  const list = document.querySelector('[data-testid="note-list"]');
  const win = document.querySelector('.note-window');
  const parsed = states.map(({ rows, count }) => {
    const t = document.createElement('template');
    t.innerHTML = rows;
    return { rows: [...t.content.children], count };
  });
  let k = 0;
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    const next = parsed[k++ % parsed.length];
    next.rows.forEach((src, i) => {
      const row = win.children[i];
      if (!row) return win.append(src.cloneNode(true));
      for (const a of src.attributes) if (row.getAttribute(a.name) !== a.value) row.setAttribute(a.name, a.value);
      [...src.children].forEach((cell, j) => {
        const mine = row.children[j];
        if (mine.className !== cell.className) mine.className = cell.className;
        if (mine.innerHTML !== cell.innerHTML) mine.innerHTML = cell.innerHTML;
      });
    });
    while (win.children.length > next.rows.length) win.lastElementChild.remove();
    list.setAttribute('aria-rowcount', next.count);
  });
}`;

/**
 * The list's floor: one round of the controls in the app, keeping the rows it drew after each; then the page
 * frozen (its markup and stylesheets, the scripts removed) and the same controls pressed `rounds` times, each
 * Enter putting in the rows the app drew. Leaves the page on the frozen copy.
 */
async function listFloor(page: Page, controls: Locator[], rounds: number): Promise<KeystrokeResult> {
  const states: { rows: string; count: string }[] = [];
  for (const control of controls) {
    await control.focus();
    await keystroke(page, () => press(page, 'Enter'));
    // The counts around the list follow a frame later; the copy has them too.
    await page.waitForTimeout(300);
    states.push({
      rows: await page.locator('.note-window').innerHTML(),
      count: (await page.getByTestId('note-list').getAttribute('aria-rowcount')) ?? '',
    });
  }
  const html = await page.evaluate(`(() => {
    const copy = document.documentElement.cloneNode(true);
    for (const el of copy.querySelectorAll('script, link[rel="modulepreload"]')) el.remove();
    return '<!doctype html>' + copy.outerHTML;
  })()`);
  await page.route(`${APP_ORIGIN}/frozen-inbox.html`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: html as string }),
  );
  await page.goto(`${APP_ORIGIN}/frozen-inbox.html`);
  await page.waitForFunction(() => document.fonts.status === 'loaded');
  await page.evaluate(`(${FLOOR_SCRIPT})(${JSON.stringify(states)})`);
  return summarize(await pressControls(page, controls, rounds));
}

interface BenchInbox {
  app: AppUnderTest;
  page: Page;
  /** Per reload: from navigation to the first frame with a row in it. */
  firstPaints: number[];
  close: () => Promise<void>;
}

/**
 * The built renderer in Chromium over `count` cached notes (the real host handlers behind the test bridge),
 * reloaded `reloads` times for the first-paint figure, then left until the refresh that opening the inbox
 * starts has landed and the list is quiet.
 */
async function openBenchInbox(count: number, reloads = 3): Promise<BenchInbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-renderer-'));
  // The sandbox has about `notes` over 120 days; a little more than `count`, of which the newest are cached.
  const rate = Math.ceil(count * 1.05);
  const backend = createBackend({ seed: 42, now: TEST_NOW, notes: rate });
  const notes = recentNotes(backend)
    .slice(-count)
    .map(toInboxNote)
    .filter((n): n is InboxNote => n !== undefined);
  if (notes.length !== count) throw new Error(`the sandbox has ${notes.length} notes, not ${count}`);
  const first = marketDayOf(notes[0]!.at);
  const today = marketDayOf(TEST_NOW.getTime());
  const deps = createTestDeps({ dataDir, sandbox: { notes: rate } });
  seedMirror(
    await activeMirror(deps),
    notes,
    backend.sellerIds,
    daysBetween(first, today),
    TEST_NOW.getTime(),
  );
  await deps.settings.update({ inbox: { filters: { preset: 'custom', start: first, end: today } } });
  const app = await openApp({
    handlers: createHandlers(deps),
    schemas: requestSchemas,
    ...KEYSTROKE_PAGE,
    viewport: { width: 1360, height: 860 },
  });
  const close = async () => {
    await app.close();
    await deps.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { page } = app;
    await page.addInitScript({ content: KEYSTROKE_PROBE });
    const firstPaints: number[] = [];
    for (let i = 0; i < reloads; i++) {
      progress(`first paint ${i + 1} of ${reloads}`);
      await page.reload();
      await page.waitForFunction(
        () => (window as unknown as { __firstRow: number }).__firstRow > 0,
        undefined,
        { timeout: 120_000 },
      );
      firstPaints.push(await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow));
    }
    await page.waitForFunction(() => document.querySelectorAll('[data-seqno]').length > 5);
    // Opening the inbox starts a refresh; measure once it has landed and the list is quiet.
    const cachedCalls = () => app.calls.filter((c) => c.channel === 'notes.period').length;
    let seen = -1;
    for (let i = 0; i < 60 && seen !== cachedCalls(); i++) {
      seen = cachedCalls();
      await page.waitForTimeout(2000);
    }
    return { app, page, firstPaints, close };
  } catch (e) {
    await close();
    throw e;
  }
}

export async function benchRenderer(count = 100_000): Promise<RendererResult> {
  // The browser's own floor, measured first in the same browser with the same procedure.
  const nullBaseline = await nullKeystroke(98);
  const { page, firstPaints, close } = await openBenchInbox(count);
  try {
    // Search: alternate narrowing and widening so every keystroke changes the visible rows; 'ㅎㅂ' is an
    // initial-consonant query typed as one keystroke and erased in two.
    const searchKeys = ['환', '교', '반', '취', '색', '사', 'ㅎㅂ'].flatMap((k) => [
      k,
      ...Array.from(k, () => 'Backspace'),
    ]);
    progress('keystrokes');
    await typeKeys(page, '검색', ['ㅂ', 'Backspace']);
    const search: Raw = { commit: [], frame: [], painted: [] };
    for (let round = 0; round < 4; round++) {
      const r = await typeKeys(page, '검색', searchKeys);
      for (const k of ['commit', 'frame', 'painted'] as const) search[k].push(...r[k]);
    }
    // Filters: reply status and inquiry type chosen from the keyboard (Enter on the focused control).
    const controls = [
      page.getByRole('radio', { name: /^미답변/ }),
      page.getByRole('radio', { name: /^답변 완료/ }),
      page.getByRole('radio', { name: /^전체/ }),
      page.getByRole('button', { name: /^배송/ }),
      page.getByRole('button', { name: /^환불/ }),
      page.getByRole('button', { name: /^배송/ }),
      page.getByRole('button', { name: /^환불/ }),
    ];
    // Fourteen rounds of seven controls: enough samples that p95 is a percentile, not the worst keystroke.
    progress('filters');
    const filter = await pressControls(page, controls, 14);
    progress('filters, traced');
    const browser = await getBrowser();
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await pressControls(page, controls, 4);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const filterPhases = phasesOf(trace.traceEvents);

    // A string, not a function: the TypeScript loader would inject helpers the page does not have.
    const frames = (await page.evaluate(SCROLL_PROBE)) as number[];
    const { start, end } = (
      (await page.evaluate(`window.desk.invoke('settings.get', undefined)`)) as {
        data: { settings: { inbox: { filters: { start: string; end: string } } } };
      }
    ).data.settings.inbox.filters;
    const bridgeTransferMs = (await page.evaluate(
      `(async () => { const real = window.__realTiming; const t = real.now(); await window.desk.invoke('notes.period', { start: '${start}', end: '${end}' }); return real.now() - t; })()`,
    )) as number;
    // What the page holds, not garbage it has not collected yet.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.detach();
    // The browser's own performance.memory: the clock's copy of performance has none.
    const heap = await page.evaluate(() =>
      (window as unknown as { __realTiming: RealTiming }).__realTiming.heapBytes(),
    );
    // Last: it leaves the app for a frozen copy of it.
    progress('the list frozen');
    const floor = await listFloor(page, controls, 14);
    return {
      notes: count,
      firstListPaintMs: median(firstPaints),
      bridgeTransferMs,
      search: summarize(search),
      filter: summarize(filter),
      nullKeystroke: nullBaseline,
      listFloor: floor,
      filterPhases,
      typingGapMs: TYPING_GAP_MS,
      keyDwellMs: KEY_DWELL_MS,
      scrollFrame: {
        p50: median(frames),
        p95: percentile(frames, 95),
        frames: frames.length,
        late: frames.filter((f) => f > 1.5 * (1000 / 60)).length,
      },
      jsHeapMB: heap / 2 ** 20,
    };
  } finally {
    await close();
    await closeBrowser();
  }
}
