// The app's notes mirror from the command line: `desk sync` fills it and `desk notes --offline` reads it, with the
// app's own store code on the app's own files, safe while the app is open (SQLite takes turns between the two
// processes; every write is an idempotent upsert in its own transaction).
//
// Which mirror: a saved profile's (--profile ID --data-dir DIR), or for endpoint flags the mirror whose endpoint
// fingerprint matches — a saved profile's if one matches, else one of the command line's own (which a profile
// added later with that endpoint adopts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../contract';
import { defaultSettings, SANDBOX_PROFILE_ID, settingsSchema } from '../storage/settings-schema';
import { migrateSettings, SETTINGS_FILE } from '../storage/settings-store';
import { sandboxFingerprint } from '../host/connect';
import { liveFingerprint } from '../services/connection';
import {
  COMMAND_LINE_OWNER,
  createMirrorRegistry,
  mirrorFileName,
  MIRRORS_DIR,
} from '../storage/mirror-registry';
import type { Fingerprint, MirrorOwner, MirrorRegistry } from '../storage/mirror-registry';
import type { MirrorStore } from '../storage/mirror-store';
import { hasLegacyNotesFiles } from '../storage/legacy-notes-files';
import { UsageError } from './cli-error';
import { connectionProfile } from './endpoint';
import type { EndpointPlan } from './endpoint';

export interface OpenedMirror {
  store: MirrorStore;
  owner: MirrorOwner;
  file: string;
  close(): void;
}

function profileFingerprint(p: Profile): Fingerprint {
  return p.kind === 'sandbox' ? sandboxFingerprint() : liveFingerprint(p);
}

export function planFingerprint(plan: EndpointPlan): Fingerprint {
  return plan.kind === 'sandbox'
    ? sandboxFingerprint({ seed: plan.seed })
    : liveFingerprint(connectionProfile(plan));
}

/**
 * The app's saved profiles, read without repairing anything; none when the folder has unreadable settings, and the
 * app's first ones (the built-in sandbox) when it has none yet, as the app would start on it (a folder of release
 * 0.1.0 may hold only its notes files).
 */
function savedProfiles(dataDir: string): Profile[] {
  const file = join(dataDir, SETTINGS_FILE);
  if (!existsSync(file)) return defaultSettings().profiles;
  try {
    const parsed = settingsSchema.safeParse(migrateSettings(JSON.parse(readFileSync(file, 'utf8'))));
    return parsed.success ? parsed.data.profiles : [];
  } catch {
    return [];
  }
}

/** The mirror's owner for this endpoint in `dataDir`. */
export function mirrorOwner(plan: EndpointPlan, dataDir: string): { owner: MirrorOwner; known: string[] } {
  const profiles = savedProfiles(dataDir);
  const known = profiles.map((p) => p.id);
  const fingerprint = planFingerprint(plan);
  if (plan.profile) {
    return {
      owner: { profileId: plan.profile.id, profileName: plan.profile.name, kind: plan.kind, fingerprint },
      known,
    };
  }
  const matching = profiles.filter(
    (p) => p.kind === plan.kind && profileFingerprint(p).key === fingerprint.key,
  );
  if (matching.length > 1) {
    throw new UsageError(
      `Saved profiles ${matching.map((p) => p.id).join(', ')} all use this endpoint; choose one with --profile ID.`,
    );
  }
  const profile = matching[0];
  return {
    owner: profile
      ? { profileId: profile.id, profileName: profile.name, kind: profile.kind, fingerprint }
      : { profileId: COMMAND_LINE_OWNER, profileName: 'desk', kind: plan.kind, fingerprint },
    known,
  };
}

/** The built-in sandbox profile's mirror: the one release 0.1.0's notes files are imported into. */
const SANDBOX_OWNER: MirrorOwner = {
  profileId: SANDBOX_PROFILE_ID,
  profileName: 'Sandbox',
  kind: 'sandbox',
  fingerprint: sandboxFingerprint(),
};

function registryFor(dataDir: string): MirrorRegistry {
  return createMirrorRegistry({ dataDir, sandbox: SANDBOX_OWNER });
}

/** The mirror `desk sync` fills, created when the endpoint has none yet. */
export function openMirrorForSync(plan: EndpointPlan, dataDir: string): OpenedMirror {
  const { owner, known } = mirrorOwner(plan, dataDir);
  const registry = registryFor(dataDir);
  try {
    const store = registry.open(owner, known);
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
  const { owner, known } = mirrorOwner(plan, dataDir);
  const name = mirrorFileName(owner);
  importLegacyNotes(dataDir, known);
  if (!existsSync(join(dataDir, MIRRORS_DIR, name))) {
    throw new UsageError(
      `No saved notes for this endpoint in ${dataDir}; fetch them with desk sync (same endpoint flags) or in the app.`,
    );
  }
  return openMirrorForSync(plan, dataDir);
}
