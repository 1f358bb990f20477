// The app's notes mirror from the command line: `desk sync` fills it and `desk notes --offline` reads it, with the
// app's own store code on the app's own files, safe while the app is open (SQLite takes turns between the two
// processes; every write is an idempotent upsert in its own transaction).
//
// Which mirror: a saved profile's (--profile ID --data-dir DIR), or for endpoint flags the mirror whose endpoint
// fingerprint matches — a saved profile's if one matches, else one of the command line's own (which a profile
// added later with that endpoint adopts); the notes-mirror service chooses, as it does for the app.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../contract';
import { defaultSettings, SANDBOX_PROFILE_ID } from '../storage/settings-schema';
import { readSavedSettings } from '../storage/settings-store';
import { sandboxFingerprint } from '../host/connect';
import { liveFingerprint } from '../services/connection';
import { AmbiguousEndpointError, createNotesMirror, endpointMirrorChoice } from '../services/notes-mirror';
import type { MirrorChoice } from '../services/notes-mirror';
import { createMirrorRegistry, mirrorFileName, MIRRORS_DIR } from '../storage/mirror-registry';
import type { MirrorRegistry } from '../storage/mirror-registry';
import type { Fingerprint, MirrorOwner } from '../storage/notes-store';
import type { NotesStore } from '../storage/notes-store';
import { hasLegacyNotesFiles } from '../storage/legacy-notes-files';
import { UsageError } from './cli-error';
import { connectionProfile } from './endpoint';
import type { EndpointPlan } from './endpoint';

export interface OpenedMirror {
  store: NotesStore;
  owner: MirrorOwner;
  file: string;
  close(): void;
}

function profileFingerprint(p: Profile): Fingerprint {
  return p.kind === 'sandbox' ? sandboxFingerprint() : liveFingerprint(p);
}

function planFingerprint(plan: EndpointPlan): Fingerprint {
  return plan.kind === 'sandbox'
    ? sandboxFingerprint({ seed: plan.seed })
    : liveFingerprint(connectionProfile(plan));
}

/** The team database's key of an endpoint's connection: its fingerprint, as the mirrors are keyed. */
export function teamConnectionKey(plan: EndpointPlan): string {
  return planFingerprint(plan).key;
}

/**
 * The app's saved profiles, read without repairing anything; none when the folder has unreadable settings, and the
 * app's first ones (the built-in sandbox) when it has none yet, as the app would start on it (a folder of release
 * 0.1.0 may hold only its notes files).
 */
function savedProfiles(dataDir: string): Profile[] {
  const saved = readSavedSettings(dataDir);
  if (saved.state === 'missing') return defaultSettings().profiles;
  return saved.state === 'read' ? saved.settings.profiles : [];
}

/** The mirror this endpoint has in `dataDir`, as the notes-mirror service chooses it. */
function mirrorChoice(plan: EndpointPlan, dataDir: string): MirrorChoice {
  const endpoint = {
    kind: plan.kind,
    fingerprint: planFingerprint(plan),
    ...(plan.profile ? { profile: plan.profile } : {}),
  };
  try {
    return endpointMirrorChoice(endpoint, savedProfiles(dataDir), profileFingerprint);
  } catch (err) {
    if (err instanceof AmbiguousEndpointError) throw new UsageError(err.message);
    throw err;
  }
}

/** The built-in sandbox profile's mirror: the one release 0.1.0's notes files are imported into. */
const SANDBOX_OWNER: MirrorOwner = {
  profileId: SANDBOX_PROFILE_ID,
  profileName: 'Sandbox',
  kind: 'sandbox',
  fingerprint: sandboxFingerprint(),
};

function registryFor(dataDir: string): MirrorRegistry {
  // A mirror the OS refuses is an error here (DATA_FILE, naming the path), never a sync into memory.
  return createMirrorRegistry({ dataDir, sandbox: SANDBOX_OWNER, failWhenInaccessible: true });
}

/** The mirror `desk sync` fills, created when the endpoint has none yet. */
export function openMirrorForSync(plan: EndpointPlan, dataDir: string): OpenedMirror {
  const choice = mirrorChoice(plan, dataDir);
  return openChosen(choice, dataDir);
}

function openChosen(choice: MirrorChoice, dataDir: string): OpenedMirror {
  const registry = registryFor(dataDir);
  try {
    const { store, owner } = createNotesMirror(registry).open(choice);
    return { store, owner, file: join(dataDir, MIRRORS_DIR, store.file), close: () => registry.close() };
  } catch (err) {
    registry.close();
    throw err;
  }
}

/**
 * Release 0.1.0's notes files, when the folder still has them, imported as the app does: into the sandbox profile's
 * mirror, by the first open of a mirror. Reading looks for a mirror file, so the import must come first.
 */
function importLegacyNotes(dataDir: string, known: readonly string[]): void {
  if (!hasLegacyNotesFiles(dataDir)) return;
  const registry = registryFor(dataDir);
  try {
    registry.open(SANDBOX_OWNER, known);
  } finally {
    registry.close();
  }
}

/** The mirror `desk notes --offline` reads; an endpoint never synced into `dataDir` is an error, not an empty list. */
export function openMirrorForReading(plan: EndpointPlan, dataDir: string): OpenedMirror {
  const choice = mirrorChoice(plan, dataDir);
  const name = mirrorFileName(choice.owner);
  importLegacyNotes(dataDir, choice.known);
  if (!existsSync(join(dataDir, MIRRORS_DIR, name))) {
    throw new UsageError(
      `No saved notes for this endpoint in ${dataDir}; fetch them with desk sync (same endpoint flags) or in the app.`,
    );
  }
  return openChosen(choice, dataDir);
}
