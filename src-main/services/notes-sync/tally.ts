// What a sync has done so far: progress (told as it changes), failures (each told once certain), the notes it
// wrote, and which days are done. The days phase and the status check write here; syncNotes reads the totals.
import type { FailedSlice, InboxNote, NoteDay, NotesProgressEvent } from '../../contract';
import { errorFields } from '../../soap/errors';
import type { NotesStore } from '../../storage/notes-store';
import { FailureGrouper } from '../../../src-shared/sync-failures';
import { errorCodeOf, errorMessageOf } from '../../../src-shared/thrown';
import { QueryFailed } from './calls';
import type { CatchUp, Slice } from './plan';

export interface TallyOptions {
  store: NotesStore;
  clock: () => number;
  onProgress: ((p: NotesProgressEvent) => void) | undefined;
  /** The newest note the mirror held before this sync (notes newer than it have just arrived). */
  newestBefore: number | undefined;
  /** The days phase's work: a catch-up counts for its newest day. */
  slices: readonly Slice[];
  catchUps: readonly CatchUp[];
}

export class SyncTally {
  readonly progress: NotesProgressEvent;
  readonly failedSlices: FailedSlice[] = [];
  private readonly failureGroups = new FailureGrouper<FailedSlice>();
  /** New notes, waiting for a reply, newer than anything the mirror held before. */
  readonly arrived: number[] = [];
  fetched = 0;
  added = 0;
  notesSaved = 0;
  /** Days whose every slice and catch-up went through. */
  daysDone = 0;
  slicesDone = 0;
  /** A catch-up failed: days the mirror holds may lack new notes, so it does not say it is current. */
  catchUpFailed = false;
  /** Days of the days phase, and per day the slices and catch-ups still running and whether one failed. */
  readonly days: number;
  private readonly pending = new Map<NoteDay, number>();
  private readonly dayFailed = new Set<NoteDay>();
  /** Per seller: days this sync fetched in full or saw fail (the status check leaves them out). */
  private readonly fetchedInFull = new Map<string, Set<NoteDay>>();

  constructor(private readonly opts: TallyOptions) {
    for (const s of opts.slices) this.pending.set(s.day, (this.pending.get(s.day) ?? 0) + 1);
    for (const c of opts.catchUps) this.pending.set(c.to, (this.pending.get(c.to) ?? 0) + 1);
    this.days = this.pending.size;
    this.progress = { phase: 'days', done: 0, total: this.days, notes: 0, failed: 0 };
  }

  emit() {
    this.opts.onProgress?.({
      ...this.progress,
      ...(this.failureGroups.size > 0 ? { failures: this.failureGroups.groups() } : {}),
    });
  }

  /** Days of a seller this sync fetched in full, or saw fail. */
  fetchedDays(sellerId: string): ReadonlySet<NoteDay> {
    return this.fetchedInFull.get(sellerId) ?? new Set<NoteDay>();
  }

  /** A query that failed after its retries: told at once; what it had read is returned. */
  fail(sellerId: string, day: NoteDay, err: unknown, phase: FailedSlice['phase']): InboxNote[] {
    const failure = err instanceof QueryFailed ? err : new QueryFailed(err, 1, 0, []);
    const failed: FailedSlice = {
      sellerId,
      day,
      code: errorCodeOf(failure.cause),
      message: errorMessageOf(failure.cause),
      attempts: failure.attempts,
      pagesFetched: failure.pagesFetched,
      ...(phase ? { phase } : {}),
      ...errorFields(failure.cause),
    };
    this.failedSlices.push(failed);
    this.failureGroups.add(failed);
    if (!phase) this.progress.failed++;
    // Certain now (its retries are spent): the seller hears of it at once, not when the whole sync ends.
    this.emit();
    return failure.got;
  }

  /** Writes a seller-day's notes; `complete`: the whole day, taken as its truth. */
  keep(sellerId: string, day: NoteDay, notes: InboxNote[], complete: boolean) {
    const out = this.opts.store.writeSlice({ sellerId, day, notes, complete }, this.opts.clock());
    this.fetched += notes.length;
    this.notesSaved += notes.length;
    this.added += out.added.length;
    const { newestBefore } = this.opts;
    if (newestBefore !== undefined) {
      for (const w of out.addedWaiting) if (w.at > newestBefore) this.arrived.push(w.seqNo);
    }
    if (complete) this.markFetched(sellerId, day);
  }

  markFetched(sellerId: string, day: NoteDay) {
    let set = this.fetchedInFull.get(sellerId);
    if (!set) this.fetchedInFull.set(sellerId, (set = new Set()));
    set.add(day);
  }

  /** A slice or catch-up that failed after its retries: told, its real notes kept, its day not counted done. */
  failedWork(sellerId: string, day: NoteDay, err: unknown) {
    const got = this.fail(sellerId, day, err, undefined);
    // Real notes, kept; the day is not marked synced, so the next refresh fetches it again.
    if (got.length > 0) this.keep(sellerId, day, got, false);
    this.dayFailed.add(day);
    this.progress.notes += got.length;
    this.finishSliceOf(day);
  }

  /** A slice or catch-up of `day` ended: the day is done when none is left. */
  finishSliceOf(day: NoteDay) {
    const left = this.pending.get(day)! - 1;
    this.pending.set(day, left);
    if (left === 0) {
      this.progress.done++;
      if (!this.dayFailed.has(day)) this.daysDone++;
      this.emit();
    }
  }
}
