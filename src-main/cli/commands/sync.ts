// `desk sync`: fills the app's notes mirror for an endpoint, as the app's refresh does: the days of the range the
// mirror lacks (all of them the first time) plus a catch-up on the newest synced day and the one before, then the
// reply-status check over everything the mirror holds.
import type { NotesSyncRequest } from '../../contract';
import { MAX_SYNC_DAYS } from '../../host/handlers/notes';
import type { SyncOutcome } from '../../services/notes-sync';
import { addDays, daysBetween, isMarketDay, marketDayOf } from '../../../src-shared/market-day';
import { UsageError } from '../cli-error';

export interface SyncOptions {
  from?: string;
  to?: string;
  seller?: string;
}

function day(flag: 'from' | 'to', raw: string): string {
  const text = raw.trim();
  if (!isMarketDay(text)) {
    throw new UsageError(`--${flag} for desk sync must be a real date like 2026-11-20; got "${raw}".`);
  }
  return text;
}

/** The days to sync (the last 7 by default, ending today in Korea) and the sellers, if named. */
export function syncRequest(opts: SyncOptions, nowMs: number): NotesSyncRequest {
  const end = opts.to === undefined ? marketDayOf(nowMs) : day('to', opts.to);
  const start = opts.from === undefined ? addDays(end, -6) : day('from', opts.from);
  if (end < start) throw new UsageError(`--to (${end}) is before --from (${start}).`);
  if (daysBetween(start, end).length > MAX_SYNC_DAYS) {
    throw new UsageError(`desk sync takes at most ${MAX_SYNC_DAYS} days at a time; got ${start} to ${end}.`);
  }
  const sellers = (opts.seller ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { start, end, mode: 'refresh', ...(sellers.length > 0 ? { sellerIds: sellers } : {}) };
}

const n = (x: number) => x.toLocaleString('en-US');
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

export function formatSyncOutcome(
  outcome: SyncOutcome,
  req: NotesSyncRequest,
  mirrorFile: string,
  format: string,
): string {
  const { arrivedNoReply: _arrived, ...summary } = outcome;
  if (format === 'json')
    return `${JSON.stringify({ ...summary, request: req, mirror: mirrorFile }, null, 2)}\n`;
  const check = outcome.statusCheck;
  const lines = [
    `${outcome.cancelled ? 'Cancelled' : 'Synced'} ${req.start} to ${req.end}: ${n(outcome.daysDone)} of ${plural(outcome.days, 'day')} saved whole, ${plural(outcome.notesSaved, 'note')} saved, ${n(outcome.added)} new.`,
    check.done
      ? `Reply statuses checked in ${plural(check.calls, 'call')}: ${plural(check.refetchedDays, 'day')} fetched again, ${plural(check.changed, 'note')} changed, ${n(check.withdrawn)} withdrawn.`
      : 'Reply statuses were not checked (the sync did not run through).',
    `Mirror: ${mirrorFile}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** The error a sync with failed days or a cancel leaves with (its first failure, with its code), if any. */
export function syncFailure(outcome: SyncOutcome): Error | undefined {
  if (outcome.cancelled) return Object.assign(new Error('The sync was cancelled.'), { deskCode: 'ABORTED' });
  const first = outcome.failedSlices[0];
  if (!first) return undefined;
  const others = outcome.failedSlices.length - 1;
  return Object.assign(
    new Error(
      `${first.sellerId} ${first.day}: ${first.message.replace(/[.\s]+$/u, '')}${others > 0 ? ` (and ${plural(others, 'more seller-day')})` : ''}; run desk sync again to fetch what is missing.`,
    ),
    { deskCode: first.code },
  );
}
