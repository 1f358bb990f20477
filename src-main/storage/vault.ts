import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TicketSet, VaultStatus } from '../contract';
import { DataFileError, readTextIfExists, setAside, writeFileAtomic } from './atomic-file';

export type { TicketSet, VaultStatus } from '../contract';

export interface TicketVault {
  status(profileId: string): Promise<VaultStatus>;
  /** Throws VaultCorruptError when the stored tickets cannot be read back. */
  get(profileId: string): Promise<TicketSet>;
  /** Merges the given tickets into the profile's (a corrupt entry is replaced). */
  set(profileId: string, tickets: TicketSet): Promise<void>;
  /** Keeps the encrypted ticket the marketplace handed back; a seq older than the last applied is ignored. */
  rotateEncrypted(profileId: string, ticket: string, seq: number): Promise<void>;
  clear(profileId: string): Promise<void>;
  /** A secret of this desktop besides the tickets (a team key), by name; undefined when none is kept. */
  getSecret(name: string): Promise<string | undefined>;
  /** Keeps (or, with undefined, forgets) a named secret, sealed like the tickets. */
  setSecret(name: string, value: string | undefined): Promise<void>;
  /** Persisted consent to store tickets where the OS keystore is missing (Linux basic_text). */
  acceptWeakerStorage(accept: boolean): Promise<void>;
}

class VaultCorruptError extends Error {
  readonly deskCode = 'VAULT_CORRUPT';
  constructor(readonly detail: string) {
    super('The stored tickets cannot be read. Clear them or enter them again.');
    this.name = 'VaultCorruptError';
  }
}

export class VaultInsecureError extends Error {
  readonly deskCode = 'VAULT_INSECURE';
  constructor(readonly detail: string) {
    super('This computer has no secure keystore; storing tickets needs your consent to weaker storage.');
    this.name = 'VaultInsecureError';
  }
}

export class VaultLockedError extends Error {
  readonly deskCode = 'VAULT_LOCKED';
  constructor(readonly detail: string) {
    super('The system keystore is not available right now.');
    this.name = 'VaultLockedError';
  }
}

/** How one implementation seals a profile's tickets; the profile id is bound in so entries cannot be swapped. */
export interface VaultCipher {
  seal(plain: string, profileId: string): Promise<Buffer>;
  /** Returns the plaintext and whether it should be sealed again (the OS rotated its key). */
  open(sealed: Buffer, profileId: string): Promise<{ plain: string; reseal: boolean }>;
  /** Throws when storing is not allowed right now; `accepted` is the persisted consent. */
  assertWritable(accepted: boolean): Promise<void>;
  /** The state to report instead of 'ok'/'empty' when writing would be refused. */
  refusedState(accepted: boolean): Promise<VaultStatus['state'] | undefined>;
  /** Where a damaged key of its own was moved when a fresh one replaced it (the file vault's), if it was. */
  keyReplaced?(): Promise<string | undefined>;
}

export const VAULT_FILE = 'vault.json';

interface Entry {
  sealed: string;
  lastRotatedAt?: string;
  encryptedSeq?: number;
}
interface VaultDoc {
  version: 1;
  acceptWeakerStorage: boolean;
  profiles: Record<string, Entry>;
  /** Named secrets besides the tickets (a team key), sealed with the name bound in. */
  secrets?: Record<string, { sealed: string }>;
}

/** Profiles by id in a null-prototype map: an id such as "__proto__" or "toString" is just a key. */
const noProfiles = (): Record<string, Entry> => Object.create(null) as Record<string, Entry>;

const emptyDoc = (): VaultDoc => ({ version: 1, acceptWeakerStorage: false, profiles: noProfiles() });

function parseDoc(text: string): VaultDoc {
  const raw = JSON.parse(text) as Partial<VaultDoc> | null;
  if (!raw || raw.version !== 1 || typeof raw.profiles !== 'object' || raw.profiles === null) {
    throw new Error('not a version 1 vault document');
  }
  const profiles = noProfiles();
  for (const [id, e] of Object.entries(raw.profiles)) {
    if (!e || typeof e.sealed !== 'string') throw new Error(`entry ${id} has no sealed data`);
    profiles[id] = e;
  }
  const secrets = Object.create(null) as Record<string, { sealed: string }>;
  for (const [name, e] of Object.entries(raw.secrets ?? {})) {
    if (!e || typeof e.sealed !== 'string') throw new Error(`secret ${name} has no sealed data`);
    secrets[name] = { sealed: e.sealed };
  }
  const named = Object.keys(secrets).length > 0 ? { secrets } : {};
  return { version: 1, acceptWeakerStorage: raw.acceptWeakerStorage === true, profiles, ...named };
}

/** What a secret's seal binds in: never a profile's id, so a secret and a ticket set cannot be swapped. */
const secretAad = (name: string): string => `secret:${name}`;

const TICKET_KEYS = ['authTicket', 'encryptedTicket', 'memberTicket', 'teamPassword'] as const;

function parseTickets(plain: string): TicketSet {
  const raw = JSON.parse(plain) as Record<string, unknown>;
  const out: TicketSet = {};
  for (const k of TICKET_KEYS) {
    const v = raw[k];
    if (typeof v === 'string' && v !== '') out[k] = v;
  }
  return out;
}

interface DocAccess {
  readDoc(): Promise<{ doc?: VaultDoc; error?: string }>;
  docForWrite(): Promise<VaultDoc>;
  writeDoc(doc: VaultDoc): Promise<void>;
  serialize<T>(task: () => Promise<T>): Promise<T>;
}

/** The named secrets of a vault (a team key): sealed like the tickets, in the same file and queue. */
function secretMethods(
  { readDoc, docForWrite, writeDoc, serialize }: DocAccess,
  cipher: VaultCipher,
): Pick<TicketVault, 'getSecret' | 'setSecret'> {
  return {
    getSecret: (name) =>
      serialize(async () => {
        const { doc, error } = await readDoc();
        if (!doc) throw new VaultCorruptError(error ?? 'unreadable');
        const entry = doc.secrets?.[name];
        if (!entry) return undefined;
        try {
          return (await cipher.open(Buffer.from(entry.sealed, 'base64'), secretAad(name))).plain;
        } catch (err) {
          throw new VaultCorruptError(`secret ${name}: ${(err as Error).message}`);
        }
      }),
    setSecret: (name, value) =>
      serialize(async () => {
        const doc = await docForWrite();
        const secrets = doc.secrets ?? (Object.create(null) as Record<string, { sealed: string }>);
        if (value === undefined) delete secrets[name];
        else {
          await cipher.assertWritable(doc.acceptWeakerStorage);
          secrets[name] = { sealed: (await cipher.seal(value, secretAad(name))).toString('base64') };
        }
        doc.secrets = secrets;
        await writeDoc(doc);
      }),
  };
}

/** The storage, ordering and recovery rules shared by both vaults; only the cipher differs. */
export function createVault(
  dir: string,
  cipher: VaultCipher,
  now: () => Date = () => new Date(),
): TicketVault {
  const file = join(dir, VAULT_FILE);
  // One queue for the whole file: every mutation is a read-modify-write of the same document, so ordering
  // per profile (what rotations need) follows from ordering them all.
  let queue: Promise<unknown> = Promise.resolve();
  const serialize = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };

  /** undefined doc = the file itself is unreadable (damaged, a folder in its place, no permission). */
  async function readDoc(): Promise<{ doc?: VaultDoc; error?: string }> {
    let text: string | undefined;
    try {
      text = await readTextIfExists(file);
    } catch (err) {
      if (err instanceof DataFileError) return { error: err.message };
      throw err;
    }
    if (text === undefined) return { doc: emptyDoc() };
    try {
      return { doc: parseDoc(text) };
    } catch (err) {
      return { error: `vault file unreadable: ${(err as Error).message}` };
    }
  }

  async function writeDoc(doc: VaultDoc): Promise<void> {
    await mkdir(dir, { recursive: true });
    await writeFileAtomic(file, JSON.stringify(doc), { mode: 0o600 });
  }

  /** A damaged file is kept aside (never silently lost) before a fresh one replaces it. */
  async function docForWrite(): Promise<VaultDoc> {
    const { doc } = await readDoc();
    if (doc) return doc;
    await setAside(file, 'corrupt', now());
    return emptyDoc();
  }

  async function openEntry(doc: VaultDoc, profileId: string): Promise<TicketSet> {
    const entry = doc.profiles[profileId];
    if (!entry || typeof entry.sealed !== 'string') return {};
    let opened;
    try {
      opened = await cipher.open(Buffer.from(entry.sealed, 'base64'), profileId);
    } catch (err) {
      throw new VaultCorruptError(`profile ${profileId}: ${(err as Error).message}`);
    }
    let tickets: TicketSet;
    try {
      tickets = parseTickets(opened.plain);
    } catch {
      throw new VaultCorruptError(`profile ${profileId}: decrypted data is not a ticket set`);
    }
    if (opened.reseal) {
      entry.sealed = (await cipher.seal(JSON.stringify(tickets), profileId)).toString('base64');
      await writeDoc(doc);
    }
    return tickets;
  }

  async function store(doc: VaultDoc, profileId: string, tickets: TicketSet, extra: Omit<Entry, 'sealed'>) {
    const sealed = (await cipher.seal(JSON.stringify(tickets), profileId)).toString('base64');
    doc.profiles[profileId] = { sealed, ...extra };
    await writeDoc(doc);
  }

  return {
    status: (profileId) =>
      serialize(async () => {
        const none = { auth: false, encrypted: false, member: false };
        const { doc } = await readDoc();
        const keyReplacedFirst = await cipher.keyReplaced?.();
        const replaced = keyReplacedFirst ? { keyReplaced: keyReplacedFirst } : {};
        if (!doc) return { present: none, state: 'corrupt', ...replaced };
        const refused = await cipher.refusedState(doc.acceptWeakerStorage);
        let tickets: TicketSet;
        try {
          tickets = await openEntry(doc, profileId);
        } catch (err) {
          if (err instanceof VaultCorruptError) return { present: none, state: 'corrupt', ...replaced };
          throw err;
        }
        const present = {
          auth: tickets.authTicket !== undefined,
          encrypted: tickets.encryptedTicket !== undefined,
          member: tickets.memberTicket !== undefined,
        };
        const lastRotatedAt = doc.profiles[profileId]?.lastRotatedAt;
        const state = refused ?? (present.auth || present.encrypted || present.member ? 'ok' : 'empty');
        return { present, state, ...(lastRotatedAt ? { lastRotatedAt } : {}), ...replaced };
      }),
    get: (profileId) =>
      serialize(async () => {
        const { doc, error } = await readDoc();
        if (!doc) throw new VaultCorruptError(error ?? 'unreadable');
        return openEntry(doc, profileId);
      }),
    set: (profileId, tickets) =>
      serialize(async () => {
        const doc = await docForWrite();
        await cipher.assertWritable(doc.acceptWeakerStorage);
        let previous: TicketSet = {};
        try {
          previous = await openEntry(doc, profileId);
        } catch (err) {
          // Entering tickets again is how a seller recovers from a corrupt entry.
          if (!(err instanceof VaultCorruptError)) throw err;
        }
        const next: TicketSet = { ...previous };
        for (const k of TICKET_KEYS) if (tickets[k]) next[k] = tickets[k];
        const old = doc.profiles[profileId];
        const encryptedChanged = tickets.encryptedTicket !== undefined;
        // A hand-entered ticket restarts the marketplace's rotation count.
        const lastRotatedAt = encryptedChanged ? now().toISOString() : old?.lastRotatedAt;
        await store(doc, profileId, next, lastRotatedAt ? { lastRotatedAt } : {});
      }),
    rotateEncrypted: (profileId, ticket, seq) =>
      serialize(async () => {
        const doc = await docForWrite();
        await cipher.assertWritable(doc.acceptWeakerStorage);
        const old = doc.profiles[profileId];
        if (old?.encryptedSeq !== undefined && seq < old.encryptedSeq) return;
        const previous = await openEntry(doc, profileId);
        await store(
          doc,
          profileId,
          { ...previous, encryptedTicket: ticket },
          { lastRotatedAt: now().toISOString(), encryptedSeq: seq },
        );
      }),
    clear: (profileId) =>
      serialize(async () => {
        const doc = await docForWrite();
        if (!Object.hasOwn(doc.profiles, profileId)) {
          await writeDoc(doc);
          return;
        }
        delete doc.profiles[profileId];
        await writeDoc(doc);
      }),
    ...secretMethods({ readDoc, docForWrite, writeDoc, serialize }, cipher),
    acceptWeakerStorage: (accept) =>
      serialize(async () => {
        const doc = await docForWrite();
        doc.acceptWeakerStorage = accept;
        await writeDoc(doc);
      }),
  };
}
