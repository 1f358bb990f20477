// A desk that has lived with the sandbox for a while, for the README's insights screenshots and their test: the
// host and a living sandbox share one clock that starts some days before TEST_NOW; the first sync is the one the
// inbox makes when the app first opens (its 7 days, a refresh), then main's own auto refresh runs at the interval
// the settings give, its timer moved by hand, up to TEST_NOW. The sandbox answers its notes after their seeded
// delays meanwhile, so the answers fall in windows the syncs observed, as they do for a seller whose app stays
// open. Seeded sandbox, pinned start and end: the same mirror every run.
import { autoRefreshRequest } from '../../src-main/host/auto-refresh';
import { syncActiveMirror } from '../../src-main/host/active-mirror';
import { DAY_MS } from '../../src-shared/market-day';
import { createTestDeps, manualScheduler, TEST_NOW } from './host-deps';

export interface LivedDeskOptions {
  osLocale?: string;
  /** How many days before TEST_NOW the app first synced. */
  days: number;
  /** Settings' autoRefreshMinutes while it lived (the app's default unless told). */
  autoRefreshMinutes?: number;
  /** About this many sandbox notes over 120 days (createTestDeps's 2,000 unless told). */
  notes?: number;
}

/**
 * Host deps on a clock at TEST_NOW (when `live` has run) over a mirror that lived `days` with the sandbox. The
 * clock stays at TEST_NOW afterwards and the sandbox keeps living on it (nothing moves it further).
 */
export function livedDesk(opts: LivedDeskOptions) {
  const end = TEST_NOW.getTime();
  let at = end - opts.days * DAY_MS;
  const scheduler = manualScheduler();
  let refreshed: (() => void) | undefined;
  const deps = createTestDeps({
    ...(opts.osLocale ? { osLocale: opts.osLocale } : {}),
    // A living sandbox on the desk's clock; its tickets outlive the days the clock jumps.
    sandbox: {
      now: undefined,
      clock: () => at,
      graceMs: 400 * DAY_MS,
      ...(opts.notes ? { notes: opts.notes } : {}),
    },
    now: () => at,
    autoRefresh: { scheduler },
    emit: (event) => {
      if (event === 'notes.refreshed') refreshed?.();
    },
  });
  /** The auto refresh's countdown, once it is armed (it arms after each refresh reports). */
  async function armed(): Promise<number> {
    for (let i = 0; scheduler.pending.length === 0; i++) {
      if (i > 1000) throw new Error('the auto refresh is off: nothing would sync');
      await new Promise((r) => setImmediate(r));
    }
    return scheduler.pending[0]!.ms;
  }
  /** Runs the life up to TEST_NOW: how many syncs it made, and the auto refresh's interval. */
  async function live(): Promise<{ syncs: number; intervalMs: number }> {
    if (opts.autoRefreshMinutes !== undefined) {
      await deps.settings.update({ autoRefreshMinutes: opts.autoRefreshMinutes });
    }
    await syncActiveMirror(deps, autoRefreshRequest(at), () => {});
    let syncs = 1;
    let intervalMs = await armed();
    while (at + intervalMs <= end) {
      at += intervalMs;
      const done = new Promise<void>((resolve) => (refreshed = resolve));
      scheduler.fire();
      await done;
      syncs++;
      intervalMs = await armed();
    }
    at = end;
    return { syncs, intervalMs };
  }
  return { deps, live };
}
