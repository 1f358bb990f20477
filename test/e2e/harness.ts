// Web E2E harness: the built renderer in headless Chromium, with the REAL host handlers running in
// this test process and bridged into the page. No port is opened for the bridge or the app.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright';
import { createDispatcher } from '../../src-main/host/dispatch';
import type { Dispatcher, Handlers, RequestSchemas } from '../../src-main/host/dispatch';
import { TEST_NOW } from '../support/host-deps';
import { ARRAY_BUFFER_TAG } from './array-buffer-tag';
import { launchChromium } from './chromium';

export const APP_ORIGIN = 'https://seller-desk.app';
const RENDERER_DIR = resolve('out/renderer');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

let initScript: string | undefined;
function bridgeScript(): string {
  initScript ??= buildSync({
    entryPoints: [resolve('test/e2e/bridge-client.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    target: 'chrome120',
  }).outputFiles[0]!.text;
  return initScript;
}

/**
 * The host the page talks to: its handlers, run in this process, or a dispatcher of a host that runs elsewhere (a
 * host in a child process, reached over IPC: team-host-child.ts), whose events `emit` relays to the page.
 */
type HostUnderTest = { handlers: Handlers; schemas: RequestSchemas } | { dispatcher: Dispatcher };

export type AppOptions = HostUnderTest & {
  locale?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /**
   * The page's clock, from before its first script runs: TEST_NOW unless told, the same instant as the test
   * sandbox's clock (`createTestDeps`), so "today", the period presets and the SLA clocks of the page agree with the
   * sandbox's data on any calendar day. `'real'` is for a test that wants the wall clock and says so.
   * `{ flowingFrom }` starts the page's clock at that instant and lets it run: for the bench, whose figures need
   * the app's timers and `Date.now()` to move (a pinned clock stalls whatever waits for time to pass).
   */
  clock?: Date | 'real' | { flowingFrom: Date };
  /**
   * A script run in the page before its clock is set: what it keeps of `performance` and `requestAnimationFrame`
   * is the browser's own (the page's clock replaces both: its `performance` records no mark and its frames are
   * timers). For the bench, which times real frames.
   */
  beforeClock?: string;
};

export interface AppUnderTest {
  page: Page;
  context: BrowserContext;
  emit: (event: string, payload: unknown) => Promise<void>;
  calls: { channel: string; req: unknown; outcome?: string; ms?: number }[];
  pageErrors: Error[];
  close: () => Promise<void>;
}

/** The apps open now: a failed test's cleanup says what each showed and asked (describeOpenApps). */
const openApps = new Set<{
  page: Page;
  calls: AppUnderTest['calls'];
  pageErrors: Error[];
  console: string[];
}>();

/**
 * What each open app shows (its text, cut), the host calls that failed or had not answered, the page's errors and
 * console errors: printed by a failed test's cleanup, so a failure seen once on CI says what the page was doing.
 */
export async function describeOpenApps(): Promise<string> {
  const parts: string[] = [];
  for (const app of openApps) {
    const text = await app.page
      .evaluate(() => document.body.innerText)
      .catch((e: unknown) => `(no text: ${String(e)})`);
    const notable = app.calls
      .filter((c) => c.outcome !== 'ok')
      .map((c) => `  ${c.channel} ${c.outcome ?? 'unanswered'}${c.ms === undefined ? '' : ` ${c.ms} ms`}`);
    const counts = new Map<string, number>();
    for (const c of app.calls) counts.set(c.channel, (counts.get(c.channel) ?? 0) + 1);
    parts.push(
      [
        `-- an open app at ${app.page.url()}`,
        `calls: ${[...counts].map(([k, n]) => `${k}×${n}`).join(', ')}`,
        ...(notable.length > 0 ? ['calls not answered ok:', ...notable.slice(-20)] : []),
        ...app.pageErrors.map((e) => `page error: ${e.message}`),
        ...app.console.slice(-10).map((m) => `console: ${m}`),
        `text: ${text.replace(/\s+/g, ' ').slice(0, 1500)}`,
      ].join('\n'),
    );
  }
  return parts.join('\n');
}

let browser: Browser | undefined;
export async function getBrowser(): Promise<Browser> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error('out/renderer is missing: run `npm run build` before the E2E tests.');
  }
  browser ??= await launchChromium();
  return browser;
}
export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export async function openApp(opts: AppOptions): Promise<AppUnderTest> {
  const b = await getBrowser();
  const context = await b.newContext({
    locale: opts.locale ?? 'ko-KR',
    colorScheme: opts.colorScheme ?? 'light',
    viewport: opts.viewport ?? { width: 1360, height: 860 },
    timezoneId: 'Asia/Seoul',
  });
  // The sandbox serves lookbook and item images from 127.0.0.1; Chromium's Local Network Access rule
  // would refuse them on the harness's https origin (the desktop app grants it to its app:// pages the same way).
  await context.grantPermissions(['local-network-access']);
  const page = await context.newPage();
  const calls: AppUnderTest['calls'] = [];
  const pageErrors: Error[] = [];
  page.on('pageerror', (e) => pageErrors.push(e));
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`${m.type()}: ${m.text()}`);
  });
  const tracked = { page, calls, pageErrors, console: consoleErrors };
  openApps.add(tracked);
  context.on('close', () => openApps.delete(tracked));

  // The app is served from files by request interception: nothing listens on a port.
  await page.route(`${APP_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    const rel = normalize(decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
    const file = join(RENDERER_DIR, rel);
    if (!file.startsWith(RENDERER_DIR) || !existsSync(file))
      return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({
      status: 200,
      body: await readFile(file),
      headers: { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' },
    });
  });

  const emit = async (event: string, payload: unknown) => {
    await page.evaluate(
      ([e, p]) =>
        (window as unknown as { __deskEmit: (e: string, p: unknown) => void }).__deskEmit(e as string, p),
      [event, payload] as const,
    );
  };
  const dispatcher =
    'dispatcher' in opts
      ? opts.dispatcher
      : createDispatcher(
          opts.handlers,
          opts.schemas,
          (event, payload) => void emit(event, payload).catch(() => {}),
        );
  await page.exposeBinding(
    '__deskInvoke',
    async (_source, channel: string, req: unknown, callId: string | null) => {
      const call: AppUnderTest['calls'][number] = { channel, req };
      calls.push(call);
      const began = Date.now();
      const envelope = await dispatcher.dispatch(channel, req, callId);
      call.ms = Date.now() - began;
      call.outcome = envelope.ok ? 'ok' : `${envelope.error.code}: ${envelope.error.message}`;
      // As JSON text: Playwright's own argument serializer takes ~20 s for a 100,000-note envelope,
      // where Electron's structured clone does not. Our DTOs are plain JSON types but for the period's packed
      // notes, an ArrayBuffer, which travels as base64 under a tag (bridge-client.ts turns it back).
      return JSON.stringify(envelope, (_key, value: unknown) =>
        value instanceof ArrayBuffer ? { [ARRAY_BUFFER_TAG]: Buffer.from(value).toString('base64') } : value,
      );
    },
  );
  await page.exposeBinding('__deskAbort', async (_source, callId: string) => dispatcher.abort(callId));
  await page.addInitScript({ content: bridgeScript() });
  if (opts.beforeClock) await page.addInitScript({ content: opts.beforeClock });
  const clock = opts.clock ?? TEST_NOW;
  if (clock instanceof Date) await context.clock.setFixedTime(clock);
  else if (clock !== 'real') await context.clock.install({ time: clock.flowingFrom });
  await page.goto(`${APP_ORIGIN}/index.html`);
  return { page, context, emit, calls, pageErrors, close: () => context.close() };
}
