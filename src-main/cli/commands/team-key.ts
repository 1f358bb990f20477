// `desk team join` and `desk team rotate-key`: the team key that seals the team's EncryptedTicket. A member types
// the key once (standard input, never an argument: shell history and process lists would keep it) and it is kept
// in the vault of their data folder; rotate-key makes a new one, seals the team's tickets again with it under the
// caller lock, and prints it once.
import { UsageError } from '../cli-error';
import { takeCallerLock } from '../../team/caller-lock';
import { teamSchemaVersion } from '../../team/migrate';
import { withTeamDb } from '../../team/team-db';
import type { TeamTarget } from '../../team/team-url';
import { generateTeamKey, parseTeamKey, resealTeamTicket, teamKeyId } from '../../team/ticket-seal';
import { cliVault, teamKeyName, teamKeyOf } from '../tickets';

export interface KeyIo {
  stdout: { write(text: string): unknown };
  stderr?: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  stdin?: AsyncIterable<string | Buffer> & { isTTY?: boolean };
}

/** The first line of standard input (a prompt on stderr when it is a terminal). */
async function readKeyLine(io: KeyIo): Promise<string> {
  if (!io.stdin) throw new UsageError('desk team join reads the team key from standard input.');
  if (io.stdin.isTTY) io.stderr?.write('Team key (from desk team init or rotate-key): ');
  let text = '';
  for await (const chunk of io.stdin) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/u)[0]!.trim();
}

function dataDirOf(dataDir: string | undefined, env: Record<string, string | undefined>, sub: string) {
  const dir = dataDir ?? env['SELLER_DESK_USER_DATA'];
  if (!dir) {
    throw new UsageError(
      `desk team ${sub} needs --data-dir DIR (the data folder whose vault keeps the team key) or SELLER_DESK_USER_DATA.`,
    );
  }
  return dir;
}

/** The key ids of the team's sealed tickets (what a key must match to open them). */
async function sealedKeyIds(target: TeamTarget): Promise<string[]> {
  return withTeamDb(target, async (db) => {
    if ((await teamSchemaVersion(db.sql)) < 3) return [];
    const [team] = await db.sql`SELECT 1 FROM seller_desk.teams WHERE team = ${target.team}`;
    if (!team)
      throw new UsageError(`Team "${target.team}" does not exist, or ${target.user} is not its member.`);
    const rows = await db.sql<{ key_id: string }[]>`
      SELECT DISTINCT key_id FROM seller_desk.sealed_tickets WHERE team = ${target.team}`;
    return rows.map((r) => r.key_id);
  });
}

/** desk team join: checks the key against the team's sealed tickets, then keeps it in the vault. */
export async function joinTeam(target: TeamTarget, dataDir: string | undefined, io: KeyIo): Promise<string> {
  const dir = dataDirOf(dataDir, io.env, 'join');
  const typed = await readKeyLine(io);
  const id = teamKeyId(parseTeamKey(typed));
  const ids = await sealedKeyIds(target);
  if (ids.some((k) => k !== id)) {
    throw new UsageError(
      `That is not team "${target.team}"'s current key (the team's ticket is sealed with another): ask the administrator for the key rotate-key printed last.`,
    );
  }
  await cliVault(dir).setSecret(teamKeyName(target), typed);
  return `Team key of "${target.team}" kept in this desktop's vault; desk sync --team can now call the marketplace for the team.`;
}

/** desk team rotate-key: a new key; every sealed ticket of the team sealed again with it, under its caller lock. */
export async function rotateTeamKey(
  target: TeamTarget,
  dataDir: string | undefined,
  io: KeyIo,
): Promise<string> {
  const dir = dataDirOf(dataDir, io.env, 'rotate-key');
  const current = await teamKeyOf(target, dir, io.env);
  if (!current) {
    throw new UsageError(`This desktop keeps no key of team "${target.team}": run desk team join first.`);
  }
  const next = generateTeamKey();
  const connections = await withTeamDb(
    target,
    (db) =>
      db.sql<{ connection: string }[]>`
      SELECT connection FROM seller_desk.sealed_tickets WHERE team = ${target.team} ORDER BY connection`,
  );
  let resealed = 0;
  for (const { connection } of connections) {
    const lock = await takeCallerLock(target, connection, { wait: true });
    if (!lock) continue;
    try {
      await withTeamDb(target, async (db) => {
        const where = { team: target.team, connection };
        if (await resealTeamTicket(db.sql, lock, where, { current, next })) resealed += 1;
      });
    } finally {
      await lock.release();
    }
  }
  await cliVault(dir).setSecret(teamKeyName(target), next);
  return [
    `New team key of "${target.team}", shown this once and kept only in this desktop's vault:`,
    '',
    `  ${next}`,
    '',
    `${resealed} sealed ticket${resealed === 1 ? '' : 's'} sealed again with it; the old key opens none of them.`,
    'Each member enters it once: desk team join --team URL --data-dir DIR (it reads the key from standard input).',
  ].join('\n');
}
