// Real host dependencies in a fresh temp data directory, for handler, CLI-style and E2E tests.
// The connection starts the real sandbox on 127.0.0.1:0 on first use (seeded, fixed clock).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostDeps } from '../../src-main/host/host-deps';
import { assembleHost } from '../../src-main/host/assemble-host';
import type { AssembleOptions } from '../../src-main/host/assemble-host';
import { createFileVault } from '../../src-main/storage/file-vault';
import type { SandboxOptions } from '../../src-main/sandbox/server';

/** The fixed clock of test sandboxes: data is laid out backwards from here. */
export const TEST_NOW = new Date('2026-11-20T09:00:00+09:00');

export function createTestDeps(
  opts: {
    osLocale?: string;
    vault?: HostDeps['vault'];
    sandbox?: SandboxOptions;
    dataDir?: string;
    /** Where main's push events (such as `connection.state`) go; nowhere unless told. */
    emit?: AssembleOptions['emit'];
    /** Main's auto refresh on this scheduler (see manualScheduler); off unless told. */
    autoRefresh?: AssembleOptions['autoRefresh'];
    /** Team mode's loop and pull intervals (shortened by the team tests). */
    team?: AssembleOptions['team'];
    /** The host's clock (TEST_NOW unless told): a test that moves time forward hands a clock it moves. */
    now?: () => number;
    /** The search text fill's worker and batch (a test holds it midway). */
    searchFill?: AssembleOptions['searchFill'];
  } = {},
): HostDeps & { dataDir: string; opened: string[]; close(): Promise<void> } {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'seller-desk-'));
  const opened: string[] = [];
  const host = assembleHost({
    dataDir,
    appInfo: {
      name: 'Seller Desk',
      version: '0.0.0-test',
      runtime: 'web-test',
      platform: 'linux',
      osLocale: opts.osLocale ?? 'ko-KR',
    },
    vault: opts.vault ?? createFileVault(join(dataDir, 'vault')),
    openExternal: async (url) => {
      opened.push(url);
    },
    sandboxOptions: { seed: 42, now: TEST_NOW, notes: 2000, ...opts.sandbox },
    emit: opts.emit,
    // The host's clock is the sandbox's: a sync's "today", its stamps and the marks' are TEST_NOW's.
    now: opts.now ?? (() => TEST_NOW.getTime()),
    ...(opts.autoRefresh ? { autoRefresh: opts.autoRefresh } : {}),
    ...(opts.team ? { team: opts.team } : {}),
    ...(opts.searchFill ? { searchFill: opts.searchFill } : {}),
  });
  return { ...host, dataDir, opened };
}

/**
 * A scheduler the test moves by hand: what was asked to run later waits in `pending` (with its delay) until
 * `fire` runs it. For main's auto refresh, so a test sees the real refresh without waiting minutes.
 */
export function manualScheduler() {
  const pending: { ms: number; run: () => void }[] = [];
  return {
    pending,
    after(ms: number, run: () => void) {
      const entry = { ms, run };
      pending.push(entry);
      return () => {
        const i = pending.indexOf(entry);
        if (i >= 0) pending.splice(i, 1);
      };
    },
    /** Runs everything waiting (what it schedules meanwhile waits for the next call); how many ran. */
    fire(): number {
      const due = pending.splice(0);
      for (const e of due) e.run();
      return due.length;
    },
  };
}
