// The insights page's first paint over a large mirror (target: the app's own work ≤ 1 s for 90 days of 1,000,000
// notes): the real bundle in Chromium over the test bridge, as bench/mirror.ts measures the inbox's. Counted: main
// answering insights.report for the 90 days (the read worker's figures included), and the renderer from the
// report's arrival to the next frame after the figures are drawn; beside it, main answering the inbox's own period
// query (notes.period) for the same 90 days.
//
// The page's clock flows from TEST_NOW (clock: { flowingFrom }), so its "last 90 days" are the sandbox's newest 90
// (the host's clock is TEST_NOW too); its marks and frames are read with the browser's own clock (page-timing.ts).
// Run by `npm run bench -- insights`; alone it syncs a mirror itself:
//   node --import tsx bench/insights-paint.ts [notes]   (default 20,000; the build in out/ is used)
import type { InsightsReportRequest, NotesPeriodResult } from '../src-main/contract';
import { createHandlers, requestSchemas } from '../src-main/host/create-handlers';
import type { Handlers } from '../src-main/host/dispatch';
import { translatorFor } from '../src-renderer/app/message-registry';
import { addDays, marketDayOf } from '../src-shared/market-day';
import { closeBrowser, openApp } from '../test/e2e/harness';
import { TEST_NOW, createTestDeps } from '../test/support/host-deps';
import { syncedMirror } from './insights-mirror';
import { payloadBytes } from './mirror-reads';
import { REAL_TIMING_SCRIPT } from './page-timing';
import type { RealTiming } from './page-timing';
import { median } from './stats';

export interface InsightsPaint {
  /** Notes in the 90 days. */
  periodNotes: number;
  /** Main's answer to insights.report for the 90 days, the first time (the mirror opened cold) and after. */
  mainColdMs: number;
  mainMs: number;
  /** The renderer from the report's arrival to the figures drawn, the first time and after. */
  rendererColdMs: number;
  rendererMs: number;
  /** Main's answer to the inbox's period query (notes.period) for the same 90 days, median. */
  inboxPeriodMs: number;
  /** That answer's size as JSON. */
  inboxPeriodBytes: number;
}

const progress = (what: string) => process.stderr.write(`  insights paint: ${what}\n`);
const ARRIVED = 'insights:report-arrived';

/** Main's answer to the inbox's notes.period for `start`..`end`, median of `rounds` after one. */
async function inboxPeriod(handlers: Handlers, start: string, end: string, rounds = 3) {
  const ctx = { signal: new AbortController().signal, emit: () => {} };
  const ms: number[] = [];
  let last: NotesPeriodResult | undefined;
  for (let i = 0; i < rounds + 1; i++) {
    const t = performance.now();
    last = await handlers['notes.period']({ start, end }, ctx);
    if (i > 0) ms.push(performance.now() - t);
  }
  return { ms: median(ms), bytes: payloadBytes(last) };
}

/** The insights page over the mirror in `dataDir` (a sandbox of `notes`), 90 days, opened again for a median. */
export async function insightsFirstPaint(dataDir: string, notes: number, rounds = 3): Promise<InsightsPaint> {
  const deps = createTestDeps({ dataDir, sandbox: { notes } });
  await deps.connection.active();
  const handlers = createHandlers(deps);
  const today = marketDayOf(TEST_NOW.getTime());
  let mainOf90 = 0;
  let periodNotes = 0;
  const report = (async (req: InsightsReportRequest, ctx: never) => {
    const t = performance.now();
    const answer = await handlers['insights.report'](req, ctx);
    if (req.from === addDays(today, -89) && req.to === today) {
      mainOf90 += performance.now() - t;
      periodNotes = answer.speed.total;
    }
    return answer;
  }) as Handlers['insights.report'];
  const app = await openApp({
    handlers: { ...handlers, 'insights.report': report },
    schemas: requestSchemas,
    clock: { flowingFrom: TEST_NOW },
    beforeClock: REAL_TIMING_SCRIPT,
  });
  try {
    const { page } = app;
    const t = translatorFor('ko');
    const nav = page
      .getByRole('navigation')
      .getByRole('button', { name: new RegExp(`^${t('nav.insights')}`) });
    const mainMs: number[] = [];
    const rendererMs: number[] = [];
    for (let i = 0; i < rounds + 1; i++) {
      progress(`${i + 1} of ${rounds + 1}`);
      await page.reload();
      await nav.waitFor({ timeout: 300_000 });
      await nav.click();
      await page.waitForSelector('.insights[aria-busy="false"] [data-testid="figure-reply-speed"]', {
        timeout: 300_000,
      });
      mainOf90 = 0;
      const seen = await page.evaluate(
        (name) => (window as unknown as { __realTiming: RealTiming }).__realTiming.marks(name).length,
        ARRIVED,
      );
      await page.getByRole('radio', { name: t('insights.range.90d') }).click();
      // No named functions in the page's code: the bench runs through tsx, whose names helper the page lacks.
      await page.waitForFunction(
        ([name, before]) =>
          (window as unknown as { __realTiming: RealTiming }).__realTiming.marks(name).length > before &&
          document.querySelector('.insights[aria-busy="true"]') === null,
        [ARRIVED, seen] as const,
        { timeout: 300_000, polling: 5 },
      );
      const [arrived, painted] = await page.evaluate(async (name) => {
        const real = (window as unknown as { __realTiming: RealTiming }).__realTiming;
        return [real.marks(name).at(-1)!, await real.frame()] as const;
      }, ARRIVED);
      mainMs.push(mainOf90);
      rendererMs.push(painted - arrived);
    }
    const inbox = await inboxPeriod(handlers, addDays(today, -89), today);
    return {
      periodNotes,
      mainColdMs: mainMs[0]!,
      rendererColdMs: rendererMs[0]!,
      mainMs: median(mainMs.slice(1)),
      rendererMs: median(rendererMs.slice(1)),
      inboxPeriodMs: inbox.ms,
      inboxPeriodBytes: inbox.bytes,
    };
  } finally {
    await app.close();
    await deps.close();
    await closeBrowser();
  }
}

if (process.argv[1]?.endsWith('bench/insights-paint.ts')) {
  const notes = Number(process.argv[2] ?? 20_000);
  const m = await syncedMirror(notes, { progress });
  try {
    await m.close();
    process.stdout.write(`${JSON.stringify(await insightsFirstPaint(m.dataDir, notes), null, 2)}\n`);
  } finally {
    await m.remove();
  }
}
