// The questions the mirror's read worker answers (mirror-read-worker.ts), by name: each one read of a MirrorReader,
// its request and its answer typed here, so main asks them by name through MirrorReads.ask (mirror-reads.ts) and
// the host's handlers keep their types.
//
// Another read runs off the main thread by one entry here, with what it reads added to MirrorReader's Pick
// (mirror-reader.ts) and its handler asking `reads.ask(kind, req, ctx.signal)`.
import type {
  NoteDay,
  NotesCountRequest,
  NotesLookupRequest,
  NotesWaitingOutsideRequest,
  NotesWaitingRequest,
} from '../contract';
import type { InsightsQuery } from './insights-store';
import type { MirrorReader } from './mirror-reader';

/** What a question reads: the worker's MirrorReader, or main's own store for a mirror held in memory. */
type ReadSource = Omit<MirrorReader, 'close'>;

/**
 * Every figure of the insights page (and of `desk stats`) for one query, each by its own query of the store, and
 * the mirror's revision they were read at: what services/insights.ts makes the report of.
 */
export function insightsFigures(r: Pick<ReadSource, 'insights' | 'status'>, q: InsightsQuery) {
  const { insights } = r;
  return {
    revision: r.status().revision,
    speed: insights.replySpeed(q),
    weeks: insights.weeks(q),
    days: insights.days(q),
    topByNotes: insights.topItems(q, 'notes'),
    topByRefundExchange: insights.topItems(q, 'refundExchange'),
    arrivals: insights.arrivals(q),
  };
}

export type InsightsFigures = ReturnType<typeof insightsFigures>;

export const READ_QUERIES = {
  'notes.period': (
    r: ReadSource,
    q: { start: NoteDay; end: NoteDay; known?: { mirror: string; revision: number } },
  ) => r.period(q.start, q.end, q.known),
  'notes.lookup': (r: ReadSource, q: NotesLookupRequest) => r.lookup(q),
  'notes.count': (r: ReadSource, q: NotesCountRequest) => r.count(q),
  'notes.waitingOutside': (r: ReadSource, q: NotesWaitingOutsideRequest) => r.waitingOutside(q),
  'notes.waiting': (r: ReadSource, q: NotesWaitingRequest) => r.waiting(q.lateBeforeMs, q.nowMs),
  'insights.figures': (r: ReadSource, q: InsightsQuery) => insightsFigures(r, q),
};

export type ReadQueries = typeof READ_QUERIES;
export type ReadKind = keyof ReadQueries;
export type ReadRequest<K extends ReadKind> = Parameters<ReadQueries[K]>[1];
export type ReadAnswer<K extends ReadKind> = ReturnType<ReadQueries[K]>;

/** One question sent to the worker, and its answer. */
export interface ReadJob {
  id: number;
  kind: ReadKind;
  req: unknown;
}

export type ReadReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { name: string; message: string; code?: unknown; errcode?: unknown; errstr?: unknown };
    };
