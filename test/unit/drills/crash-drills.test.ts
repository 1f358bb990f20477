// Crash drills: processes killed in the middle of writing or syncing, then the files checked; and
// ticket rotation under concurrency through the real client into the real file vault.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileVault } from '../../../src-main/storage/file-vault';
import { createSoapClient } from '../../../src-main/soap/client';
import { TicketRotation } from '../../../src-main/soap/ticket-rotation';
import { createTransport } from '../../../src-main/soap/transport';
import { startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { heldNotes, openMirror } from '../../support/mirror';

const NOW = new Date('2026-11-20T09:00:00+09:00');
const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));
const servers: RunningSandbox[] = [];
const mirrors: { close(): void }[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const m of mirrors) m.close();
});

/** Opens a data folder's mirror the way the app does after a crash (integrity check included). */
function reopen(dir: string) {
  const m = openMirror(dir);
  mirrors.push(m);
  return m.store;
}

/** Runs a fixture script, calls `onLine` per stdout line; kill when it returns true. Resolves the lines seen. */
function runUntil(
  script: string,
  args: string[],
  stopWhen: (line: string, count: number) => boolean,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (stopWhen(line, lines.length)) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || code === 0) resolve(lines);
      else reject(new Error(`${script} exited with ${code}: ${stderr}`));
    });
  });
}

describe('killed mid-write', () => {
  it('a vault killed while rotating tickets opens with one of the tickets it wrote', async () => {
    const dir = tmp('vault-kill-');
    const lines = await runUntil('test/fixtures/drills/vault-writer.ts', [dir], (_l, n) => n >= 150);
    const last = Number(lines.at(-1));
    expect(last).toBeGreaterThanOrEqual(150);
    const tickets = await createFileVault(dir).get('live-1');
    const seq = Number(tickets.encryptedTicket?.replace('ticket-', ''));
    // Never corrupt, never older than the last rotation reported done, at most the one in flight.
    expect(seq).toBeGreaterThanOrEqual(last);
    expect(seq).toBeLessThanOrEqual(last + 1);
    expect(tickets.authTicket).toBe('auth');
  });

  it('a mirror killed while writing days opens whole, with every committed day', async () => {
    const dir = tmp('mirror-kill-');
    const lines = await runUntil('test/fixtures/drills/cache-writer.ts', [dir], (_l, n) => n >= 25);
    const store = reopen(dir);
    expect(store.notices()).toEqual([]);
    const count = store.noteCount();
    const committed = lines.map(Number);
    // Exactly the days committed (or the one in flight), never half a day.
    expect(count % 200).toBe(0);
    expect(count).toBeGreaterThanOrEqual(committed.at(-1)!);
    expect(count).toBeLessThanOrEqual(committed.at(-1)! + 200);
    expect(heldNotes(store)[0]?.title).toMatch(/^배송 문의/);
  });

  it('a mirror killed while writing marks keeps every mark whose write returned', async () => {
    const dir = tmp('marks-kill-');
    const lines = await runUntil('test/fixtures/drills/mark-writer.ts', [dir], (_l, n) => n >= 300);
    const confirmed = lines.map(Number);
    const marks = reopen(dir).marks();
    expect(marks.size).toBeGreaterThanOrEqual(confirmed.length);
    for (const seq of confirmed) {
      expect(marks.get(seq)).toMatchObject({ handled: seq % 2 === 0, memo: `메모 ${seq}\n두 줄` });
    }
  });
});

describe('host dropped mid-sync', () => {
  it('keeps every note already saved, and a restart completes the range exactly', async () => {
    const s = await startSandbox({ port: 0, seed: 42, now: NOW, notes: 6000, faults: { latencyMs: 4 } });
    servers.push(s);
    const dir = tmp('sync-kill-');
    const args = (start: string, end: string) => [
      s.baseUrl,
      JSON.stringify(s.tickets),
      JSON.stringify(s.ns),
      dir,
      start,
      end,
    ];
    // 1. A completed sync of the older part of the range: these notes are saved.
    const first = await runUntil(
      'test/fixtures/drills/sync-child.ts',
      args('2026-08-01', '2026-09-30'),
      () => false,
    );
    expect(first.at(-1)).toBe('finished');
    const savedSeqs = heldNotes(reopen(dir)).map((n) => n.seqNo);
    mirrors.pop()!.close();
    expect(savedSeqs.length).toBeGreaterThan(0);

    // 2. A sync of the whole range, setting marks as it goes, killed a third of the way through: every note
    // already saved and every confirmed mark are there, and the file opens (its integrity checked).
    const killed = await runUntil(
      'test/fixtures/drills/sync-child.ts',
      [...args('2026-07-20', '2026-11-20'), 'marks'],
      (line) => {
        const m = /^progress (\d+)$/.exec(line);
        return m !== null && Number(m[1]) >= 40;
      },
    );
    const after = reopen(dir);
    expect(after.notices()).toEqual([]);
    const afterSeqs = new Set(heldNotes(after).map((n) => n.seqNo));
    for (const seq of savedSeqs) expect(afterSeqs.has(seq)).toBe(true);
    const confirmed = killed.flatMap((l) => (/^mark (\d+)$/.exec(l) ? [Number(l.slice(5))] : []));
    expect(confirmed.length).toBeGreaterThan(10);
    const marks = after.marks();
    for (const seq of confirmed) expect(marks.get(seq)).toMatchObject({ handled: true, memo: `메모 ${seq}` });
    mirrors.pop()!.close();

    // 3. Restarted: the same sync runs through and the cache equals the sandbox's notes for the range.
    const done = await runUntil(
      'test/fixtures/drills/sync-child.ts',
      args('2026-07-20', '2026-11-20'),
      () => false,
    );
    expect(done.at(-1)).toBe('finished');
    const final = reopen(dir);
    const truth = s.backend
      .notes({ start: '2026-07-20T00:00:00+09:00', end: '2026-11-20T23:59:59+09:00' })
      .map((n) => n.SeqNo!);
    expect(
      heldNotes(final)
        .map((n) => n.seqNo)
        .sort((a, b) => a - b),
    ).toEqual(truth.sort((a, b) => a - b));
  }, 120_000);
});

describe('ticket rotation under concurrency', () => {
  it('20 concurrent calls leave the newest request’s ticket in the vault, and it still works', async () => {
    const s = await startSandbox({
      port: 0,
      seed: 42,
      now: NOW,
      notes: 100,
      faults: { latencyMs: 20, jitterMs: 15 },
    });
    servers.push(s);
    const vault = createFileVault(tmp('rotation-'));
    await vault.set('live-1', {
      authTicket: s.tickets.auth,
      encryptedTicket: s.tickets.encrypted,
      memberTicket: s.tickets.member,
    });
    const rotation = new TicketRotation({
      current: () => vault.get('live-1'),
      rotate: (ticket, seq) => vault.rotateEncrypted('live-1', ticket, seq),
    });
    // Record every (request sequence, returned ticket) pair the client hands to the rotation.
    const seen: { seq: number; ticket: string }[] = [];
    const apply = rotation.apply.bind(rotation);
    rotation.apply = (seq, ticket) => {
      if (ticket) seen.push({ seq, ticket });
      return apply(seq, ticket);
    };
    const client = createSoapClient(
      { apiBaseUrl: s.baseUrl, suggestBaseUrl: s.baseUrl, ns: s.ns, soapVersion: '1.2' },
      { transport: createTransport(), tickets: rotation },
    );
    await Promise.all(
      Array.from({ length: 20 }, () =>
        client.market.getSohoLookbook({ SellerId: 'seoul_mart', Pagination: { PageIndex: 1, PageSize: 1 } }),
      ),
    );
    expect(seen).toHaveLength(20);
    const newest = seen.reduce((a, b) => (b.seq > a.seq ? b : a));
    // Responses arrived out of order (jitter), yet the stored ticket is the newest request's.
    expect(seen.map((x) => x.seq)).not.toEqual([...seen.map((x) => x.seq)].sort((a, b) => a - b));
    expect((await vault.get('live-1')).encryptedTicket).toBe(newest.ticket);
    const next = await client.market.getSohoLookbook({
      SellerId: 'seoul_mart',
      Pagination: { PageIndex: 1, PageSize: 1 },
    });
    expect(next.exchange.status).toBe(200);
  });
});
