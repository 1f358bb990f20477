import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TICKET_MEMORY_MS,
  TicketRotation,
  createMemoryTicketSink,
} from '../../../src-main/soap/ticket-rotation';
import type { TicketSink, Tickets } from '../../../src-main/soap/ticket-rotation';

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A sink whose writes take a random time, recording the order they complete in. */
function slowSink(delays: number[]): TicketSink & { log: number[]; value: () => string | undefined } {
  let tickets: Tickets = { authTicket: 'A', encryptedTicket: 'E0' };
  const log: number[] = [];
  let n = 0;
  return {
    log,
    value: () => tickets.encryptedTicket,
    current: async () => ({ ...tickets }),
    rotate: async (encryptedTicket, issuedAt) => {
      await delay(delays[n++ % delays.length] ?? 0);
      tickets = { ...tickets, encryptedTicket };
      log.push(issuedAt);
    },
  };
}

describe('TicketRotation', () => {
  it('keeps the newest ticket when 20 concurrent responses arrive in random order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 20, maxLength: 20 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 20 }),
        async (responseDelays, writeDelays) => {
          const sink = slowSink(writeDelays);
          const rotation = new TicketRotation(sink);
          await Promise.all(
            responseDelays.map(async (d) => {
              const seq = rotation.begin();
              await delay(d);
              await rotation.apply(seq, `E${seq}`);
            }),
          );
          expect(sink.value()).toBe('E20');
          expect(rotation.appliedSeq).toBe(20);
          // The sink saw only increasing sequence numbers.
          expect([...sink.log].sort((a, b) => a - b)).toEqual(sink.log);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('drops stale, absent and unchanged tickets', async () => {
    const sink = createMemoryTicketSink({ authTicket: 'A', encryptedTicket: 'E0', memberTicket: 'M' });
    const r = new TicketRotation(sink);
    const s1 = r.begin();
    const s2 = r.begin();
    expect(await r.apply(s2, 'E2')).toBe(true);
    expect(await r.apply(s1, 'E1')).toBe(false);
    const s3 = r.begin();
    expect(await r.apply(s3, undefined)).toBe(false);
    const s4 = r.begin();
    expect(await r.apply(s4, 'E2')).toBe(false);
    expect(await sink.current()).toEqual({ authTicket: 'A', encryptedTicket: 'E2', memberTicket: 'M' });
    await expect(r.apply(99, 'X')).rejects.toThrow(RangeError);
  });

  it('surfaces a failed write to its caller without blocking later ones', async () => {
    let fail = true;
    const written: string[] = [];
    const r = new TicketRotation({
      current: async () => ({}),
      rotate: async (t) => {
        if (fail) throw new Error('disk full');
        written.push(t);
      },
    });
    const a = r.begin();
    await expect(r.apply(a, 'E1')).rejects.toThrow('disk full');
    fail = false;
    const b = r.begin();
    // The same ticket again is written: the failed write never stored it.
    expect(await r.apply(b, 'E1')).toBe(true);
    expect(written).toEqual(['E1']);
  });

  it('the memory sink returns copies', async () => {
    const sink = createMemoryTicketSink({ encryptedTicket: 'E' });
    const t = await sink.current();
    t.encryptedTicket = 'mutated';
    expect((await sink.current()).encryptedTicket).toBe('E');
    await sink.rotate('F', 1);
    expect((await sink.current()).encryptedTicket).toBe('F');
  });
});

describe('the tickets a connection remembers', () => {
  /** A connection that has made `calls` calls, each sending the last ticket and handed a new one. */
  async function connection(calls: number, clock: () => number, opts = {}) {
    const r = new TicketRotation(createMemoryTicketSink(), { clock, ...opts });
    const issued: string[] = [];
    for (let i = 0; i < calls; i++) {
      r.remember('auth-ticket-1', issued.at(-1) ?? 'enc-initial-0', 'member-ticket-1');
      const seq = r.begin();
      issued.push(`enc-${i}-${(i * 7919).toString(36)}`);
      await r.apply(seq, issued.at(-1));
    }
    return { r, issued };
  }

  it('keeps every EncryptedTicket of the memory window, the one sent 40 calls ago too', async () => {
    const { r, issued } = await connection(40, () => 0);
    expect(r.secrets.has('enc-initial-0')).toBe(true);
    for (const t of issued) expect(r.secrets.has(t)).toBe(true);
    expect(r.secrets.has('auth-ticket-1')).toBe(true);
    expect(r.secrets.size).toBe(43);
  });

  it('forgets a ticket unseen for longer than the window, and the oldest past the cap', async () => {
    let now = 0;
    const { r, issued } = await connection(3, () => now);
    now = TICKET_MEMORY_MS;
    expect(r.secrets.size).toBe(6);
    now = TICKET_MEMORY_MS + 1;
    expect(r.secrets.size).toBe(0);
    r.remember(issued[0]);
    expect(r.secrets.values()).toEqual([issued[0]]);

    const capped = await connection(10, () => 0, { cap: 5 });
    const [, , , , , , , i7, i8, i9] = capped.issued;
    // The five seen last: the three sent with the tenth call and the ticket it was handed, the one before.
    expect(capped.r.secrets.values().sort()).toEqual(['auth-ticket-1', 'member-ticket-1', i7, i8, i9].sort());
  });
});
