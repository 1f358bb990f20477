// A desktop in a process of its own, for the take drill: it opens `takers` connections to the team database as its
// member's login, prints `ready`, and on each `go SEQNO` line fires `takers` takes of that note at once (one per
// connection), printing the outcomes as one JSON line: whether each take won, and the assignee it was told.
import postgres from 'postgres';
import { TakeRefusedError, takeNote } from '../../src-main/team/assignments';

const [url = '', takers = '5'] = process.argv.slice(2);
const n = Number(takers);
const sql = postgres(url, { max: n, onnotice: () => {} });
// Open every connection of the pool now, so a round's takes start together.
await Promise.all(Array.from({ length: n }, () => sql`SELECT pg_sleep(0.05)`));
process.stdout.write('ready\n');

async function take(seqNo: number): Promise<{ won: boolean; assignee: string | undefined }> {
  try {
    const r = await takeNote(sql, { team: 'shop', connection: 'c1', seqNo });
    return { won: r.done, assignee: r.assignee };
  } catch (err) {
    if (err instanceof TakeRefusedError) return { won: false, assignee: err.assignee };
    throw err;
  }
}

let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  buffered += chunk;
  const lines = buffered.split('\n');
  buffered = lines.pop() ?? '';
  for (const line of lines) {
    const [cmd, arg] = line.split(' ');
    if (cmd === 'go') {
      const seqNo = Number(arg);
      void Promise.all(Array.from({ length: n }, () => take(seqNo))).then((results) =>
        process.stdout.write(`${JSON.stringify({ seqNo, results })}\n`),
      );
    }
    if (cmd === 'quit') void sql.end({ timeout: 1 }).then(() => process.exit(0));
  }
});
