import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { DEFAULT_TICKETS } from '../../../src-main/sandbox/ticket-issuer';
import { nsUri } from '../../../src-main/schema';
import { readSecurityHeader } from '../../../src-main/soap/security-header';
import type { RequestTickets } from '../../../src-main/soap/envelope-write';
import { call, sampleRequests, startTestSandbox, ticketsOf, VERSIONS } from './support';
import type { Reply } from './support';

const rotated = (sb: RunningSandbox, reply: Reply) =>
  readSecurityHeader(reply.env?.header, nsUri('security', sb.ns)).encryptedTicket;

describe('documented default tickets', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.close());

  it('are sandbox-auth-ticket, sandbox-encrypted-ticket and sandbox-member-ticket', () => {
    expect(DEFAULT_TICKETS).toEqual({
      auth: 'sandbox-auth-ticket',
      encrypted: 'sandbox-encrypted-ticket',
      member: 'sandbox-member-ticket',
    });
    expect(sb.tickets).toEqual(DEFAULT_TICKETS);
  });

  it.each(VERSIONS)('every API response over SOAP %s carries a fresh EncryptedTicket', async (version) => {
    const seen = new Set<string>([sb.tickets.encrypted]);
    for (const op of ['GetSohoLookbook', 'BuyerNoteList', 'GetSohoLookbook'] as const) {
      const reply = await call(sb, op, sampleRequests(sb)[op] as never, version);
      expect(reply.status).toBe(200);
      const ticket = rotated(sb, reply);
      expect(ticket).toMatch(/^sbx-enc-/);
      expect(seen.has(ticket!)).toBe(false);
      seen.add(ticket!);
    }
  });

  it('suggest responses carry no ticket header', async () => {
    const reply = await call(sb, 'GetSuggestionNotice', {}, '1.1');
    expect(reply.status).toBe(200);
    expect(reply.env?.header).toBeUndefined();
  });

  it('a ticket it issued is accepted, and so is an older one while a newer exists', async () => {
    const first = rotated(sb, await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, '1.2'))!;
    const second = rotated(
      sb,
      await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, '1.2', {
        ...ticketsOf(sb),
        encryptedTicket: first,
      }),
    )!;
    expect(second).not.toBe(first);
    // Concurrent calls may still hold the earlier ticket.
    const again = await call(sb, 'BuyerNoteList', sampleRequests(sb).BuyerNoteList, '1.1', {
      ...ticketsOf(sb),
      encryptedTicket: first,
    });
    expect(again.status).toBe(200);
  });

  it('a ticket issued by another sandbox is not accepted', async () => {
    const other = await startTestSandbox();
    try {
      const foreign = rotated(
        other,
        await call(other, 'GetSohoLookbook', sampleRequests(other).GetSohoLookbook, '1.1'),
      )!;
      const reply = await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, '1.1', {
        ...ticketsOf(sb),
        encryptedTicket: foreign,
      });
      expect(reply.status).toBe(500);
      expect(reply.fault?.subcodes).toEqual(['EncryptedTicketInvalid']);
    } finally {
      await other.close();
    }
  });
});

describe('overridden tickets', () => {
  let sb: RunningSandbox;
  const custom = { auth: 'my-auth', encrypted: 'my-encrypted', member: 'my-member' };
  beforeAll(async () => {
    sb = await startTestSandbox({ tickets: custom });
  });
  afterAll(() => sb.close());

  it('the custom tickets work and the documented defaults no longer do', async () => {
    expect(sb.tickets).toEqual(custom);
    const ok = await call(sb, 'BuyerNoteList', sampleRequests(sb).BuyerNoteList, '1.1');
    expect(ok.status).toBe(200);
    const defaults: RequestTickets = {
      authTicket: DEFAULT_TICKETS.auth,
      encryptedTicket: DEFAULT_TICKETS.encrypted,
      memberTicket: DEFAULT_TICKETS.member,
    };
    const refused = await call(sb, 'BuyerNoteList', sampleRequests(sb).BuyerNoteList, '1.1', defaults);
    expect(refused.fault?.subcodes).toEqual(['AuthenticationTicketInvalid']);
    for (const [key, subcode] of [
      ['encryptedTicket', 'EncryptedTicketInvalid'],
      ['memberTicket', 'MemberTicketInvalid'],
    ] as const) {
      const one = await call(sb, 'BuyerNoteList', sampleRequests(sb).BuyerNoteList, '1.2', {
        ...ticketsOf(sb),
        [key]: defaults[key],
      });
      expect(one.fault?.subcodes).toEqual([subcode]);
    }
  });
});

describe('the grace window', () => {
  let sb: RunningSandbox;
  let now = Date.UTC(2026, 2, 1, 3, 0, 0);
  const GRACE_MS = 60_000;
  beforeAll(async () => {
    sb = await startTestSandbox({ graceMs: GRACE_MS, clock: () => now });
  });
  afterAll(() => sb.close());

  it('an issued ticket works up to the end of the window and is refused after it', async () => {
    const issued = rotated(sb, await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, '1.1'))!;
    const withIssued = { ...ticketsOf(sb), encryptedTicket: issued };

    now += GRACE_MS;
    const atEdge = await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, '1.1', withIssued);
    expect(atEdge.status).toBe(200);

    now += 1;
    for (const version of VERSIONS) {
      const late = await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, version, withIssued);
      expect(late.status).toBe(500);
      expect(late.fault?.subcodes).toEqual(['EncryptedTicketExpired']);
      expect(late.fault?.reason).toBe(
        'The EncryptedTicket has expired; use the one returned with the latest response.',
      );
    }

    // The documented initial ticket does not expire: it is how a caller starts again.
    const restart = await call(sb, 'GetSohoLookbook', sampleRequests(sb).GetSohoLookbook, '1.2');
    expect(restart.status).toBe(200);
  });
});
