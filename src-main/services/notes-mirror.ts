// The notes mirror's one service: which mirror a caller gets (the active profile's in the app, an endpoint's on the
// command line), a file found damaged while in use moved aside and replaced, and what the mirror's status says.
// The host's notes handlers, main's auto refresh and `desk` all choose and open mirrors here, over the NotesStore
// interface and a registry of mirrors (SQLite's today), never over one store's own methods.
import type { NoteLocalMark, InboxNote, NotesMirrorStatus, Profile } from '../contract';
import { COMMAND_LINE_OWNER, teamCopyFingerprint } from '../storage/notes-store';
import type { Fingerprint, MirrorOwner, NotesMirrors, NotesStore } from '../storage/notes-store';
import type { SettingsStore } from '../storage/settings-store';
import { inaccessible, isAccessFailure, isCorruption } from '../storage/sqlite-file';
import type { ActiveConnection, ConnectionManager } from './connection';

/** A mirror chosen: whose it is, and the saved profiles (adoption and carry-over offers are decided by them). */
export interface MirrorChoice {
  owner: MirrorOwner;
  known: string[];
}

export type OpenedMirror<C extends MirrorChoice = MirrorChoice> = C & { store: NotesStore };

/** The active profile's mirror, with the connection it was chosen from (a sync of it uses that connection). */
export type ActiveMirror = OpenedMirror<MirrorChoice & { active: ActiveConnection }>;

/** Two saved profiles share the endpoint a command line names: it must say which one with --profile. */
export class AmbiguousEndpointError extends Error {
  constructor(readonly profileIds: readonly string[]) {
    super(`Saved profiles ${profileIds.join(', ')} all use this endpoint; choose one with --profile ID.`);
  }
}

const ownerOf = (p: Pick<Profile, 'id' | 'name' | 'kind'>, fingerprint: Fingerprint): MirrorOwner => ({
  profileId: p.id,
  profileName: p.name,
  kind: p.kind,
  fingerprint,
});

/** The app's choice: the active connection's profile and endpoint, so a sync and a read can never disagree. */
export async function activeMirrorChoice(deps: {
  connection: Pick<ConnectionManager, 'active'>;
  settings: Pick<SettingsStore, 'get'>;
}): Promise<MirrorChoice & { active: ActiveConnection }> {
  const active = await deps.connection.active();
  const { settings } = await deps.settings.get();
  // A team profile reads its local copy of the team's mirror, a file of its own.
  const teamUrl = settings.profiles.find((p) => p.id === active.profile.id)?.teamUrl?.trim();
  const fingerprint = teamUrl ? teamCopyFingerprint(active.fingerprint, teamUrl) : active.fingerprint;
  return {
    active,
    owner: ownerOf(active.profile, fingerprint),
    known: settings.profiles.map((p) => p.id),
  };
}

/** What a command line names: an endpoint (its kind and fingerprint), and the saved profile it was read from. */
export interface EndpointChoice {
  kind: 'sandbox' | 'live';
  fingerprint: Fingerprint;
  profile?: { id: string; name: string };
}

/**
 * The command line's choice: the named profile's mirror; else the mirror of the one saved profile with this
 * endpoint's fingerprint; else the command line's own for the endpoint (a profile added later with it adopts it).
 */
export function endpointMirrorChoice(
  endpoint: EndpointChoice,
  profiles: readonly Profile[],
  fingerprintOf: (p: Profile) => Fingerprint,
): MirrorChoice {
  const known = profiles.map((p) => p.id);
  const { kind, fingerprint } = endpoint;
  if (endpoint.profile) return { owner: ownerOf({ ...endpoint.profile, kind }, fingerprint), known };
  const matching = profiles.filter((p) => p.kind === kind && fingerprintOf(p).key === fingerprint.key);
  if (matching.length > 1) throw new AmbiguousEndpointError(matching.map((p) => p.id));
  const profile = matching[0];
  return {
    owner: ownerOf(profile ?? { id: COMMAND_LINE_OWNER, name: 'desk', kind }, fingerprint),
    known,
  };
}

export interface NotesMirror {
  /** The chosen mirror, created, adopted or replaced as its registry's rules say. */
  open<C extends MirrorChoice>(choice: C): OpenedMirror<C>;
  /** Runs `use` on the chosen mirror; a file found damaged on the way is moved aside and a fresh one used. */
  use<C extends MirrorChoice, T>(choice: C, use: (m: OpenedMirror<C>) => T | Promise<T>): Promise<T>;
  status(m: OpenedMirror): NotesMirrorStatus;
  /** Imports or discards another mirror's marks; undefined when that offer is no longer there. */
  carryOver(m: OpenedMirror, source: string, action: 'import' | 'discard'): number | undefined;
  /** What a profile's mirrors hold together (normally one mirror, more when its endpoint changed). */
  profileTotals(profileId: string): { notes: number; marks: number; bytes: number };
}

export function createNotesMirror(mirrors: NotesMirrors): NotesMirror {
  function open<C extends MirrorChoice>(choice: C): OpenedMirror<C> {
    return { ...choice, store: mirrors.open(choice.owner, choice.known) };
  }

  return {
    open,
    async use(choice, use) {
      const m = open(choice);
      try {
        return await use(m);
      } catch (err) {
        // Refused by the OS midway (the file or its folder made read-only meanwhile): a typed DATA_FILE error
        // naming the mirror, never SQLite's raw text.
        if (isAccessFailure(err)) throw inaccessible(err, m.store.file);
        if (!isCorruption(err)) throw err;
        return use({ ...m, store: await mirrors.recover(m.store, m.owner, m.known) });
      }
    },
    status(m) {
      const { owner } = m;
      return {
        profile: { id: owner.profileId, name: owner.profileName, kind: owner.kind },
        sample: owner.kind === 'sandbox',
        offers: mirrors.offers(m.store, m.known),
        ...m.store.status(),
      };
    },
    carryOver(m, source, action) {
      const imported = mirrors.carryOver(m.store, source, action, m.known);
      return imported < 0 ? undefined : imported;
    },
    profileTotals(profileId) {
      const files = mirrors.profileMirrors(profileId);
      return {
        notes: files.reduce((n, f) => n + f.notes, 0),
        marks: files.reduce((n, f) => n + f.marks, 0),
        bytes: files.reduce((n, f) => n + f.bytes, 0),
      };
    },
  };
}

/** The notes an export writes, in the order asked, with the seller's marks of those notes by SeqNo. */
export function exportedNotes(
  store: NotesStore,
  seqNos: readonly number[],
): { notes: InboxNote[]; local: Record<string, NoteLocalMark> } {
  const notes = store.notesBySeq(seqNos);
  const marks = store.marks();
  const local: Record<string, NoteLocalMark> = {};
  for (const n of notes) {
    const mark = marks.get(n.seqNo);
    if (mark) local[String(n.seqNo)] = mark;
  }
  return { notes, local };
}
