// The one retry policy, counted at the sandbox: however a page fails, it is sent at most four times in all. Before,
// the transport's 3 tries ran inside the sync's 5, so a page answered 503 or throttled was sent 15 times before its
// day was reported failed (and a Server fault or a cut body 5 times); now every failure is certain after 4 sends.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/server';
import { createSoapClient } from '../../../src-main/soap/client';
import { RETRY_POLICY, backoffDelay, isTransient } from '../../../src-main/soap/retry';
import { TicketRotation, createMemoryTicketSink } from '../../../src-main/soap/ticket-rotation';
import { createTransport } from '../../../src-main/soap/transport';
import { syncNotes } from '../../../src-main/services/notes-sync';
import { marketDayOf } from '../../../src-shared/market-day';
import { openMirror } from '../../support/mirror';

const NOW = new Date('2026-11-20T09:00:00+09:00');
const DAY = marketDayOf(NOW.getTime() - 86_400_000);
/** The policy's attempts with waits of a few milliseconds (Retry-After included, as it is capped). */
const FAST = { ...RETRY_POLICY, baseDelayMs: 1, maxDelayMs: 4 };

const closing: { close(): unknown }[] = [];
afterEach(async () => {
  for (const c of closing.splice(0).reverse()) await c.close();
});

async function market(opts: SandboxOptions) {
  const sandbox: RunningSandbox = await startSandbox({ port: 0, seed: 42, now: NOW, notes: 2000, ...opts });
  closing.push(sandbox);
  const client = createSoapClient(
    {
      apiBaseUrl: sandbox.baseUrl,
      suggestBaseUrl: sandbox.baseUrl,
      ns: sandbox.ns,
      soapVersion: '1.1',
      timeoutMs: 10_000,
    },
    {
      transport: createTransport(),
      retry: FAST,
      tickets: new TicketRotation(
        createMemoryTicketSink({
          authTicket: sandbox.tickets.auth,
          encryptedTicket: sandbox.tickets.encrypted,
          memberTicket: sandbox.tickets.member,
        }),
      ),
    },
  );
  return { sandbox, client };
}

/** Syncs one seller's one day and counts what reached the sandbox. */
async function syncOneDay(opts: SandboxOptions, warmUp = false) {
  const { sandbox, client } = await market(opts);
  const sellerId = sandbox.backend.sellerIds[0]!;
  if (warmUp)
    await client.market.getSohoLookbook({ SellerId: sellerId, Pagination: { PageIndex: 1, PageSize: 1 } });
  const mirror = openMirror(mkdtempSync(join(tmpdir(), 'retry-')));
  closing.push(mirror);
  const before = sandbox.stats.requests;
  const out = await syncNotes(
    { start: DAY, end: DAY, mode: 'full', sellerIds: [sellerId] },
    {
      client,
      store: mirror.store,
      sellerIds: sandbox.backend.sellerIds,
      pageIndexBase: sandbox.pageBase,
      signal: new AbortController().signal,
    },
  );
  return { out, sent: sandbox.stats.requests - before };
}

describe('one retry policy at the SOAP client', () => {
  it('allows four sends of a call in all', () => {
    expect(RETRY_POLICY.attempts).toBe(4);
  });

  it.each([
    ['answered HTTP 503 every time (was 15 sends)', { failRate: 1 }, 'HTTP_ERROR'],
    ['answered a Server fault every time (was 5 sends)', { faultRate: 1 }, 'SOAP_FAULT'],
    ['cut short every time (was 5 sends)', { truncateRate: 1 }, 'BAD_RESPONSE'],
  ] as const)('a page %s is sent 4 times, then its day is reported failed', async (_what, faults, code) => {
    const { out, sent } = await syncOneDay({ faults });
    expect(out.failedSlices).toEqual([expect.objectContaining({ day: DAY, code, attempts: 4 })]);
    expect(out.calls).toBe(1);
    expect(sent).toBe(4);
  });

  it('honours the throttling fault: a throttled page is sent 4 times (was 15), then reported THROTTLED', async () => {
    // The sandbox's clock stands still, so once its one request a second is spent, it throttles everything.
    const { out, sent } = await syncOneDay(
      { clock: () => NOW.getTime(), faults: { throttlePerSecond: 1 } },
      true,
    );
    expect(out.failedSlices).toEqual([expect.objectContaining({ day: DAY, code: 'THROTTLED', attempts: 4 })]);
    expect(sent).toBe(4);
  });

  it('does not send again what cannot get better: a refused ticket is sent once', async () => {
    const { sandbox } = await market({});
    const rotation = new TicketRotation(
      createMemoryTicketSink({ authTicket: 'wrong', encryptedTicket: 'wrong', memberTicket: 'wrong' }),
    );
    const refused = createSoapClient(
      { apiBaseUrl: sandbox.baseUrl, suggestBaseUrl: sandbox.baseUrl, ns: sandbox.ns, soapVersion: '1.1' },
      { transport: createTransport(), retry: FAST, tickets: rotation },
    );
    const before = sandbox.stats.requests;
    const err = await refused.market
      .getSohoLookbook({ SellerId: sandbox.backend.sellerIds[0]!, Pagination: { PageIndex: 1, PageSize: 1 } })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ deskCode: 'AUTH_FAILED', attempts: 1 });
    expect(isTransient(err)).toBe(false);
    expect(sandbox.stats.requests - before).toBe(1);
  });

  it('pages that fail now and then still arrive, each within its four sends', async () => {
    // A 30% 503 rate (seeded: the same sends fail every run) fails some sends; every page arrives within its four.
    const { out, sent } = await syncOneDay({ faults: { failRate: 0.3 } });
    expect(out.failedSlices).toEqual([]);
    expect(sent).toBeGreaterThan(out.calls);
    expect(sent).toBeLessThanOrEqual(4 * out.calls);
  });

  it('waits longer after each failed send, within the cap', () => {
    const at = (n: number) => backoffDelay(n, RETRY_POLICY, () => 1);
    expect([at(1), at(2), at(3)]).toEqual([300, 600, 1200]);
    expect(backoffDelay(10, RETRY_POLICY, () => 1)).toBe(RETRY_POLICY.maxDelayMs);
  });
});

describe('a silent marketplace', () => {
  it('a call stops sending again once its timed-out sends add up to its timeout budget', async () => {
    const { sandbox, client } = await market({ faults: { silentRate: 1 } });
    const req = {
      StartDate: `${DAY}T00:00:00`,
      EndDate: `${DAY}T23:59:59`,
      ReplyStatus: 'All' as const,
      SellerID: sandbox.backend.sellerIds[0]!,
      Pagination: { PageIndex: 1, PageSize: 10 },
    };
    let before = sandbox.stats.requests;
    await expect(
      client.market.buyerNoteList(req, { timeoutMs: 200, timeoutBudgetMs: 400 }),
    ).rejects.toMatchObject({ deskCode: 'TIMEOUT', attempts: 2 });
    expect(sandbox.stats.requests - before).toBe(2);
    // Without a budget: the policy's four sends, each waiting out the timeout.
    before = sandbox.stats.requests;
    await expect(client.market.buyerNoteList(req, { timeoutMs: 200 })).rejects.toMatchObject({
      deskCode: 'TIMEOUT',
      attempts: 4,
    });
    expect(sandbox.stats.requests - before).toBe(4);
  });
});
