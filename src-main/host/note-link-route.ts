// Links to a note (sellerdesk://note/<connection>/<SeqNo>) delivered to the app: by the OS to Electron main (the
// first launch's argv, a second instance's argv, macOS's open-url) or by the E2E bridge to the host, both through
// this one route. A link is parsed strictly (src-shared/note-link.ts); a valid one is looked up in the team
// databases of this desktop's team profiles, the active one's first: the profile whose team and endpoint hold the
// note is made active if it is not, and the note must be in its local copy. The outcome (open, or refused with a
// reason) waits here until the window takes it (`links.take`), and `links.arrived` tells the window so: a link that
// came before the window was ready is not lost, and none is dropped without a word.
import type { EventName, Events, NoteLinkOutcome, NoteLinkOutcomeRefusal, Profile } from '../contract';
import { marketDayOf } from '../../src-shared/market-day';
import { parseNoteLink } from '../../src-shared/note-link';
import type { NoteLink, NoteLinkRefusal } from '../../src-shared/note-link';
import { liveFingerprint } from '../services/connection';
import type { SettingsStore } from '../storage/settings-store';
import type { TicketVault } from '../storage/vault';
import { lookupNoteLink } from '../team/note-links';
import type { NoteLinkLookup } from '../team/note-links';
import { withTeamDb } from '../team/team-db';
import { parseTeamUrl } from '../team/team-url';
import type { TeamHost } from './team-host';

/** The scheme the app registers with the OS (setAsDefaultProtocolClient). */
export const NOTE_LINK_PROTOCOL = 'sellerdesk';

const SHOWN_LINK = 120;

/**
 * The link among a process's arguments (the first launch's, or a second instance's handed to the first): the last
 * argument whose scheme is the app's, in any letter case, so a malformed one is refused rather than ignored.
 * Undefined when none is (a plain second launch only brings the window forward).
 */
export function linkFromArgv(argv: readonly unknown[]): string | undefined {
  const prefix = `${NOTE_LINK_PROTOCOL}:`;
  for (let i = argv.length - 1; i >= 0; i--) {
    const arg = argv[i];
    if (typeof arg === 'string' && arg.slice(0, prefix.length).toLowerCase() === prefix) return arg;
  }
  return undefined;
}

/** A team profile of this desktop, as a link is matched against it. */
export interface LinkProfile {
  id: string;
  active: boolean;
  /** Its team database's address, as saved. */
  teamUrl: string;
  /** Its endpoint's key, which is the connection's key in the team database. */
  connection: string;
}

export interface LinkWorld {
  /** This desktop's team profiles. */
  profiles: readonly LinkProfile[];
  /** The link in the team database at that address; throws when it cannot be asked. */
  lookup(teamUrl: string, link: NoteLink): Promise<NoteLinkLookup>;
}

export type LinkDecision =
  | { open: true; profileId: string; seqNo: number; at: number; switchTo: boolean }
  | { open: false; reason: NoteLinkOutcomeRefusal; detail?: NoteLinkRefusal };

/** The refusal told when no team database opens the link: the one that says the most. */
const REFUSAL_ORDER: readonly NoteLinkOutcomeRefusal[] = [
  'no-profile',
  'unknown-note',
  'unreachable',
  'unknown-connection',
];

/**
 * Where a delivered link leads: refused as malformed, or when no profile has a team; else the first team
 * database (the active profile's first) whose connection of that id holds the note and is the endpoint of one of
 * its profiles, the active one preferred; else the most telling refusal of the databases asked.
 */
export async function decideNoteLink(raw: unknown, world: LinkWorld): Promise<LinkDecision> {
  const parsed = parseNoteLink(raw);
  if (!parsed.ok) return { open: false, reason: 'malformed', detail: parsed.reason };
  if (world.profiles.length === 0) return { open: false, reason: 'no-team' };
  const urls = [...new Set([...world.profiles].sort((a, b) => +b.active - +a.active).map((p) => p.teamUrl))];
  const seen = new Set<NoteLinkOutcomeRefusal>();
  for (const url of urls) {
    let found: NoteLinkLookup;
    try {
      found = await world.lookup(url, parsed.link);
    } catch {
      seen.add('unreachable');
      continue;
    }
    if (found.kind !== 'note') {
      seen.add(found.kind);
      continue;
    }
    const here = world.profiles.filter((p) => p.teamUrl === url && p.connection === found.connection);
    const profile = here.find((p) => p.active) ?? here[0];
    if (!profile) {
      seen.add('no-profile');
      continue;
    }
    const { seqNo } = parsed.link;
    return { open: true, profileId: profile.id, seqNo, at: found.at, switchTo: !profile.active };
  }
  return { open: false, reason: REFUSAL_ORDER.find((r) => seen.has(r)) ?? 'unknown-connection' };
}

export interface NoteLinkRoute {
  /** A link as the OS hands it (open-url; the test bridge): routed, its outcome kept for the window. */
  deliver(raw: unknown): Promise<NoteLinkOutcome>;
  /** A process's arguments: routed when one is a link; undefined when none is. */
  deliverArgv(argv: readonly unknown[]): Promise<NoteLinkOutcome | undefined>;
  /** The outcome waiting for the window, taken once. */
  take(): NoteLinkOutcome | undefined;
}

export interface NoteLinkRouteDeps {
  settings: SettingsStore;
  vault: TicketVault;
  teams: TeamHost;
  /** The built-in sandbox's endpoint key (its mirror's fingerprint). */
  sandboxConnection: string;
  /** Where PGPASSWORD and .pgpass are looked up besides the vault. */
  env?: Record<string, string | undefined>;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
}

export function createNoteLinkRoute(deps: NoteLinkRouteDeps): NoteLinkRoute {
  let waiting: NoteLinkOutcome | undefined;
  // One link at a time: a second waits for the first's profile switch.
  let queue: Promise<unknown> = Promise.resolve();
  const deliver = (raw: unknown): Promise<NoteLinkOutcome> => {
    const run = queue.then(() => routeLink(deps, raw));
    queue = run.catch(() => undefined);
    return run.then((outcome) => {
      waiting = outcome;
      deps.emit('links.arrived', { ok: outcome.ok });
      return outcome;
    });
  };
  return {
    deliver,
    deliverArgv: async (argv) => {
      const link = linkFromArgv(argv);
      return link === undefined ? undefined : deliver(link);
    },
    take: () => {
      const was = waiting;
      waiting = undefined;
      return was;
    },
  };
}

async function routeLink(deps: NoteLinkRouteDeps, raw: unknown): Promise<NoteLinkOutcome> {
  const shown = typeof raw === 'string' ? raw.slice(0, SHOWN_LINK) : '';
  const refuse = (reason: NoteLinkOutcomeRefusal, detail?: NoteLinkRefusal): NoteLinkOutcome => ({
    ok: false,
    reason,
    ...(detail ? { detail } : {}),
    link: shown,
  });
  const { settings } = await deps.settings.get();
  const decision = await decideNoteLink(
    raw,
    await linkWorld(deps, settings.profiles, settings.activeProfileId),
  );
  if (!decision.open) return refuse(decision.reason, decision.detail);
  if (decision.switchTo) await deps.settings.update({ activeProfileId: decision.profileId });
  // The note must be in this desktop's copy for the inbox to show it (the pull brings what the team has).
  const session = await deps.teams.active().catch(() => undefined);
  const held = await session
    ?.withTeam(async ({ copy }) => copy.notesBySeq([decision.seqNo]).length > 0)
    .catch(() => false);
  if (!held) return refuse('not-in-copy');
  return {
    ok: true,
    profileId: decision.profileId,
    seqNo: decision.seqNo,
    day: marketDayOf(decision.at),
    switched: decision.switchTo,
  };
}

/** This desktop's team profiles and how to ask their databases (the active one through its session). */
async function linkWorld(
  deps: NoteLinkRouteDeps,
  profiles: readonly Profile[],
  activeId: string | undefined,
): Promise<LinkWorld> {
  const teamProfiles = profiles.filter((p) => p.teamUrl?.trim());
  const active = teamProfiles.find((p) => p.id === activeId);
  const session = active ? await deps.teams.active().catch(() => undefined) : undefined;
  return {
    profiles: teamProfiles.map((p) => ({
      id: p.id,
      active: p.id === activeId,
      teamUrl: p.teamUrl!.trim(),
      connection: p.kind === 'sandbox' ? deps.sandboxConnection : liveFingerprint(p).key,
    })),
    lookup: async (url, link) => {
      if (session && url === active?.teamUrl?.trim())
        return session.withTeam(({ sql, team }) => lookupNoteLink(sql, team, link));
      const owner = teamProfiles.find((p) => p.teamUrl?.trim() === url)!;
      const tickets = await deps.vault.get(owner.id).catch(() => ({ teamPassword: undefined }));
      const env = { ...(deps.env ?? {}) };
      if (tickets.teamPassword) env['PGPASSWORD'] = tickets.teamPassword;
      const target = parseTeamUrl(url, env);
      return withTeamDb(target, (db) => lookupNoteLink(db.sql, target.team, link));
    },
  };
}
