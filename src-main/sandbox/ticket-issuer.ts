// The sandbox's ticket rules: the documented AuthenticationTicket and MemberTicket; an
// EncryptedTicket that is either the documented initial one or one this server issued within the
// grace window (so concurrent calls that still hold an older ticket keep working). Every API
// response carries a fresh EncryptedTicket.
import { randomFillSync } from 'node:crypto';

export interface SandboxTickets {
  auth: string;
  encrypted: string;
  member: string;
}

export const DEFAULT_TICKETS: SandboxTickets = {
  auth: 'sandbox-auth-ticket',
  encrypted: 'sandbox-encrypted-ticket',
  member: 'sandbox-member-ticket',
};

export type TicketVerdict = { ok: true } | { ok: false; reason: string; subcode: string };

/** Random bytes per ticket. */
const TICKET_RANDOM_BYTES = 9;
/** Tickets' worth of random bytes drawn from the CSPRNG at once. */
const POOL_TICKETS = 512;

export class TicketIssuer {
  /** Issued tickets and when, oldest first (Map keeps insertion order). */
  private readonly issued = new Map<string, number>();
  private counter = 0;
  private readonly pool = Buffer.alloc(TICKET_RANDOM_BYTES * POOL_TICKETS);
  private poolAt = this.pool.length;

  constructor(
    private readonly tickets: SandboxTickets,
    private readonly graceMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  issue(): string {
    const now = this.clock();
    this.prune(now);
    if (this.poolAt === this.pool.length) {
      randomFillSync(this.pool);
      this.poolAt = 0;
    }
    const random = this.pool.toString('base64url', this.poolAt, (this.poolAt += TICKET_RANDOM_BYTES));
    const ticket = `sbx-enc-${(++this.counter).toString(36)}-${random}`;
    this.issued.set(ticket, now);
    return ticket;
  }

  check(
    auth: string | undefined,
    encrypted: string | undefined,
    member?: { required: boolean; value: string | undefined },
  ): TicketVerdict {
    if (auth === undefined || auth === '') {
      return {
        ok: false,
        subcode: 'AuthenticationTicketMissing',
        reason: 'The AuthenticationTicket header is missing.',
      };
    }
    if (auth !== this.tickets.auth) {
      return {
        ok: false,
        subcode: 'AuthenticationTicketInvalid',
        reason: 'The AuthenticationTicket is not valid.',
      };
    }
    if (encrypted === undefined || encrypted === '') {
      return {
        ok: false,
        subcode: 'EncryptedTicketMissing',
        reason: 'The EncryptedTicket header is missing.',
      };
    }
    if (encrypted !== this.tickets.encrypted) {
      const at = this.issued.get(encrypted);
      if (at === undefined) {
        return {
          ok: false,
          subcode: 'EncryptedTicketInvalid',
          reason: 'The EncryptedTicket was not issued by this service.',
        };
      }
      if (this.clock() - at > this.graceMs) {
        return {
          ok: false,
          subcode: 'EncryptedTicketExpired',
          reason: 'The EncryptedTicket has expired; use the one returned with the latest response.',
        };
      }
    }
    if (member?.required) {
      if (member.value === undefined || member.value === '') {
        return { ok: false, subcode: 'MemberTicketMissing', reason: 'req/MemberTicket/Ticket is missing.' };
      }
      if (member.value !== this.tickets.member) {
        return { ok: false, subcode: 'MemberTicketInvalid', reason: 'The MemberTicket is not valid.' };
      }
    }
    return { ok: true };
  }

  private prune(now: number) {
    // Bounded memory under load: forget tickets past the grace window. They were issued in order, so the
    // expired ones are at the front: stop at the first one still valid, which keeps each call O(1) amortized
    // even when thousands of tickets are within the window. (check() still compares each ticket's own age, so a
    // clock that steps back cannot make an expired ticket valid.)
    if (this.issued.size < 4096) return;
    for (const [t, at] of this.issued) {
      if (now - at <= this.graceMs) break;
      this.issued.delete(t);
    }
  }
}
