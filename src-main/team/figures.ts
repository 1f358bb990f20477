// Per-member figures for the owner, from the history (authors are database logins): per member and period, the
// notes they took (assigned to them, by themselves or another), the notes they marked handled, the notes answered
// on the marketplace (as a sync saw it) after they took them, and the median time from a note's receipt to their
// marking it handled.
import type { Sql } from 'postgres';

export interface MemberFigures {
  login: string;
  taken: number;
  handled: number;
  answeredAfterTaking: number;
  /** Median of receipt → handled over the notes they handled in the period (ms); undefined when none. */
  medianReceiptToHandledMs: number | undefined;
}

/** The figures of every member with a step in [fromMs, toMs) on the connection, by login. */
export async function memberFigures(
  sql: Sql,
  where: { team: string; connection: string },
  period: { fromMs: number; toMs: number },
): Promise<MemberFigures[]> {
  const from = new Date(period.fromMs);
  const to = new Date(period.toMs);
  const rows = await sql<(Omit<MemberFigures, 'medianReceiptToHandledMs'> & { median: number | null })[]>`
    WITH h AS (
      SELECT * FROM seller_desk.history
      WHERE team = ${where.team} AND connection = ${where.connection} AND at >= ${from} AND at < ${to}
    ), takes AS (
      SELECT after->>'assignee' AS login, seq_no, min(at) AS at FROM h
      WHERE kind = 'assign' AND after->>'assignee' IS NOT NULL GROUP BY 1, 2
    ), handles AS (
      SELECT h.author AS login, h.seq_no, min(h.at) AS at FROM h
      WHERE h.kind = 'mark' AND (h.after->>'handled')::boolean
        AND NOT coalesce((h.before->>'handled')::boolean, false)
      GROUP BY 1, 2
    ), answered AS (
      SELECT t.login, count(*)::int AS n FROM takes t
      WHERE EXISTS (SELECT 1 FROM h WHERE h.kind = 'answered' AND h.seq_no = t.seq_no AND h.at > t.at)
      GROUP BY 1
    ), logins AS (SELECT login FROM takes UNION SELECT login FROM handles)
    SELECT l.login,
           (SELECT count(*)::int FROM takes t WHERE t.login = l.login) AS taken,
           (SELECT count(*)::int FROM handles x WHERE x.login = l.login) AS handled,
           coalesce((SELECT n FROM answered a WHERE a.login = l.login), 0) AS "answeredAfterTaking",
           (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY floor(extract(epoch FROM x.at) * 1000) - n.at)
              FROM handles x JOIN seller_desk.notes n
                ON n.team = ${where.team} AND n.connection = ${where.connection} AND n.seq_no = x.seq_no
              WHERE x.login = l.login) AS median
    FROM logins l ORDER BY l.login`;
  return rows.map(({ median, ...r }) => ({
    ...r,
    medianReceiptToHandledMs: median === null ? undefined : Math.round(Number(median)),
  }));
}
