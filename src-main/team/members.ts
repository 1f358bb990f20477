// A team's members: each person logs in to the database as themselves. add-member creates the login with a
// generated password, printed once by the caller and stored nowhere: the server receives only its SCRAM verifier
// (computed here), so the password is in no statement the server could log. The login gets the group role
// seller_desk_member and nothing else (migration 1 gives the group its rights).
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';

/** A login's name: lower-case ASCII, as PostgreSQL folds unquoted names, so it is typed the same everywhere. */
const LOGIN = /^[a-z_][a-z0-9_]{0,62}$/u;

class MemberError extends Error {
  readonly deskCode = 'TEAM_MEMBER';
}

function checkLogin(name: string): string {
  if (!LOGIN.test(name) || name.startsWith('pg_') || name === 'seller_desk_member') {
    throw new MemberError(
      `"${name}" cannot be a member's login: use 1 to 63 lower-case letters, digits and "_", starting with a letter or "_" (not pg_…).`,
    );
  }
  return name;
}

/** The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802/7677, 4096 iterations). */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  const b64 = (b: Buffer): string => b.toString('base64');
  return `SCRAM-SHA-256$${iterations}:${b64(salt)}$${b64(storedKey)}:${b64(serverKey)}`;
}

/** 24 random bytes as URL-safe text: 32 characters, no quote, colon or backslash to escape anywhere. */
function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}

const ident = (name: string): string => `"${checkLogin(name)}"`;

/** Creates the login, makes it a member of the team, and returns the password (to be shown once). */
export async function addMember(sql: Sql, team: string, login: string): Promise<string> {
  checkLogin(login);
  const password = generatePassword();
  // Base64 verifiers carry no quote: the literal is safe as written.
  const verifier = scramVerifier(password);
  await sql.begin(async (tx) => {
    const [teamRow] = await tx`SELECT 1 FROM seller_desk.teams WHERE team = ${team}`;
    if (!teamRow) throw new MemberError(`Team "${team}" does not exist; run desk team init first.`);
    const [role] = await tx`SELECT 1 FROM pg_roles WHERE rolname = ${login}`;
    if (role) throw new MemberError(`A login "${login}" exists already on this server; choose another name.`);
    await tx.unsafe(`CREATE ROLE ${ident(login)} LOGIN PASSWORD '${verifier}' IN ROLE seller_desk_member`);
    await tx`
      INSERT INTO seller_desk.members (team, login) VALUES (${team}, ${login})
      ON CONFLICT (team, login) DO UPDATE SET removed_at = NULL, added_at = now(), added_by = session_user`;
  });
  return password;
}

/**
 * Ends a membership: the member's row is kept (removed_at) so history keeps naming them, their open sessions are
 * ended, and the login is dropped unless another team of this database still has them.
 */
export async function removeMember(
  sql: Sql,
  team: string,
  login: string,
): Promise<{ dropped: boolean; sessionsEnded: number }> {
  checkLogin(login);
  return sql.begin(async (tx) => {
    const removed = await tx`
      UPDATE seller_desk.members SET removed_at = now()
      WHERE team = ${team} AND login = ${login} AND removed_at IS NULL RETURNING login`;
    if (removed.length === 0) throw new MemberError(`"${login}" is not a member of team "${team}".`);
    const [still] = await tx`
      SELECT 1 FROM seller_desk.members WHERE login = ${login} AND removed_at IS NULL`;
    if (still) return { dropped: false, sessionsEnded: 0 };
    await tx.unsafe(`ALTER ROLE ${ident(login)} NOLOGIN`);
    const ended = await tx<{ ok: boolean }[]>`
      SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE usename = ${login}`;
    await tx.unsafe(`DROP ROLE ${ident(login)}`);
    return { dropped: true, sessionsEnded: ended.filter((r) => r.ok).length };
  });
}

export interface MemberRow {
  login: string;
  addedAt: Date;
  addedBy: string;
  removedAt: Date | null;
}

export async function listMembers(sql: Sql, team: string): Promise<MemberRow[]> {
  return sql<MemberRow[]>`
    SELECT login, added_at AS "addedAt", added_by AS "addedBy", removed_at AS "removedAt"
    FROM seller_desk.members WHERE team = ${team} ORDER BY removed_at NULLS FIRST, login`;
}
