// A desktop in a process of its own, for the marks drills: it pulls the team's log into a local SQLite copy of its
// own (listening, as the app will) while it writes `count` marks and memos to the notes 1..`notes` (each memo's
// text unique: every write is a change). It prints `written`, then, on a `settle` line, waits until its copy is at
// the log's head and prints its marks and notes as one JSON line. With `pollMs` 0 and `passive`, the copy is
// brought there by its listener alone (notifications and the catch-up after each reconnect): no poll, no pull of
// its own while settling.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { setTeamMark } from '../../src-main/team/marks';
import { TeamPuller } from '../../src-main/team/pull';
import { openMirror } from './mirror';

const [url = '', name = '', count = '0', notes = '1', pollMs = '1000', mode = ''] = process.argv.slice(2);
const passive = mode === 'passive';
const sql = postgres(url, { max: 3, onnotice: () => {} });
const copy = openMirror(mkdtempSync(join(tmpdir(), `drill-${name}-`)));
const puller = new TeamPuller(sql, 'shop', 'c1', copy.store, { pollMs: Number(pollMs) });
await puller.start();
for (let i = 0; i < Number(count); i++) {
  const seqNo = (i % Number(notes)) + 1;
  await setTeamMark(
    sql,
    { team: 'shop', connection: 'c1', seqNo },
    { handled: i % 2 === 0, memo: `${name} ${i}` },
    Date.now(),
  );
}
process.stdout.write('written\n');
process.stdin.setEncoding('utf8');
process.stdin.on('data', (line: string) => {
  if (!line.includes('settle')) return;
  void (async () => {
    for (;;) {
      const [row] = await sql<{ pos: string | null }[]>`
        SELECT max(pos) AS pos FROM seller_desk.change_log WHERE team = 'shop'`;
      if (copy.store.teamPosition() === Number(row?.pos ?? 0)) break;
      if (!passive) await puller.wake();
      await new Promise((r) => setTimeout(r, 50));
    }
    const marks = [...copy.store.marks()].map(([s, m]) => [s, m.handled, m.memo]);
    const held = [...copy.store.iterateNotes()].map((n) => [n.seqNo, n.title, n.withdrawnAt !== undefined]);
    process.stdout.write(`${JSON.stringify({ marks, notes: held })}\n`);
    await puller.stop();
    copy.close();
    await sql.end({ timeout: 1 });
    process.exit(0);
  })();
});
