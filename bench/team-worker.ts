// One step of the team bench in its own process, so its peak RSS is its own:
// - `sync URL DATA_DIR START END BASE_URL NS_JSON TICKETS_JSON SELLERS_JSON`: `desk sync --team URL` as the
//   connection's caller (the notes into its own copy and the team database), its outcome as JSON;
// - `copy URL CONNECTION`: a new desktop's first copy: the team's whole log pulled into an empty local copy;
// - `watch URL CONNECTION`: a desktop that pulls on every notification and prints `seen <memo> <epoch ms>` for
//   each mark it applies (the propagation figure), until its stdin closes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { main } from '../src-main/cli/desk';
import { sharedResponseDecoder } from '../src-main/soap/decode-pool';
import { TeamPuller, pullTeam } from '../src-main/team/pull';
import { openMirror } from '../test/support/mirror';

const [what = '', url = '', ...rest] = process.argv.slice(2);
const rssMB = (): number => process.resourceUsage().maxRSS / 1024;
const wall = (): number => performance.timeOrigin + performance.now();

if (what === 'sync') {
  const [dataDir = '', start = '', end = '', baseUrl = '', ns = '{}', tickets = '{}', sellers = '[]'] = rest;
  const n = JSON.parse(ns) as { nsRoot: string; schemaRoot: string };
  const t = JSON.parse(tickets) as { auth: string; encrypted: string; member: string };
  let out = '';
  let err = '';
  // As in the app, whose caller is the host: its decoding worker started with it (assembleHost's warmDecoder), as
  // the single-desktop steps beside this one have it (bench/mirror-worker.ts). `desk sync` starts it as it begins.
  await sharedResponseDecoder().warm();
  const t0 = performance.now();
  const code = await main(
    ['sync', '--team', url, '--wait', '--from', start, '--to', end, '--format', 'json', '--data-dir', dataDir]
      .concat(['--seller', (JSON.parse(sellers) as string[]).join(',')])
      .concat(['--base-url', baseUrl, '--ns-root', n.nsRoot, '--schema-root', n.schemaRoot]),
    {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: (s: string) => (err += s) },
      env: {
        HOME: tmpdir(),
        // A live connection's caller seals the team's EncryptedTicket: the key every bench desktop joined with.
        SELLER_DESK_TEAM_KEY: process.env['SELLER_DESK_TEAM_KEY'],
        MARKET_AUTH_TICKET: t.auth,
        MARKET_ENCRYPTED_TICKET: t.encrypted,
        MARKET_MEMBER_TICKET: t.member,
      },
    },
  );
  const wallMs = performance.now() - t0;
  if (code !== 0) throw new Error(`desk sync --team exited ${code}: ${err}`);
  const outcome = JSON.parse(out) as { calls: number; notesSaved: number; added: number };
  process.stdout.write(
    `${JSON.stringify({ wallMs, calls: outcome.calls, notes: outcome.notesSaved, added: outcome.added, maxRssMB: rssMB() })}\n`,
  );
  process.exit(0);
}

const [connection = ''] = rest;
const sql = postgres(url, { max: 3, onnotice: () => {} });
const copy = openMirror(mkdtempSync(join(tmpdir(), `bench-team-${what}-`)));

if (what === 'copy') {
  const t0 = performance.now();
  const entries = await pullTeam(sql, 'shop', connection, copy.store);
  const wallMs = performance.now() - t0;
  process.stdout.write(
    `${JSON.stringify({ wallMs, entries, notes: copy.store.noteCount(), maxRssMB: rssMB() })}\n`,
  );
  copy.close();
  await sql.end({ timeout: 1 });
  process.exit(0);
}

if (what === 'watch') {
  await pullTeam(sql, 'shop', connection, copy.store);
  const apply = copy.store.applyTeamBatch.bind(copy.store);
  copy.store.applyTeamBatch = (batch) => {
    apply(batch);
    const at = wall();
    for (const m of batch.marks) process.stdout.write(`seen ${m.memo} ${at}\n`);
  };
  const puller = new TeamPuller(sql, 'shop', connection, copy.store, { pollMs: 0 });
  await puller.start();
  process.stdout.write('ready\n');
  process.stdin.resume();
  process.stdin.on('end', () => {
    void puller.stop().then(async () => {
      copy.close();
      await sql.end({ timeout: 1 });
      process.exit(0);
    });
  });
}
