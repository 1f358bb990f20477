// The marketplace returns an EncryptedTicket with every response, and the caller sends the latest one next time.
// Requests overlap, and their responses arrive in any order: applying every returned ticket as it arrives would
// let a slow response to an old request overwrite the ticket from a newer one. TicketRotation numbers requests
// when they are sent and applies a returned ticket only when its request is newer than the last one applied.
import { SecretSet } from './secret-set';

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

/**
 * How long a ticket is remembered after it was last sent or received. The server accepts an EncryptedTicket for
 * a grace window after it issued it (10 minutes on the sandbox) and may quote any ticket it accepted: three times
 * that, with room for a server whose window is longer.
 */
export const TICKET_MEMORY_MS = 30 * 60 * 1000;
/** Tickets remembered at most, far above what a sync sends in TICKET_MEMORY_MS; the oldest go first. */
const TICKET_MEMORY_CAP = 100_000;

export interface TicketMemoryOptions {
  /** How long a ticket is remembered after it was last seen (default TICKET_MEMORY_MS). */
  memoryMs?: number;
  /** How many tickets are remembered at most (default TICKET_MEMORY_CAP). */
  cap?: number;
  clock?: () => number;
}

export class TicketRotation {
  private seq = 0;
  private lastApplied = 0;
  private lastTicket: string | undefined;
  // Writes reach the sink one at a time and in increasing sequence order, so an async sink (a vault writing a
  // file) cannot finish an older write after a newer one.
  private writes: Promise<void> = Promise.resolve();
  // Every ticket this connection has sent or been handed within the memory window, and when it was last seen,
  // oldest first (a Map keeps insertion order; a ticket seen again moves to the end). A server may echo any of
  // them, in either service's responses, in any spelling, and each is scrubbed from whatever comes back.
  private readonly seen = new Map<string, number>();
  private readonly set = new SecretSet();
  private readonly memoryMs: number;
  private readonly cap: number;
  private readonly clock: () => number;

  constructor(
    readonly sink: TicketSink,
    opts: TicketMemoryOptions = {},
  ) {
    this.memoryMs = opts.memoryMs ?? TICKET_MEMORY_MS;
    this.cap = opts.cap ?? TICKET_MEMORY_CAP;
    this.clock = opts.clock ?? Date.now;
  }

  /** Keeps tickets as secrets to scrub from responses; the client passes those it sends. */
  remember(...tickets: (string | undefined)[]): void {
    const now = this.clock();
    for (const t of tickets) {
      if (!t) continue;
      if (this.seen.has(t)) this.seen.delete(t);
      else this.set.add(t);
      this.seen.set(t, now);
    }
    this.forget(now);
  }

  /** Drops tickets unseen for longer than the window, then the oldest past the cap: O(1) amortized. */
  private forget(now: number): void {
    for (const [t, at] of this.seen) {
      if (now - at <= this.memoryMs && this.seen.size <= this.cap) break;
      this.seen.delete(t);
      this.set.delete(t);
    }
  }

  /** The tickets to scrub from any response of this connection (kept up to date, not a copy). */
  get secrets(): SecretSet {
    this.forget(this.clock());
    return this.set;
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
