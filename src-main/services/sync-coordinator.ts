// One sync per mirror at a time. A request for a mirror whose sync runs and already covers it (same sellers or
// more, the same days or more, a full sync for a full request) attaches to that sync: the same outcome, the same
// progress, the same Cancel. Anything else waits for it and runs next; requests arriving meanwhile that the waiting
// one covers attach to that. Leaving the inbox and coming back, or a second window, never starts a second sync
// of the same mirror.
//
// A caller that goes away (its call aborted) only stops waiting; the sync itself stops on cancel().
import type { EventName, Events, NotesProgressEvent, NotesSyncRequest } from '../contract';
import type { SyncOutcome } from './notes-sync';

type Emit = <E extends EventName>(event: E, payload: Events[E]) => void;

export interface SyncRun {
  signal: AbortSignal;
  /** Sends an event to every caller attached to this sync (once per distinct emitter). */
  emit: Emit;
}

interface Job {
  req: NotesSyncRequest;
  controller: AbortController;
  emitters: Set<Emit>;
  progress?: NotesProgressEvent;
  startedAt?: number;
  promise: Promise<SyncOutcome>;
}

export interface SyncState {
  running: boolean;
  request?: NotesSyncRequest;
  progress?: NotesProgressEvent;
  startedAt?: number;
  /** Another sync of this mirror waits to run after this one. */
  queued: boolean;
}

export interface SyncCoordinator {
  /** Runs `work` for `mirror`, or attaches to the sync that already does what `req` asks. */
  run(
    mirror: string,
    req: NotesSyncRequest,
    emit: Emit,
    work: (run: SyncRun) => Promise<SyncOutcome>,
  ): Promise<SyncOutcome>;
  state(mirror: string): SyncState;
  /** Cancels the running sync of `mirror` and any waiting after it; whether there was one. */
  cancel(mirror: string): boolean;
  /** Cancels every sync (the app is quitting). */
  cancelAll(): void;
  /** Resolves when no sync runs or waits. */
  idle(): Promise<void>;
}

/** Whether a sync of `have` does everything a sync of `want` would. */
export function covers(have: NotesSyncRequest, want: NotesSyncRequest): boolean {
  const sellers = (r: NotesSyncRequest) => (r.sellerIds && r.sellerIds.length > 0 ? r.sellerIds : undefined);
  const haveSellers = sellers(have);
  const wantSellers = sellers(want);
  const sellersOk =
    haveSellers === undefined ||
    (wantSellers !== undefined && wantSellers.every((s) => haveSellers.includes(s)));
  return (
    sellersOk &&
    have.start <= want.start &&
    have.end >= want.end &&
    (have.mode === 'full' || want.mode === 'refresh')
  );
}

export function createSyncCoordinator(now: () => number = Date.now): SyncCoordinator {
  const running = new Map<string, Job>();
  const waiting = new Map<string, Job[]>();
  // The tail of each mirror's chain: the next job starts when it settles.
  const tails = new Map<string, Promise<unknown>>();

  function fanOut(job: Job): Emit {
    return (event, payload) => {
      if (event === 'notes.progress') job.progress = payload as NotesProgressEvent;
      for (const e of job.emitters) e(event, payload);
    };
  }

  return {
    run(mirror, req, emit, work) {
      for (const job of [running.get(mirror), ...(waiting.get(mirror) ?? [])]) {
        if (job && covers(job.req, req)) {
          job.emitters.add(emit);
          return job.promise;
        }
      }
      const controller = new AbortController();
      const job = { req, controller, emitters: new Set([emit]) } as Job;
      const queue = waiting.get(mirror) ?? [];
      waiting.set(mirror, [...queue, job]);
      const before = tails.get(mirror) ?? Promise.resolve();
      job.promise = before.then(async () => {
        waiting.set(
          mirror,
          (waiting.get(mirror) ?? []).filter((j) => j !== job),
        );
        running.set(mirror, job);
        job.startedAt = now();
        try {
          return await work({ signal: controller.signal, emit: fanOut(job) });
        } finally {
          if (running.get(mirror) === job) running.delete(mirror);
        }
      });
      const tail = job.promise.catch(() => {});
      tails.set(mirror, tail);
      void tail.then(() => {
        if (tails.get(mirror) === tail) tails.delete(mirror);
      });
      return job.promise;
    },

    state(mirror) {
      const job = running.get(mirror);
      const state: SyncState = { running: job !== undefined, queued: (waiting.get(mirror) ?? []).length > 0 };
      if (job) {
        state.request = job.req;
        if (job.progress) state.progress = job.progress;
        if (job.startedAt !== undefined) state.startedAt = job.startedAt;
      }
      return state;
    },

    cancel(mirror) {
      const jobs = [running.get(mirror), ...(waiting.get(mirror) ?? [])].filter((j) => j !== undefined);
      for (const j of jobs) j.controller.abort();
      return jobs.length > 0;
    },

    cancelAll() {
      for (const j of [...running.values(), ...[...waiting.values()].flat()]) j.controller.abort();
    },

    async idle() {
      while (tails.size > 0) await Promise.all([...tails.values()]);
    },
  };
}
