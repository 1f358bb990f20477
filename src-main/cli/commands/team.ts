// `desk team init | add-member NAME | remove-member NAME | status`: the team database from the command line. The
// database is named by --team URL or SELLER_DESK_TEAM; its password comes from the URL, PGPASSWORD or .pgpass and
// is never printed (a member's new password is, once, by add-member: that is its point).
import { UsageError } from '../cli-error';
import { callerLockHolders } from '../../team/caller-lock';
import type { LockHolder } from '../../team/caller-lock';
import { addMember, listMembers, removeMember } from '../../team/members';
import type { MemberRow } from '../../team/members';
import { TEAM_VERSION, ensureTeam, migrateTeam, teamSchemaVersion } from '../../team/migrate';
import { withTeamDb } from '../../team/team-db';
import type { TeamDb } from '../../team/team-db';
import { TeamUrlError, describeTarget, parseTeamUrl } from '../../team/team-url';
import { generateTeamKey } from '../../team/ticket-seal';
import { joinTeam, rotateTeamKey } from './team-key';
import type { KeyIo } from './team-key';
import type { TeamTarget } from '../../team/team-url';

const TEAM_ENV = 'SELLER_DESK_TEAM';
const SUBCOMMANDS = ['init', 'add-member', 'remove-member', 'status', 'join', 'rotate-key'] as const;
type Sub = (typeof SUBCOMMANDS)[number];

type TeamIo = KeyIo;

/** The team database a command names: --team URL, else SELLER_DESK_TEAM. */
export function teamTarget(flag: string | undefined, env: Record<string, string | undefined>): TeamTarget {
  const raw = flag ?? env[TEAM_ENV];
  if (!raw) {
    throw new UsageError(
      `This command needs --team URL or ${TEAM_ENV} (postgres://USER@HOST:PORT/DATABASE?team=NAME).`,
    );
  }
  try {
    return parseTeamUrl(raw, env);
  } catch (err) {
    if (err instanceof TeamUrlError) throw new UsageError(err.message);
    throw err;
  }
}

const when = (d: Date | null): string => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '');

async function init(db: TeamDb): Promise<string> {
  const { before, after } = await migrateTeam(db.sql);
  const created = await ensureTeam(db.sql, db.target.team);
  return [
    `Team database ready: ${describeTarget(db.target)}, schema version ${after}${before === after ? ' (unchanged)' : ` (was ${before})`}.`,
    ...(created
      ? [
          `Team "${db.target.team}" created. Its team key, shown this once and stored nowhere (it seals the`,
          "marketplace's ticket for the team's callers; each member enters it once with desk team join):",
          '',
          `  ${generateTeamKey()}`,
          '',
        ]
      : [`Team "${db.target.team}" was there already.`]),
    'Next: desk team add-member NAME --team URL, once for each person of the shop.',
  ].join('\n');
}

async function add(db: TeamDb, login: string, format: string): Promise<string> {
  const password = await addMember(db.sql, db.target.team, login);
  if (format === 'json') return JSON.stringify({ team: db.target.team, login, password });
  const joinUrl = describeTarget({ ...db.target, user: login });
  return [
    `Member ${login} added to team "${db.target.team}". Their password, shown this once and stored nowhere:`,
    '',
    `  ${password}`,
    '',
    `They join with --team ${joinUrl.replace(/ \(team .*\)$/u, '')}?team=${encodeURIComponent(db.target.team)}`,
    'and the password in PGPASSWORD or their .pgpass file (not in a URL that is saved or typed).',
  ].join('\n');
}

async function remove(db: TeamDb, login: string): Promise<string> {
  const { dropped, sessionsEnded } = await removeMember(db.sql, db.target.team, login);
  const sessions = `${sessionsEnded} open session${sessionsEnded === 1 ? '' : 's'} ended`;
  return dropped
    ? `Member ${login} removed from team "${db.target.team}": login dropped, ${sessions}. History keeps their name.`
    : `Member ${login} removed from team "${db.target.team}"; the login stays for another team of this database.`;
}

function statusText(t: TeamTarget, version: number, members: MemberRow[], holders: LockHolder[]): string {
  const lines = [`Team "${t.team}" on ${describeTarget(t)}, schema version ${version}`];
  if (version > TEAM_VERSION) lines.push(`  (newer than this Seller Desk knows, ${TEAM_VERSION}: update it)`);
  const current = members.filter((m) => !m.removedAt);
  lines.push('', `Members (${current.length})`);
  for (const m of members) {
    const removed = m.removedAt ? `, removed ${when(m.removedAt)}` : '';
    lines.push(`  ${m.login}  added ${when(m.addedAt)} by ${m.addedBy}${removed}`);
  }
  lines.push('', 'Caller lock');
  if (holders.length === 0) lines.push('  nobody holds a caller lock: no desktop is calling the marketplace');
  for (const h of holders) {
    lines.push(`  ${h.connection}  held by ${h.login}${h.since ? ` (session since ${when(h.since)})` : ''}`);
  }
  return lines.join('\n');
}

async function status(db: TeamDb, format: string): Promise<string> {
  const version = await teamSchemaVersion(db.sql);
  if (version === 0) {
    throw new UsageError(`${describeTarget(db.target)} has no team schema yet; run desk team init first.`);
  }
  const members = await listMembers(db.sql, db.target.team);
  const holders = await callerLockHolders(db.sql, db.target.team);
  if (format === 'json') {
    return JSON.stringify({ team: db.target.team, version, members, callerLock: holders }, null, 2);
  }
  return statusText(db.target, version, members, holders);
}

/** Runs `desk team SUB [NAME]`; resolves to the exit code. */
export async function runTeam(
  args: readonly string[],
  opts: { team?: string; format: string; dataDir?: string },
  io: TeamIo,
): Promise<number> {
  const [sub, ...names] = args;
  if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
    throw new UsageError(
      'desk team needs init, add-member NAME, remove-member NAME, status, join or rotate-key. See desk --help.',
    );
  }
  const named = sub === 'add-member' || sub === 'remove-member';
  if (named && names.length !== 1)
    throw new UsageError(`desk team ${sub} needs one NAME (the member's login).`);
  if (!named && names.length > 0)
    throw new UsageError(`Unexpected argument "${names[0]}" for desk team ${sub}.`);
  const target = teamTarget(opts.team, io.env);
  if (opts.dataDir !== undefined && sub !== 'join' && sub !== 'rotate-key') {
    throw new UsageError(`desk team ${sub} does not take --data-dir.`);
  }
  if (sub === 'join' || sub === 'rotate-key') {
    const said = await (sub === 'join' ? joinTeam : rotateTeamKey)(target, opts.dataDir, io);
    io.stdout.write(`${said}\n`);
    return 0;
  }
  const out = await withTeamDb(target, (db) => {
    switch (sub as Sub) {
      case 'init':
        return init(db);
      case 'add-member':
        return add(db, names[0]!, opts.format);
      case 'remove-member':
        return remove(db, names[0]!);
      case 'status':
        return status(db, opts.format);
      default:
        throw new UsageError(`desk team ${sub} is not run here.`);
    }
  });
  io.stdout.write(`${out}\n`);
  return 0;
}
