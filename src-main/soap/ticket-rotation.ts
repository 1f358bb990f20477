// The marketplace returns an EncryptedTicket with every response, and the caller sends the latest one next time.
// Requests overlap, and their responses arrive in any order: applying every returned ticket as it arrives would
// let a slow response to an old request overwrite the ticket from a newer one. TicketRotation numbers requests
// when they are sent and applies a returned ticket only when its request is newer than the last one applied.

export interface Tickets {
  authTicket?: string;
  encryptedTicket?: string;
  memberTicket?: string;
}

/**
 * Where tickets live. The client reads `current()` when it builds a request and calls `rotate()` (through
 * TicketRotation, which already drops stale tickets and serializes calls) when a response carries a new
 * EncryptedTicket. Implementations over the encrypted vault only need to persist; `issuedAt` is the request's
 * sequence number from `TicketRotation.begin()`, passed along for logging or cross-process checks.
 */
export interface TicketSink {
  current(): Promise<Tickets>;
  rotate(encryptedTicket: string, issuedAt: number): Promise<void>;
}

/** A sink kept in memory (tests, the sandbox, the command line without a vault). */
export function createMemoryTicketSink(initial: Tickets = {}): TicketSink {
  let tickets: Tickets = { ...initial };
  return {
    current: () => Promise.resolve({ ...tickets }),
    rotate: (encryptedTicket) => {
      tickets = { ...tickets, encryptedTicket };
      return Promise.resolve();
    },
  };
}

// Rotations since the app started, and the three tickets themselves: enough for any echo a server could hold.
const MAX_REMEMBERED = 32;

export class TicketRotation {
  private seq = 0;
  private lastApplied = 0;
  private lastTicket: string | undefined;
  // Writes reach the sink one at a time and in increasing sequence order, so an async sink (a vault writing a
  // file) cannot finish an older write after a newer one.
  private writes: Promise<void> = Promise.resolve();
  // Every ticket this connection has sent or been handed, newest last (a bounded few): a server may echo any of
  // them, in either service's responses, and each is scrubbed from whatever comes back.
  private seen: string[] = [];

  constructor(readonly sink: TicketSink) {}

  /** Keeps tickets as secrets to scrub from responses; the client passes those it sends. */
  remember(...tickets: (string | undefined)[]): void {
    for (const t of tickets) {
      if (!t || this.seen.includes(t)) continue;
      this.seen.push(t);
      if (this.seen.length > MAX_REMEMBERED) this.seen.shift();
    }
  }

  /** The tickets to scrub from any response of this connection. */
  get secrets(): readonly string[] {
    return this.seen;
  }

  /** Call when sending a request; returns its sequence number (1, 2, 3…). */
  begin(): number {
    return ++this.seq;
  }

  /**
   * Call with the response's EncryptedTicket (or undefined when it carried none). Resolves true when the ticket
   * was written, false when it was stale, absent or unchanged; rejects when the sink fails to write.
   */
  apply(seq: number, encryptedTicket: string | undefined): Promise<boolean> {
    if (!Number.isInteger(seq) || seq < 1 || seq > this.seq) {
      return Promise.reject(new RangeError(`Sequence ${seq} was not handed out by begin()`));
    }
    this.remember(encryptedTicket);
    if (!encryptedTicket || seq <= this.lastApplied) return Promise.resolve(false);
    this.lastApplied = seq;
    if (encryptedTicket === this.lastTicket) return Promise.resolve(false);
    this.lastTicket = encryptedTicket;
    const write = this.writes.then(() => this.sink.rotate(encryptedTicket, seq));
    // A failed write must not block the ones after it; its own caller still sees the failure, and the same
    // ticket arriving again is written rather than skipped as unchanged.
    this.writes = write.catch(() => {
      if (this.lastTicket === encryptedTicket) this.lastTicket = undefined;
    });
    return write.then(() => true);
  }

  /** The sequence of the newest request whose ticket was applied (0 before any). */
  get appliedSeq(): number {
    return this.lastApplied;
  }
}
