// A store that writes through to a second sink: the team's caller keeps its own copy (the local store, which the
// sync reads) and sends every write of the sync to the team database as well, one transaction there per write,
// in the order they were made here. The sync does not wait for each: settled() waits for them all, and rejects
// with the first failure (nothing after it is sent, so the team database never holds a later slice without an
// earlier one it failed to take).
import type {
  NotesStore,
  NotesStoreStatus,
  SettlingStore,
  SharedNotesSink,
  SliceWrite,
  WriteOutcome,
} from './notes-store';
import type { InboxNote, NoteDay, NotesLastSync } from '../contract';

export class SharedWritesStore implements SettlingStore {
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown;
  private failed = false;

  /**
   * `sharedCovered`: the days the shared store holds whole, per seller, as it said when the sync began. The sync
   * plans from the days both hold: a day this copy took but the shared store refused (or never got: the
   * caller died first) is fetched again, so it cannot stay missing there.
   */
  constructor(
    private readonly local: NotesStore,
    private readonly sink: SharedNotesSink,
    private readonly sharedCovered?: ReadonlyMap<string, ReadonlySet<NoteDay>>,
  ) {}

  get file(): string {
    return this.local.file;
  }

  /** Queues one write to the sink; after a failure nothing more is sent. */
  private send(write: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.failed) return;
      try {
        await write();
      } catch (err) {
        this.failed = true;
        this.failure = err;
      }
    });
  }

  async settled(): Promise<void> {
    await this.chain;
    if (this.failed) throw this.failure;
  }

  writeSlice(slice: SliceWrite, nowMs: number): WriteOutcome {
    const out = this.local.writeSlice(slice, nowMs);
    this.send(() => this.sink.writeSlice(slice, nowMs));
    return out;
  }

  writeNotes(notes: readonly InboxNote[]): WriteOutcome {
    const out = this.local.writeNotes(notes);
    this.send(() => this.sink.writeNotes(notes));
    return out;
  }

  recordSync(lastSync: NotesLastSync, asOf: number | undefined): void {
    this.local.recordSync(lastSync, asOf);
    this.send(() => this.sink.recordSync(lastSync, asOf));
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
  coveredDays: NotesStore['coveredDays'] = (s) => {
    const mine = this.local.coveredDays(s);
    if (!this.sharedCovered) return mine;
    const shared = this.sharedCovered.get(s);
    return new Set([...mine].filter((d) => shared?.has(d) === true));
  };
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
