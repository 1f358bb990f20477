import { describe, expect, it } from 'vitest';
import { DEFAULT_TICKETS, TicketIssuer } from '../../../src-main/sandbox/ticket-issuer';

const GRACE = 10 * 60_000;

function issuerAt() {
  const clock = { now: 1_000_000 };
  return { clock, issuer: new TicketIssuer(DEFAULT_TICKETS, GRACE, () => clock.now) };
}

const check = (issuer: TicketIssuer, encrypted: string) => issuer.check(DEFAULT_TICKETS.auth, encrypted);

describe('TicketIssuer', () => {
  it('issues distinct tickets with 12 random base64url characters, past many refills of its random pool', () => {
    const { issuer } = issuerAt();
    const tickets = Array.from({ length: 3000 }, () => issuer.issue());
    expect(new Set(tickets).size).toBe(tickets.length);
    for (const t of tickets) expect(t).toMatch(/^sbx-enc-[0-9a-z]+-[A-Za-z0-9_-]{12}$/);
    // The random parts differ too, not only the counter.
    expect(new Set(tickets.map((t) => t.slice(-12))).size).toBe(tickets.length);
  });

  it('accepts its tickets within the grace window and not after', () => {
    const { clock, issuer } = issuerAt();
    const t = issuer.issue();
    clock.now += GRACE;
    expect(check(issuer, t)).toEqual({ ok: true });
    clock.now += 1;
    expect(check(issuer, t)).toMatchObject({ ok: false, subcode: 'EncryptedTicketExpired' });
    expect(check(issuer, 'sbx-enc-1-forged')).toMatchObject({ ok: false, subcode: 'EncryptedTicketInvalid' });
  });

  it('forgets expired tickets under load and keeps the ones still valid', () => {
    const { clock, issuer } = issuerAt();
    const old = Array.from({ length: 5000 }, () => issuer.issue());
    clock.now += GRACE / 2;
    const recent = Array.from({ length: 5000 }, () => issuer.issue());
    // Every ticket is within the window: nothing may be forgotten however many there are.
    expect(old.every((t) => check(issuer, t).ok)).toBe(true);
    clock.now += GRACE / 2 + 1;
    issuer.issue();
    // The first batch is past the window and was pruned (unknown now); the second is still accepted.
    expect(check(issuer, old[0]!)).toMatchObject({ ok: false, subcode: 'EncryptedTicketInvalid' });
    expect(check(issuer, old[old.length - 1]!)).toMatchObject({
      ok: false,
      subcode: 'EncryptedTicketInvalid',
    });
    expect(recent.every((t) => check(issuer, t).ok)).toBe(true);
  });

  it('rejects a ticket past the window even when a clock step kept it in memory', () => {
    const { clock, issuer } = issuerAt();
    const a = issuer.issue();
    clock.now -= 60_000; // the clock steps back: b is recorded as older than a
    const b = issuer.issue();
    clock.now += GRACE + 30_000;
    expect(check(issuer, b)).toMatchObject({ ok: false, subcode: 'EncryptedTicketExpired' });
    expect(check(issuer, a)).toEqual({ ok: true });
  });
});
