// The sandbox over SOAP on a living clock (injected, so the test moves time) and on a fixed one.
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../../src-main/sandbox/backend';
import type { SendNote } from '../../../src-main/sandbox/data/types';
import type { RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/server';
import { decodeResponse } from '../../../src-main/soap/result-read';
import { call, ENCRYPTED_TICKET_VALUE, SEED } from './support';
import { startSandbox } from '../../../src-main/sandbox/server';
import { formatDateTime } from '../../../src-shared/date-time';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-01T12:00:00+09:00');

const started: RunningSandbox[] = [];
afterAll(() => Promise.all(started.map((s) => s.close())));

/** A living sandbox on a clock the test holds. */
async function living(at: number, opts: SandboxOptions = {}) {
  const clock = { now: at };
  const sb = await startSandbox({ port: 0, seed: SEED, notes: 2000, clock: () => clock.now, ...opts });
  started.push(sb);
  return { sb, clock };
}

async function page(
  sb: RunningSandbox,
  range: { start: number; end: number },
  index: number,
  size: number,
  extra: { ReplyStatus?: 'All' | 'NoReply' | 'ReplyComplete'; SellerID?: string } = {},
): Promise<{ notes: SendNote[]; text: string }> {
  const reply = await call(
    sb,
    'BuyerNoteList',
    {
      StartDate: formatDateTime(range.start),
      EndDate: formatDateTime(range.end),
      ...extra,
      Pagination: { PageIndex: index, PageSize: size },
    },
    '1.1',
  );
  expect(reply.status, reply.text).toBe(200);
  return {
    notes: decodeResponse('BuyerNoteList', reply.env!.payload!, sb.ns)?.SendNote ?? [],
    text: reply.text,
  };
}

async function all(sb: RunningSandbox, range: { start: number; end: number }): Promise<SendNote[]> {
  const out: SendNote[] = [];
  for (let i = 1; ; i++) {
    const { notes } = await page(sb, range, i, 500);
    out.push(...notes);
    if (notes.length < 500) return out;
  }
}

const withoutStatus = ({ ReplyStatus: _status, ...rest }: SendNote) => rest;

describe('a living sandbox', () => {
  it('two starts at different clocks give the same notes under the same SeqNos', async () => {
    const { sb: a } = await living(T0);
    const { sb: b } = await living(T0 + 3 * DAY + 5 * HOUR);
    const range = { start: T0 - 30 * DAY, end: T0 + 10 * DAY };
    const early = await all(a, range);
    const late = await all(b, range);
    expect(early.length).toBeGreaterThan(300);
    expect(late.length).toBeGreaterThan(early.length);
    // What the earlier start shows is the start of what the later one shows, apart from answers.
    expect(late.slice(0, early.length).map(withoutStatus)).toEqual(early.map(withoutStatus));
    const answeredSince = early.filter((n, i) => n.ReplyStatus !== late[i]!.ReplyStatus);
    expect(answeredSince.length).toBeGreaterThan(0);
    expect(answeredSince.every((n) => n.ReplyStatus === 'NoReply')).toBe(true);
    // Nothing is shown before its time.
    expect(early.every((n) => Date.parse(n.InsDate!) <= T0)).toBe(true);
  });

  it('as its clock moves, new notes arrive with larger SeqNos and earlier ones only get answered', async () => {
    const { sb, clock } = await living(T0);
    const range = { start: T0 - 14 * DAY, end: T0 + 5 * DAY };
    let before = await all(sb, range);
    let arrived = 0;
    let answered = 0;
    for (let step = 0; step < 8; step++) {
      clock.now += 9 * HOUR;
      const now = await all(sb, range);
      expect(now.slice(0, before.length).map(withoutStatus)).toEqual(before.map(withoutStatus));
      before.forEach((n, i) => {
        if (n.ReplyStatus === 'ReplyComplete') expect(now[i]!.ReplyStatus).toBe('ReplyComplete');
        else if (now[i]!.ReplyStatus === 'ReplyComplete') answered++;
      });
      const fresh = now.slice(before.length);
      expect(
        fresh.every((n) => n.SeqNo! > before.at(-1)!.SeqNo! && Date.parse(n.InsDate!) <= clock.now),
      ).toBe(true);
      arrived += fresh.length;
      before = now;
    }
    expect(arrived).toBeGreaterThan(20);
    expect(answered).toBeGreaterThan(10);
  });

  it('pages stay stable, oldest first, while notes arrive between them', async () => {
    const { sb, clock } = await living(T0);
    const range = { start: T0 - 2 * DAY, end: T0 + 2 * DAY };
    const mine = async () =>
      (await all(sb, range)).filter((n) => n.SellerID === 'gangnam_style').map((n) => n.SeqNo);
    const atFirst = await mine();
    const seen: number[] = [];
    for (let i = 1; ; i++) {
      const { notes } = await page(sb, range, i, 2, { SellerID: 'gangnam_style' });
      seen.push(...notes.map((n) => n.SeqNo!));
      if (notes.length < 2) break;
      clock.now += 90 * 60_000;
    }
    const final = await mine();
    expect(final.length).toBeGreaterThan(atFirst.length + 2);
    // No repeats, no gaps: what paging collected is what the list holds by the end.
    expect(seen).toEqual(final);
  });

  it('reads its clock at every request; a fixed now does not', () => {
    const clock = { now: T0 };
    const moving = createBackend({ seed: SEED, notes: 100, clock: () => clock.now });
    const fixed = createBackend({ seed: SEED, notes: 100, now: new Date(T0), clock: () => clock.now });
    expect(moving.living).toBe(true);
    expect(fixed.living).toBe(false);
    clock.now += DAY;
    expect(moving.now()).toBe(T0 + DAY);
    expect(fixed.now()).toBe(T0);
  });
});

describe('a fixed clock', () => {
  it('answers the same at different wall times and starts: nothing arrives, nothing is answered by itself', async () => {
    const range = { start: T0 - 20 * DAY, end: T0 + 20 * DAY };
    const scrub = (text: string) => text.replace(ENCRYPTED_TICKET_VALUE, '$1…$2');
    const { sb, clock } = await living(T0 - DAY, { now: new Date(T0) });
    const first = await page(sb, range, 1, 500);
    clock.now += 9 * DAY;
    const later = await page(sb, range, 1, 500);
    expect(scrub(later.text)).toBe(scrub(first.text));
    const { sb: other } = await living(T0 + 40 * DAY, { now: new Date(T0) });
    expect(scrub((await page(other, range, 1, 500)).text)).toBe(scrub(first.text));
    expect(first.notes.length).toBeGreaterThan(100);
    expect(first.notes.every((n) => Date.parse(n.InsDate!) <= T0)).toBe(true);
  });
});
