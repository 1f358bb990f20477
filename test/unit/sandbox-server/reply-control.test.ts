// The sandbox's control endpoint answers a note as the marketplace's web console would: from then on every
// answer and every ReplyStatus filter sees it as ReplyComplete, including answers served before from memo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { createSoapClient } from '../../../src-main/soap/client';
import type { SoapClient } from '../../../src-main/soap/client';
import { createMemoryTicketSink, TicketRotation } from '../../../src-main/soap/ticket-rotation';
import { createTransport } from '../../../src-main/soap/transport';
import type { SendNote } from '../../../src-main/schema';
import { rawPost, startTestSandbox } from './support';

let sb: RunningSandbox;
let client: SoapClient;
beforeAll(async () => {
  sb = await startTestSandbox();
  client = createSoapClient(
    { apiBaseUrl: sb.baseUrl, suggestBaseUrl: sb.baseUrl, ns: sb.ns, soapVersion: '1.1' },
    {
      transport: createTransport(),
      tickets: new TicketRotation(
        createMemoryTicketSink({
          authTicket: sb.tickets.auth,
          encryptedTicket: sb.tickets.encrypted,
          memberTicket: sb.tickets.member,
        }),
      ),
    },
  );
});
afterAll(() => sb.close());

const RANGE = { StartDate: '2025-01-01T00:00:00+09:00', EndDate: '2027-01-01T00:00:00+09:00' };

async function list(status: 'All' | 'NoReply' | 'ReplyComplete', sellerId?: string): Promise<SendNote[]> {
  const out: SendNote[] = [];
  for (let page = 1; ; page++) {
    const { data } = await client.market.buyerNoteList({
      ...RANGE,
      ReplyStatus: status,
      ...(sellerId ? { SellerID: sellerId } : {}),
      Pagination: { PageIndex: page, PageSize: 500 },
    });
    const notes = data?.SendNote ?? [];
    out.push(...notes);
    if (notes.length < 500) return out;
  }
}

const reply = (seqNo: number | string) => rawPost(`${sb.baseUrl}/sandbox/notes/${seqNo}/reply`, '', {});

describe('POST /sandbox/notes/{SeqNo}/reply', () => {
  it('answers the note everywhere: All, NoReply and ReplyComplete, per seller and overall', async () => {
    const waiting = await list('NoReply');
    const target = waiting[Math.floor(waiting.length / 2)]!;
    const seller = target.SellerID!;
    // Served once before, so the answer's bytes and the status indexes are already built.
    expect((await list('NoReply', seller)).some((n) => n.SeqNo === target.SeqNo)).toBe(true);

    const res = await reply(target.SeqNo!);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({
      seqNo: target.SeqNo,
      replyStatus: 'ReplyComplete',
    });

    expect((await list('NoReply')).map((n) => n.SeqNo)).toEqual(
      waiting.filter((n) => n.SeqNo !== target.SeqNo).map((n) => n.SeqNo),
    );
    expect((await list('NoReply', seller)).some((n) => n.SeqNo === target.SeqNo)).toBe(false);
    expect((await list('ReplyComplete', seller)).some((n) => n.SeqNo === target.SeqNo)).toBe(true);
    const all = await list('All');
    expect(all.find((n) => n.SeqNo === target.SeqNo)).toEqual({ ...target, ReplyStatus: 'ReplyComplete' });
  });

  it('is idempotent, and 404 for a SeqNo the sandbox does not hold', async () => {
    const done = (await list('ReplyComplete'))[0]!;
    expect((await reply(done.SeqNo!)).status).toBe(200);
    const missing = await reply(99);
    expect(missing.status).toBe(404);
    expect(missing.body.toString('utf8')).toContain('99');
    expect((await reply('x')).status).toBe(404);
  });
});
