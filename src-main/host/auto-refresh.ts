// The app's auto refresh, in main, whatever page the window shows: every `autoRefreshMinutes` (Settings; 0 is
// off) the active profile's notes mirror is synced, and the window is told (`notes.arrived` for new waiting notes,
// then `notes.refreshed`), so the sidebar's count, the status bar's last sync and the arrival notifications follow
// without the inbox being open. The sync goes through the host's one coordinator (active-mirror.ts): a refresh the
// seller asks for meanwhile attaches to it or waits for it; the two never overlap.
//
// The countdown starts again when the interval or the active profile changes (the new profile's first refresh is
// a whole interval later; until then the window shows its mirror as it is, "not yet" for one never synced), and
// after each refresh ends, so a slow one is never stacked on.
import type { EventName, Events, NotesSyncRequest } from '../contract';
import { addDays, marketDayOf } from '../../src-shared/market-day';
import { syncActiveMirror } from './active-mirror';
import { toDeskError } from './dispatch';
import type { HostDeps } from './host-deps';

type Emit = <E extends EventName>(event: E, payload: Events[E]) => void;

/** When to run something later: timers in the app, a hand the test moves in tests. */
export interface Scheduler {
  /** Runs `run` once after `ms`; the function returned cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const timerScheduler: Scheduler = {
  after(ms, run) {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

/**
 * The days the auto refresh syncs: the last 7 marketplace days, today included (the inbox's default period), for
 * every seller of the connection, as a refresh. Not the inbox's period or seller on screen: what the sidebar counts
 * is every waiting note in the mirror, and this keeps it true whatever the inbox shows. New notes land on the newest
 * days, which a refresh catches up on, and a refresh's status check covers every day the mirror holds, so a note
 * answered elsewhere leaves the count even when it is older than these days. A past custom period would miss
 * today's notes; a seller filter would miss the other sellers'.
 */
export const AUTO_REFRESH_DAYS = 7;

export function autoRefreshRequest(nowMs: number): NotesSyncRequest {
  const end = marketDayOf(nowMs);
  return { start: addDays(end, -(AUTO_REFRESH_DAYS - 1)), end, mode: 'refresh' };
}

export interface AutoRefresher {
  /** Reads the settings again: another interval or active profile starts the countdown over. */
  settingsChanged(): Promise<void>;
  /** No further refresh starts (the app is quitting); one running ends as the coordinator lets it. */
  stop(): void;
}

export type AutoRefreshDeps = Pick<
  HostDeps,
  'connection' | 'settings' | 'mirrors' | 'syncs' | 'now' | 'teams'
> & {
  scheduler: Scheduler;
  emit: Emit;
};

export function startAutoRefresh(deps: AutoRefreshDeps): AutoRefresher {
  let cancelTimer: (() => void) | undefined;
  /** What the countdown under way was set for: the interval and the profile. */
  let armedFor: string | undefined;
  let stopped = false;

  async function arm(force: boolean): Promise<void> {
    const { settings } = await deps.settings.get();
    const key = `${settings.autoRefreshMinutes}/${settings.activeProfileId}`;
    if (stopped || (!force && key === armedFor)) return;
    cancelTimer?.();
    cancelTimer = undefined;
    armedFor = key;
    if (settings.autoRefreshMinutes > 0) {
      cancelTimer = deps.scheduler.after(settings.autoRefreshMinutes * 60_000, () => void tick());
    }
  }

  async function tick(): Promise<void> {
    cancelTimer = undefined;
    try {
      await refreshOnce();
    } finally {
      await arm(true).catch(() => {});
    }
  }

  async function refreshOnce(): Promise<void> {
    const { settings } = await deps.settings.get();
    try {
      const { mirror, outcome } = await syncActiveMirror(deps, autoRefreshRequest(deps.now()), deps.emit, {
        auto: true,
      });
      const lastSync = mirror.store.lastSync();
      deps.emit('notes.refreshed', {
        profileId: mirror.owner.profileId,
        ...(lastSync ? { lastSync } : {}),
        arrived: outcome.arrivedNoReply.length,
      });
    } catch (err) {
      // No connection (a live profile without tickets…): the window is told; the next interval tries again.
      const { code, message } = toDeskError(err);
      deps.emit('notes.refreshed', {
        profileId: settings.activeProfileId,
        error: { code, message },
        arrived: 0,
      });
    }
  }

  void arm(true).catch(() => {});
  return {
    settingsChanged: () => arm(false),
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
    },
  };
}
