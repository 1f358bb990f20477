// A team for the inbox tests: a migrated database, the connection c1 of team shop with `notes` notes (SeqNo 1..n,
// received an hour apart from 2026-11-20 09:00 market time, written by the admin as a sync would), and `members`
// logins, each with a client of their own.
import type { Sql } from 'postgres';
import type { InboxNote } from '../../src-main/contract';
import { addMember } from '../../src-main/team/members';
import { teamNotesSink } from '../../src-main/team/notes-sink';
import { dayStartMs } from '../../src-shared/market-day';
import type { PgServer } from './postgres';
import { client, teamDatabase } from './team-db';

export const DAY = '2026-11-20';
let logins = 0;

export function inboxNote(seqNo: number, over: Partial<InboxNote> = {}): InboxNote {
  return {
    seqNo,
    buyerId: `buyer${seqNo}`,
    sellerId: 's1',
    itemNo: 'item1',
    itemName: 'Linen shirt',
    insDate: `${DAY}T${String(9 + (seqNo % 12)).padStart(2, '0')}:00:00`,
    title: `Question ${seqNo}`,
    content: 'When does it ship?',
    replyStatus: 'NoReply',
    queryType: 'Item',
    at: dayStartMs(DAY) + (seqNo % 12) * 3_600_000,
    ...over,
  } as InboxNote;
}

export interface InboxMember {
  login: string;
  url: string;
  sql: Sql;
}

export async function inboxTeam(
  pg: PgServer,
  opts: { members: number; notes: number },
): Promise<{ admin: Sql; members: InboxMember[]; writeNotes(notes: InboxNote[]): Promise<void> }> {
  const { database, sql: admin } = await teamDatabase(pg);
  await admin`SELECT seller_desk.connection_id('shop', 'c1')`;
  const sink = teamNotesSink(admin, 'shop', 'c1', { holdsLock: () => true });
  const writeNotes = (notes: InboxNote[]) => sink.writeNotes(notes);
  await writeNotes(Array.from({ length: opts.notes }, (_, i) => inboxNote(i + 1)));
  const members: InboxMember[] = [];
  for (let i = 0; i < opts.members; i++) {
    const login = `member_${process.pid}_${++logins}`;
    const password = await addMember(admin, 'shop', login);
    const url = pg.url({ user: login, password, database });
    members.push({ login, url, sql: client(url, 3) });
  }
  return { admin, members, writeNotes };
}
