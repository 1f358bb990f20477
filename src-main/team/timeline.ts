// A note's history as a read-only timeline: received (the marketplace's time), first seen by the team's mirror
// (the sync that wrote it, by its login), assigned, viewing/answering, handled, memos (the mark's and the thread's),
// snoozed / no reply needed, answered on the marketplace (as a sync saw it). Authors are the database logins the
// triggers and functions wrote; nothing here is the client's word.
import type { Sql } from 'postgres';
import type { NoteRef } from './assignments';
import type { TeamHistoryKind } from '../contract/team-notes';

/** The kinds of step a note's history has: the contract's list, which the app shows. */
export type TimelineKind = TeamHistoryKind;

export interface TimelineEvent {
  at: Date;
  kind: TimelineKind;
  /** The database login that did it; undefined for the buyer's note itself. */
  author: string | undefined;
  /** What the step says: the assignee, the memo's text, the snooze's end, the reason. */
  detail?: string;
}

interface Row {
  at: Date;
  kind: string;
  author: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const text = (v: unknown): string | undefined => (v === null || v === undefined ? undefined : String(v));

/** One history row as the steps it tells (a mark changing handled and memo at once tells both). */
function eventsOf(r: Row): TimelineEvent[] {
  const base = { at: r.at, author: r.author ?? undefined };
  const before = r.before ?? {};
  const after = r.after ?? {};
  const one = (kind: TimelineKind, detail?: string): TimelineEvent[] => [
    { ...base, kind, ...(detail !== undefined ? { detail } : {}) },
  ];
  switch (r.kind) {
    case 'received':
    case 'first-seen':
    case 'answered':
      return one(r.kind);
    case 'assign':
      return after['assignee'] === null ? one('unassigned') : one('assigned', text(after['assignee']));
    case 'presence':
      return one(after['state'] === 'answering' ? 'answering' : 'viewing');
    case 'memo':
      if (after['deleted'] === true) return one('memo-deleted', text(before['body']));
      return one(r.before === null ? 'memo-added' : 'memo-edited', text(after['body']));
    case 'status':
      if (after['noReplyReason'] !== null && after['noReplyReason'] !== undefined)
        return one('no-reply-needed', text(after['noReplyReason']));
      if (after['snoozedUntil'] !== null && after['snoozedUntil'] !== undefined)
        return one('snoozed', text(after['snoozedUntil']));
      return one('status-cleared');
    default: {
      // a mark: each field that changed is a step
      const events: TimelineEvent[] = [];
      if (after['handled'] !== (before['handled'] ?? false))
        events.push(...one(after['handled'] === true ? 'handled' : 'unhandled'));
      if (after['memo'] !== (before['memo'] ?? '')) events.push(...one('memo', text(after['memo'])));
      return events;
    }
  }
}

/** The note's timeline, oldest first; empty when the team holds no such note. */
export async function noteTimeline(sql: Sql, ref: NoteRef): Promise<TimelineEvent[]> {
  const rows = await sql<Row[]>`
    WITH n AS (
      SELECT n.*, coalesce(n.first_seen_at, (SELECT min(l.at) FROM seller_desk.change_log l
                 WHERE l.team = n.team AND l.connection = n.connection AND l.kind = 'notes'
                   AND l.seq_nos @> ARRAY[n.seq_no])) AS seen_at,
             coalesce(n.first_seen_by, (SELECT l.author FROM seller_desk.change_log l
                 WHERE l.team = n.team AND l.connection = n.connection AND l.kind = 'notes'
                   AND l.seq_nos @> ARRAY[n.seq_no] ORDER BY l.pos LIMIT 1)) AS seen_by
      FROM seller_desk.notes n
      WHERE n.team = ${ref.team} AND n.connection = ${ref.connection} AND n.seq_no = ${ref.seqNo}
    )
    SELECT at, kind, author, before, after FROM (
      SELECT to_timestamp(n.at / 1000.0) AS at, 'received' AS kind, NULL AS author, NULL::jsonb AS before,
             NULL::jsonb AS after, 0 AS ord, 0::bigint AS id FROM n
      UNION ALL
      SELECT n.seen_at, 'first-seen', n.seen_by, NULL, NULL, 1, 0 FROM n WHERE n.seen_at IS NOT NULL
      UNION ALL
      -- a note that was answered already when the mirror first saw it
      SELECT n.seen_at, 'answered', n.seen_by, NULL, NULL, 2, 0 FROM n
      WHERE n.reply_status = 'ReplyComplete' AND n.seen_at IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM seller_desk.history h WHERE h.team = n.team AND h.connection = n.connection
          AND h.seq_no = n.seq_no AND h.kind = 'answered')
      UNION ALL
      SELECT h.at, h.kind, h.author, h.before, h.after, 3, h.id FROM seller_desk.history h
      WHERE h.team = ${ref.team} AND h.connection = ${ref.connection} AND h.seq_no = ${ref.seqNo}
    ) steps ORDER BY at, ord, id`;
  return rows.flatMap(eventsOf);
}
