// The EncryptedTicket a team's caller was last handed, kept for the next caller, sealed. Each member enters the
// team key once when they join (desk team join: it goes into their vault); the caller seals every ticket the
// marketplace returns with a key derived from it (AES-256-GCM; the team, connection and sequence are associated
// data, so a sealed ticket cannot be moved to another connection or given another sequence) into the team
// database's sealed_tickets row, and the next caller opens it and sends it with its first call. The database holds
// no ticket and no key: only the seal, the key's id and the sequence. docs/team.md tells the threat model.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import type { CallerLock } from './caller-lock';
import { CALLER_LOCK } from './caller-lock';

/** A team key as it is shown and typed: a prefix naming the format, then 32 random bytes in base64url. */
const KEY_PREFIX = 'sdtk1-';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TeamKeyError extends Error {
  readonly deskCode = 'TEAM_KEY';
}

/** The vault name of a team's key: the server, database and team (not the login: one key per team). */
export function teamKeyName(t: { host: string; port: number; database: string; team: string }): string {
  return `team-key:${t.host}:${t.port}/${t.database}?team=${t.team}`;
}

/** A new team key (desk team init, desk team rotate-key): shown once, kept by the members in their vaults. */
export function generateTeamKey(): string {
  return KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
}

/** The key's bytes; a typed key may carry spaces or a line end around it. */
export function parseTeamKey(text: string): Buffer {
  const t = text.trim();
  const raw = t.startsWith(KEY_PREFIX) ? Buffer.from(t.slice(KEY_PREFIX.length), 'base64url') : undefined;
  if (!raw || raw.length !== KEY_BYTES || raw.toString('base64url') !== t.slice(KEY_PREFIX.length)) {
    throw new TeamKeyError(
      `That is not a team key (it starts with ${KEY_PREFIX} and was shown by desk team init or rotate-key).`,
    );
  }
  return raw;
}

const derive = (key: Buffer, info: string, length: number): Buffer =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `seller-desk ${info}`, length));

/** What the database may know of a key: an id that tells keys apart and opens nothing. */
export function teamKeyId(key: Buffer): string {
  return derive(key, 'team key id v1', 8).toString('hex');
}

interface SealPlace {
  team: string;
  connection: string;
  seq: number;
}

const associated = (p: SealPlace): Buffer =>
  Buffer.from(JSON.stringify(['sealed ticket v1', p.team, p.connection, p.seq]), 'utf8');

function sealTicket(key: Buffer, place: SealPlace, ticket: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const c = createCipheriv('aes-256-gcm', derive(key, 'ticket seal v1', 32), iv);
  c.setAAD(associated(place));
  const body = Buffer.concat([c.update(ticket, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]);
}

export function openTicket(key: Buffer, place: SealPlace, sealed: Buffer): string {
  const d = createDecipheriv('aes-256-gcm', derive(key, 'ticket seal v1', 32), sealed.subarray(0, IV_BYTES));
  d.setAAD(associated(place));
  d.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([d.update(sealed.subarray(IV_BYTES + TAG_BYTES)), d.final()]).toString('utf8');
}

interface SealedTicketRow {
  seq: number;
  keyId: string;
  sealed: Buffer;
  sealedBy: string;
}

async function readSealedTicket(
  sql: Sql,
  team: string,
  connection: string,
): Promise<SealedTicketRow | undefined> {
  const [row] = await sql<SealedTicketRow[]>`
    SELECT seq::int AS seq, key_id AS "keyId", sealed, sealed_by AS "sealedBy" FROM seller_desk.sealed_tickets
    WHERE team = ${team} AND connection = ${connection}`;
  return row;
}

/**
 * Writes a seal on the caller lock's own session, and only while that session holds the lock (the statement
 * checks pg_locks itself) and the row's sequence is lower: true when it was written.
 */
async function writeSealedTicket(
  lock: CallerLock,
  team: string,
  connection: string,
  row: Omit<SealedTicketRow, 'sealedBy'>,
): Promise<boolean> {
  return lock.onSession(async (session) => {
    const written = await session`
      INSERT INTO seller_desk.sealed_tickets AS s (team, connection, seq, key_id, sealed)
      SELECT ${team}, ${connection}, ${row.seq}, ${row.keyId}, ${row.sealed}
      WHERE EXISTS (
        SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid()
          AND objsubid = 2 AND classid::bigint = ${CALLER_LOCK} AND objid::bigint = ${lock.connectionId})
      ON CONFLICT (team, connection) DO UPDATE
        SET seq = excluded.seq, key_id = excluded.key_id, sealed = excluded.sealed
        WHERE s.seq < excluded.seq
      RETURNING seq`;
    return written.length > 0;
  });
}

/** The team's ticket as the caller uses it: the one to send first, and where each new one goes. */
export interface TeamTickets {
  /** The EncryptedTicket the last caller was handed (undefined: none sealed yet). */
  readonly encryptedTicket: string | undefined;
  /** Who sealed it (their login), when one was. */
  readonly sealedBy: string | undefined;
  /** Seals a ticket the marketplace returned; rejects when it could not be kept (the lock lost, say). */
  rotate(encryptedTicket: string): Promise<void>;
}

const notCurrentKey = (team: string): TeamKeyError =>
  new TeamKeyError(
    `The team's ticket is sealed with another team key than the one this desktop keeps (rotated?): ask team "${team}"'s administrator for the current key and run desk team join again.`,
  );

/**
 * Opens the team's sealed ticket for the holder of `lock` and returns where the next ones go. `sql` reads; the
 * seals are written on the lock's session. Call it once per turn as the caller (runAsTeamCaller does).
 */
export async function teamTicketKeeper(
  sql: Sql,
  lock: CallerLock,
  where: { team: string; connection: string },
  teamKey: string,
): Promise<TeamTickets> {
  const key = parseTeamKey(teamKey);
  const keyId = teamKeyId(key);
  const row = await readSealedTicket(sql, where.team, where.connection);
  let current: string | undefined;
  if (row) {
    if (row.keyId !== keyId) throw notCurrentKey(where.team);
    try {
      current = openTicket(key, { ...where, seq: row.seq }, row.sealed);
    } catch {
      throw new TeamKeyError(
        `The team's sealed ticket cannot be opened (damaged or altered in the database); enter the ticket again in this desktop and sync.`,
      );
    }
  }
  let seq = row?.seq ?? 0;
  return {
    encryptedTicket: current,
    sealedBy: row?.sealedBy,
    async rotate(ticket) {
      seq += 1;
      const place = { ...where, seq };
      const ok = await writeSealedTicket(lock, where.team, where.connection, {
        seq,
        keyId,
        sealed: sealTicket(key, place, ticket),
      });
      if (!ok) {
        throw new TeamKeyError(
          'The new ticket could not be sealed for the team: this desktop no longer holds the caller lock, or a newer ticket is sealed.',
        );
      }
    },
  };
}

/**
 * Seals the team's current ticket again with a new key (desk team rotate-key), under the caller lock so no caller
 * writes meanwhile; a team with no sealed ticket has nothing to re-seal. Returns whether one was re-sealed.
 */
export async function resealTeamTicket(
  sql: Sql,
  lock: CallerLock,
  where: { team: string; connection: string },
  keys: { current: string; next: string },
): Promise<boolean> {
  const keeper = await teamTicketKeeper(sql, lock, where, keys.current);
  if (keeper.encryptedTicket === undefined) return false;
  const row = await readSealedTicket(sql, where.team, where.connection);
  const seq = (row?.seq ?? 0) + 1;
  const next = parseTeamKey(keys.next);
  return writeSealedTicket(lock, where.team, where.connection, {
    seq,
    keyId: teamKeyId(next),
    sealed: sealTicket(next, { ...where, seq }, keeper.encryptedTicket),
  });
}
