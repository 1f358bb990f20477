// The insights page's first paint over a large mirror (target: the app's own work ≤ 1 s for 90 days of 1,000,000
// notes): the real bundle in Chromium over the test bridge, as bench/mirror.ts measures the inbox's. Counted: main
// answering insights.report for the 90 days, and the renderer from the report's arrival to the figures drawn.
// Run by bench/mirror.ts on the mirror its sync filled; alone it syncs a smaller one itself:
//   node --import tsx bench/insights-paint.ts [notes]   (default 20,000; the build in out/ is used)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InsightsReportRequest } from '../src-main/contract';
import { createHandlers, requestSchemas } from '../src-main/host/create-handlers';
import type { Handlers } from '../src-main/host/dispatch';
import { translatorFor } from '../src-renderer/app/message-registry';
import { NOTE_HISTORY_DAYS } from '../src-main/sandbox/data/notes';
import { syncNotes } from '../src-main/services/notes-sync';
import { addDays, marketDayOf } from '../src-shared/market-day';
import { closeBrowser, openApp } from '../test/e2e/harness';
import { TEST_NOW, createTestDeps } from '../test/support/host-deps';
import { median } from './stats';

export interface InsightsPaint {
  /** Main's answer to insights.report for the 90 days, the first time (the mirror opened cold) and after. */
  mainColdMs: number;
  mainMs: number;
  /** The renderer from the report's arrival to the figures drawn, the first time and after. */
  rendererColdMs: number;
  rendererMs: number;
}

const progress = (what: string) => process.stderr.write(`  insights paint: ${what}\n`);

/** The insights page over the mirror in `dataDir` (a sandbox of `notes`), 90 days, opened again for a median. */
export async function insightsFirstPaint(dataDir: string, notes: number, rounds = 3): Promise<InsightsPaint> {
  const deps = createTestDeps({ dataDir, sandbox: { notes } });
  await deps.connection.active();
  const handlers = createHandlers(deps);
  let mainOf90 = 0;
  const report = (async (req: InsightsReportRequest, ctx: never) => {
    const t = performance.now();
    try {
      return await handlers['insights.report'](req, ctx);
    } finally {
      if (req.from === addDays(req.to, -89)) mainOf90 += performance.now() - t;
    }
  }) as Handlers['insights.report'];
  const app = await openApp({
    handlers: { ...handlers, 'insights.report': report },
    schemas: requestSchemas,
  });
  try {
    const { page } = app;
    const nav = page
      .getByRole('navigation')
      .getByRole('button', { name: new RegExp(`^${translatorFor('ko')('nav.insights')}`) });
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
      const before = await page.evaluate(
        () => performance.getEntriesByName('insights:report-arrived').length,
      );
      await page.getByRole('radio', { name: translatorFor('ko')('insights.range.90d') }).click();
      // No named functions in the page's code: the bench runs through tsx, whose names helper the page lacks.
      await page.waitForFunction(
        (seen) =>
          performance.getEntriesByName('insights:report-arrived').length > seen &&
          document.querySelector('.insights[aria-busy="true"]') === null,
        before,
        { timeout: 300_000, polling: 5 },
      );
      const [arrived, painted] = await page.evaluate(
        () =>
          new Promise<[number, number]>((resolve) =>
            requestAnimationFrame(() =>
              resolve([
                performance.getEntriesByName('insights:report-arrived').at(-1)!.startTime,
                performance.now(),
              ]),
            ),
          ),
      );
      mainMs.push(mainOf90);
      rendererMs.push(painted - arrived);
    }
    return {
      mainColdMs: mainMs[0]!,
      rendererColdMs: rendererMs[0]!,
      mainMs: median(mainMs.slice(1)),
      rendererMs: median(rendererMs.slice(1)),
    };
  } finally {
    await app.close();
    await deps.close();
    await closeBrowser();
  }
}

/** Alone: a mirror of `notes` synced from an in-process sandbox, then the page. */
async function alone(notes: number): Promise<InsightsPaint> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-insights-paint-'));
  const deps = createTestDeps({ dataDir, sandbox: { notes } });
  try {
    const active = await deps.connection.active();
    const owner = {
      profileId: active.profile.id,
      profileName: active.profile.name,
      kind: active.profile.kind,
      fingerprint: active.fingerprint,
    };
    const store = deps.mirrors.open(owner, ['sandbox']);
    const end = marketDayOf(TEST_NOW.getTime());
    progress('sync');
    await syncNotes(
      { start: addDays(end, -NOTE_HISTORY_DAYS), end, mode: 'full' },
      {
        client: active.client,
        store,
        sellerIds: active.info.sellerIds,
        pageIndexBase: active.info.pageIndexBase,
        signal: new AbortController().signal,
      },
    );
    await deps.close();
    return await insightsFirstPaint(dataDir, notes);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench/insights-paint.ts')) {
  const notes = Number(process.argv[2] ?? 20_000);
  process.stdout.write(`${JSON.stringify(await alone(notes), null, 2)}\n`);
}
