import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SETTINGS_VERSION } from '../contract';
import type { Profile, Settings, SettingsNotice, SettingsPatch, SettingsView } from '../contract';
import { DataFileError, readTextIfExists, setAside, writeFileAtomic } from './atomic-file';
import { InvalidValueError } from './field-issues';
import { starterTemplates, typeV2Starters } from './reply-templates';
import { defaultSettings, repairSettings, settingsPatchSchema, settingsSchema } from './settings-schema';

export const SETTINGS_FILE = 'settings.json';

/** Migration n turns a version-n document into a version n+1 document. */
export type Migrations = Readonly<Record<number, (doc: Record<string, unknown>) => Record<string, unknown>>>;

/**
 * Version 2 added reply templates: a version-1 file gets the starters. Version 3 gave templates inquiry types: the
 * starters a version-2 file still holds get theirs, and the item and receipt replies are added.
 */
export const MIGRATIONS: Migrations = {
  1: (v1) => ({ ...v1, replyTemplates: starterTemplates() }),
  2: (v2) => ({ ...v2, replyTemplates: typeV2Starters(v2['replyTemplates']) }),
};

export interface SettingsStore {
  get(): Promise<SettingsView>;
  update(patch: SettingsPatch): Promise<Settings>;
  dismissNotice(): Promise<void>;
  /** The active profile with runtime values (the sandbox's endpoints) filled in. */
  activeProfile(): Promise<Profile>;
}

export interface SettingsStoreOptions {
  migrations?: Migrations;
  /** Endpoints of the in-process sandbox, known only once it listens; never written to disk. */
  sandboxEndpoints?: () =>
    Pick<Profile, 'apiBaseUrl' | 'suggestBaseUrl' | 'nsRoot' | 'schemaRoot'> | undefined;
  now?: () => Date;
}

class SettingsFileInvalid extends Error {}

function isDataFileError(err: unknown): boolean {
  return err instanceof DataFileError;
}

/** Brings an older document up to SETTINGS_VERSION one step at a time. */
export function migrateSettings(
  raw: unknown,
  migrations: Migrations = MIGRATIONS,
  target: number = SETTINGS_VERSION,
): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new SettingsFileInvalid('not an object');
  let doc = raw as Record<string, unknown>;
  // A file from before versioning has no version field: that is version 0.
  let version = doc['version'] === undefined ? 0 : doc['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new SettingsFileInvalid(`bad version ${String(version)}`);
  }
  // A newer app wrote this file: reading it would silently drop what this version does not know.
  if (version > target) throw new SettingsFileInvalid(`version ${version} is newer than ${target}`);
  while (version < target) {
    const step = migrations[version];
    if (!step) throw new SettingsFileInvalid(`no migration from version ${version}`);
    doc = { ...step(doc), version: version + 1 };
    version += 1;
  }
  return doc;
}

/** The settings file as saved, for a reader that must not change it: missing, unreadable, or its settings. */
export type SavedSettings =
  { state: 'missing' } | { state: 'unreadable' } | { state: 'read'; settings: Settings };

/**
 * Reads the settings file in `dir` read-only (the command line's reader): migrated in memory, never written back,
 * repaired or moved aside, as the store does for the app. A newer version than this one knows is unreadable.
 */
export function readSavedSettings(dir: string, migrations: Migrations = MIGRATIONS): SavedSettings {
  let text: string;
  try {
    text = readFileSync(join(dir, SETTINGS_FILE), 'utf8');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? { state: 'missing' } : { state: 'unreadable' };
  }
  try {
    const migrated = migrateSettings(JSON.parse(text), migrations);
    const parsed = settingsSchema.safeParse(migrated);
    if (parsed.success) return { state: 'read', settings: parsed.data };
    // As the app reads it: the refused fields repaired in memory (the file is the app's to rewrite).
    const repaired = repairSettings(migrated);
    return repaired ? { state: 'read', settings: repaired.settings } : { state: 'unreadable' };
  } catch {
    return { state: 'unreadable' };
  }
}

export function createSettingsStore(dir: string, opts: SettingsStoreOptions = {}): SettingsStore {
  const file = join(dir, SETTINGS_FILE);
  const now = opts.now ?? (() => new Date());
  let current: Settings | undefined;
  let notice: SettingsNotice | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  // Loads and updates run one after another so a slow write can never be overtaken by an older one.
  const serialize = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };

  async function load(): Promise<Settings> {
    if (current) return current;
    try {
      await mkdir(dir, { recursive: true });
    } catch (err) {
      if (typeof (err as NodeJS.ErrnoException).code !== 'string') throw err;
      // No data folder can be made: run on defaults, and say so.
      notice = { kind: 'data-folder-readonly', dataDir: dir };
      return (current = defaultSettings());
    }
    let text: string | undefined;
    try {
      text = await readTextIfExists(file);
    } catch (err) {
      if (!isDataFileError(err)) throw err;
      // Cannot be opened at all (a folder in its place, no permission): set it aside and start afresh.
      return startFresh(() => setAside(file, 'unreadable', now()), 'settings-unreadable');
    }
    if (text === undefined) return startFresh(undefined, undefined);
    try {
      const migrated = migrateSettings(JSON.parse(text), opts.migrations ?? MIGRATIONS);
      const parsed = settingsSchema.safeParse(migrated);
      if (!parsed.success) return await repairOrReset(migrated, parsed.error.message);
      current = parsed.data;
      const before = JSON.parse(text) as { version?: unknown };
      if (before.version !== SETTINGS_VERSION) await saveOrNotice(current);
      return current;
    } catch (err) {
      if (!(err instanceof SyntaxError) && !(err instanceof SettingsFileInvalid)) throw err;
      // Keep the seller's file for support instead of overwriting it, and tell the UI it happened.
      return startFresh(() => setAside(file, 'corrupt', now()), 'settings-reset');
    }
  }

  /**
   * A file the schema refuses (a value over its cap, a field a broken write left wrong): the refused fields are
   * repaired one by one and the rest kept; the file as it was is kept aside and a notice names the fields.
   */
  async function repairOrReset(migrated: unknown, why: string): Promise<Settings> {
    const repaired = repairSettings(migrated);
    if (!repaired) throw new SettingsFileInvalid(why);
    current = repaired.settings;
    try {
      const backupFile = await setAside(file, 'repaired', now());
      notice = { kind: 'settings-repaired', backupFile, fields: repaired.fields };
      await save(current);
    } catch (err) {
      if (!isDataFileError(err)) throw err;
      notice = { kind: 'data-folder-readonly', dataDir: dir };
    }
    return current;
  }

  /**
   * Defaults, after moving the old file aside when there is one. A data folder that refuses both the move and
   * the write leaves the app running on the defaults in memory, with a notice saying where to fix it.
   */
  async function startFresh(
    moveAside: (() => Promise<string>) | undefined,
    kind: 'settings-reset' | 'settings-unreadable' | undefined,
  ): Promise<Settings> {
    current = defaultSettings();
    try {
      const backupFile = moveAside ? await moveAside() : undefined;
      if (kind && backupFile) notice = { kind, backupFile };
      await save(current);
    } catch (err) {
      if (!isDataFileError(err)) throw err;
      notice = { kind: 'data-folder-readonly', dataDir: dir };
    }
    return current;
  }

  async function saveOrNotice(settings: Settings): Promise<void> {
    try {
      await save(settings);
    } catch (err) {
      if (!isDataFileError(err)) throw err;
      notice = { kind: 'data-folder-readonly', dataDir: dir };
    }
  }

  async function save(settings: Settings): Promise<void> {
    await writeFileAtomic(file, `${JSON.stringify(settings, null, 2)}\n`);
  }

  function withRuntime(profile: Profile): Profile {
    if (profile.kind !== 'sandbox') return profile;
    const endpoints = opts.sandboxEndpoints?.();
    return endpoints ? { ...profile, ...endpoints } : profile;
  }

  return {
    get: () =>
      serialize(async () => {
        const settings = await load();
        const view: SettingsView = {
          settings: { ...settings, profiles: settings.profiles.map(withRuntime) },
        };
        if (notice) view.notice = notice;
        return view;
      }),
    update: (patch) =>
      serialize(async () => {
        const fields = settingsPatchSchema.safeParse(patch);
        const merged = fields.success
          ? settingsSchema.safeParse({ ...(await load()), ...fields.data })
          : fields;
        if (!merged.success)
          throw new InvalidValueError('These settings cannot be saved.', merged.error, '(patch)');
        // Runtime endpoints of the sandbox are never persisted, whatever the renderer echoes back.
        const next: Settings = {
          ...merged.data,
          profiles: merged.data.profiles.map((p) =>
            p.kind === 'sandbox'
              ? { ...p, apiBaseUrl: '', suggestBaseUrl: '', nsRoot: '', schemaRoot: '' }
              : p,
          ),
        };
        // A data folder that refuses the write keeps the change for this session, as the notice says.
        await saveOrNotice(next);
        current = next;
        return { ...next, profiles: next.profiles.map(withRuntime) };
      }),
    dismissNotice: () =>
      serialize(async () => {
        notice = undefined;
      }),
    activeProfile: () =>
      serialize(async () => {
        const s = await load();
        const active = s.profiles.find((p) => p.id === s.activeProfileId) ?? s.profiles[0]!;
        return withRuntime(active);
      }),
  };
}
