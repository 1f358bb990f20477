// The insights domain's channels: how fast the shop answers and where its questions come from, for a period.
// Merged in ./index.ts.
//
// Every figure is aggregated by the mirror in the main process (one query per figure), so what crosses IPC is
// bounded by the period's length and a few fixed lists, never by the number of notes the mirror holds.
//
// Reply times are observed, not given: BuyerNoteList carries the receipt time and the reply status, not when the
// answer was written. The mirror records, per note, the last time a sync saw it waiting and the first time a sync
// saw it answered; the answer fell in that window. A reply time is the window's end minus the receipt (an upper
// bound: "answered within"); a note the mirror first saw already answered has no reply time ("time unknown").
// The rule is written out in docs/protocol-choices.md.
//
// The 24-hour rate is within24h / (known + waitingPast24h): the notes whose 24 hours are settled (answered with a
// known time, or already late while waiting). Notes answered at an unknown time, still inside their 24 hours, or
// marked handled are left out of it. The 48-hour rate is within48h / (known + waitingPast48h).
import type { NoteQueryType } from '../../src-shared/note-fields';
import type { NoteDay } from './notes';

/** The inquiry types a note can carry (SearchQueryType without 'All'). */
export type InsightsQueryType = Exclude<NoteQueryType, 'All'>;

export interface InsightsReportRequest {
  /** First and last marketplace day of the period, inclusive (Korean calendar days, like the inbox's period). */
  from: NoteDay;
  to: NoteDay;
  /** One seller's notes only; absent: every seller the mirror holds. */
  sellerId?: string;
  /**
   * Count 24 and 48 hours in business hours (weekends and Korean public holidays left out); absent: the profile's
   * choice (InsightsTargets.businessDays).
   */
  businessDays?: boolean;
}

/** Reply speed over the notes received in the period (withdrawn notes left out). */
export interface InsightsReplySpeed {
  /** Notes received in the period. */
  total: number;
  /** Answered, with a known reply time of at most 24 hours (48 hours). within48h includes within24h. */
  within24h: number;
  within48h: number;
  /** Answered, with a known reply time of more than 24 hours. */
  answeredLate: number;
  /** Not answered yet (NoReply, not marked handled), received at most 24 hours before `now`, and more. */
  waitingWithin24h: number;
  waitingPast24h: number;
  /** Of waitingPast24h, those received more than 48 hours before `now`. */
  waitingPast48h: number;
  /** Answered before the mirror first saw the note: no reply time ("answered, time unknown"). */
  answeredUnknown: number;
  /** Answered notes whose reply time is known (within24h + answeredLate). */
  known: number;
  /**
   * NoReply notes the seller marked handled (answered elsewhere, or needing no answer): neither waiting nor
   * answered. total = known + answeredUnknown + waitingWithin24h + waitingPast24h + handledNoReply.
   */
  handledNoReply: number;
  /** Of the known reply times, in milliseconds (absent when none is known). */
  medianMs?: number;
  p90Ms?: number;
  meanMs?: number;
  /** The median size of the observation windows the known answers fell in, in milliseconds. */
  medianWindowMs?: number;
}

/** One week of the trend: weeks start on Monday (Korean time); the first and last may be cut by the period. */
export interface InsightsWeek {
  /** The Monday the week starts on (may be before the period's first day). */
  weekStart: NoteDay;
  notes: number;
  within24h: number;
  within48h: number;
  /** Answered with a known reply time (the 24-hour rate is within24h / (known + waitingPast24h)). */
  known: number;
  /** Still waiting and received more than 24 (48) hours before `now` (already late). */
  waitingPast24h: number;
  waitingPast48h: number;
}

/** Notes received on one day, by inquiry type (every type present, zeros included). */
export interface InsightsDay {
  day: NoteDay;
  counts: Record<InsightsQueryType, number>;
}

export interface InsightsItem {
  itemNo: string;
  /** The item's name as the newest of its notes gives it. */
  itemName?: string;
  notes: number;
  /** Notes of type Refund or Exchange. */
  refundExchange: number;
}

/** Target shares for the trend's lines, per profile (0..1). */
export interface InsightsTargets {
  /** Share to answer within 24 hours (default 0.9). */
  within24h: number;
  /** Share to answer within 48 hours (default 0.95). */
  within48h: number;
  /** Whether this profile's marketplace counts business days (default false). */
  businessDays: boolean;
}

export interface InsightsReport {
  from: NoteDay;
  to: NoteDay;
  sellerId?: string;
  /** Whether 24 / 48 hours (reply times, waiting past 24 / 48 hours) were counted in business hours. */
  businessDays: boolean;
  /** The instant "waiting" is measured against (the host's clock). */
  now: number;
  /**
   * Which mirror the figures were read from (the app: the active profile's id; `desk stats`: the mirror's file) and
   * its revision then: a query keyed by both is asked again after a sync or a mark.
   */
  mirror: string;
  revision: number;
  speed: InsightsReplySpeed;
  /** Oldest week first. At most ~157 weeks (the period is at most 3 years). */
  weeks: InsightsWeek[];
  /** Every day of the period, oldest first (days without notes included). */
  days: InsightsDay[];
  /** Top items by notes, most first (at most INSIGHTS_TOP_ITEMS). */
  topByNotes: InsightsItem[];
  /**
   * Top items by refund + exchange share (refundExchange / notes), highest first, ties by refundExchange; only items
   * with at least INSIGHTS_MIN_ITEM_NOTES notes and at least one refund or exchange note (at most INSIGHTS_TOP_ITEMS).
   */
  topByRefundExchange: InsightsItem[];
  /** Arrivals by weekday × hour in Korean time: arrivals[weekday][hour], weekday 0 = Monday … 6 = Sunday. */
  arrivals: number[][];
  targets: InsightsTargets;
}

/** Longest period a report may ask for, in days: three years of 366 days (MAX_PERIOD_DAYS of market-day.ts). */
export const INSIGHTS_MAX_DAYS = 3 * 366;
/** Items in each top list. */
export const INSIGHTS_TOP_ITEMS = 10;
/** An item needs this many notes in the period to rank by refund + exchange share. */
export const INSIGHTS_MIN_ITEM_NOTES = 3;
/** The targets a profile has until the seller sets its own. */
export const DEFAULT_INSIGHTS_TARGETS: InsightsTargets = {
  within24h: 0.9,
  within48h: 0.95,
  businessDays: false,
};

export interface InsightsContract {
  /** The insights page's figures for a period (and a seller), aggregated by the mirror. */
  'insights.report': { req: InsightsReportRequest; res: InsightsReport };
}

export const INSIGHTS_CHANNELS = ['insights.report'] as const satisfies readonly (keyof InsightsContract)[];
