// A store that writes through to a second sink: the team's caller keeps its own copy (the local store, which the
// sync reads) and sends every write of the sync to the team database as well, in the order they were made here.
// The sync does not wait for each: settled() waits for them all, and rejects with the first failure (nothing after
// it is sent, so the team database never holds a later slice without an earlier one it failed to take). The writes
// made while the team database takes one batch go together as the next (one transaction there, at most
// BATCH_NOTES notes or BATCH_WRITES writes): a transaction costs the database more than a slice's rows do.
//
// The days the sync treats as held are those both copies hold (the local copy's, narrowed to the team database's
// synced days read when the sync started, plus the days this store has sent since): a day whose slice the team
// database never took (it refused a write, or was restarted mid-sync) is fetched again by the next sync, even
// though the caller's own copy has it.
//
// The sync waits for the team database when it is too far behind (caughtUp: more than MAX_PENDING_NOTES notes, or
// MAX_PENDING_WRITES writes, sent and not yet in): each queued write holds its slice's notes, and a sync that ran
// ahead of PostgreSQL held the whole sync's notes in memory until the end.
import type {
  NotesStore,
  NotesStoreStatus,
  SettlingStore,
  SharedNotesSink,
  SinkWrite,
  SliceWrite,
  WriteOutcome,
} from './notes-store';
import type { InboxNote, NoteDay, NotesLastSync } from '../contract';

/** Notes sent to the sink and not yet in, past which the sync waits (a 1,000,000-note sync: about 5 slices). */
const MAX_PENDING_NOTES = 10_000;
/** Writes sent to the sink and not yet in, past which the sync waits (small slices: each a transaction there). */
const MAX_PENDING_WRITES = 64;

/** The most notes and writes sent in one transaction (a batch is cut before the write that would pass either). */
const BATCH_NOTES = 5_000;
const BATCH_WRITES = 32;

export interface PendingBound {
  notes: number;
  writes: number;
}

export class SharedWritesStore implements SettlingStore {
  /** Made here and not yet sent, oldest first, with their notes' number. */
  private readonly queue: { write: SinkWrite; notes: number }[] = [];
  /** The batches' loop while it runs (undefined: nothing queued or on its way). */
  private draining: Promise<void> | undefined;
  private failure: unknown;
  private failed = false;
  /** Made and not yet in (or dropped after a failure). */
  private readonly pending = { notes: 0, writes: 0 };
  /** Syncs waiting in caughtUp() for the pending writes to come back within the bound. */
  private waiters: (() => void)[] = [];

  /** Seller-days this store has sent whole to the sink (sent, not yet confirmed: settled() says that). */
  private readonly sentDays = new Set<string>();

  /** `sharedDays`: the seller-days the sink's side holds as synced (undefined: trust the local copy's). */
  constructor(
    private readonly local: NotesStore,
    private readonly sink: SharedNotesSink,
    private readonly sharedDays?: ReadonlyMap<string, ReadonlySet<NoteDay>>,
    private readonly bound: PendingBound = { notes: MAX_PENDING_NOTES, writes: MAX_PENDING_WRITES },
  ) {}

  get file(): string {
    return this.local.file;
  }

  /** Queues one write of `notes` notes to the sink; after a failure nothing more is sent. */
  private send(write: SinkWrite, notes: number): void {
    if (this.failed) return;
    this.pending.notes += notes;
    this.pending.writes++;
    this.queue.push({ write, notes });
    this.draining ??= this.drain();
  }

  /**
   * Sends the queue in batches, one transaction each, until it is empty (after a failure, it empties it). It says
   * it has ended in the same turn as it finds the queue empty: a write made after that starts the loop again.
   */
  private async drain(): Promise<void> {
    // Writes made in this turn of the event loop join the first batch.
    await Promise.resolve();
    while (this.queue.length > 0) {
      let notes = 0;
      let count = 0;
      while (
        count < this.queue.length &&
        count < BATCH_WRITES &&
        (count === 0 || notes + this.queue[count]!.notes <= BATCH_NOTES)
      ) {
        notes += this.queue[count]!.notes;
        count++;
      }
      const batch = this.queue.splice(0, count);
      try {
        await this.sink.write(batch.map((b) => b.write));
      } catch (err) {
        this.failed = true;
        this.failure = err;
        batch.push(...this.queue.splice(0));
      } finally {
        for (const b of batch) {
          this.pending.notes -= b.notes;
          this.pending.writes--;
        }
        if (!this.behind()) for (const wake of this.waiters.splice(0)) wake();
      }
    }
    this.draining = undefined;
  }

  private behind(): boolean {
    return this.pending.notes > this.bound.notes || this.pending.writes > this.bound.writes;
  }

  async settled(): Promise<void> {
    while (this.draining) await this.draining;
    if (this.failed) throw this.failure;
  }

  caughtUp(): Promise<void> {
    if (!this.behind()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  writeSlice(slice: SliceWrite, nowMs: number): WriteOutcome {
    const out = this.local.writeSlice(slice, nowMs);
    if (slice.complete) this.sentDays.add(`${slice.sellerId} ${slice.day}`);
    this.send({ kind: 'slice', slice, nowMs }, slice.notes.length);
    return out;
  }

  writeNotes(notes: readonly InboxNote[]): WriteOutcome {
    const out = this.local.writeNotes(notes);
    this.send({ kind: 'notes', notes }, notes.length);
    return out;
  }

  recordSync(lastSync: NotesLastSync, asOf: number | undefined): void {
    this.local.recordSync(lastSync, asOf);
    this.send({ kind: 'sync', lastSync, asOf }, 0);
  }

  // ---- everything else is the local store's ----
  period: NotesStore['period'] = (...a) => this.local.period(...a);
  lookup: NotesStore['lookup'] = (q) => this.local.lookup(q);
  count: NotesStore['count'] = (q) => this.local.count(q);
  waitingOutside: NotesStore['waitingOutside'] = (q) => this.local.waitingOutside(q);
  waiting: NotesStore['waiting'] = (ms) => this.local.waiting(ms);
  notesBySeq: NotesStore['notesBySeq'] = (s) => this.local.notesBySeq(s);
  iterateNotes: NotesStore['iterateNotes'] = (r) => this.local.iterateNotes(r);
  status = (): NotesStoreStatus => this.local.status();
  lastSync: NotesStore['lastSync'] = () => this.local.lastSync();
  asOf: NotesStore['asOf'] = () => this.local.asOf();
  marks: NotesStore['marks'] = () => this.local.marks();
  setMark: NotesStore['setMark'] = (...a) => this.local.setMark(...a);
  dismissNotice: NotesStore['dismissNotice'] = (id) => this.local.dismissNotice(id);
  coveredDays(sellerId: string): Set<NoteDay> {
    const local = this.local.coveredDays(sellerId);
    if (!this.sharedDays) return local;
    const shared = this.sharedDays.get(sellerId);
    return new Set(
      [...local].filter((d) => shared?.has(d) === true || this.sentDays.has(`${sellerId} ${d}`)),
    );
  }
  heldRange: NotesStore['heldRange'] = (s) => this.local.heldRange(s);
  // The reply-time observations stay local: the team database holds no observation yet.
  recordChecked: NotesStore['recordChecked'] = (...a) => this.local.recordChecked(...a);
  recordAnswerOpened: NotesStore['recordAnswerOpened'] = (...a) => this.local.recordAnswerOpened(...a);
  get insights(): NotesStore['insights'] {
    return this.local.insights;
  }
  newestAt: NotesStore['newestAt'] = () => this.local.newestAt();
  newestNoteAt: NotesStore['newestNoteAt'] = (...a) => this.local.newestNoteAt(...a);
  waitingNotes: NotesStore['waitingNotes'] = (...a) => this.local.waitingNotes(...a);
}
