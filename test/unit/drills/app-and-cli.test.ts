// The app and `desk sync` writing the same data folder at once: the app's host syncs and sets marks while a desk
// process syncs the same profile. SQLite makes them take turns and every write is an idempotent upsert, so when
// both are done the mirror holds exactly the marketplace's notes, every day is covered, and no mark is lost.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src-main/host/create-handlers';
import { sandboxIdentity, startSandbox } from '../../../src-main/sandbox/server';
import type { RunningSandbox } from '../../../src-main/sandbox/server';
import { createMirrorRegistry, endpointFingerprint } from '../../../src-main/storage/mirror-registry';
import { daysBetween } from '../../../src-shared/market-day';
import { createTestDeps, TEST_NOW } from '../../support/host-deps';
import { activeMirror, heldNotes } from '../../support/mirror';
import { saveLiveProfile } from '../../support/live-profile';

const FROM = '2026-10-22';
const TO = '2026-11-20';

const servers: RunningSandbox[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

function deskSync(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src-main/cli/desk.ts',
        'sync',
        '--profile',
        'shop',
        '--data-dir',
        dataDir,
        '--from',
        FROM,
        '--to',
        TO,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the app and desk sync on one data folder', () => {
  it('lose nothing when they write at the same time', async () => {
    const shop = await startSandbox({
      port: 0,
      seed: 7,
      now: TEST_NOW,
      notes: 6000,
      faults: { latencyMs: 3 },
    });
    servers.push(shop);
    const deps = createTestDeps();
    try {
      await saveLiveProfile(deps, shop, { activate: true });
      const truth = shop.backend.notes({ start: `${FROM}T00:00:00+09:00`, end: `${TO}T23:59:59+09:00` });
      const handlers = createHandlers(deps);
      const ctx = { signal: new AbortController().signal, emit: () => {} };

      // Marks set through the app while both sync; each confirmed when its call returns.
      const confirmed = new Map<number, string>();
      let syncing = true;
      const marking = (async () => {
        for (let i = 0; syncing || i < 20; i++) {
          const seqNo = truth[(i * 37) % truth.length]!.SeqNo!;
          const memo = `메모 ${i}`;
          await handlers['notes.local.set']({ seqNo, handled: i % 2 === 0, memo }, ctx);
          confirmed.set(seqNo, memo);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const [app, desk] = await Promise.all([
        handlers['notes.sync']({ start: FROM, end: TO, mode: 'full' }, ctx),
        deskSync(deps.dataDir),
      ]);
      syncing = false;
      await marking;

      expect(desk.stderr).toBe('');
      expect(desk.code).toBe(0);
      // A refresh: the days the app had not saved yet when it planned, every one of them whole.
      expect(desk.stdout).toMatch(/^Synced 2026-10-22 to 2026-11-20: (\d+) of \1 days? saved whole/);
      expect(app.failedSlices).toEqual([]);
      expect(confirmed.size).toBeGreaterThan(20);

      // Read back as another process would: a fresh registry on the folder.
      const store = await activeMirror(deps);
      const fresh = createMirrorRegistry({
        dataDir: deps.dataDir,
        sandbox: {
          profileId: 'sandbox',
          profileName: 'Sandbox',
          kind: 'sandbox',
          fingerprint: endpointFingerprint({ kind: 'sandbox', identity: sandboxIdentity({ notes: 2000 }) }),
        },
      });
      try {
        const reopened = fresh.open(
          {
            profileId: 'shop',
            profileName: '내 상점',
            kind: 'live',
            fingerprint: (await deps.connection.active()).fingerprint,
          },
          ['sandbox', 'shop'],
        );
        expect(reopened.file).toBe(store.file);
        // The range whole; before it, only notes still waiting (a first sync's look back).
        const fromMs = Date.parse(`${FROM}T00:00:00+09:00`);
        const held = heldNotes(reopened);
        expect(held.filter((n) => n.at >= fromMs).map((n) => n.seqNo)).toEqual(truth.map((n) => n.SeqNo));
        expect(held.filter((n) => n.at < fromMs).every((n) => n.replyStatus === 'NoReply')).toBe(true);
        for (const seller of shop.backend.sellerIds) {
          expect([...reopened.coveredDays(seller)].sort()).toEqual(daysBetween(FROM, TO));
        }
        const marks = reopened.marks();
        for (const [seqNo, memo] of confirmed) expect(marks.get(seqNo)?.memo).toBe(memo);
      } finally {
        fresh.close();
      }
    } finally {
      await deps.close();
    }
  }, 120_000);
});
