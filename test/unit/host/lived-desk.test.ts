// The desk the README's insights screenshots are made on (test/support/lived-desk.ts): a mirror that lived with
// the living sandbox, synced first some days before TEST_NOW and then by main's own auto refresh up to it. Its
// last days have observed reply times where a first sync has none, and its counts are the sandbox's own at TEST_NOW.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import type { InsightsReport } from '../../../src-main/contract';
import { formatDateTime } from '../../../src-shared/date-time';
import { addDays, dayStartMs, marketDayOf } from '../../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';
import { livedDesk } from '../../support/lived-desk';

const HOUR = 3_600_000;
const TODAY = marketDayOf(TEST_NOW.getTime());
/** The last four days: every note of them arrives after the lived desk's first sync, five days before TEST_NOW. */
const DAYS = { from: addDays(TODAY, -3), to: TODAY };

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
});

async function daysReport(deps: ReturnType<typeof createTestDeps>): Promise<InsightsReport> {
  const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
  const res = await dispatcher.dispatch('insights.report', DAYS, null);
  if (!res.ok) throw new Error(res.error.message);
  return res.data as InsightsReport;
}

describe('a desk that lived with the sandbox', () => {
  it('observed the reply times of the last days that a first sync counts as unknown, and counts what the sandbox holds', async () => {
    const { deps, live } = livedDesk({ days: 5, autoRefreshMinutes: 180 });
    opened.push(deps);
    // The first sync five days before TEST_NOW, then one every three hours up to it.
    expect(await live()).toEqual({ syncs: 5 * 8 + 1, intervalMs: 3 * HOUR });
    expect(deps.now()).toBe(TEST_NOW.getTime());
    const { speed } = await daysReport(deps);

    // The sandbox's days as of TEST_NOW, counted here from its own notes.
    const notes = deps.connection.sandbox()!.backend.notes({
      start: formatDateTime(dayStartMs(DAYS.from)),
      end: formatDateTime(TEST_NOW.getTime()),
    });
    const answered = notes.filter((n) => n.ReplyStatus === 'ReplyComplete').length;
    expect(notes.length).toBeGreaterThan(20);
    expect(answered).toBeGreaterThan(10);
    expect(speed.total).toBe(notes.length);
    // Every note of the days arrived after the first sync: each answer fell between two syncs.
    expect(speed.answeredUnknown).toBe(0);
    expect(speed.known).toBe(answered);
    expect(speed.within24h).toBeGreaterThan(0);
    expect(speed.medianMs).toBeGreaterThan(0);
    expect(speed.p90Ms).toBeGreaterThanOrEqual(speed.medianMs!);
    expect(speed.medianWindowMs).toBeLessThanOrEqual(3 * HOUR);

    // The same days after a first sync at TEST_NOW alone: every answer came before the mirror looked.
    const first = createTestDeps();
    opened.push(first);
    const dispatcher = createDispatcher(createHandlers(first), requestSchemas, () => {});
    await dispatcher.dispatch('notes.sync', { start: DAYS.from, end: DAYS.to, mode: 'refresh' }, null);
    const firstSpeed = (await daysReport(first)).speed;
    expect(firstSpeed).toMatchObject({ total: notes.length, known: 0, answeredUnknown: answered });
  }, 120_000);
});
