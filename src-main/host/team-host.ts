// The host's team sessions: the active profile's, when it names a team database (Settings), started on first use
// and stopped when another profile becomes active, the profile's team changes, or the app quits. A single-desktop
// profile has none, and nothing here runs for it.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventName, Events, NotesSyncRequest } from '../contract';
import { activeMirrorChoice } from '../services/notes-mirror';
import { parseTeamUrl } from '../team/team-url';
import type { RunningSandbox } from '../sandbox/server';
import type { ConnectionManager } from '../services/connection';
import type { MirrorRegistry } from '../storage/mirror-registry';
import type { SettingsStore } from '../storage/settings-store';
import type { TicketVault } from '../storage/vault';
import { teamKeyName } from '../team/ticket-seal';
import { TeamSession } from './team-session';

type Emit = <E extends EventName>(event: E, payload: Events[E]) => void;

export interface TeamHost {
  /** The active profile's session, started if need be; undefined for a single-desktop profile. */
  active(): Promise<TeamSession | undefined>;
  /** The settings changed: a session no longer the active profile's is stopped, the active one's started. */
  settingsChanged(): Promise<void>;
  /**
   * The profile's team database password changed (Settings): its session, which logs in with the one it started
   * with, starts again, so a newcomer who enters the address first and the password next is connected at once.
   */
  credentialsChanged(profileId: string): Promise<void>;
  close(): Promise<void>;
}

export interface TeamHostOptions {
  emit: Emit;
  /** The caller's sync for another desktop's request (the host's sync of the active mirror). */
  syncForTeam: (req: NotesSyncRequest | undefined) => Promise<void>;
  /** Where PGPASSWORD and .pgpass are looked up besides the vault (process.env in the app). */
  env?: Record<string, string | undefined>;
  loopMs?: number;
  pollMs?: number;
}

// What it needs of the host's deps, named here: host-deps.ts names TeamHost, so no import back.
interface Deps {
  connection: ConnectionManager<RunningSandbox>;
  settings: SettingsStore;
  mirrors: MirrorRegistry;
  vault: TicketVault;
}

export function createTeamHost(deps: Deps, opts: TeamHostOptions): TeamHost {
  let current: { key: string; session: TeamSession } | undefined;
  // This desktop among its login's (presence): the machine and the data folder, the same after a restart.
  const desktop = createHash('sha256')
    .update(`${hostname()}\n${deps.mirrors.dir}`)
    .digest('base64url')
    .slice(0, 22);
  let closed = false;
  // One change at a time: two callers at once never start two sessions.
  let queue: Promise<unknown> = Promise.resolve();
  const serialize = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };

  async function stopCurrent(): Promise<void> {
    const was = current;
    current = undefined;
    await was?.session.stop();
  }

  async function ensure(): Promise<TeamSession | undefined> {
    if (closed) return undefined;
    // A single-desktop profile: nothing to do, not even a connection to start.
    const saved = await deps.settings.get();
    if (!saved.settings.profiles.find((p) => p.id === saved.settings.activeProfileId)?.teamUrl?.trim()) {
      await stopCurrent();
      return undefined;
    }
    const choice = await activeMirrorChoice(deps);
    const { settings } = await deps.settings.get();
    const profile = settings.profiles.find((p) => p.id === choice.active.profile.id);
    const url = profile?.teamUrl?.trim();
    if (!profile || !url) {
      await stopCurrent();
      return undefined;
    }
    const key = `${profile.id}\n${choice.owner.fingerprint.key}`;
    if (current?.key === key) return current.session;
    await stopCurrent();
    const tickets = await deps.vault.get(profile.id).catch(() => ({ teamPassword: undefined }));
    const env = { ...(opts.env ?? {}) };
    if (tickets.teamPassword) env['PGPASSWORD'] = tickets.teamPassword;
    const target = parseTeamUrl(url, env);
    // A live connection's ticket is the team's, sealed with the key `desk team join` or Settings keeps in the vault.
    const teamKey =
      profile.kind === 'live'
        ? () => deps.vault.getSecret(teamKeyName(target)).catch(() => undefined)
        : undefined;
    const session = new TeamSession({
      target,
      ...(teamKey ? { teamKey } : {}),
      connection: choice.active.fingerprint.key,
      copy: deps.mirrors.open(choice.owner, choice.known),
      ...(opts.loopMs !== undefined ? { loopMs: opts.loopMs } : {}),
      ...(opts.pollMs !== undefined ? { pollMs: opts.pollMs } : {}),
      onChange: () => opts.emit('notes.refreshed', { profileId: profile.id, arrived: 0 }),
      syncForTeam: opts.syncForTeam,
      desktop,
      onPresence: (entries) => opts.emit('team.presence', { profileId: profile.id, entries }),
    });
    current = { key, session };
    await session.start();
    return session;
  }

  return {
    active: () => serialize(ensure),
    settingsChanged: () => serialize(async () => void (await ensure().catch(() => undefined))),
    credentialsChanged: (profileId) =>
      serialize(async () => {
        if (current?.key.startsWith(`${profileId}\n`)) await stopCurrent();
        await ensure().catch(() => undefined);
      }),
    close: () =>
      serialize(async () => {
        closed = true;
        await stopCurrent();
      }),
  };
}
