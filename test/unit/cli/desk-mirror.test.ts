// `desk notes` keeps its order promise whatever the server does, and its errors carry the marketplace's reason;
// `desk sync` fills the app's own mirror and `desk notes --offline` answers from it, each profile from its own.
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/desk';
import type { DeskIo } from '../../../src-main/cli/desk';
import { createFileVault } from '../../../src-main/storage/file-vault';
import { createSettingsStore } from '../../../src-main/storage/settings-store';
import { createBackend } from '../../../src-main/sandbox/backend';
import { sandboxIdentity, startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import type { SendNote } from '../../../src-main/schema';
import { createMirrorRegistry, endpointFingerprint } from '../../../src-main/storage/mirror-registry';
import { saveLiveProfile } from '../../support/live-profile';

const NOW = '2026-11-20T09:00:00+09:00';
const FROM = '2026-11-10';
const TO = '2026-11-20';
const RANGE = { start: `${FROM}T00:00:00+09:00`, end: `${TO}T23:59:59+09:00` };

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: DeskIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const liveFlags = (sb: RunningSandbox) => [
  '--base-url',
  sb.baseUrl,
  '--suggest-url',
  sb.baseUrl,
  '--ns-root',
  sb.ns.nsRoot,
  '--schema-root',
  sb.ns.schemaRoot,
];
const tickets = (sb: RunningSandbox) => ({
  MARKET_AUTH_TICKET: sb.tickets.auth,
  MARKET_ENCRYPTED_TICKET: sb.tickets.encrypted,
  MARKET_MEMBER_TICKET: sb.tickets.member,
});

const servers: RunningSandbox[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe('desk notes keeps its order promise', () => {
  let shuffled: RunningSandbox;
  let truth: SendNote[];
  // Requests since the listing was last read from the top.
  let calls = 0;
  beforeAll(async () => {
    const backend = createBackend({ seed: 7, now: new Date(NOW), notes: 1200 });
    const query = backend.notes.bind(backend);
    truth = query({ ...RANGE });
    const arriving: SendNote = { ...truth.at(-1)!, SeqNo: 999_999, InsDate: '2026-11-20T08:59:59+09:00' };
    // Newest first; from the second request on, a new note has arrived on top, so every later page starts with
    // the note the page before ended with.
    backend.notes = (filter, page) => {
      const newestFirst = query(filter).reverse();
      const all = calls++ === 0 ? newestFirst : [arriving, ...newestFirst];
      return page ? all.slice(page.offset, page.offset + page.size) : all;
    };
    shuffled = await startSandbox({ port: 0, backend, now: new Date(NOW) });
    servers.push(shuffled);
  });

  it('prints each SeqNo once, by InsDate then SeqNo, from a server that answers newest first and repeats notes', async () => {
    expect(truth.length).toBeGreaterThan(40);
    const out = await run(
      ['notes', '--from', FROM, '--to', TO, '--page-size', '7', '--format', 'json', ...liveFlags(shuffled)],
      tickets(shuffled),
    );
    expect(out.stderr).toBe('');
    const printed = (JSON.parse(out.stdout) as { SendNote: SendNote[] }).SendNote;
    expect(printed.map((n) => n.SeqNo)).toEqual(truth.map((n) => n.SeqNo));
    expect(printed).toEqual(truth);

    calls = 0;
    const csv = await run(
      ['notes', '--from', FROM, '--to', TO, '--page-size', '7', '--format', 'csv', ...liveFlags(shuffled)],
      tickets(shuffled),
    );
    const seqs = csv.stdout
      .split('\r\n')
      .slice(1)
      .filter((l) => /^\d+,/.test(l))
      .map((l) => Number(l.split(',')[0]));
    expect(seqs).toEqual(truth.map((n) => n.SeqNo));
  });

  it('says what the marketplace said when it refuses the tickets', async () => {
    const out = await run(['notes', '--from', FROM, '--to', TO, ...liveFlags(shuffled)], {
      ...tickets(shuffled),
      MARKET_AUTH_TICKET: 'wrong-auth',
    });
    expect(out.code).toBe(3);
    expect(out.stderr).toContain('The AuthenticationTicket is not valid');
    expect(out.stderr).not.toContain('wrong-auth');
    expect(out.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('desk sync and desk notes --offline on the app’s mirror', () => {
  let shop: RunningSandbox;
  let dataDir: string;
  beforeAll(async () => {
    // Another marketplace with the same seller IDs as the built-in sandbox and other notes under the same SeqNos.
    shop = await startSandbox({ port: 0, seed: 7, now: new Date(NOW), notes: 5000 });
    servers.push(shop);
    dataDir = mkdtempSync(join(tmpdir(), 'desk-mirror-'));
    await saveLiveProfile(
      { settings: createSettingsStore(dataDir), vault: createFileVault(join(dataDir, 'vault')) },
      shop,
      { profile: { timeoutMs: 10_000 } },
    );
  });

  it('fills each profile’s own mirror; --offline answers from it exactly as the marketplace did, marks included', async () => {
    const shopSync = await run([
      'sync',
      '--profile',
      'shop',
      '--data-dir',
      dataDir,
      '--from',
      FROM,
      '--to',
      TO,
    ]);
    expect(shopSync.stderr).toBe('');
    expect(shopSync.code).toBe(0);
    expect(shopSync.stdout).toMatch(
      /^Synced 2026-11-10 to 2026-11-20: 11 of 11 days saved whole, [\d,]+ notes saved/,
    );
    expect(shopSync.stdout).toMatch(/Mirror: .*mirrors[/\\]live-[0-9a-f]+\.sqlite/);
    const sandboxSync = await run([
      'sync',
      '--profile',
      'sandbox',
      '--data-dir',
      dataDir,
      '--now',
      NOW,
      '--from',
      FROM,
      '--to',
      TO,
    ]);
    expect(sandboxSync.code).toBe(0);

    const online = await run(
      ['notes', '--from', FROM, '--to', TO, '--format', 'json', ...liveFlags(shop)],
      tickets(shop),
    );
    const shopNotes = (JSON.parse(online.stdout) as { SendNote: SendNote[] }).SendNote;
    const sandboxNotes = (
      JSON.parse(
        (await run(['notes', '--from', FROM, '--to', TO, '--format', 'json', '--now', NOW])).stdout,
      ) as {
        SendNote: SendNote[];
      }
    ).SendNote;
    const sandboxTitles = new Map(sandboxNotes.map((n) => [n.SeqNo, n.Title]));
    expect(
      shopNotes.filter((n) => sandboxTitles.has(n.SeqNo) && sandboxTitles.get(n.SeqNo) !== n.Title).length,
    ).toBeGreaterThan(20);

    const offline = async (...who: string[]) => {
      const out = await run(['notes', '--offline', ...who, '--from', FROM, '--to', TO, '--format', 'json']);
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      return (JSON.parse(out.stdout) as { SendNote: (SendNote & { Local: unknown })[] }).SendNote;
    };
    const wire = (notes: (SendNote & { Local: unknown })[]) => notes.map(({ Local: _l, ...n }) => n);
    // Each profile's own notes, never the other's, however the endpoint is named.
    expect(wire(await offline('--profile', 'shop', '--data-dir', dataDir))).toEqual(shopNotes);
    expect(wire(await offline(...liveFlags(shop), '--data-dir', dataDir))).toEqual(shopNotes);
    expect(wire(await offline('--profile', 'sandbox', '--data-dir', dataDir))).toEqual(sandboxNotes);

    // The seller's own marks come along.
    const registry = createMirrorRegistry({
      dataDir,
      sandbox: {
        profileId: 'sandbox',
        profileName: 'Sandbox',
        kind: 'sandbox',
        fingerprint: endpointFingerprint({ kind: 'sandbox', identity: sandboxIdentity() }),
      },
    });
    const store = registry.open(
      {
        profileId: 'shop',
        profileName: '내 상점',
        kind: 'live',
        fingerprint: endpointFingerprint({
          kind: 'live',
          apiBaseUrl: shop.baseUrl,
          nsRoot: shop.ns.nsRoot,
          schemaRoot: shop.ns.schemaRoot,
          soapVersion: '1.1',
          pageIndexBase: 1,
        }),
      },
      ['sandbox', 'shop'],
    );
    const marked = shopNotes[3]!.SeqNo!;
    store.setMark(marked, { handled: true, memo: '교환 접수, "회수" 예정' }, Date.now());
    registry.close();
    const withMarks = await offline('--profile', 'shop', '--data-dir', dataDir);
    expect(withMarks.find((n) => n.SeqNo === marked)!.Local).toEqual({
      Handled: true,
      Memo: '교환 접수, "회수" 예정',
    });
    expect(withMarks.find((n) => n.SeqNo !== marked)!.Local).toEqual({ Handled: false, Memo: '' });
    const csv = await run([
      'notes',
      '--offline',
      '--profile',
      'shop',
      '--data-dir',
      dataDir,
      '--from',
      FROM,
      '--to',
      TO,
      '--format',
      'csv',
    ]);
    const lines = csv.stdout.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFSeqNo,BuyerID,SellerID,ItemNo,ItemName,OrderNo,InsDate,Title,Content,ReplyStatus,SearchQueryType,Handled,Memo',
    );
    expect(lines.find((l) => l.startsWith(`${marked},`))).toMatch(/,yes,"교환 접수, ""회수"" 예정"$/);

    // Filters work as the marketplace's do.
    const waiting = await run([
      'notes',
      '--offline',
      '--profile',
      'shop',
      '--data-dir',
      dataDir,
      '--from',
      FROM,
      '--to',
      TO,
      '--status',
      'NoReply',
      '--seller',
      shop.backend.sellerIds[1]!,
      '--format',
      'json',
    ]);
    expect((JSON.parse(waiting.stdout) as { SendNote: SendNote[] }).SendNote.map((n) => n.SeqNo)).toEqual(
      shopNotes
        .filter((n) => n.ReplyStatus === 'NoReply' && n.SellerID === shop.backend.sellerIds[1])
        .map((n) => n.SeqNo),
    );
  });

  it('refuses --offline for an endpoint never synced into the folder, and asks for the folder', async () => {
    const never = await run(['notes', '--offline', '--seed', '3', '--data-dir', dataDir]);
    expect(never.code).toBe(2);
    expect(never.stderr).toContain('No saved notes for this endpoint');
    const noDir = await run(['sync', '--from', FROM, '--to', TO]);
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toContain('desk sync needs --data-dir DIR');
    const lookbook = await run(['lookbook', '--seller', 'x', '--data-dir', dataDir]);
    expect(lookbook.code).toBe(2);
    expect(lookbook.stderr).toContain(
      '--data-dir is only used with --profile ID, desk sync, desk stats and desk notes --offline',
    );
  });
});

describe('desk notes --offline on a data folder of release 0.1.0', () => {
  it('imports its notes files first, as the app would, and lists their notes with their marks', async () => {
    // Only the two notes files that release wrote: no settings, no mirror yet.
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-legacy-'));
    for (const f of ['notes-cache.json', 'notes-local.json']) {
      copyFileSync(join('test/fixtures/legacy-json', f), join(dataDir, f));
    }
    const cache = JSON.parse(readFileSync(join(dataDir, 'notes-cache.json'), 'utf8')) as {
      notes: { seqNo: number }[];
    };
    const out = await run([
      'notes',
      '--offline',
      '--data-dir',
      dataDir,
      '--from',
      '2026-11-18',
      '--to',
      '2026-11-20',
      '--format',
      'json',
    ]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const listed = (JSON.parse(out.stdout) as { SendNote: (SendNote & { Local: unknown })[] }).SendNote;
    expect(listed.map((n) => n.SeqNo).sort()).toEqual(cache.notes.map((n) => n.seqNo).sort());
    expect(listed.find((n) => n.SeqNo === 101866)!.Local).toEqual({
      Handled: true,
      Memo: '내일 재발송\n택배사 확인',
    });
    // Imported once, as the app does: the files are deleted once the mirror holds what they held.
    expect(existsSync(join(dataDir, 'notes-cache.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'notes-cache.imported.json'))).toBe(false);
    const again = await run([
      'notes',
      '--offline',
      '--data-dir',
      dataDir,
      '--from',
      '2026-11-18',
      '--to',
      '2026-11-20',
    ]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`${cache.notes.length} notes, `);
  });
});
