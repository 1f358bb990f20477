// POST /sandbox/notes/{SeqNo}/reply over real HTTP, and what BuyerNoteList answers after it.
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback, parseSeqNo } from '../../../src-main/sandbox/control';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import type { ReplyStatusFilter, SendNote } from '../../../src-main/sandbox/data/types';
import { decodeResponse } from '../../../src-main/soap/result-read';
import { call, NOW, startTestSandbox } from './support';
import { formatDateTime } from '../../../src-shared/date-time';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown>;
}

/** One HTTP exchange on a connection of its own. */
function send(url: string, method = 'POST', headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const replyUrl = (sb: RunningSandbox, seqNo: number | string) => `${sb.baseUrl}/sandbox/notes/${seqNo}/reply`;
const RANGE = { StartDate: '2026-02-01T00:00:00+09:00', EndDate: '2026-03-01T23:59:59+09:00' };

/** Every page of BuyerNoteList for the range, through SOAP, `size` notes a page. */
async function listed(sb: RunningSandbox, replyStatus: ReplyStatusFilter, size = 500): Promise<SendNote[][]> {
  const pages: SendNote[][] = [];
  for (let index = sb.pageBase; ; index++) {
    const reply = await call(
      sb,
      'BuyerNoteList',
      { ...RANGE, ReplyStatus: replyStatus, Pagination: { PageIndex: index, PageSize: size } },
      '1.1',
    );
    expect(reply.status, reply.text).toBe(200);
    const page = decodeResponse('BuyerNoteList', reply.env!.payload!, sb.ns)?.SendNote ?? [];
    pages.push(page);
    if (page.length < size) return pages;
  }
}

describe('POST /sandbox/notes/{SeqNo}/reply on a fixed clock', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    // Enough notes that the month still holds a few dozen waiting ones, most notes being answered within days.
    sb = await startTestSandbox({ notes: 5000 });
  });
  afterAll(() => sb.close());

  it('answers the note: 200 with its SeqNo, ReplyComplete and the moment, then everywhere in BuyerNoteList', async () => {
    const waiting = (await listed(sb, 'NoReply')).flat();
    expect(waiting.length).toBeGreaterThan(20);
    const target = waiting[Math.floor(waiting.length / 2)]!;

    const answer = await send(replyUrl(sb, target.SeqNo!));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json).toEqual({
      seqNo: target.SeqNo,
      replyStatus: 'ReplyComplete',
      answeredAt: formatDateTime(NOW.getTime()),
    });

    const seqs = (pages: SendNote[][]) => pages.flat().map((n) => n.SeqNo);
    expect(seqs(await listed(sb, 'NoReply'))).not.toContain(target.SeqNo);
    expect(seqs(await listed(sb, 'NoReply'))).toHaveLength(waiting.length - 1);
    expect(seqs(await listed(sb, 'ReplyComplete'))).toContain(target.SeqNo);
    // Every page size puts it on some page, and wherever it is, it is answered.
    for (const size of [1, 7, 100]) {
      const pages = await listed(sb, 'All', size);
      const found = pages.flat().filter((n) => n.SeqNo === target.SeqNo);
      expect(found).toHaveLength(1);
      expect(found[0]!.ReplyStatus).toBe('ReplyComplete');
      expect(withStatus(found[0]!, target.ReplyStatus)).toEqual(target);
    }
    // Seller, order and item filters agree.
    const bySeller = await call(
      sb,
      'BuyerNoteList',
      {
        ...RANGE,
        SellerID: target.SellerID!,
        ItemNo: target.ItemNo!,
        Pagination: { PageIndex: 1, PageSize: 500 },
      },
      '1.2',
    );
    const sellerNotes = decodeResponse('BuyerNoteList', bySeller.env!.payload!, sb.ns)?.SendNote ?? [];
    expect(sellerNotes.find((n) => n.SeqNo === target.SeqNo)?.ReplyStatus).toBe('ReplyComplete');
  });

  it('is idempotent: answering an answered note is 200 with the moment it was answered', async () => {
    const [done] = (await listed(sb, 'ReplyComplete')).flat();
    const first = await send(replyUrl(sb, done!.SeqNo!));
    const again = await send(replyUrl(sb, done!.SeqNo!));
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, json: first.json });
    expect(Date.parse(first.json['answeredAt'] as string)).toBeLessThanOrEqual(NOW.getTime());
  });

  it('404 for a SeqNo that names no note', async () => {
    const all = (await listed(sb, 'All')).flat();
    const taken = new Set(all.map((n) => n.SeqNo));
    const gap = all.map((n) => n.SeqNo! + 1).find((s) => !taken.has(s))!;
    for (const seqNo of [gap, 0, -3, 1, 2_147_483_647]) {
      const answer = await send(replyUrl(sb, seqNo));
      expect(answer.status, String(seqNo)).toBe(404);
      expect(answer.json).toMatchObject({ seqNo });
      expect(answer.json['error']).toContain(String(seqNo));
    }
  });

  it('400 for a SeqNo that is not an xsd:int', async () => {
    for (const raw of ['abc', '1.5', '12e3', '99999999999', '%20', '0x10']) {
      const answer = await send(replyUrl(sb, raw));
      expect(answer.status, raw).toBe(400);
      expect(answer.json['error']).toMatch(/SeqNo must be a whole number/);
    }
  });

  it('405 with Allow: POST for any other method', async () => {
    const [note] = (await listed(sb, 'NoReply')).flat();
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await send(replyUrl(sb, note!.SeqNo!), method);
      expect(answer.status, method).toBe(405);
      expect(answer.headers['allow']).toBe('POST');
    }
    // Nothing was answered by those.
    expect((await listed(sb, 'NoReply')).flat().map((n) => n.SeqNo)).toContain(note!.SeqNo);
  });

  it('403 for a page of another site, 404 for a control route that does not exist', async () => {
    const [note] = (await listed(sb, 'NoReply')).flat();
    const crossSite = await send(replyUrl(sb, note!.SeqNo!), 'POST', { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await listed(sb, 'NoReply')).flat().map((n) => n.SeqNo)).toContain(note!.SeqNo);
    const sameSite = await send(replyUrl(sb, note!.SeqNo!), 'POST', { origin: sb.baseUrl });
    expect(sameSite.status).toBe(200);
    const unknown = await send(`${sb.baseUrl}/sandbox/notes`);
    expect(unknown.status).toBe(404);
    expect(unknown.json['error']).toContain('POST /sandbox/notes/{SeqNo}/reply');
  });
});

/** An address of this machine that is not loopback, if it has one. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;

describe('only loopback peers', () => {
  it.skipIf(external === undefined)(
    '403 from another address even when listening on 0.0.0.0, and the note stays unanswered',
    async () => {
      const sb = await startTestSandbox({ host: '0.0.0.0' });
      try {
        const port = new URL(sb.baseUrl).port;
        const [note] = (await listed(sb, 'NoReply')).flat();
        const outside = await send(`http://${external}:${port}/sandbox/notes/${note!.SeqNo}/reply`);
        expect(outside.status).toBe(403);
        expect(outside.json['error']).toContain(external);
        expect((await listed(sb, 'NoReply')).flat().map((n) => n.SeqNo)).toContain(note!.SeqNo);
        // The same request from loopback is answered.
        expect((await send(`http://127.0.0.1:${port}/sandbox/notes/${note!.SeqNo}/reply`)).status).toBe(200);
      } finally {
        await sb.close();
      }
    },
  );

  it('knows loopback in IPv4, IPv6 and IPv4 mapped into IPv6', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(a), a).toBe(true);
    for (const a of ['192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fe80::1', '1127.0.0.1', undefined])
      expect(isLoopback(a), String(a)).toBe(false);
  });

  it('reads a SeqNo as an xsd:int', () => {
    expect(parseSeqNo('125850003')).toBe(125850003);
    expect(parseSeqNo('-5')).toBe(-5);
    expect(parseSeqNo('+7')).toBe(7);
    expect(parseSeqNo('2147483647')).toBe(2147483647);
    expect(parseSeqNo('2147483648')).toBeUndefined();
    expect(parseSeqNo('')).toBeUndefined();
    expect(parseSeqNo('%E0%A4%A')).toBeUndefined();
  });
});

describe('on a living clock', () => {
  let clock = Date.parse('2026-03-01T12:00:00+09:00');
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ now: undefined, clock: () => clock });
  });
  afterAll(() => sb.close());

  const today = async () => {
    const reply = await call(
      sb,
      'BuyerNoteList',
      {
        StartDate: '2026-03-01T00:00:00+09:00',
        EndDate: '2026-03-02T23:59:59+09:00',
        Pagination: { PageIndex: 1, PageSize: 500 },
      },
      '1.1',
    );
    return decodeResponse('BuyerNoteList', reply.env!.payload!, sb.ns)?.SendNote ?? [];
  };

  it('404 for a note whose time has not come, 200 once it has arrived, answered at the clock', async () => {
    const before = await today();
    clock += 12 * 3_600_000;
    const later = await today();
    const arriving = later.find((n) => !before.some((b) => b.SeqNo === n.SeqNo))!;
    expect(arriving).toBeDefined();
    clock -= 12 * 3_600_000;
    expect((await send(replyUrl(sb, arriving.SeqNo!))).status).toBe(404);
    clock = Date.parse(arriving.InsDate!) + 60_000;
    const answer = await send(replyUrl(sb, arriving.SeqNo!));
    expect(answer.json).toEqual({
      seqNo: arriving.SeqNo,
      replyStatus: 'ReplyComplete',
      answeredAt: formatDateTime(clock),
    });
    // Still answered, and at that moment, as the clock moves on.
    clock += 3 * 86_400_000;
    expect((await today()).find((n) => n.SeqNo === arriving.SeqNo)?.ReplyStatus).toBe('ReplyComplete');
    expect((await send(replyUrl(sb, arriving.SeqNo!))).json).toEqual(answer.json);
  });
});

function withStatus(note: SendNote, status: SendNote['ReplyStatus']): SendNote {
  return { ...note, ReplyStatus: status };
}
